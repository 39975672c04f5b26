"""The turn's five phases in order, each moving on by itself once nobody is left to answer:
recruit (and discards), blockade declarations, surveillance (and declared orders), movement,
then actions world by world; the turn ends with the victory check."""

from __future__ import annotations

from engine.core import Event
from engine.games.space_insurrection import orders, recruit, turns, victory
from engine.games.space_insurrection.names import seat_colour
from engine.games.space_insurrection.state import Phase, SpaceState
from engine.messages import m


def begin_turn(state: SpaceState) -> list[Event]:
    events = [Event(msg=m("space.turn.begins", turn=state.turn))]
    events += recruit.recruit(state)
    if recruit.over_limit(state):
        state.phase = "discard"
        return events
    return events + to_sheet(state, "blockade")


def after_discard(state: SpaceState) -> list[Event]:
    if recruit.over_limit(state):
        return []
    return to_sheet(state, "blockade")


def to_sheet(state: SpaceState, phase: Phase) -> list[Event]:
    """Open a phase of secret orders for every seat with something to order; a phase nobody
    can use passes at once."""
    state.phase = phase
    state.sheets = {}
    state.owing = orders.writers(state, phase)
    if not state.owing:
        return after_sheet(state)
    seats = [seat_colour(state, s) for s in state.owing]
    return [
        Event(msg=m("space.sheet.opened", n=len(seats), seats=seats, title=orders.title(phase)))
    ]


def after_sheet(state: SpaceState) -> list[Event]:
    """Resolve the phase whose orders are all in, and open the next."""
    phase = state.phase
    written = bool(state.sheets)
    if phase == "blockade":
        notes = orders.reveal_blockades(state) if written else []
        if not written:  # nobody could declare: last turn's blockades are lifted all the same
            for unit in state.units.values():
                unit.blockading = False
        state.sheets = {}
        return [Event(msg=n) for n in notes] + to_sheet(state, "surveillance")
    if phase == "surveillance":
        events = orders.reveal_surveillance(state) if written else []
        state.sheets = {}
        if state.to_declare:
            state.phase = "declare"
            return events
        return events + to_sheet(state, "movement")
    notes = orders.reveal_moves(state) if written else []
    state.sheets = {}
    state.declared = {}
    return [Event(msg=n) for n in notes] + to_action(state)


def after_declare(state: SpaceState) -> list[Event]:
    if state.to_declare:
        return []
    return to_sheet(state, "movement")


def to_action(state: SpaceState) -> list[Event]:
    state.phase = "action"
    notes = turns.begin(state)
    events = [Event(msg=m("space.phase.begins.action"))] + [Event(msg=n) for n in notes]
    if state.acting is None:
        return events + end_turn(state)
    return events


def after_action(state: SpaceState, seat: int) -> list[Event]:
    """After `seat`'s action at a world: the next seat's turn, the next world, or the turn's
    end."""
    events = [Event(msg=n) for n in turns.next_turn_here(state, seat)]
    return events + (end_turn(state) if state.acting is None else [])


def end_turn(state: SpaceState) -> list[Event]:
    victory.judge(state)
    if state.winners is not None:
        return []
    for unit in state.units.values():
        unit.actions = unit.extra = 0
        unit.observed = False
    for world in state.worlds:
        world.acted = False
    state.spied = []
    state.busy = False
    state.turn += 1
    state.first = (state.first + 1) % len(state.seat_names)
    return begin_turn(state)
