"""How things are named for players: seats, worlds, units and the verbs of actions, each as a
message (`space.world.<id>`, `space.type.<id>`, ...) said in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.state import SpaceState, all_chits, chit_name
from engine.messages import Msg, m
from engine.words import quoted

COLOURS = ("red", "blue", "yellow", "green", "purple")
SEAT_NAMES = tuple(colour.capitalize() for colour in COLOURS)
"""Seats are named after their colour (`Red`): the state keeps the English, and the bot names a
seat by its colour's catalog entry (`seat_colour`) in the reader's language."""


def colour_of(state: SpaceState, seat: int) -> str:
    """The colour a seat plays (`red`), the id of its catalog entries and of its paint."""
    return state.seat_names[seat].lower()


def seat_colour(state: SpaceState, seat: int) -> Msg:
    """A seat's colour as a word of the reader's language (`space.colour.red`: Red, Rojo)."""
    return _colour(colour_of(state, seat))


@cache
def _colour(colour: str) -> Msg:
    return m(f"space.colour.{colour}")


def verb(act: str) -> Msg:
    """An action's verb as its label says it (`kill`, `spy on`, `take control of the world`)."""
    return m(f"space.verb.{act}")


@cache
def world_names() -> tuple[str, ...]:
    """The ids of the worlds, in their (alphabetical) order."""
    return tuple(w.id for w in content().worlds)


@cache
def world_name(world_id: str) -> Msg:
    if world_id not in world_names():
        raise KeyError(world_id)
    return m(f"space.world.{world_id}")


def unit_name(state: SpaceState, unit_id: str) -> Msg:
    """`Red's Troops #2`, for a unit on the board; a chit's own name otherwise."""
    unit = state.units.get(unit_id)
    if unit is None:
        return chit_name(unit_id)
    return _owned(colour_of(state, unit.owner), unit_id)


@cache
def _owned(colour: str, unit_id: str) -> Msg:
    """Kept per seat and unit: a surveillance sheet names every unit on the board."""
    return m("space.unit.owned", seat=_colour(colour), chit=chit_name(unit_id))


def unit_where(state: SpaceState, unit_id: str) -> Msg:
    """`Blue's Diplomat #3 at Gemma`: a unit named with its world when that is not the world
    whose actions are being resolved (a special chit may reach it there)."""
    unit = state.units.get(unit_id)
    name = unit_name(state, unit_id)
    here = state.phase == "action" and 0 <= state.at < len(state.worlds)
    if unit is None or (here and state.worlds[state.at].id == unit.world):
        return name
    return m("space.unit.at", unit=name, world=world_name(unit.world))


def actor(by: str) -> Msg:
    """Who takes an action, as its own label names it: a loyal world or a unit's chit."""
    return world_name(by) if by in world_names() else chit_name(by)


def target_name(state: SpaceState, target: str) -> Msg:
    if target in world_names():
        return world_name(target)
    if target.startswith("reserve-"):
        return m("space.reserve.of", seat=seat_colour(state, int(target.split("-")[1])))
    return unit_name(state, target)


def named(state: SpaceState, text: str) -> Msg | str:
    """What a player typed, named as the game names it when it is a unit, chit or world this
    game knows (`Blue's Troops #2`), else quoted as typed: a refusal speaks of the thing,
    never of an identifier."""
    if text in world_names():
        return world_name(text)
    if text in state.units or text in _chits():
        return unit_name(state, text)
    return quoted(text)


def rolls(roll: int, need: int, *, high: bool = False) -> Msg:
    """A die roll with what it needed, as every roll's narration says it: "rolls 1, needs 3 or
    less" (or "3 or more" for a roll that must be high), so a reader can check it."""
    if high:
        return m("space.roll.high", roll=roll, need=max(need, 1))
    return m("space.roll.low", roll=roll, need=min(need, 6))


def band(low: int, high: int) -> str:
    """The faces of a result table's row: "1-3", or "1" for a single face."""
    return str(low) if low == high else f"{low}-{high}"


@cache
def _chits() -> frozenset[str]:
    return frozenset(all_chits(2))


def semicolons(parts: Sequence[Msg | str]) -> Msg | str:
    """Clauses one after the other, as a long line of narration strings them ("a; b; c")."""
    joined: Msg | str = parts[0]
    for part in parts[1:]:
        joined = m("space.then", head=joined, tail=part)
    return joined


def commas(parts: Sequence[Msg | str]) -> Msg | str:
    """Names one after the other with commas only, as a list of chits drawn is written."""
    joined: Msg | str = parts[0]
    for part in parts[1:]:
        joined = m("space.comma", head=joined, tail=part)
    return joined
