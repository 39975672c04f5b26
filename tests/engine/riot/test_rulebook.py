"""The rulebook, its examples and the publisher's FAQ answers that the other test files leave
unchecked, each a test named after its rule (the table in engine/games/riot/DESIGN.md maps
every rule to its test)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.riot import GAME
from engine.games.riot.actions import Attack, Deploy, Move, Press
from engine.games.riot.board import building_values, buildings_in, is_entry, unit
from engine.games.riot.content.models import content
from engine.games.riot.state import Clash, RiotState
from engine.games.riot.turn import income, start_turn
from tests.engine.riot.support import act, acting, at, is_wounded, pass_all, position


def _moves(state: RiotState, seat: int) -> set[tuple[str, str]]:
    return {(a.unit, a.to) for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}


def _attacks(state: RiotState, seat: int) -> set[tuple[str, str]]:
    found = GAME.legal_actions(state, seat)
    return {(a.target, a.defender) for a in found if isinstance(a, Attack)}


# ----- components and the board --------------------------------------------------------------


def test_the_board_has_six_areas_of_buildings_worth_one_or_two_credits() -> None:
    assert len(content().board.areas) == 6
    assert set(building_values().values()) <= {1, 2}
    for n in "123456":
        assert buildings_in(n) and is_entry(f"e{n}")


# ----- Public Opinion ------------------------------------------------------------------------


def test_a_protester_beating_the_police_turns_a_card_at_the_end_of_its_own_turn() -> None:
    state = position(units={"aut1": "s1", "aut2": "s1", "aut3": "s1", "pol13": "s1"}, active=1)
    state = act(state, 1, kind="attack", target="s1", defender="police", units="aut1,aut2,aut3")
    state = act(pass_all(state), 1, kind="press", answer="continue")
    state = pass_all(state)
    assert at(state, "pol13") == "supply" and state.revealed == []
    state = act(state, 1, kind="end")
    assert len(state.revealed) == 1


# ----- credits and purchases -----------------------------------------------------------------


def test_a_building_pays_its_value_however_many_units_hold_it() -> None:
    state = position(units={"aut1": "b1a", "aut2": "b1a", "aut3": "b1a"}, active=1)
    assert income(state, 1) == 2


def test_the_police_income_ignores_an_eliminated_faction() -> None:
    state = position(3, units={"aut1": "b1a", "ana1": "b2a", "ana2": "b2b"})
    state.out = [1]
    assert income(state, 0) == 2 + 2


def test_the_card_price_starts_again_at_one_the_next_turn() -> None:
    state = position(units={"aut1": "b1a"}, active=1, credits=3)
    state.phase = "buy"
    state = act(act(state, 1, kind="card"), 1, kind="card")
    start_turn(state, 1)
    state.credits[1] = 1
    state = act(state, 1, kind="card")
    assert state.credits[1] == 0 and len(state.hands[1]) == 3


# ----- deployment and movement ---------------------------------------------------------------


def test_protesters_deploy_on_any_entry_point_and_nowhere_else() -> None:
    state = position(units={"aut1": "b1a"}, active=1, credits=1)
    state.phase = "buy"
    state = act(act(state, 1, kind="buy", unit="activist"), 1, kind="ready")
    spots = {a.to for a in GAME.legal_actions(state, 1) if isinstance(a, Deploy)}
    assert spots == {f"e{n}" for n in "123456"}
    for wrong in ("s1", "b2a", "hq"):
        with pytest.raises(IllegalAction, match="entry point"):
            act(state, 1, kind="deploy", unit="aut2", to=wrong)


def test_a_unit_deployed_this_turn_moves_at_once() -> None:
    state = position(units={"aut1": "b1a"}, active=1, credits=1)
    state.phase = "buy"
    state = act(act(state, 1, kind="buy", unit="activist"), 1, kind="ready")
    state = act(state, 1, kind="deploy", unit="aut2", to="e3")
    assert at(act(state, 1, kind="move", unit="aut2", to="s3"), "aut2") == "s3"


def test_a_unit_left_on_an_entry_point_steps_into_its_street_when_the_turn_ends() -> None:
    """The rulebook: a unit never stops on an entry point; the Spanish FAQ: new and wounded
    units have to leave it, the Police's as well."""
    state = position(units={"aut1": "e3", "aut2": "b1a"}, wounded=("aut1",), active=1)
    state = act(state, 1, kind="end")
    assert at(state, "aut1") == "s3" and not is_wounded(state, "aut1")


