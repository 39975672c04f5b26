"""Clashes: declaring an attack, the Blitz windows, force against force, losses and wounds,
buildings, and what reaches Public Opinion. Each rulebook example and FAQ answer is a test."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.riot import GAME
from engine.games.riot.actions import Move
from engine.games.riot.state import Clash, RiotState
from tests.engine.riot.support import act, act_events, acting, at, is_wounded, pass_all, position


def fight(state: RiotState, seat: int, target: str, defender: str, units: str) -> RiotState:
    """Attack with no card played: through the distance window, on to hand to hand."""
    state = act(state, seat, kind="attack", target=target, defender=defender, units=units)
    state = pass_all(state)
    assert acting(state) == seat
    state = act(state, seat, kind="press", answer="continue")
    return pass_all(state)


def test_the_police_never_attack_in_the_minority() -> None:
    state = position(units={"pol1": "s1", "aut1": "s1", "aut2": "s1"})
    with pytest.raises(IllegalAction, match="never attack in the minority: force 1 against 2"):
        act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol1")


def test_a_building_gives_its_defenders_one_force_a_tie_changes_nothing() -> None:
    state = position(units={"ana1": "s1", "ana2": "s1", "aut1": "b1a"}, active=2)
    state = fight(state, 2, "b1a", "autonomen", "ana1,ana2")
    assert at(state, "aut1") == "b1a" and at(state, "ana1") == "s1" and at(state, "ana2") == "s1"


def test_losses_fall_on_the_weakest_winners_first() -> None:
    """Three Anarchists (force 3) take a building held by one Activist (1 + 1): the winners
    take 2 damage, which eliminates two force-1 units; the third enters the building."""
    state = position(units={"ana1": "s1", "ana2": "s1", "ana3": "s1", "aut1": "b1a"}, active=2)
    state = fight(state, 2, "b1a", "autonomen", "ana1,ana2,ana3")
    assert at(state, "aut1") == "supply"
    places = sorted(at(state, u) for u in ("ana1", "ana2", "ana3"))
    assert places == ["b1a", "supply", "supply"]


def test_a_winner_taking_less_damage_than_its_force_is_wounded_to_the_hospital() -> None:
    state = position(units={"pol13": "s2", "pol14": "s2", "aut1": "s2", "ana1": "b5a"})
    state = fight(state, 0, "s2", "autonomen", "pol13,pol14")
    assert at(state, "aut1") == "supply"
    assert {at(state, "pol13"), at(state, "pol14")} == {"hospital", "s2"}


def test_wounded_protesters_go_to_the_entry_point_of_the_clash_area() -> None:
    state = position(units={"ana19": "s3", "aut1": "s3", "pol1": "b6a"}, active=2)
    state = fight(state, 2, "s3", "autonomen", "ana19")
    assert at(state, "ana19") == "e3" and is_wounded(state, "ana19")


def test_a_shield_stops_the_first_point_of_distance_damage() -> None:
    state = position(units={"pol13": "s1", "aut1": "s1"}, hands={1: ["autonomen.stones"]})
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    state, events = act_events(state, 1, kind="play", card="autonomen.stones", target="pol13")
    assert "shield stops" in events[-1].text and at(state, "pol13") == "s1"


def test_a_molotov_does_one_damage_through_a_shield_and_ends_the_clash_without_opinion() -> None:
    """NB 1 and NB 2: +2 against a shield is one damage; a clash with the Police settled at a
    distance turns over no Public Opinion card."""
    state = position(
        units={"pol13": "s1", "aut1": "s1", "ana1": "b4a"}, hands={1: ["autonomen.molotov"]}
    )
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, 1, kind="play", card="autonomen.molotov", target="pol13")
    state = pass_all(state)
    assert at(state, "pol13") == "hospital" and not state.pending
    state = act(state, 0, kind="end")
    assert state.revealed == []


def test_an_attacker_cannot_throw_at_a_building() -> None:
    state = position(
        units={"aut1": "s1", "aut2": "s1", "ana1": "b1a"},
        active=1,
        hands={1: ["autonomen.stones"]},
    )
    state = act(state, 1, kind="attack", target="b1a", defender="anarchists", units="aut1,aut2")
    assert acting(state) == 1
    assert [a.kind for a in GAME.legal_actions(state, 1)] == ["pass"]
    with pytest.raises(IllegalAction, match="does not fit"):
        act(state, 1, kind="play", card="autonomen.stones", target="ana1")


def test_a_defender_in_a_building_may_throw() -> None:
    state = position(
        units={"ana1": "s1", "ana2": "s1", "aut1": "b1a"},
        active=2,
        hands={1: ["autonomen.stones"]},
    )
    state = act(state, 2, kind="attack", target="b1a", defender="autonomen", units="ana1,ana2")
    state = act(state, 1, kind="play", card="autonomen.stones", target="ana1")
    assert at(state, "ana1") == "supply"


def test_a_hand_to_hand_clash_with_the_police_turns_over_one_card_at_the_turn_end() -> None:
    state = position(units={"pol13": "s1", "pol14": "s2", "aut1": "s1", "aut2": "s2"})
    state = fight(state, 0, "s1", "autonomen", "pol13")
    state = fight(state, 0, "s2", "autonomen", "pol14")
    assert state.revealed == []
    state = act(state, 0, kind="end")
    assert len(state.revealed) == 1 and len(state.opinion) == 9


def test_protesters_clash_without_public_opinion() -> None:
    state = position(units={"ana19": "s1", "aut1": "s1", "pol1": "hq"}, active=2)
    state = fight(state, 2, "s1", "autonomen", "ana19")
    assert act(state, 2, kind="end").revealed == []


def test_a_draw_with_the_police_turns_over_nothing() -> None:
    state = position(units={"pol1": "s1", "aut1": "s1", "aut2": "b4a"})
    state = fight(state, 0, "s1", "autonomen", "pol1")
    assert at(state, "pol1") == "s1" and act(state, 0, kind="end").revealed == []


def test_a_mediactivist_keeps_a_clash_off_public_opinion() -> None:
    state = position(units={"pol13": "s1", "aut19": "s1", "aut1": "b4a"})
    state = fight(state, 0, "s1", "autonomen", "pol13")
    assert at(state, "aut19") == "supply"
    assert act(state, 0, kind="end").revealed == []


def test_a_mediactivist_falling_in_defence_draws_its_owner_a_card() -> None:
    state = position(units={"pol13": "s1", "aut19": "s1", "aut1": "b4a"})
    before = len(state.hands[1])
    state = fight(state, 0, "s1", "autonomen", "pol13")
    assert len(state.hands[1]) == before + 1


def test_winners_wounded_attacking_a_building_enter_it_unwounded() -> None:
    state = position(units={"ana19": "s1", "ana1": "s1", "aut1": "b1a"}, active=2)
    state = fight(state, 2, "b1a", "autonomen", "ana19,ana1")
    assert at(state, "ana19") == "b1a" and not is_wounded(state, "ana19")
    assert at(state, "ana1") == "supply"


def test_defenders_wounded_in_a_building_stay_inside() -> None:
    state = position(units={"aut1": "s1", "ana19": "b1a"}, active=1)
    state = fight(state, 1, "b1a", "anarchists", "aut1")
    assert at(state, "ana19") == "b1a" and is_wounded(state, "ana19")
    assert at(state, "aut1") == "supply"


def test_the_police_win_a_building_but_stay_in_the_street() -> None:
    state = position(units={"pol22": "s1", "pol13": "s1", "aut1": "b1a", "aut2": "b3a"})
    state = fight(state, 0, "b1a", "autonomen", "pol22,pol13")
    assert at(state, "aut1") == "supply" and at(state, "pol22") == "s1"


def test_units_in_a_building_never_attack() -> None:
    state = position(units={"aut1": "b1a", "ana1": "s1"}, active=1)
    with pytest.raises(IllegalAction, match="units in a building never attack"):
        act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1")


def test_one_group_is_attacked_at_most_twice_a_turn_by_one_player() -> None:
    state = position(units={"aut1": "s1", "ana1": "s1", "ana2": "s1", "ana3": "s1"}, active=2)
    state = fight(state, 2, "s1", "autonomen", "ana1")
    state = fight(state, 2, "s1", "autonomen", "ana2")
    with pytest.raises(IllegalAction, match="twice"):
        act(state, 2, kind="attack", target="s1", defender="autonomen", units="ana3")


def test_a_black_bloc_has_force_three_street_to_street() -> None:
    """Force 3 beats two Activists; their 2 damage only wounds it (to the entry point)."""
    state = position(units={"ana19": "s1", "aut1": "s1", "aut2": "s1"}, active=2)
    state = fight(state, 2, "s1", "autonomen", "ana19")
    assert at(state, "aut1") == "supply" and at(state, "aut2") == "supply"
    assert at(state, "ana19") == "e1" and is_wounded(state, "ana19")


def test_a_black_bloc_has_force_two_against_a_building() -> None:
    state = position(units={"ana19": "s1", "aut1": "b1a"}, active=2)
    state = fight(state, 2, "b1a", "autonomen", "ana19")
    assert at(state, "aut1") == "b1a"


def test_plus_one_at_most_a_tie_can_force_a_draw() -> None:
    """FAQ: the Autonomen's card brings them level, so nothing happens."""
    state = position(
        units={"ana1": "s1", "ana2": "s1", "aut1": "s1"},
        active=2,
        hands={1: ["autonomen.tie_cap"]},
    )
    state = act(state, 2, kind="attack", target="s1", defender="autonomen", units="ana1,ana2")
    state = pass_all(state)
    state = act(state, 2, kind="press", answer="continue")
    state = act(state, 1, kind="play", card="autonomen.tie_cap")
    state = pass_all(state)
    assert at(state, "aut1") == "s1" and at(state, "ana1") == "s1"


