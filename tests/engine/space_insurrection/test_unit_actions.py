"""What a unit may do in the action phase: wounded units heal, disrupted ones repair,
blockading cruisers wait, and only listed actions against enemy units in the same system."""

from __future__ import annotations

from tests.engine.space_insurrection.support import (
    acts,
    at,
    begin,
    blank,
    deploys,
    face_off,
    give,
    put,
    refused_act,
    refused_unit_act,
    where,
)

# ----- what a unit may do ----------------------------------------------------------------------


def test_a_wounded_personality_can_only_heal():
    state = blank()
    put(state, "assassin-1", 0, "aldebar", wounded=True)
    put(state, "governor-1", 1, "aldebar")
    give(state, 0, "agent-5")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("assassin-1", "heal", "")}
    assert deploys(state, 0) == set()
    refused_unit_act(
        state, "Assassin #1 is wounded: it can only heal", "assassin-1", "kill", "governor-1"
    )


def test_a_disrupted_unit_can_only_repair():
    state = blank()
    put(state, "troops-1", 0, "aldebar", disrupted=True)
    put(state, "troops-2", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("troops-1", "repair", "")}
    refused_unit_act(
        state, "Troops #1 is disrupted: it can only repair", "troops-1", "attack", "troops-2"
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
    refused_unit_act(
        state,
        "Star Cruiser #1 has no action left this turn",
        "star_cruiser-1",
        "attack",
        "star_cruiser-2",
    )


def test_actions_are_only_against_units_in_the_same_system():
    state = blank()
    put(state, "assassin-1", 0, "aldebar")
    put(state, "governor-1", 1, "borealis")
    put(state, "governor-2", 1, "aldebar")
    at(state, "aldebar", 0)
    assert acts(state, 0) == {("assassin-1", "kill", "governor-2")}
    refused_unit_act(
        state, "cannot kill Blue's Governor #1 here", "assassin-1", "kill", "governor-1"
    )


def test_a_unit_may_only_take_actions_listed_for_it():
    state = face_off(("assassin-1", 0), ("troops-1", 1))
    refused_unit_act(
        state, 'Assassin #1 cannot "attack"; it can kill', "assassin-1", "attack", "troops-1"
    )


def test_units_never_act_against_their_own_side():
    state = face_off(("troops-1", 0), ("troops-2", 0), ("agent-1", 1))
    assert all(target != "troops-2" for _, _, target in acts(state, 0))


def test_another_seats_unit_cannot_be_used():
    state = face_off(("troops-1", 0), ("troops-2", 1))
    refused_unit_act(
        state,
        "Blue's Troops #2 is not one of your units at Aldebar",
        "troops-2",
        "attack",
        "troops-1",
    )


def test_only_the_seat_whose_turn_it_is_may_act():
    state = face_off(("troops-1", 0), ("troops-2", 1))
    refused_act(state, 1, "It is not Blue's turn", kind="pass")
