"""Blockade declarations: secret orders of cruisers, what a blockade stops and how long it lasts."""

from __future__ import annotations

import pytest

from engine.games.space_insurrection import GAME, flow
from tests.engine.space_insurrection.support import (
    blank,
    blockade_sheets,
    keys,
    line,
    loyal,
    public,
    put,
    sheets,
    submit,
    values,
)

# ----- blockade ----------------------------------------------------------------------------------


def test_every_seat_with_a_cruiser_writes_blockade_declarations():
    state = blockade_sheets()
    assert state.phase == "blockade" and state.owing == [0, 1]
    assert sorted(GAME.prompts(state)) == [0, 1]
    assert GAME.prompts(state)[0].kinds == ["blockades"]


def test_a_cruiser_may_blockade_only_the_world_it_orbits():
    state = blockade_sheets()
    assert values(state, 0, "star_cruiser-1") == ["orbit", "blockade"]
    assert "blockade Borealis" in str(line(state, 0, "star_cruiser-1").options[1].label)
    assert keys(state, 0) == ["star_cruiser-1"], "only one's own cruisers"


def test_a_disrupted_cruiser_cannot_blockade():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", disrupted=True)
    put(state, "star_cruiser-2", 1, "cassiopia")
    sheets(state, "blockade")
    assert state.owing == [1]


def test_blockades_are_revealed_together_when_the_last_seat_submits():
    state = blockade_sheets()
    state, events = submit(state, 0, **{"star_cruiser-1": "blockade"})
    assert not state.units["star_cruiser-1"].blockading, "nothing happens yet"
    assert "blockade" not in public(events).replace("blockade declarations", "")
    state, events = submit(state, 1)
    assert state.units["star_cruiser-1"].blockading
    assert not state.units["star_cruiser-2"].blockading
    assert "Blockades: Red's Star Cruiser #1 blockades Borealis" in public(events)
    assert state.phase != "blockade"


def test_a_blockading_cruiser_cannot_move():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "star_cruiser-2", 0, "borealis")
    put(state, "troops-1", 0, "borealis")
    put(state, "agent-1", 1, "borealis")
    sheets(state, "movement")
    assert keys(state, 0) == ["star_cruiser-2", "troops-1"]


def test_a_blockading_cruiser_cannot_carry_troops():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "troops-1", 0, "borealis")
    put(state, "agent-1", 1, "borealis")
    sheets(state, "movement")
    assert values(state, 0, "troops-1") == ["stay"]


@pytest.fixture
def turn_two(dice):
    state = blank()
    loyal(state, "borealis", 1)
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "agent-1", 1, "borealis")
    state.busy = True
    return state


def test_a_blockade_lasts_until_the_next_blockade_phase(turn_two, dice):
    """Declared this turn, it still stands in the next turn's recruit phase (Recruit-3)."""
    state = turn_two
    dice(4)
    events = flow.end_turn(state)
    assert "Borealis 4 (blockaded: 3 or less) (missed)" in public(events)
    assert state.phase == "blockade" and state.units["star_cruiser-1"].blockading


def test_a_blockade_not_declared_again_is_lifted_at_the_next_blockade_phase(turn_two, dice):
    state = turn_two
    dice(6)
    flow.end_turn(state)
    state, events = submit(state, 0)
    assert not state.units["star_cruiser-1"].blockading
    assert "No cruiser blockades this turn" in public(events)


def test_a_blockade_is_lifted_even_when_no_cruiser_can_declare(turn_two, dice):
    """The blockading cruiser was disrupted: nobody writes declarations, and the old blockade
    ends all the same."""
    state = turn_two
    state.units["star_cruiser-1"].disrupted = True
    dice(6)
    flow.end_turn(state)
    assert state.phase != "blockade"
    assert not state.units["star_cruiser-1"].blockading


def test_a_blockade_may_be_declared_again():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "agent-1", 1, "borealis")
    sheets(state, "blockade")
    state, _ = submit(state, 0, **{"star_cruiser-1": "blockade"})
    assert state.units["star_cruiser-1"].blockading
