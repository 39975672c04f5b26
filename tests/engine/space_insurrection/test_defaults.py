"""What happens when the table stops waiting for a seat: every kind of prompt has a default
that is legal and changes least (the empty sheet, the chit drawn last, staying put, passing)."""

from __future__ import annotations

from engine.games.space_insurrection import GAME, flow
from engine.games.space_insurrection.state import SpaceState
from tests.engine.defaults import default_action
from tests.engine.space_insurrection.support import blank, give, loyal, put, sheets, submit


def force(state: SpaceState, seat: int) -> SpaceState:
    return GAME.apply(state, seat, default_action(GAME, state, seat), absent=True).state


def board() -> SpaceState:
    state = blank()
    put(state, "star_cruiser-1", 0, "aldebar")
    put(state, "troops-1", 0, "aldebar")
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    put(state, "star_cruiser-2", 1, "kryos")
    return state


def test_an_absent_seats_blockade_sheet_declares_nothing():
    state = board()
    sheets(state, "blockade")
    assert GAME.prompts(state)[0].default == {"kind": "blockades", "orders": ""}
    state = force(force(state, 0), 1)
    assert not any(u.blockading for u in state.units.values())
    assert state.phase == "surveillance"


def test_an_absent_seats_agents_observe_nothing_and_stay_free_to_act():
    state = board()
    sheets(state, "surveillance")
    state = force(force(state, 0), 1)
    assert not any(u.observed for u in state.units.values()) and not state.busy
    assert state.phase == "movement"


def test_an_absent_seats_units_stay_where_they_are():
    state = board()
    sheets(state, "movement")
    where = {u.id: u.world for u in state.units.values()}
    state = force(force(state, 0), 1)
    assert {u.id: u.world for u in state.units.values()} == where
    assert state.phase == "action"


def test_an_absent_seats_declared_orders_are_carried_out_all_the_same(dice):
    state = board()
    sheets(state, "surveillance")
    dice(1)
    state, _ = submit(state, 1, **{"agent-2": "troops-1"})
    state, _ = submit(state, 0)
    assert state.phase == "declare"
    assert GAME.prompts(state)[0].default == {"kind": "declare", "unit": "troops-1", "to": "stay"}
    state = force(state, 0)
    assert state.declared == {"troops-1": "stay"}
    state = force(force(state, 0), 1)
    assert state.units["troops-1"].world == "aldebar" and state.phase == "action"


def test_an_absent_seat_passes_at_each_world():
    state = board()
    flow.to_action(state)
    assert GAME.prompts(state)[state.acting].default == {"kind": "pass"}
    state = force(state, state.acting)
    assert state.done


def test_an_absent_seat_over_the_reserve_limit_discards_the_chit_drawn_last(dice):
    state = board()
    loyal(state, "aldebar", 0)
    give(state, 0, *[f"security-{n}" for n in range(1, 8)])
    dice(1)
    flow.begin_turn(state)
    assert state.phase == "discard"
    drawn = state.drawn[0][-1]
    default = default_action(GAME, state, 0)
    assert default.chit == drawn
    assert str(GAME.choice_label(state, default)) == "discard a chit", "the label names no chit"
    state = force(state, 0)
    assert drawn in state.pile and len(state.reserves[0]) == 7