def test_plus_one_at_most_a_tie_lets_a_loser_do_more_damage() -> None:
    """FAQ: losing anyway, the card's +1 adds to the damage the winners take."""
    state = position(
        units={"ana19": "s1", "ana1": "s1", "aut1": "s1"},
        active=2,
        hands={1: ["autonomen.tie_cap"]},
    )
    state = act(state, 2, kind="attack", target="s1", defender="autonomen", units="ana19,ana1")
    state = pass_all(state)
    state = act(state, 2, kind="press", answer="continue")
    state = act(state, 1, kind="play", card="autonomen.tie_cap")
    state = pass_all(state)
    assert at(state, "aut1") == "supply" and at(state, "ana1") == "supply"
    assert is_wounded(state, "ana19")


def test_no_clash_calls_a_police_attack_off() -> None:
    state = position(units={"pol13": "s1", "nat1": "s1"}, hands={3: ["nationalists.no_clash"]})
    state = act(state, 0, kind="attack", target="s1", defender="nationalists", units="pol13")
    state, events = act_events(state, 3, kind="play", card="nationalists.no_clash")
    assert "called off" in events[-1].text and not state.pending
    assert at(state, "nat1") == "s1"


def test_no_effect_on_public_opinion_spares_the_police_a_card() -> None:
    state = position(
        units={"pol13": "s1", "ana1": "s1", "ana2": "b4a"},
        hands={2: ["anarchists.no_opinion"]},
    )
    state = act(state, 0, kind="attack", target="s1", defender="anarchists", units="pol13")
    state = pass_all(state)
    state = act(state, 0, kind="press", answer="continue")
    state = act(state, 2, kind="play", card="anarchists.no_opinion")
    state = pass_all(state)
    assert at(state, "ana1") == "supply"
    assert act(state, 0, kind="end").revealed == []


