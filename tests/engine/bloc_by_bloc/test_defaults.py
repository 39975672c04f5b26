"""What happens when the table stops waiting for a faction: every prompt's default is a legal
action that moves the game on, who is on deck, which actions may be taken back, and that the
factions a card window waits for (and so whose timers run) can be told from the board everyone
sees, never from the cards in their hands."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import (
    Barricade,
    Card,
    Decline,
    Discard,
    End,
    Gift,
    Hack,
    Loot,
    Move,
    Pass,
    Stop,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.legal import start_choices
from engine.games.bloc_by_bloc.state import BlocState, DiscardChoice
from tests.engine.bloc_by_bloc.support import (
    act,
    ask_all,
    cleared,
    kitchen_roll_owed,
    occupy,
    put_cops,
    seat_of,
    sunrise,
    table,
    turn,
)
from tests.engine.defaults import default_action


def forced(state: BlocState, seat: int) -> BlocState:
    """Apply the seat's default, after checking that it is one of its legal actions."""
    return GAME.apply(state, seat, default_action(GAME, state, seat)).state


# ----- own-turn defaults ---------------------------------------------------------------------


def test_an_absent_faction_starts_in_one_of_its_districts_without_police() -> None:
    state = GAME.setup(GAME.make_options(4, city="beginner"), 3)
    policed = start_choices(state, 0)[0]
    put_cops(state, policed, 1)
    prompts = GAME.prompts(state)
    assert sorted(prompts) == [0, 1, 2, 3]
    assert prompts[0].default == {"kind": "start", "district": start_choices(state, 0)[1]}
    for seat in range(4):
        state = forced(state, seat)
    assert policed not in state.blocs[0]
    assert all(state.blocs_in_city(s) for s in range(4))
    assert state.phase == "turn" and state.current == state.first and state.dice


def test_an_absent_factions_turn_ends_and_the_next_faction_takes_its_turn() -> None:
    state = table(seed=1)
    seat = state.current
    prompt = GAME.prompts(state)[seat]
    assert not prompt.out_of_turn and prompt.default == End().model_dump()
    after = forced(state, seat)
    assert after.current == state.left_of(seat) and after.turns_taken == 1
    assert after.blocs[seat] == state.blocs[seat], "no bloc was moved for the absent faction"


def test_ending_again_closes_a_turn_that_a_kitchen_roll_kept_open() -> None:
    state = forced(kitchen_roll_owed(), 0)
    assert state.current == 0 and state.unused_dice() == [2], "the kitchen's die is this turn's"
    state = forced(state, 0)
    assert state.current == 1


def test_an_absent_faction_keeps_the_first_card_its_hacker_space_drew() -> None:
    state = cleared()
    students = seat_of(state, "students")
    turn(state, students, [1])
    occupy(state, students, "the-park", "hacker-space")
    before = Counter(state.hands[students])
    state, _ = act(state, students, Hack(die=1))
    drawn = list(state.pending[0].cards)
    prompt = GAME.prompts(state)[students]
    assert not prompt.out_of_turn
    assert prompt.default == Discard(card=drawn[-1]).model_dump()
    state = forced(state, students)
    assert not state.pending and Counter(state.hands[students]) == before + Counter(drawn[:1])


def test_a_forced_discard_can_be_told_without_naming_the_card() -> None:
    state = cleared()
    card = load_content().loot["masks"].name
    assert card not in GAME.choice_label(state, Discard(card="masks"))


def test_the_default_discard_skips_a_police_scanner_already_used() -> None:
    state = cleared()
    state.hands[0] = ["masks"]
    state.pending = [DiscardChoice(seat=0, cards=["police-scanner", "masks"], count=1)]
    assert GAME.prompts(state)[0].default == Discard(card="masks").model_dump()
    with pytest.raises(IllegalAction, match="already left your hand"):
        GAME.apply(state, 0, Discard(card="police-scanner"))
    assert forced(state, 0).hands[0] == []


# ----- who is on deck ------------------------------------------------------------------------


