"""The action phase's order of play: worlds alphabetically, who takes part at a world, who goes
first, and one action per unit each turn."""

from __future__ import annotations

import pytest

from engine.games.space_insurrection import GAME, flow
from tests.engine.space_insurrection.support import (
    act,
    acts,
    begin,
    blank,
    deploys,
    give,
    holding,
    loyal,
    put,
    refused_unit_act,
    sentinel,
    where,
)

# ----- order of play ---------------------------------------------------------------------------


def test_worlds_are_resolved_in_alphabetical_order():
    state = blank()
    put(state, "agent-1", 0, "cassiopia")
    put(state, "agent-2", 1, "aldebar")
    put(state, "agent-3", 0, "kryos")
    holding(state, 0, 1)
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
    holding(state, 0, 1)
    begin(state)
    assert where(state) == "draconis" and state.acting == 0


def test_the_seat_with_most_units_at_a_world_acts_first():
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
    refused_unit_act(state, "Agent #1 has no action left this turn", "agent-1", "spy", "troops-2")


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
    holding(state, 0)
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
