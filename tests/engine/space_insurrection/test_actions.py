"""The action phase: who takes part at a world and in what order, one action per unit, what
wounded, disrupted and blockading units may do, deployment, control of worlds and uprisings."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME, flow
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import (
    act,
    at,
    blank,
    give,
    loyal,
    public,
    put,
    texts,
)


def begin(state: SpaceState) -> str:
    return texts(flow.to_action(state))


def where(state: SpaceState) -> str:
    return state.worlds[state.at].id


def acts(state: SpaceState, seat: int) -> set[tuple[str, str, str]]:
    return {
        (a.unit, a.action, a.target) for a in GAME.legal_actions(state, seat) if a.kind == "act"
    }


def deploys(state: SpaceState, seat: int) -> set[tuple[str, str]]:
    return {(a.unit, a.chit) for a in GAME.legal_actions(state, seat) if a.kind == "deploy"}


def refused(state: SpaceState, seat: int, message: str, **fields) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=message):
        act(state, seat, **fields)
    assert state.model_dump_json() == before


def sentinel(state: SpaceState, seat: int = 1) -> None:
    """A unit of `seat` at the last world, so the turn does not end under a test."""
    put(state, "rebels-10", seat, "kryos")


# ----- order of play ---------------------------------------------------------------------------


def test_worlds_are_resolved_in_alphabetical_order():
    state = blank()
    put(state, "agent-1", 0, "cassiopia")
    put(state, "agent-2", 1, "aldebar")
    put(state, "agent-3", 0, "kryos")
    assert "Actions at Aldebar: Blue goes first" in begin(state)
    state, text = act(state, 1, kind="pass")
    assert "Actions at Cassiopia: Red goes first" in text and where(state) == "cassiopia"
    state, text = act(state, 0, kind="pass")
    assert where(state) == "kryos"


def test_worlds_where_nobody_can_act_are_skipped():
    state = blank()
    put(state, "force_field-1", 0, "aldebar")
    put(state, "agent-1", 1, "borealis", blockading=False, observed=True)
    put(state, "star_cruiser-1", 1, "cassiopia", blockading=True)
    put(state, "agent-2", 0, "draconis")
    begin(state)
    assert where(state) == "draconis" and state.acting == 0


def test_the_player_with_more_units_in_the_system_goes_first():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    put(state, "rebels-2", 1, "aldebar")
    assert "Blue goes first" in begin(state)


def test_units_that_cannot_act_still_count_as_units_in_the_system():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    put(state, "force_field-1", 1, "aldebar")
    assert "Blue goes first" in begin(state)


@pytest.mark.parametrize(("first", "goes"), [(0, "Red"), (1, "Blue")])
def test_a_tie_goes_to_the_first_player_marker(first, goes):
    state = blank()
    state.first = first
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    assert f"{goes} goes first" in begin(state)


def test_a_tie_goes_to_the_tied_seat_nearest_after_the_marker():
    state = blank(3)
    state.first = 2
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    assert "Red goes first" in begin(state), "Yellow holds the marker, Red is next round"
    state.first = 1
    assert "Blue goes first" in begin(state)


def test_the_marker_moves_one_seat_each_turn():
    state = blank(3)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    state.phase, state.busy = "action", True
    flow.end_turn(state)
    assert state.first == 1 and state.turn == 2
    state.busy = True
    state.phase = "action"
    flow.end_turn(state)
    state.busy = True
    flow.end_turn(state)
    assert state.first == 0


def test_players_take_turns_one_action_each(dice):
    state = blank()
    for n in (1, 2, 3):
        put(state, f"agent-{n}", 0, "aldebar")
        put(state, f"rebels-{n}", 1, "aldebar")
    sentinel(state)
    begin(state)
    assert state.acting == 0
    dice(6)
    state, _ = act(state, 0, kind="act", unit="agent-1", action="spy", target="rebels-1")
    assert state.acting == 1
    dice(6)
    state, _ = act(state, 1, kind="act", unit="rebels-1", action="incite", target="aldebar")
    assert state.acting == 0
    state, _ = act(state, 0, kind="pass")
    assert state.acting == 1 and 0 in state.done, "a seat that passes is done at that world"
    dice(6)
    state, _ = act(state, 1, kind="act", unit="rebels-2", action="incite", target="aldebar")
    assert state.acting == 1 and where(state) == "aldebar", "the other seat acts on alone"
    state, _ = act(state, 1, kind="pass")
    assert where(state) == "kryos"


def test_play_goes_round_in_seat_order_skipping_seats_that_are_done(dice):
    state = blank(3)
    for seat in range(3):
        put(state, f"agent-{seat + 1}", seat, "aldebar")
        put(state, f"agent-{seat + 4}", seat, "aldebar")
    put(state, "rebels-1", 2, "kryos")
    begin(state)
    assert state.acting == 0
    state, _ = act(state, 0, kind="pass")
    assert state.acting == 1
    dice(6)
    state, _ = act(state, 1, kind="act", unit="agent-2", action="spy", target="agent-3")
    assert state.acting == 2
    dice(6)
    state, _ = act(state, 2, kind="act", unit="agent-3", action="spy", target="agent-2")
    assert state.acting == 1, "Red passed"


def test_a_seat_that_has_used_every_unit_is_done_at_that_world(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    put(state, "agent-3", 1, "aldebar")
    sentinel(state)
    begin(state)
    assert state.acting == 1
    dice(6)
    state, _ = act(state, 1, kind="act", unit="agent-2", action="spy", target="agent-1")
    dice(6)
    state, _ = act(state, 0, kind="act", unit="agent-1", action="spy", target="agent-2")
    assert state.acting == 1
    dice(6)
    state, _ = act(state, 1, kind="act", unit="agent-3", action="spy", target="agent-1")
    assert where(state) == "kryos"


def test_one_action_per_unit_each_turn(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 0, "aldebar")
    put(state, "troops-1", 1, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    put(state, "troops-3", 1, "aldebar")
    sentinel(state)
    begin(state)
    state, _ = act(state, 1, kind="pass")
    dice(6)
    state, _ = act(state, 0, kind="act", unit="agent-1", action="spy", target="troops-1")
    assert {u for u, _, _ in acts(state, 0)} == {"agent-2"}
    refused(
        state,
        0,
        "Agent #1 has no action left this turn",
        kind="act",
        unit="agent-1",
        action="spy",
        target="troops-2",
    )


def test_a_unit_may_act_again_the_next_turn(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar", actions=1, observed=True)
    put(state, "agent-2", 1, "borealis")
    state.busy = True
    flow.end_turn(state)
    assert state.units["agent-1"].actions == 0 and not state.units["agent-1"].observed


def test_a_loyal_owner_takes_part_at_its_world_with_no_units_there():
    state = blank()
    loyal(state, "aldebar", 0)
    put(state, "agent-1", 1, "kryos")
    begin(state)
    assert where(state) == "aldebar" and state.acting == 0
    assert [c.action for c in GAME.prompts(state)[0].choices] == [{"kind": "pass"}]


def test_the_loyal_world_acts_once_a_turn():
    state = blank()
    loyal(state, "aldebar", 0)
    give(state, 0, "agent-1", "agent-2")
    put(state, "agent-3", 1, "kryos")
    begin(state)
    assert deploys(state, 0) == {("aldebar", "agent-1"), ("aldebar", "agent-2")}


def test_seats_with_nothing_able_to_act_are_not_asked():
    state = blank()
    put(state, "force_field-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    begin(state)
    assert state.acting == 1
    state, _ = act(state, 1, kind="pass")
    assert state.acting is None or where(state) != "aldebar"


# ----- what a unit may do ----------------------------------------------------------------------


def test_a_wounded_personality_can_only_heal():
    state = blank()
    put(state, "assassin-1", 0, "aldebar", wounded=True)
    put(state, "governor-1", 1, "aldebar")
    give(state, 0, "agent-5")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("assassin-1", "heal", "")}
    assert deploys(state, 0) == set()
    refused(
        state,
        0,
        "Assassin #1 is wounded: it can only heal",
        kind="act",
        unit="assassin-1",
        action="kill",
        target="governor-1",
    )


def test_a_disrupted_unit_can_only_repair():
    state = blank()
    put(state, "troops-1", 0, "aldebar", disrupted=True)
    put(state, "troops-2", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("troops-1", "repair", "")}
    refused(
        state,
        0,
        "Troops #1 is disrupted: it can only repair",
        kind="act",
        unit="troops-1",
        action="attack",
        target="troops-2",
    )


def test_a_disrupted_installation_can_only_repair():
    state = blank()
    put(state, "base-1", 0, "aldebar", disrupted=True)
    give(state, 0, "troops-1")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("base-1", "repair", "")}
    assert deploys(state, 0) == set()


def test_a_disrupted_force_field_may_repair():
    state = blank()
    put(state, "force_field-1", 0, "aldebar", disrupted=True)
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("force_field-1", "repair", "")}


def test_blockading_cruisers_may_not_act():
    state = blank()
    put(state, "star_cruiser-1", 0, "aldebar", blockading=True)
    put(state, "star_cruiser-2", 1, "aldebar")
    put(state, "agent-1", 0, "kryos")
    begin(state)
    assert where(state) == "aldebar" and state.acting == 1
    at(state, "aldebar", 0)
    assert acts(state, 0) == set()
    refused(
        state,
        0,
        "Star Cruiser #1 has no action left this turn",
        kind="act",
        unit="star_cruiser-1",
        action="attack",
        target="star_cruiser-2",
    )


def test_actions_are_only_against_units_in_the_same_system():
    state = blank()
    put(state, "assassin-1", 0, "aldebar")
    put(state, "governor-1", 1, "borealis")
    put(state, "governor-2", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("assassin-1", "kill", "governor-2")}
    refused(
        state,
        0,
        "cannot kill Blue's Governor #1 here",
        kind="act",
        unit="assassin-1",
        action="kill",
        target="governor-1",
    )


def test_a_unit_may_only_take_actions_listed_for_it():
    state = blank()
    put(state, "assassin-1", 0, "aldebar")
    put(state, "troops-1", 1, "aldebar")
    at(state, "aldebar", 0)
    refused(
        state,
        0,
        'Assassin #1 cannot "attack"; it can kill',
        kind="act",
        unit="assassin-1",
        action="attack",
        target="troops-1",
    )


def test_units_never_act_against_their_own_side():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "troops-2", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert all(target != "troops-2" for _, _, target in acts(state, 0))


def test_another_seats_unit_cannot_be_used():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    at(state, "aldebar", 0)
    refused(
        state,
        0,
        "Blue's Troops #2 is not one of your units at Aldebar",
        kind="act",
        unit="troops-2",
        action="attack",
        target="troops-1",
    )


def test_only_the_seat_whose_turn_it_is_may_act():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    at(state, "aldebar", 0)
    refused(state, 1, "It is not Blue's turn", kind="pass")


# ----- deployment ------------------------------------------------------------------------------


def test_deploy_puts_a_reserve_chit_into_the_same_system(dice):
    state = blank()
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    dice(5)
    state, text = act(state, 0, kind="deploy", unit="base-1", chit="troops-4")
    assert state.units["troops-4"].world == "aldebar" and state.units["troops-4"].owner == 0
    assert state.reserves[0] == []
    assert "Red's Base #1 deploys from the reserve: rolls 5 (needs 5 or less)" in text
    assert "Red's Troops #4 arrives" in text


def test_a_failed_deployment_keeps_the_chit_hidden_in_the_reserve(dice):
    state = blank()
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    dice(6)
    result = GAME.apply(
        state, 0, GAME.parse_action({"kind": "deploy", "unit": "base-1", "chit": "troops-4"})
    )
    assert result.state.reserves[0] == ["troops-4"]
    assert "fails" in public(result.events) and "Troops" not in public(result.events)
    assert all(e.seat is None for e in result.events), "nothing to DM: the player chose it"
    assert result.state.units["base-1"].actions == 1, "the attempt used the Base's action"


def test_a_deployed_unit_may_act_the_same_turn(dice):
    state = blank()
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4")
    put(state, "troops-9", 1, "aldebar")
    at(state, "aldebar", 0)
    dice(1)
    state, _ = act(state, 0, kind="deploy", unit="base-1", chit="troops-4")
    state, _ = act(state, 1, kind="pass")
    assert ("troops-4", "attack", "troops-9") in acts(state, 0)


def test_deployments_and_specials_are_not_offered_as_public_buttons():
    state = blank(specials=1)
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4", "special-diplomacy-1")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    kinds = {c.action["kind"] for c in GAME.prompts(state)[0].choices}
    assert kinds == {"pass"}
    assert {a.kind for a in GAME.legal_actions(state, 0)} == {"pass", "deploy", "play"}


def test_a_unit_deploys_only_the_kinds_its_table_lists():
    state = blank()
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4", "agent-4", "ion_gun-1", "star_cruiser-4", "rebels-4")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert {c for _, c in deploys(state, 0)} == {"troops-4", "ion_gun-1", "star_cruiser-4"}
    refused(
        state, 0, "Base #1 cannot deploy Agent #4", kind="deploy", unit="base-1", chit="agent-4"
    )


def test_a_chit_not_in_the_reserve_cannot_be_deployed():
    state = blank()
    put(state, "base-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    refused(
        state,
        0,
        "Troops #4 is not a unit in your reserve",
        kind="deploy",
        unit="base-1",
        chit="troops-4",
    )


def test_a_world_disrupted_by_bombardment_cannot_deploy():
    state = blank()
    loyal(state, "aldebar", 0, disrupted=True)
    give(state, 0, "agent-4")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert deploys(state, 0) == set()
    refused(
        state,
        0,
        "Aldebar is disrupted by bombardment: nothing deploys there",
        kind="deploy",
        unit="aldebar",
        chit="agent-4",
    )


def test_units_on_a_world_disrupted_by_bombardment_cannot_deploy():
    state = blank()
    loyal(state, "aldebar", None, disrupted=True)
    put(state, "security-1", 0, "aldebar")
    give(state, 0, "agent-4")
    put(state, "agent-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert deploys(state, 0) == set()
    refused(
        state,
        0,
        "nothing deploys there",
        kind="deploy",
        unit="security-1",
        chit="agent-4",
    )


def test_a_disrupted_loyal_world_can_only_repair_itself_on_2(dice):
    state = blank()
    loyal(state, "aldebar", 0, disrupted=True)
    put(state, "agent-1", 1, "kryos")
    begin(state)
    assert acts(state, 0) == {("aldebar", "repair", "")}
    dice(2)
    state, text = act(state, 0, kind="act", unit="aldebar", action="repair")
    assert not state.world("aldebar").disrupted and "rolls 2 (needs 2 or less)" in text
    assert state.world("aldebar").acted and where(state) == "kryos"


def test_a_disrupted_loyal_world_fails_to_repair_on_3(dice):
    state = blank()
    loyal(state, "aldebar", 0, disrupted=True)
    put(state, "agent-1", 1, "kryos")
    begin(state)
    dice(3)
    state, _ = act(state, 0, kind="act", unit="aldebar", action="repair")
    assert state.world("aldebar").disrupted


def test_a_world_that_is_not_disrupted_has_nothing_to_repair():
    state = blank()
    loyal(state, "aldebar", 0)
    put(state, "agent-1", 1, "kryos")
    begin(state)
    refused(
        state, 0, "Aldebar has only its repair to do", kind="act", unit="aldebar", action="repair"
    )


def test_governors_may_only_deploy_on_loyal_worlds(dice):
    state = blank()
    put(state, "governor-1", 0, "aldebar")
    put(state, "governor-2", 0, "borealis")
    loyal(state, "borealis", 0)
    give(state, 0, "troops-4")
    put(state, "agent-1", 1, "aldebar")
    put(state, "agent-2", 1, "borealis")
    at(state, "aldebar", 0)
    assert deploys(state, 0) == set()
    refused(
        state,
        0,
        "A Governor deploys only on a world loyal to you",
        kind="deploy",
        unit="governor-1",
        chit="troops-4",
    )
    at(state, "borealis", 0)
    assert ("governor-2", "troops-4") in deploys(state, 0)
    loyal(state, "aldebar", 1)
    at(state, "aldebar", 0)
    assert deploys(state, 0) == set(), "not on another seat's loyal world either"


def test_only_one_installation_of_each_type_per_world():
    state = blank()
    put(state, "base-1", 0, "aldebar")
    put(state, "ion_gun-1", 1, "aldebar")
    give(state, 0, "ion_gun-2", "force_field-1", "base-2")
    at(state, "aldebar", 0)
    assert {c for _, c in deploys(state, 0)} == {"force_field-1"}
    refused(
        state, 0, "Aldebar already has a Ion Gun", kind="deploy", unit="base-1", chit="ion_gun-2"
    )
    refused(state, 0, "Aldebar already has a Base", kind="deploy", unit="base-1", chit="base-2")


def test_no_rebels_deployed_on_your_own_world():
    state = blank()
    loyal(state, "aldebar", 0)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 0, "borealis")
    give(state, 0, "rebels-1")
    put(state, "agent-3", 1, "aldebar")
    put(state, "agent-4", 1, "borealis")
    at(state, "aldebar", 0)
    refused(
        state,
        0,
        "Rebels cannot be deployed on a world loyal to you",
        kind="deploy",
        unit="agent-1",
        chit="rebels-1",
    )
    at(state, "borealis", 0)
    assert ("agent-2", "rebels-1") in deploys(state, 0)


def test_the_loyal_world_deploys_bases_and_personalities(dice):
    state = blank()
    loyal(state, "aldebar", 0)
    give(state, 0, "base-3", "governor-3", "troops-3")
    put(state, "agent-1", 1, "kryos")
    begin(state)
    assert deploys(state, 0) == {("aldebar", "base-3"), ("aldebar", "governor-3")}
    dice(4)
    state, _ = act(state, 0, kind="deploy", unit="aldebar", chit="base-3")
    assert state.units["base-3"].world == "aldebar" and state.world("aldebar").acted


# ----- control, uprisings ----------------------------------------------------------------------


def test_control_world_makes_the_world_loyal(dice):
    state = blank()
    put(state, "diplomat-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    sentinel(state)
    at(state, "aldebar", 0)
    dice(3)
    state, text = act(state, 0, kind="act", unit="diplomat-1", action="control", target="aldebar")
    assert state.world("aldebar").loyal == 0
    assert "Aldebar is loyal to Red" in text


def test_control_needs_no_enemy_troops_on_the_world():
    state = blank()
    put(state, "diplomat-1", 0, "aldebar")
    put(state, "troops-1", 0, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    at(state, "aldebar", 0)
    assert not {a for _, a, _ in acts(state, 0)} & {"control"}
    refused(
        state,
        0,
        "Aldebar cannot be taken: it must be rid of enemy Troops and Installations",
        kind="act",
        unit="diplomat-1",
        action="control",
        target="aldebar",
    )


def test_control_needs_no_enemy_installations_on_the_world():
    state = blank()
    put(state, "diplomat-1", 0, "aldebar")
    put(state, "force_field-1", 1, "aldebar")
    at(state, "aldebar", 0)
    assert "control" not in {a for _, a, _ in acts(state, 0)}


def test_enemy_personalities_and_other_military_do_not_stop_control():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "governor-1", 1, "aldebar")
    put(state, "star_cruiser-1", 1, "aldebar")
    put(state, "rebels-1", 1, "aldebar")
    loyal(state, "aldebar", 1)
    at(state, "aldebar", 0)
    assert ("troops-1", "control", "aldebar") in acts(state, 0)


def test_a_world_in_uprising_or_already_yours_cannot_be_controlled():
    state = blank()
    put(state, "diplomat-1", 0, "aldebar")
    put(state, "diplomat-2", 0, "borealis")
    put(state, "agent-1", 1, "aldebar")
    put(state, "agent-2", 1, "borealis")
    loyal(state, "aldebar", None, uprising=True)
    loyal(state, "borealis", 0)
    for world in ("aldebar", "borealis"):
        at(state, world, 0)
        assert "control" not in {a for _, a, _ in acts(state, 0)}


def test_only_diplomats_and_troops_gain_control():
    controllers = set()
    for kind in ("assassin", "security", "star_cruiser", "troops", "diplomat", "agent"):
        state = blank()
        put(state, f"{kind}-1", 0, "aldebar")
        put(state, "agent-9", 1, "kryos")
        at(state, "aldebar", 0)
        if any(a == "control" for _, a, _ in acts(state, 0)):
            controllers.add(kind)
    assert controllers == {"troops", "diplomat"}


def test_rebels_go_back_to_the_reserve_when_their_world_turns_loyal(dice):
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "rebels-1", 0, "aldebar")
    put(state, "rebels-2", 1, "aldebar")
    sentinel(state)
    at(state, "aldebar", 0)
    dice(1)
    state, text = act(state, 0, kind="act", unit="troops-1", action="control", target="aldebar")
    assert "rebels-1" not in state.units and state.reserves[0] == ["rebels-1"]
    assert state.units["rebels-2"].owner == 1, "another seat's Rebels stay"
    assert "its Rebels go back to the reserve" in text


def test_incite_uprising_makes_the_world_hostile_to_everyone(dice):
    state = blank()
    loyal(state, "aldebar", 1)
    put(state, "rebels-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    sentinel(state)
    at(state, "aldebar", 0)
    dice(3)
    state, text = act(state, 0, kind="act", unit="rebels-1", action="incite", target="aldebar")
    world = state.world("aldebar")
    assert world.uprising and world.loyal is None and "the world rises up" in text


def test_no_uprising_is_incited_on_your_own_world_or_twice():
    state = blank()
    loyal(state, "aldebar", 0)
    put(state, "rebels-1", 0, "aldebar")
    put(state, "rebels-2", 0, "borealis")
    loyal(state, "borealis", None, uprising=True)
    put(state, "agent-1", 1, "kryos")
    for world in ("aldebar", "borealis"):
        at(state, world, 0)
        assert "incite" not in {a for _, a, _ in acts(state, 0)}


def test_subdue_uprising_removes_the_marker_and_makes_the_world_loyal(dice):
    state = blank()
    loyal(state, "aldebar", None, uprising=True)
    put(state, "governor-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    sentinel(state)
    at(state, "aldebar", 0)
    dice(3)
    state, text = act(state, 0, kind="act", unit="governor-1", action="subdue", target="aldebar")
    world = state.world("aldebar")
    assert not world.uprising and world.loyal == 0
    assert "Aldebar is loyal to Red" in text


def test_only_a_world_in_uprising_can_be_subdued():
    state = blank()
    put(state, "governor-1", 0, "aldebar")
    put(state, "agent-1", 1, "kryos")
    at(state, "aldebar", 0)
    assert acts(state, 0) == set()