def test_next_up_is_the_faction_to_the_left_then_the_next_nights_first() -> None:
    state = cleared()
    state.first = 2
    turn(state, 2, [6])
    state.turns_taken = 0
    assert GAME.next_up(state) == 3
    state.current, state.turns_taken = 1, 3
    assert GAME.next_up(state) == 3, "after the night's last turn, the marker passes left"
    state.phase = "sunrise"
    assert GAME.next_up(state) == 3
    state.nights_left = 1
    assert GAME.next_up(state) is None, "the military arrives at this sunrise"


def test_nobody_is_on_deck_while_starting_districts_are_chosen() -> None:
    state = GAME.setup(GAME.make_options(3), 5)
    assert state.phase == "setup" and GAME.next_up(state) is None


def test_next_up_names_who_takes_the_next_turn_through_a_night_and_its_sunrise() -> None:
    crossed = 0
    for seed in range(1, 16):
        state = table(seed=seed)
        for _ in range(6):
            expected, seat, night = GAME.next_up(state), state.current, state.night
            while GAME.outcome(state) is None and (state.current, state.night) == (seat, night):
                for s in sorted(GAME.prompts(state)):
                    if s in GAME.prompts(state):
                        state = forced(state, s)
            if GAME.outcome(state) is not None:
                break
            assert state.current == expected
            crossed += state.night != night
    assert crossed, "a night boundary was crossed"


# ----- taking back ---------------------------------------------------------------------------


def reversible(state: BlocState, seat: int, action: object) -> bool:
    result = GAME.apply(state, seat, action)  # type: ignore[arg-type]
    return GAME.reversible(state, result.state, seat, action, result.events)  # type: ignore[arg-type]


def test_moves_and_barricades_may_be_taken_back() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 2}
    assert reversible(state, 0, Move(die=1, from_district="the-park", to_district="street-market"))
    assert reversible(state, 0, Barricade(die=1, district="the-park", toward="street-market"))


def test_die_rolls_draws_and_cards_played_may_not_be_taken_back() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.hands[0] = ["bicycles"]
    occupy(state, 0, "the-park", "hacker-space")
    assert not reversible(state, 0, Loot(die=1, district="the-plaza")), "a reaction roll"
    assert not reversible(state, 0, Hack(die=1)), "a draw"
    assert not reversible(state, 0, Card(card="bicycles")), "a card played"


def test_ending_a_turn_turns_over_police_ops_cards_and_may_not_be_taken_back() -> None:
    """Even when nothing random follows: the night's last turn ends, and the sunrise stops at
    once for a card window."""
    state = cleared()
    state.first, state.turns_taken = 0, 3
    turn(state, 3, [6])
    state.police_deck.insert(0, "advance-public-lowest")
    state.blocs[0] = {"the-park": 1}
    state.hands = [["shields"], [], [], []]
    put_cops(state, "the-park", 1)
    ask_all(state)
    result = GAME.apply(state, 3, End())
    assert result.state.pending and result.state.rng == state.rng
    assert all(e.seat is None for e in result.events)
    assert not GAME.reversible(state, result.state, 3, End(), result.events)


def test_answers_to_another_faction_may_not_be_taken_back() -> None:
    state = cleared()
    state.holders = [0, 1, 2, 3]
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 2}
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert not reversible(state, 1, Stop()), "stopping an advanced action"
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 1}
    state.hands[0] = ["masks"]
    state, _ = act(state, 0, Gift(faction=state.factions[1], card="masks"))
    assert not reversible(state, 1, Decline()), "declining an offer"


def test_a_pass_may_be_taken_back_unless_it_closes_the_card_window() -> None:
    state, _ = _repression_window("shields")
    assert GAME.prompts(state).keys() == {0, 1}
    assert reversible(state, 0, Pass())
    state, _ = act(state, 0, Pass())
    assert not reversible(state, 1, Pass()), "the sunrise goes on"


# ----- card windows wait on what everyone can see --------------------------------------------


def _repression_window(held: str, ask: bool = True) -> tuple[BlocState, list[str]]:
    """Riot cops in The Park at sunrise, where factions 0 to 2 have blocs: 0 holds `held`,
    1 holds Masks (of no use now), 2 holds nothing; 3 is elsewhere, with a card. With `ask`,
    every faction has chosen to be asked at sunrise; otherwise they keep a new game's choice."""
    state = cleared()
    for seat in range(3):
        state.blocs[seat] = {"the-park": 1}
    state.blocs[3] = {"commercial-2": 1}
    put_cops(state, "the-park", 3)
    state.hands = [[held], ["masks"], [], ["shields"]]
    sunrise(ask_all(state) if ask else state)
    return state, [a.kind for a in GAME.legal_actions(state, 0)]