def test_a_police_unit_left_in_the_hospital_moves_to_the_hq_and_may_stay_there() -> None:
    """The Spanish FAQ: out of the Hospital, Police units may stay in the HQ as long as they
    like."""
    state = position(units={"pol1": "hospital", "pol2": "hq", "aut1": "b1a"}, wounded=("pol1",))
    state = act(state, 0, kind="end")
    assert at(state, "pol1") == "hq" and at(state, "pol2") == "hq"


def test_units_of_different_factions_come_in_by_the_same_entry_point() -> None:
    """The Spanish FAQ answers yes."""
    state = position(units={"aut1": "e1", "ana1": "e1", "nat1": "b4a"}, active=1)
    assert at(act(state, 1, kind="move", unit="aut1", to="s1"), "aut1") == "s1"
    assert ("ana1", "s1") in _moves(position(units={"ana1": "e1", "aut1": "e1"}, active=2), 2)


def test_a_unit_leaves_a_building_into_a_street_held_by_enemies() -> None:
    state = position(units={"aut1": "b1a", "ana1": "s1", "ana2": "s1"}, active=1)
    assert at(act(state, 1, kind="move", unit="aut1", to="s1"), "aut1") == "s1"


def test_attacking_a_building_across_an_enemy_street_asks_the_enemy() -> None:
    state = position(units={"aut1": "s1", "nat1": "s1", "ana1": "b1a"}, active=1)
    state = act(state, 1, kind="attack", target="b1a", defender="anarchists", units="aut1")
    assert acting(state) == 3 and state.pending[0].kind != "clash"
    blocked = act(state, 3, kind="obstruct", answer="block")
    assert blocked.pending == [] and ("s1", "nationalists") in _attacks(blocked, 1)
    allowed = act(state, 3, kind="obstruct", answer="allow")
    assert isinstance(allowed.pending[0], Clash)


def test_a_blocked_unit_may_fight_in_the_street_instead() -> None:
    state = position(units={"aut1": "s1", "aut2": "s1", "nat1": "s1", "ana1": "b4a"}, active=1)
    state = act(state, 1, kind="move", unit="aut1", to="b1a")
    state = act(state, 3, kind="obstruct", answer="block")
    state = act(state, 1, kind="attack", target="s1", defender="nationalists", units="aut1,aut2")
    state = pass_all(act(pass_all(state), 1, kind="press", answer="continue"))
    assert at(state, "nat1") == "supply"
    assert at(act(state, 1, kind="end"), "aut2") in ("s1", "supply")


# ----- clashes -------------------------------------------------------------------------------


def test_a_unit_attacks_a_neighbouring_street_it_could_step_into() -> None:
    state = position(units={"aut1": "s1", "ana1": "s2", "ana2": "s4"}, active=1)
    assert ("s2", "anarchists") in _attacks(state, 1)
    assert ("s4", "anarchists") not in _attacks(state, 1)


def test_a_unit_that_moved_attacks_only_in_the_area_it_stands_in() -> None:
    state = position(
        units={"aut1": "s1", "aut2": "s3", "ana1": "s2", "ana2": "s3", "ana3": "s1"}, active=1
    )
    state = act(state, 1, kind="move", unit="aut1", to="s6")
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1")
    assert refused.value.msg.key == "riot.refuse.reach.moved"
    assert str(refused.value).startswith("Activist aut1 moved this turn: it attacks only where")
    state = act(state, 1, kind="move", unit="aut2", to="s2")
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="s3", defender="anarchists", units="aut2")
    assert refused.value.msg.key == "riot.refuse.reach.moved"
    assert str(refused.value).startswith("Activist aut2 moved this turn")
    state = act(state, 1, kind="attack", target="s2", defender="anarchists", units="aut2")
    assert isinstance(state.pending[0], Clash)


