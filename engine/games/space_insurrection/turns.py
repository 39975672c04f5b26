"""Whose turn it is in the action phase: world by world in alphabetical order, the seats there
take turns in seat order, the one with more units there first, until each has passed.

A seat takes part at a world where it has a unit with an action left or its loyal world with
its own action left. A seat that could only pass there is passed for it, in one line of
narration, instead of being asked; that is judged from what the table sees (`fight.might_act`),
so being asked or passed never tells a hand."""

from __future__ import annotations

from engine.games.space_insurrection.fight import may_act, might_act, world_may_act
from engine.games.space_insurrection.names import seat_colour, world_name
from engine.games.space_insurrection.state import SpaceState
from engine.kit.turns import seat_order
from engine.messages import Msg, m


def active_here(state: SpaceState, seat: int) -> bool:
    world = state.worlds[state.at]
    if seat in state.done:
        return False
    return world_may_act(world, seat) or any(
        u.owner == seat and may_act(state, u) for u in state.units_at(world.id)
    )


def begin(state: SpaceState) -> list[Msg]:
    """Start the phase at the first world where anyone can act; `acting` None when nobody can
    act anywhere (the turn is over). Returns the narration."""
    state.at = -1
    return next_world(state)


def next_world(state: SpaceState) -> list[Msg]:
    """Move to the next world where a seat has something to decide, passing on the way every
    seat that has nothing to do."""
    n = len(state.seat_names)
    notes: list[Msg] = []
    while state.at + 1 < len(state.worlds):
        state.at += 1
        state.done = []
        seats = [s for s in range(n) if active_here(state, s)]
        if not seats:
            continue
        world = state.worlds[state.at]
        strength = {s: sum(1 for u in state.units_at(world.id) if u.owner == s) for s in seats}
        order = seat_order(state.first, n)
        best = max(strength.values())
        idle = _settle(state, next(s for s in order if s in seats and strength[s] == best))
        here = world_name(world.id)
        if state.acting is None:
            notes.append(_idle(state, idle, here))
            continue
        first = seat_colour(state, state.acting)
        if not idle:
            return [*notes, m("space.turns.first", world=here, seat=first)]
        names = [seat_colour(state, s) for s in idle]
        line = m("space.turns.first_idle", world=here, seat=first, n=len(names), seats=names)
        return [*notes, line]
    state.acting = None
    return notes


def next_turn_here(state: SpaceState, after: int) -> list[Msg]:
    """Play passes to the next seat in seat order still taking part here, else to the next
    world."""
    idle = _settle(state, after + 1)
    here = world_name(state.worlds[state.at].id)
    notes = [_idle(state, idle, here)] if idle else []
    if state.acting is None:
        return notes + next_world(state)
    return notes


def _settle(state: SpaceState, start: int) -> list[int]:
    """Give the turn to the first seat from `start` in seat order that takes part here and
    might do more than pass (`acting` None if none); each seat met before it that could only
    pass is passed. Returns the seats passed."""
    idle: list[int] = []
    for seat in seat_order(start, len(state.seat_names)):
        if not active_here(state, seat):
            continue
        if might_act(state, seat):
            state.acting = seat
            return idle
        state.done.append(seat)
        idle.append(seat)
    state.acting = None
    return idle


def _idle(state: SpaceState, seats: list[int], here: Msg) -> Msg:
    """`Red has nothing to do at Gemma`, `Red and Blue have ...`: the seats passed there."""
    names = [seat_colour(state, s) for s in seats]
    return m("space.turns.idle", n=len(names), seats=names, world=here)
