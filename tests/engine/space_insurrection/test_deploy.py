"""Deploying chits from the reserve: who may deploy what, where nothing deploys, and that a
failed deployment keeps the chit hidden."""

from __future__ import annotations

from engine.games.space_insurrection import GAME
from tests.engine.space_insurrection.support import (
    act,
    acts,
    at,
    begin,
    blank,
    deploys,
    face_off,
    give,
    holding,
    loyal,
    public,
    put,
    refused_act,
    where,
)

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
    assert "Red's Base #1 deploys from the reserve: rolls 5, needs 5 or less — success" in text
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
    refused_act(
        state, 0, "Base #1 cannot deploy Agent #4", kind="deploy", unit="base-1", chit="agent-4"
    )


def test_a_chit_not_in_the_reserve_cannot_be_deployed():
    state = face_off(("base-1", 0), ("agent-1", 1))
    refused_act(
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
    refused_act(
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
    refused_act(
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
    assert not state.world("aldebar").disrupted and "rolls 2, needs 2 or less — success" in text
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
    holding(state, 0)
    begin(state)
    refused_act(
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
    refused_act(
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
    refused_act(
        state, 0, "Aldebar already has a Ion Gun", kind="deploy", unit="base-1", chit="ion_gun-2"
    )
    refused_act(state, 0, "Aldebar already has a Base", kind="deploy", unit="base-1", chit="base-2")


def test_no_rebels_deployed_on_your_own_world():
    state = blank()
    loyal(state, "aldebar", 0)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 0, "borealis")
    give(state, 0, "rebels-1")
    put(state, "agent-3", 1, "aldebar")
    put(state, "agent-4", 1, "borealis")
    at(state, "aldebar", 0)
    refused_act(
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
