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
from engine.messages import raw
from engine.words import count

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
        raise IllegalAction(f"There is no clash in {district_name(a.district)}.")
    if attacks_left(state, seat, a.district) == 0:
        raise IllegalAction("Each of your blocs in this clash has already attacked tonight.")
    if a.target == "cop":
        if not state.cops.get(a.district):
            raise IllegalAction("There is no riot cop here to defeat.")
    elif a.target == "van":
        if a.district not in state.vans:
            raise IllegalAction("There is no riot van here.")
    elif a.target not in kick_targets(state, a.district):
        raise IllegalAction("Kick riot cops out into an adjacent district (by street or highway).")


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
        return [Event(msg=raw(f"{name} defeat a riot cop in {where}."))]
    if a.target == "van":
        state.vans[a.district] += 1
        if state.vans[a.district] >= VAN_HITS:
            del state.vans[a.district]
            state.destroyed_vans += 1
            return [Event(msg=raw(f"{name} destroy the riot van in {where}!"))]
        return [Event(msg=raw(f"{name} damage the riot van in {where}."))]
    return kick_out(state, seat, a.district, a.target)


def kick_out(state: BlocState, seat: int, tile: str, to: str) -> list[Event]:
    """Two riot cops (or the only one) leave by the least barricaded way, dismantling it."""
    board = board_of(state.city)
    n = min(2, state.cops.get(tile, 0))
    route = min(board.between(tile, to), key=lambda c: state.barricades.get(c.key, 0))
    torn = state.barricades.pop(route.key, 0)
    state.add_cops(tile, -n)
    state.add_cops(to, n)
    name = the(state, seat, True)
    cops = "the riot cop" if n == 1 else count(n, "riot cop")
    text = f"{name} kick {cops} out of {district_name(tile)} into {district_name(to)}"
    if torn:
        text += f", dismantling {count(torn, 'barricade')}"
    return [Event(msg=raw(text + "."))]