def _liberation_window(held: str, ask: bool = True) -> tuple[BlocState, list[str]]:
    """The occupied Park is one bloc short of liberation; factions 0 and 1 have blocs there,
    0 holding `held`, 1 holding Masks; 2 holds cards but stands elsewhere."""
    state = cleared()
    occupy(state, 0, "the-park")
    state.blocs[0] = {"the-park": 4}
    state.blocs[1] = {"the-park": 3}
    state.blocs[2] = {"commercial-2": 1}
    state.blocs[3] = {"commercial-2": 1}
    state.hands = [[held], ["masks"], ["banners"], []]
    sunrise(ask_all(state) if ask else state)
    return state, [a.kind for a in GAME.legal_actions(state, 0)]


def _answer_by_default(state: BlocState) -> tuple[BlocState, list[str]]:
    """Every seat the window waits for passes; what the channel reads meanwhile."""
    public: list[str] = []
    while state.pending and GAME.outcome(state) is None:
        seat = min(GAME.prompts(state))
        state, events = act(state, seat, default_action(GAME, state, seat))
        public += [e.text for e in events if e.seat is None]
    return state, public


WINDOWS = [(_repression_window, "shields"), (_liberation_window, "banners")]


@pytest.mark.parametrize(("window", "useful"), WINDOWS)
def test_a_card_window_asks_the_same_factions_whether_or_not_they_hold_a_card_to_play(
    window, useful
) -> None:
    holding, kinds = window(useful)
    empty_handed, kinds_without = window("masks")
    assert "card" in kinds and "card" not in kinds_without, "one of them can really play"
    assert GAME.prompts(holding) == GAME.prompts(empty_handed)
    assert sorted(GAME.prompts(holding)) == [0, 1]
    assert GAME.view(holding, None) == GAME.view(empty_handed, None)
    assert all(p.default == Pass().model_dump() for p in GAME.prompts(holding).values())
    # Left to their defaults, both tables read the same sunrise and see the same board.
    holding, read = _answer_by_default(holding)
    empty_handed, read_without = _answer_by_default(empty_handed)
    assert read == read_without and GAME.view(holding, None) == GAME.view(empty_handed, None)
    assert GAME.prompts(holding) == GAME.prompts(empty_handed)


@pytest.mark.parametrize(("window", "useful"), WINDOWS)
def test_a_faction_that_is_never_asked_is_never_asked_whatever_it_holds(window, useful) -> None:
    """A new game's standing choice: no window at all, the same sunrise for the channel."""
    holding, _ = window(useful, ask=False)
    empty_handed, _ = window("masks", ask=False)
    assert not holding.pending and not empty_handed.pending
    assert GAME.prompts(holding) == GAME.prompts(empty_handed)
    assert GAME.view(holding, None) == GAME.view(empty_handed, None)


def test_a_card_set_aside_in_the_window_reads_as_a_pass() -> None:
    """Banners set aside by faction 0, or a pass from it holding Masks: while faction 1 still
    thinks, the channel reads and sees the same, and the same faction is waited for."""
    holding, _ = _liberation_window("banners")
    empty_handed, _ = _liberation_window("masks")
    holding, events = act(holding, 0, Card(card="banners", district="the-park"))
    empty_handed, events_without = act(empty_handed, 0, Pass())
    assert [e for e in events if e.seat is None] == [e for e in events_without if e.seat is None]
    assert [e.seat for e in events if e.seat is not None] == [0]
    assert GAME.prompts(holding) == GAME.prompts(empty_handed)
    assert sorted(GAME.prompts(holding)) == [1]
    assert GAME.view(holding, None) == GAME.view(empty_handed, None)
    assert holding.hands[0] == ["banners"], "still in the hand, until District Liberation"


def test_a_card_window_skips_only_factions_the_channel_sees_holding_no_card() -> None:
    state, _ = _repression_window("shields")
    public = GAME.view(state, None)
    assert public.factions[2].hand_size == 0 and 2 not in GAME.prompts(state)