def test_the_attacker_may_stop_after_the_distance_attacks() -> None:
    state = position(units={"ana1": "s1", "ana2": "s1", "aut1": "s1"}, active=2)
    state = act(state, 2, kind="attack", target="s1", defender="autonomen", units="ana1,ana2")
    state = pass_all(state)
    assert GAME.prompts(state)[2].default == {"kind": "press", "answer": "stop"}
    state = act(state, 2, kind="press", answer="stop")
    assert not state.pending and at(state, "aut1") == "s1"


def test_a_unit_that_attacked_cannot_move_again() -> None:
    state = position(units={"ana1": "s1", "aut1": "s1", "pol1": "hq"}, active=2)
    state = fight(state, 2, "s1", "autonomen", "ana1")
    with pytest.raises(IllegalAction) as refused:
        act(state, 2, kind="move", unit="ana1", to="s2")
    assert refused.value.msg.key == "riot.refuse.move"
    assert str(refused.value) == "Anarchist ana1 cannot go to street 2 now."


def test_a_paramilitary_just_deployed_assaults_a_building_directly() -> None:
    state = position(units={"nat19": "e2", "ana1": "b5a"}, active=3)
    state.units[[u.id for u in state.units].index("nat19")].fresh = True
    state = act(state, 3, kind="attack", target="b5a", defender="anarchists", units="nat19")
    clash = state.pending[0]
    assert isinstance(clash, Clash) and clash.attackers == ["nat19"]


def test_a_paramilitary_just_deployed_cannot_enter_an_empty_building_directly() -> None:
    """Its direct way in is an assault only: from its entry point it reaches the street, and
    an empty building is no target."""
    state = position(units={"nat19": "e2", "ana1": "b5a"}, active=3)
    state.units[[u.id for u in state.units].index("nat19")].fresh = True
    assert {a.to for a in GAME.legal_actions(state, 3) if isinstance(a, Move)} == {"s2"}
    with pytest.raises(IllegalAction) as refused:
        act(state, 3, kind="attack", target="b2a", defender="anarchists", units="nat19")
    assert refused.value.msg.key == "riot.refuse.no_defenders"
