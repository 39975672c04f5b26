"""Sunrise cards: the one card window a sunrise and whom it asks, the standing choice not to be
asked, and cards set aside until their step (see the package README, "Sunrise card windows").

Positions are on the beginner city: The Park and The Plaza are Public districts of difficulty 4
(8 blocs liberate them), Commercial District 2 has no occupation circle and keeps the factions
in the city."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Card, End, Pass, Prefer
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.state import BlocState, CardWindow
from engine.games.bloc_by_bloc.sunrise_cards import check_end, end_set_aside, window_answers
from tests.engine.bloc_by_bloc.support import (
    act,
    ask_all,
    cleared,
    occupy,
    put_cops,
    put_van,
    sunrise,
    table,
    texts,
    turn,
)
from tests.engine.bloc_by_bloc.window_counts import window_counts


def _board() -> BlocState:
    """Everyone alive in Commercial District 2 and holding nothing, nobody to act yet."""
    state = cleared()
    for seat in range(state.seats):
        state.blocs[seat] = {"commercial-2": 1}
    state.hands = [[] for _ in range(state.seats)]
    return state


def _asked(state: BlocState) -> list[int]:
    sunrise(state)
    need = state.pending[0] if state.pending else None
    return need.waiting if isinstance(need, CardWindow) else []


def _liberated(state: BlocState, tile: str) -> bool:
    return state.city.at(board_of(state.city).pos[tile]).liberated


def _public(events: list) -> str:
    return texts([e for e in events if e.seat is None])


# ----- who is asked ---------------------------------------------------------------------------


def test_a_new_game_asks_nobody_at_sunrise() -> None:
    state = table()
    assert state.sunrise_never == [True] * state.seats
    state = _board()
    state.sunrise_never = [True] * state.seats
    state.blocs[0]["the-park"] = 2
    state.hands[0] = ["shields"]
    put_cops(state, "the-park", 1)
    sunrise(state)
    assert not state.pending and state.phase == "turn"
    assert state.blocs[0] == {"commercial-2": 1, "the-park": 1}, "the cop attacked at once"


def test_the_window_asks_factions_whose_blocs_the_riot_cops_will_attack() -> None:
    state = ask_all(_board())
    state.blocs[0]["the-park"] = 1  # under cops, holding a card: asked
    state.blocs[1]["street-market"] = 1  # under a riot van, which leaves the cops nothing
    state.blocs[2]["the-park"] = 1  # under cops, but holding no card
    put_cops(state, "the-park", 2)
    put_cops(state, "street-market", 1)
    put_van(state, "street-market")
    state.hands = [["masks"], ["masks"], [], ["masks"]]  # 3 is nowhere near the police
    assert _asked(state) == [0]


@pytest.mark.parametrize(("cops", "asked"), [(3, [1]), (4, [0, 1])])
def test_an_occupation_draws_the_question_only_where_the_cops_outnumber_the_blocs(
    cops: int, asked: list[int]
) -> None:
    """Cops attack blocs first: only more cops than blocs can reach the occupation."""
    state = ask_all(_board())
    occupy(state, 0, "the-park")
    state.blocs[1]["the-park"] = 3
    put_cops(state, "the-park", cops)
    state.hands = [["masks"], ["masks"], [], []]
    assert _asked(state) == asked


@pytest.mark.parametrize(
    ("blocs", "cards", "asked"),
    [
        (7, 1, True),  # one card short: a Banners would do
        (5, 1, False),  # 5 + 2 < 8
        (5, 2, True),  # 5 + 2 + 2
        (2, 9, True),  # the deck's three Banners: 2 + 6
        (1, 9, False),  # even all three Banners leave it short
        (8, 1, False),  # it is liberated anyway
    ],
)
def test_liberation_draws_the_question_only_when_cards_could_carry_the_district(
    blocs: int, cards: int, asked: bool
) -> None:
    state = ask_all(_board())
    occupy(state, 0, "the-plaza")
    state.blocs[0]["the-plaza"] = blocs - 1
    state.blocs[1]["the-plaza"] = 1
    state.hands[0] = ["masks"] * (cards - 1)
    state.hands[1] = ["masks"]
    holding = [s for s in (0, 1) if state.hands[s]]
    assert _asked(state) == (holding if asked else [])


def test_cops_still_to_attack_may_bring_a_district_back_within_reach() -> None:
    state = ask_all(_board())
    occupy(state, 0, "the-plaza")
    state.blocs[0]["the-plaza"] = 8
    state.hands[0] = ["banners"]
    state.phase, state.sunrise_step = "sunrise", "vans"
    assert not any(a.card == "banners" for a in window_answers(state, 0, "police_repression"))
    put_cops(state, "the-plaza", 2)
    assert Card(card="banners", district="the-plaza") in window_answers(
        state, 0, "police_repression"
    )


def test_nobody_placed_means_no_window() -> None:
    state = ask_all(_board())
    state.hands = [["shields"], ["banners"], [], []]
    events = sunrise(state)
    assert not state.pending and state.phase == "turn"
    assert "No district is liberated tonight." in texts(events)


def test_one_window_a_sunrise_even_with_repression_and_liberation_at_stake() -> None:
    state = ask_all(_board())
    state.blocs[0]["the-park"] = 1
    put_cops(state, "the-park", 1)
    occupy(state, 1, "the-plaza")
    state.blocs[1]["the-plaza"] = 7
    state.hands = [["masks"], ["masks"], [], []]
    assert _asked(state) == [0, 1]
    assert state.pending[0].step == "police_repression"
    state, _ = act(state, 0, Pass())
    state, events = act(state, 1, Pass())
    assert not state.pending and state.phase == "turn", "no second window at liberation"
    assert "No district is liberated tonight." in texts(events)


def test_a_faction_leaves_the_window_when_its_hand_is_empty_and_it_closes_when_all_are_done() -> (
    None
):
    state = ask_all(_board())
    state.blocs[0]["the-park"] = 2
    state.blocs[1]["the-plaza"] = 2
    put_cops(state, "the-park", 2)
    put_cops(state, "the-plaza", 1)
    state.hands = [["shields"], ["masks"], [], []]
    assert _asked(state) == [0, 1]
    state, _ = act(state, 0, Card(card="shields", district="the-park"))
    assert sorted(GAME.prompts(state)) == [1]
    state, _ = act(state, 1, Pass())
    assert not state.pending and state.phase == "turn"


# ----- the standing choice --------------------------------------------------------------------


def test_the_sunrise_standing_choice_is_set_any_time_and_only_to_ask_or_never() -> None:
    state = table()
    idle = next(s for s in range(state.seats) if s not in GAME.prompts(state))
    state, _ = act(state, idle, Prefer(setting="sunrise", value="ask"))
    assert state.sunrise_never == [s != idle for s in range(state.seats)]
    state, _ = act(state, idle, Prefer(setting="sunrise", value="never"))
    assert state.sunrise_never == [True] * state.seats
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, idle, Prefer(setting="sunrise", value="sometimes"))
    assert refused.value.msg.key == "bloc.refuse.prefer"


def test_a_faction_that_chose_never_is_left_out_whatever_it_holds() -> None:
    state = ask_all(_board())
    state.sunrise_never[0] = True
    for seat in (0, 1):
        state.blocs[seat]["the-park"] = 1
    put_cops(state, "the-park", 1)
    state.hands = [["shields"], ["masks"], [], []]
    assert _asked(state) == [1]


def test_a_snapshot_from_before_the_choice_still_asks_every_faction() -> None:
    state = _board()
    state.blocs[0]["the-park"] = 1
    put_cops(state, "the-park", 1)
    state.hands[0] = ["masks"]
    old = state.model_dump(mode="json", exclude={"sunrise_never", "set_aside", "decisions"})
    old["schema_version"] = 2
    loaded = BlocState.model_validate(old)
    assert loaded.schema_version == 2 and loaded.sunrise_never == []
    assert _asked(loaded) == [0]


# ----- cards set aside as a faction ends its turn ---------------------------------------------


def _set_aside(state: BlocState, seat: int, card: str, tile: str) -> BlocState:
    """The faction ends its turn setting `card` aside for `tile` (the ending itself, police ops
    and the next turn, is left out: `test_ending_with_a_card_set_aside_reads_the_same_...`)."""
    turn(state, seat, [6])
    end = End(card=card, district=tile)
    assert end in GAME.legal_actions(state, seat)
    check_end(state, seat, end)
    events = end_set_aside(state, seat, end)
    assert events and all(e.seat == seat for e in events), "only the faction hears of it"
    assert card in state.hands[seat], "a card set aside stays in the hand"
    return state


def _shields_set_aside_in_the_park() -> BlocState:
    """Faction 0, with 2 blocs in The Park and Shields in hand, ends its turn setting the Shields
    aside for The Park."""
    state = _board()
    state.blocs[0]["the-park"] = 2
    state.hands[0] = ["shields"]
    return _set_aside(state, 0, "shields", "the-park")


def test_ending_with_a_card_set_aside_reads_the_same_to_the_table() -> None:
    state = _board()
    state.blocs[0]["the-park"] = 1
    state.hands[0] = ["shields"]
    turn(state, 0, [6])
    quiet = GAME.apply(state, 0, End())
    aside = GAME.apply(state, 0, End(card="shields", district="the-park"))
    assert [e for e in aside.events if e.seat is None] == [
        e for e in quiet.events if e.seat is None
    ]
    assert [e.seat for e in aside.events if e.seat is not None] == [0]
    assert GAME.view(aside.state, None) == GAME.view(quiet.state, None)
    assert GAME.prompts(aside.state) == GAME.prompts(quiet.state)
    assert aside.state.set_aside and not quiet.state.set_aside


def test_a_sunrise_card_played_on_a_turn_is_refused_with_the_way_to_use_it() -> None:
    state = _board()
    state.blocs[0]["the-park"] = 1
    state.hands[0] = ["shields"]
    turn(state, 0, [6])
    with pytest.raises(IllegalAction, match="set it aside as you end your turn"):
        GAME.apply(state, 0, Card(card="shields", district="the-park"))


def test_shields_set_aside_are_played_where_the_riot_cops_attack() -> None:
    state = _shields_set_aside_in_the_park()
    put_cops(state, "the-park", 2)
    events = sunrise(state)
    assert "Shields" in _public(events) and state.hands[0] == []
    assert state.blocs_of(0, "the-park") == 2, "both attacks ignored"


def test_a_card_set_aside_where_it_does_nothing_stays_in_the_hand_unseen() -> None:
    state = _shields_set_aside_in_the_park()
    put_cops(state, "the-plaza", 2)
    events = sunrise(state)
    assert "Shields" not in _public(events) and state.hands[0] == ["shields"]
    assert state.set_aside == []


def test_lock_on_chains_set_aside_hold_an_occupation_the_cops_reach() -> None:
    state = _board()
    occupy(state, 0, "the-park")
    state.blocs[0]["the-park"] = 1
    state.hands[0] = ["lock-on-chains"]
    state = _set_aside(state, 0, "lock-on-chains", "the-park")
    put_cops(state, "the-park", 3)
    events = sunrise(state)
    assert "play lock-on chains" in _public(events).lower()
    assert state.occupations["the-park"].seat == 0 and state.blocs_of(0, "the-park") == 0


@pytest.mark.parametrize(
    ("blocs", "played"),
    [(5, ["banners", "banners"]), (6, ["banners"]), (3, [])],
)
def test_banners_set_aside_are_played_only_where_they_carry_the_district(
    blocs: int, played: list[str]
) -> None:
    """Two factions set a Banners aside for The Plaza: played in turn order, no more than it
    takes, and only if together they carry it to 8."""
    state = _board()
    occupy(state, 0, "the-plaza")
    state.blocs[0]["the-plaza"] = blocs - 2
    state.blocs[1]["the-plaza"] = 2
    state.hands = [["banners"], ["banners"], [], []]
    state = _set_aside(state, 0, "banners", "the-plaza")
    state = _set_aside(state, 1, "banners", "the-plaza")
    events = sunrise(state)
    assert _public(events).count("play Banners") == len(played)
    assert _liberated(state, "the-plaza") == bool(played)
    assert sum(len(h) for h in state.hands) == 2 - len(played)


def test_a_card_is_set_aside_once_per_copy_and_only_where_the_faction_stands() -> None:
    state = _board()
    state.blocs[0]["the-park"] = 1
    state.hands[0] = ["shields", "masks"]
    state = _set_aside(state, 0, "shields", "the-park")
    for action, why in (
        (End(card="shields", district="the-park"), "bloc.refuse.aside.none_free"),
        (End(card="masks", district="the-park"), "bloc.refuse.aside.not_sunrise"),
    ):
        assert action not in GAME.legal_actions(state, 0)
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, 0, action)
        assert refused.value.msg.key == why
    state.hands[0].append("shields")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, End(card="shields", district="the-plaza"))  # no bloc there
    assert refused.value.msg.key == "bloc.refuse.aside.where"
    state = _set_aside(state, 0, "shields", "commercial-2")
    assert len(state.set_aside) == 2


def test_a_card_set_aside_may_still_be_played_in_the_window_instead() -> None:
    state = ask_all(_board())
    state.blocs[0].update({"the-park": 1, "the-plaza": 1})
    state.hands[0] = ["shields"]
    state = _set_aside(state, 0, "shields", "the-plaza")
    put_cops(state, "the-park", 1)
    assert _asked(state) == [0]
    state, _ = act(state, 0, Card(card="shields", district="the-park"))
    assert state.set_aside == [] and state.blocs_of(0, "the-park") == 1


# ----- how often the table is asked -----------------------------------------------------------


def test_by_default_no_window_opens_yet_sunrise_cards_are_still_played() -> None:
    default = [window_counts(seed, 4, "random") for seed in range(8)]
    asking = [window_counts(seed, 4, "ask") for seed in range(8)]
    assert sum(g.windows for g in default) == 0
    assert sum(g.sunrise_plays for g in default) > 0, "cards set aside on turns are played"
    assert sum(g.windows for g in asking) > 0
    assert all(g.most_per_seat_night() <= 1 for g in asking), "one question a night at most"
