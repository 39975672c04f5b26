"""A faction's turn outside clashes: income, purchases, deployment, movement, obstruction,
cards played on one's own turn, and the end of a turn."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.riot import GAME, names
from engine.games.riot.actions import Move
from engine.games.riot.board import unit
from engine.games.riot.state import RiotState
from engine.games.riot.turn import income
from engine.messages import say
from tests.engine.riot.support import act, act_events, acting, at, position


def test_protesters_earn_the_values_of_the_buildings_they_hold() -> None:
    state = position(units={"aut1": "b1a", "aut2": "b1b", "aut3": "b2b", "aut4": "s3"}, active=1)
    assert income(state, 1) == 2 + 1 + 1


def test_police_income_counts_the_smallest_faction_wounded_included() -> None:
    state = position(
        units={
            **{"aut1": "b1a", "aut2": "e1", "ana1": "b2a", "ana2": "s2", "ana3": "s2"},
            **{"nat1": "s3", "nat2": "s4", "nat3": "s5"},
        },
        wounded=("aut2",),
    )
    assert income(state, 0) == 2 + 3


def test_card_prices_rise_within_a_turn() -> None:
    state = position(units={"aut1": "b1a"}, active=1, credits=6)
    state.phase = "buy"
    for _ in range(3):
        state = act(state, 1, kind="card")
    assert state.credits[1] == 0 and len(state.hands[1]) == 3
    with pytest.raises(IllegalAction, match="next card costs 4"):
        act(state, 1, kind="card")


def test_a_card_bought_reaches_its_buyer_alone() -> None:
    state = position(units={"aut1": "b1a"}, active=1, credits=1)
    state.phase = "buy"
    state, events = act_events(state, 1, kind="card")
    (private,) = [e for e in events if e.seat is not None]
    drawn = say(names.card(state.hands[1][0]))
    assert private.seat == 1 and private.text == f"Your cards: {drawn}."
    assert all(drawn not in e.text for e in events if e.seat is None)


def test_the_police_buy_no_cards() -> None:
    state = position(units={"aut1": "b1a"}, credits=9)
    state.phase = "buy"
    with pytest.raises(IllegalAction, match="Police buy no cards"):
        act(state, 0, kind="card")


def test_buying_beyond_ones_credits_is_refused_and_changes_nothing() -> None:
    state = position(units={"aut1": "b1a"}, credits=2)
    state.phase = "buy"
    with pytest.raises(IllegalAction, match="more than your 2 credits"):
        act(state, 0, kind="buy", unit="swat")
    assert state.credits[0] == 2


def test_police_deploy_in_the_hq_and_protesters_on_entry_points() -> None:
    state = position(units={"aut1": "b1a"}, credits=1)
    state.phase = "buy"
    state = act(state, 0, kind="buy", unit="officer")
    state = act(state, 0, kind="ready")
    assert state.phase == "deploy"
    with pytest.raises(IllegalAction, match="entry point"):
        act(state, 0, kind="deploy", unit="pol1", to="e1")
    state = act(state, 0, kind="deploy", unit="pol1", to="hq")
    assert at(state, "pol1") == "hq" and state.phase == "act"


def test_unspent_credits_are_lost_at_the_end_of_the_turn() -> None:
    state = position(units={"aut1": "b1a", "ana1": "b2a"}, active=1, credits=5)
    state = act(state, 1, kind="end")
    assert state.credits[1] == 0


def test_a_unit_on_an_entry_point_can_only_step_into_its_street() -> None:
    state = position(units={"aut1": "e2", "ana1": "b4a"}, active=1)
    moves = {a.to for a in GAME.legal_actions(state, 1) if isinstance(a, Move)}
    assert moves == {"s2"}


def test_the_police_hq_reaches_every_street_and_only_the_police_enter_it() -> None:
    state = position(units={"pol1": "hq", "aut1": "s1"})
    moves = {a.to for a in GAME.legal_actions(state, 0) if isinstance(a, Move)}
    assert moves == {"s1", "s2", "s3", "s4", "s5", "s6"}
    state = position(units={"pol1": "hq", "aut1": "s1"}, active=1)
    assert "hq" not in {a.to for a in GAME.legal_actions(state, 1) if isinstance(a, Move)}


def test_the_police_never_enter_a_building() -> None:
    state = position(units={"pol1": "s1", "aut1": "s3"})
    with pytest.raises(IllegalAction, match="cannot go to building b1a"):
        act(state, 0, kind="move", unit="pol1", to="b1a")


def test_a_riot_van_leaves_the_hospital_and_reaches_a_street_in_one_turn() -> None:
    state = position(units={"pol19": "hospital", "aut1": "b3a"}, wounded=("pol19",))
    state = act(state, 0, kind="move", unit="pol19", to="hq")
    state = act(state, 0, kind="move", unit="pol19", to="s3")
    assert at(state, "pol19") == "s3"


def test_an_officer_needs_two_turns_from_the_hospital_to_a_street() -> None:
    state = position(units={"pol1": "hospital", "aut1": "b3a"}, wounded=("pol1",))
    state = act(state, 0, kind="move", unit="pol1", to="hq")
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, kind="move", unit="pol1", to="s3")
    assert refused.value.msg.key == "riot.refuse.move"
    assert str(refused.value) == "Officer pol1 cannot go to street 3 now."


def test_units_move_freely_between_streets_held_by_enemies() -> None:
    state = position(units={"aut1": "s1", "ana1": "s2", "ana2": "s1"}, active=1)
    assert at(act(state, 1, kind="move", unit="aut1", to="s2"), "aut1") == "s2"


def test_entering_a_building_across_an_enemy_street_asks_the_enemy() -> None:
    state = position(units={"aut1": "s1", "ana1": "s1", "ana2": "b2a"}, active=1)
    state = act(state, 1, kind="move", unit="aut1", to="b1a")
    assert acting(state) == 2 and at(state, "aut1") == "s1"
    prompt = GAME.prompts(state)[2]
    assert prompt.out_of_turn and prompt.default == {"kind": "obstruct", "answer": "allow"}
    blocked = act(state, 2, kind="obstruct", answer="block")
    assert at(blocked, "aut1") == "s1" and acting(blocked) == 1
    allowed = act(state, 2, kind="obstruct", answer="allow")
    assert at(allowed, "aut1") == "b1a"


def test_an_empty_street_lets_a_unit_straight_into_a_building() -> None:
    state = position(units={"aut1": "s1", "ana1": "b2a"}, active=1)
    assert at(act(state, 1, kind="move", unit="aut1", to="b1a"), "aut1") == "b1a"


def test_flash_mob_puts_a_free_basic_unit_on_an_entry_point() -> None:
    state = position(units={"aut1": "b1a"}, active=1, hands={1: ["autonomen.flash_mob"]})
    state, events = act_events(state, 1, kind="play", card="autonomen.flash_mob", target="e4")
    assert at(state, "aut2") == "e4" and state.hands[1] == []
    assert "flash mob" in next(e.text for e in events if e.seat is None)


def test_run_gives_a_unit_one_more_step() -> None:
    state = position(units={"aut1": "s1", "ana1": "b3a"}, active=1, hands={1: ["autonomen.run"]})
    state = act(state, 1, kind="move", unit="aut1", to="s2")
    state = act(state, 1, kind="play", card="autonomen.run", target="aut1")
    state = act(state, 1, kind="move", unit="aut1", to="s3")
    assert at(state, "aut1") == "s3"


def test_a_blitz_card_cannot_be_played_outside_a_clash() -> None:
    state = position(units={"aut1": "s1"}, active=1, hands={1: ["autonomen.stones"]})
    with pytest.raises(IllegalAction, match="cannot be played now"):
        act(state, 1, kind="play", card="autonomen.stones", target="pol1")


def test_moving_an_enemy_unit_is_refused() -> None:
    state = position(units={"aut1": "s1", "ana1": "s2"}, active=1)
    with pytest.raises(IllegalAction, match="units of your own"):
        act(state, 1, kind="move", unit="ana1", to="s3")


def test_the_police_choose_the_protesters_order_at_the_end_of_a_round() -> None:
    state = position(units={"aut1": "b1a", "ana1": "b2a", "nat1": "b3a"}, active=3)
    state = act(state, 3, kind="end")
    assert state.phase == "order" and acting(state) == 0
    assert GAME.prompts(state)[0].default == {
        "kind": "order",
        "order": "autonomen,anarchists,nationalists",
    }
    state = act(state, 0, kind="order", order="nationalists,autonomen,anarchists")
    assert state.round.order == [0, 3, 1, 2] and state.active == 0 and state.phase == "buy"


def _hospital_card_turns(active: int) -> RiotState:
    """A turn of `active` that clashed with the Police, the Hospital card on top of the deck,
    three Police units in the streets (an officer, a SWAT and a riot squad)."""
    state = position(
        units={"pol1": "s1", "pol22": "s2", "pol13": "s3", "aut1": "b1a", "ana1": "b2a"},
        players=3,
        active=active,
    )
    state.opinion.remove("hospital")
    state.opinion.insert(0, "hospital")
    state.clash_with_police = True
    return state


def test_the_police_choose_which_street_unit_public_opinion_sends_to_the_hospital() -> None:
    state = act(_hospital_card_turns(active=1), 1, kind="end")
    assert acting(state) == 0 and state.revealed == ["hospital"]
    prompt = GAME.prompts(state)[0]
    assert prompt.out_of_turn and prompt.default == {"kind": "hospital", "unit": "pol1"}
    assert sorted(c.action["unit"] for c in prompt.choices) == ["pol1", "pol13", "pol22"]
    state, events = act_events(state, 0, kind="hospital", unit="pol13")
    assert at(state, "pol13") == "hospital" and at(state, "pol22") == "s2"
    assert "goes to the Hospital" in events[0].text
    assert state.active == 2 and state.phase == "buy", "the next turn starts once answered"


def test_the_hospital_takes_only_a_police_unit_standing_in_a_street() -> None:
    state = act(_hospital_card_turns(active=1), 1, kind="end")
    for wrong in ("aut1", "pol2", "nobody"):
        with pytest.raises(IllegalAction, match="units standing in a street"):
            act(state, 0, kind="hospital", unit=wrong)
    with pytest.raises(IllegalAction, match="which unit goes to the Hospital"):
        act(state, 0, kind="end")


def test_a_lone_police_unit_in_the_streets_goes_without_asking() -> None:
    state = _hospital_card_turns(active=1)
    for gone in ("pol22", "pol13"):
        found = unit(state, gone)
        assert found is not None
        found.at = "hq"
    state = act(state, 1, kind="end")
    assert at(state, "pol1") == "hospital" and state.active == 2


def test_the_police_order_the_protesters_at_the_end_of_the_round_not_of_their_own_turn() -> None:
    """The English rulebook: at the end of every round (the Spanish text says at the end of
    the Police's own turn; the rulebook is followed)."""
    state = position(units={"aut1": "b1a", "ana1": "b2a", "nat1": "b3a"})
    state = act(state, 0, kind="end")
    assert state.phase == "buy" and state.active == 1
    for seat in (1, 2):
        state = act(act(state, seat, kind="ready"), seat, kind="end")
        assert state.phase == "buy" and state.active == seat + 1
    state = act(act(state, 3, kind="ready"), 3, kind="end")
    assert state.phase == "order" and acting(state) == 0