def test_attacking_a_building_costs_the_units_step() -> None:
    """The publisher: attacking a building is a move; a unit that stepped into the street
    this turn has none left for it."""
    state = position(units={"aut1": "s2", "aut2": "s1", "ana1": "b1a"}, active=1)
    state = act(state, 1, kind="move", unit="aut1", to="s1")
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="b1a", defender="anarchists", units="aut1")
    assert refused.value.msg.key == "riot.refuse.reach.no_step"
    assert str(refused.value).startswith(
        "Activist aut1 has no step left this turn to reach building b1a"
    )
    state = act(state, 1, kind="attack", target="b1a", defender="anarchists", units="aut2")
    assert isinstance(state.pending[0], Clash)


def test_a_unit_in_a_building_is_refused_for_being_there() -> None:
    state = position(units={"aut1": "b1a", "ana1": "s1"}, active=1)
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1")
    assert refused.value.msg.key == "riot.refuse.reach.in_building"
    assert str(refused.value) == (
        "Activist aut1 stands in a building, and units in a building never attack."
    )


def test_a_unit_that_attacked_or_is_off_the_board_is_refused_for_that() -> None:
    state = position(units={"aut1": "s1", "ana1": "s1"}, active=1)
    found = unit(state, "aut1")
    assert found is not None
    found.attacked = True  # as after its clash this turn
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1")
    assert str(refused.value) == "Activist aut1 has already attacked this turn."
    state = position(units={"ana1": "s1"}, active=1)  # aut1 is still in the supply
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1")
    assert refused.value.msg.key == "riot.refuse.reach.off_board"


def test_the_defender_fights_with_every_unit_in_the_attacked_place() -> None:
    state = position(units={"pol22": "s1", "aut1": "s1", "aut2": "s1", "aut3": "b1a"})
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol22")
    clash = state.pending[0]
    assert isinstance(clash, Clash) and sorted(clash.defenders) == ["aut1", "aut2"]


def test_a_faction_outside_a_clash_plays_no_blitz_card() -> None:
    state = position(
        units={"pol13": "s1", "aut1": "s1", "ana1": "s2"}, hands={2: ["anarchists.stones"]}
    )
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    assert acting(state) == 0 and GAME.legal_actions(state, 2) == []


def test_a_basic_officer_has_no_shield() -> None:
    state = position(units={"pol1": "s1", "aut1": "s1"}, hands={1: ["autonomen.stones"]})
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol1")
    state = act(state, 1, kind="play", card="autonomen.stones", target="pol1")
    assert at(state, "pol1") == "supply"


def test_two_stones_on_one_shielded_unit_do_one_damage() -> None:
    """NB 1: two +1 distance attacks together get one damage through a shield."""
    state = position(
        units={"pol13": "s1", "aut1": "s1", "aut2": "b4a"},
        hands={1: ["autonomen.stones", "autonomen.stones"]},
    )
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, 1, kind="play", card="autonomen.stones", target="pol13")
    assert at(state, "pol13") == "s1"
    state = act(state, 1, kind="play", card="autonomen.stones", target="pol13")
    assert at(state, "pol13") == "hospital" and is_wounded(state, "pol13")


def test_a_unit_hit_at_a_distance_leaves_the_clash() -> None:
    """Three against two until a stone takes the officer out: two against two is a draw."""
    state = position(
        units={"pol13": "s1", "pol1": "s1", "aut1": "s1", "aut2": "s1"},
        hands={1: ["autonomen.stones"]},
    )
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13,pol1")
    state = act(state, 1, kind="play", card="autonomen.stones", target="pol1")
    state = pass_all(act(pass_all(state), 0, kind="press", answer="continue"))
    assert at(state, "aut1") == "s1" and at(state, "aut2") == "s1" and at(state, "pol13") == "s1"


