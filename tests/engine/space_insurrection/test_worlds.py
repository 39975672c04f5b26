"""Loyalty of worlds: taking control, inciting and subduing uprisings, and Rebels going home."""

from __future__ import annotations

from tests.engine.space_insurrection.support import (
    act,
    acts,
    at,
    blank,
    face_off,
    loyal,
    put,
    refused_unit_act,
    sentinel,
)

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
    state = face_off(("diplomat-1", 0), ("troops-1", 0), ("troops-2", 1))
    assert not {a for _, a, _ in acts(state, 0)} & {"control"}
    refused_unit_act(
        state,
        "Aldebar cannot be taken: it must be rid of enemy Troops and Installations",
        "diplomat-1",
        "control",
        "aldebar",
    )


def test_control_needs_no_enemy_installations_on_the_world():
    state = face_off(("diplomat-1", 0), ("force_field-1", 1))
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
