"""Whether the insurrection has succeeded and which agenda objectives a faction has met.

Read at the Next Night step only. A scenario's victory conditions replace the standard 'every
State district occupied'; its vetoes (police in an Autonomous Zone) forbid any win at all.
"""

from __future__ import annotations

from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.content.models import Condition, Objective
from engine.games.bloc_by_bloc.places import is_liberated, own_type
from engine.games.bloc_by_bloc.state import BURNED, TOTAL_VANS, BlocState


def _state_districts(state: BlocState) -> list[str]:
    return board_of(state.city).of_type(DistrictType.STATE)


def _own_districts_occupied(state: BlocState, seat: int) -> bool:
    board = board_of(state.city)
    mine = board.of_type(own_type(state, seat))
    return all(t in state.occupations and state.occupations[t].seat == seat for t in mine)


def _state_held(state: BlocState, seat: int) -> int:
    return sum(
        1
        for t in _state_districts(state)
        if t in state.occupations and state.occupations[t].seat == seat
    )


def burned_centers(state: BlocState) -> int:
    return sum(marks.count(BURNED) for marks in state.loot_marks.values())


def liberated_districts(state: BlocState) -> list[str]:
    board = board_of(state.city)
    return [t for t in board.districts if is_liberated(state, t)]


def condition_met(state: BlocState, cond: Condition) -> bool:
    board = board_of(state.city)
    kind = cond.kind
    if kind == "all_state_occupied":
        states = _state_districts(state)
        if not all(t in state.occupations for t in states):
            return False
        return not cond.require_liberated or all(is_liberated(state, t) for t in states)
    if kind == "highway_entrances_barricaded":
        highways = [c for c in board.connections if c.kind == "highway"]
        return all(state.barricades.get(c.key, 0) > 0 for c in highways)
    if kind == "commercial_burned":
        return all(
            all(m == BURNED for m in state.loot_marks.get(t, []))
            for t in board.of_type(DistrictType.COMMERCIAL)
        )
    if kind == "police_abolished":
        return state.destroyed_vans == TOTAL_VANS and not state.cops
    if kind == "own_districts_occupied":
        return all(_own_districts_occupied(state, s) for s in range(state.seats))
    if kind == "state_or_own_districts":
        return all(
            _state_held(state, s) or _own_districts_occupied(state, s) for s in range(state.seats)
        )
    if kind == "districts_liberated":
        return len(liberated_districts(state)) >= cond.count
    zones = [t for t in board.districts if board.info(t).autonomous_zone]
    if kind == "no_police_in_autonomous_zones":
        return not any(state.police_in(t) for t in zones)
    around = {n for z in zones for n in board.neighbours[z]} - set(zones)
    targets = [t for t in around if board.info(t).liberatable]
    return all(is_liberated(state, t) for t in targets)


def insurrection_successful(state: BlocState) -> bool:
    scen = load_content().scenarios[state.victory_scenario]
    return all(condition_met(state, c) for c in scen.victory)


def vetoed(state: BlocState) -> bool:
    scen = load_content().scenarios[state.victory_scenario]
    return not all(condition_met(state, c) for c in scen.win_vetoes)


def objective_met(state: BlocState, seat: int, obj: Objective) -> bool:
    kind, n = obj.kind, obj.count
    occupied = state.occupations_of(seat)
    if kind == "insurrection_successful":
        return insurrection_successful(state)
    if kind == "own_occupations_in_state":
        return _state_held(state, seat) >= n
    if kind == "own_occupations":
        return len(occupied) >= n
    if kind == "own_districts_occupied":
        return _own_districts_occupied(state, seat)
    if kind == "liberated_with_own_occupation":
        return sum(1 for t in occupied if is_liberated(state, t)) >= n
    if kind == "districts_liberated":
        return len(liberated_districts(state)) >= n
    if kind == "shopping_centers_burned":
        return burned_centers(state) >= n
    if kind == "blocs_in_city":
        return state.blocs_in_city(seat) >= n
    if kind == "most_blocs_in_city":
        mine = state.blocs_in_city(seat)
        return all(state.blocs_in_city(s) < mine for s in range(state.seats) if s != seat)
    if kind == "most_occupations":
        mine = len(occupied)
        return all(len(state.occupations_of(s)) < mine for s in range(state.seats) if s != seat)
    if kind == "all_state_own":
        return _state_held(state, seat) == len(_state_districts(state))
    if kind == "loot_in_hand":
        return len(state.hands[seat]) >= n
    if kind == "riot_vans_destroyed":
        return state.destroyed_vans >= n
    return state.morale <= n


def agenda_wins(state: BlocState, seat: int, mode: str) -> bool:
    """Whether the seat's agenda has an option of that mode whose objectives all hold."""
    agenda = state.agendas[seat]
    if agenda is None:
        return False
    card = load_content().agendas[agenda]
    return any(
        all(objective_met(state, seat, o) for o in opt.objectives)
        for opt in card.options
        if opt.mode == mode
    )