def test_the_police_cannot_press_on_in_the_minority_after_distance_attacks() -> None:
    """The Police never attack in the minority, and NB 2 has such a clash end in the distance
    phase (the Spanish text: for instance when the Police are then in the minority), with no
    Public Opinion card."""
    state = position(
        units={"pol1": "s1", "pol2": "s1", "aut1": "s1", "aut2": "s1"},
        hands={1: ["autonomen.stones"]},
    )
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol1,pol2")
    state = pass_all(act(state, 1, kind="play", card="autonomen.stones", target="pol1"))
    assert acting(state) == 0
    assert GAME.legal_actions(state, 0) == [Press(answer="stop")]
    with pytest.raises(IllegalAction, match="never attack in the minority: force 1 against 2"):
        act(state, 0, kind="press", answer="continue")
    state = act(state, 0, kind="press", answer="stop")
    assert at(state, "aut1") == "s1" and act(state, 0, kind="end").revealed == []


def test_a_draw_leaves_the_attackers_no_step() -> None:
    """The Spanish FAQ: after a draw nobody is eliminated and the attackers move no more."""
    state = position(units={"ana1": "s1", "aut1": "s1", "aut2": "b4a"}, active=2)
    state = act(state, 2, kind="attack", target="s1", defender="autonomen", units="ana1")
    state = pass_all(act(pass_all(state), 2, kind="press", answer="continue"))
    assert at(state, "ana1") == "s1" and at(state, "aut1") == "s1"
    assert not any(a[0] == "ana1" for a in _moves(state, 2))


def test_among_winners_of_equal_force_the_cheaper_falls_first() -> None:
    state = position(units={"aut1": "s1", "aut19": "s1", "ana1": "s1", "pol1": "hq"}, active=1)
    state = act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut1,aut19")
    state = pass_all(act(pass_all(state), 1, kind="press", answer="continue"))
    assert at(state, "ana1") == "supply"
    assert at(state, "aut1") == "supply" and at(state, "aut19") == "s1"


def test_a_mediactivist_falling_in_attack_draws_no_card() -> None:
    """The publisher gives the Mediactivist's card to its fall in defence only."""
    state = position(units={"aut19": "s1", "ana1": "s1", "ana2": "s1", "aut1": "b4a"}, active=1)
    state = act(state, 1, kind="attack", target="s1", defender="anarchists", units="aut19")
    state = pass_all(act(pass_all(state), 1, kind="press", answer="continue"))
    assert at(state, "aut19") == "supply" and state.hands[1] == []


# ----- special units -------------------------------------------------------------------------


def test_a_swat_just_deployed_assaults_a_building_directly() -> None:
    state = position(units={"aut1": "b2a", "aut2": "b4a"}, credits=5)
    state.phase = "buy"
    state = act(act(state, 0, kind="buy", unit="swat"), 0, kind="ready")
    state = act(state, 0, kind="deploy", unit="pol22", to="hq")
    state = act(state, 0, kind="attack", target="b2a", defender="autonomen", units="pol22")
    clash = state.pending[0]
    assert isinstance(clash, Clash) and clash.attackers == ["pol22"]


def test_a_paramilitary_in_a_street_enters_an_empty_building_like_any_unit() -> None:
    """The rulebook and the Spanish rules bar only the direct way in, on the turn it is
    created; from a street it walks into an empty building."""
    state = position(units={"nat19": "s2", "ana1": "b5a"}, active=3)
    assert at(act(state, 3, kind="move", unit="nat19", to="b2a"), "nat19") == "b2a"


# ----- elimination ---------------------------------------------------------------------------


def test_the_police_stay_in_the_game_with_no_unit_left() -> None:
    """The Spanish FAQ: only a protester runs out of units and leaves the game."""
    state = position(3, units={"aut1": "b1a", "ana1": "b2a"})
    state = act(state, 0, kind="end")
    assert 0 not in state.out and GAME.outcome(state) is None and state.active == 1


def test_the_anarchists_win_at_seven_area_points_too() -> None:
    state = position(units={"ana1": "b1a", "ana2": "b1b", "ana3": "b1c"})
    state.points[2] = 6
    start_turn(state, 2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [2]
    assert unit(state, "ana1") is not None
