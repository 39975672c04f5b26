"""Attack actions in a clash: defeat a riot cop, kick two out, or damage a riot van.

Each bloc attacks at most once per clash per night, so the number of attacks a faction can make
in a district is capped by its blocs there. Consecutive attacks in one clash share a single
reaction roll, owed when the run ends (see night.close_streak).
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.games.bloc_by_bloc.actions import Attack
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.night import spend_die
from engine.games.bloc_by_bloc.places import difficulty, district_name, require_district, the
from engine.games.bloc_by_bloc.state import BlocState
from engine.messages import m

VAN_HITS = 3
"""Attacks in one night that destroy a riot van."""


def attack_key(seat: int, tile: str) -> str:
    return f"{tile}|{seat}"


def attacks_left(state: BlocState, seat: int, tile: str) -> int:
    """Blocs of this seat in the clash that have not attacked there tonight."""
    if not state.police_in(tile):
        return 0
    return max(0, state.blocs_of(seat, tile) - state.attacked.get(attack_key(seat, tile), 0))


def kick_targets(state: BlocState, tile: str) -> list[str]:
    return list(board_of(state.city).neighbours[tile]) if state.cops.get(tile, 0) else []


def check_attack(state: BlocState, seat: int, a: Attack) -> None:
    require_district(state, a.district)
    if not state.police_in(a.district):
        raise IllegalAction(m("bloc.refuse.attack.no_clash", where=district_name(a.district)))
    if attacks_left(state, seat, a.district) == 0:
        raise IllegalAction(m("bloc.refuse.attack.all_attacked"))
    if a.target == "cop":
        if not state.cops.get(a.district):
            raise IllegalAction(m("bloc.refuse.attack.no_cop"))
    elif a.target == "van":
        if a.district not in state.vans:
            raise IllegalAction(m("bloc.refuse.attack.no_van"))
    elif a.target not in kick_targets(state, a.district):
        raise IllegalAction(m("bloc.refuse.attack.kick_where"))


def do_attack(state: BlocState, seat: int, a: Attack) -> list[Event]:
    check_attack(state, seat, a)
    spend_die(state, a.die, difficulty(state, a.district), state.uses.attack_bonus)
    state.uses.attack_bonus = 0
    state.attack_streak = a.district
    key = attack_key(seat, a.district)
    state.attacked[key] = state.attacked.get(key, 0) + 1
    name, where = the(state, seat, True), district_name(a.district)
    if a.target == "cop":
        state.add_cops(a.district, -1)
        state.staging_cops += 1
        return [Event(msg=m("bloc.attack.cop", who=name, where=where))]
    if a.target == "van":
        state.vans[a.district] += 1
        if state.vans[a.district] >= VAN_HITS:
            del state.vans[a.district]
            state.destroyed_vans += 1
            return [Event(msg=m("bloc.attack.van_destroyed", who=name, where=where))]
        return [Event(msg=m("bloc.attack.van", who=name, where=where))]
    return kick_out(state, seat, a.district, a.target)


def kick_out(state: BlocState, seat: int, tile: str, to: str) -> list[Event]:
    """Two riot cops (or the only one) leave by the least barricaded way, dismantling it."""
    board = board_of(state.city)
    n = min(2, state.cops.get(tile, 0))
    route = min(board.between(tile, to), key=lambda c: state.barricades.get(c.key, 0))
    torn = state.barricades.pop(route.key, 0)
    state.add_cops(tile, -n)
    state.add_cops(to, n)
    args = {"who": the(state, seat, True), "where": district_name(tile), "to": district_name(to)}
    if torn:
        torn_down = m("bloc.count.barricades", n=torn)
        return [Event(msg=m("bloc.attack.kick.torn", n=n, barricades=torn_down, **args))]
    return [Event(msg=m("bloc.attack.kick", n=n, **args))]
