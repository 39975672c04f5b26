"""How things are named for players: seats, worlds, units and the verbs of actions."""

from __future__ import annotations

from functools import cache

from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.state import SpaceState, all_chits, chit_name
from engine.words import quoted

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple")

VERBS = {
    "kill": "kill",
    "attack": "attack",
    "sabotage": "sabotage",
    "bombard": "bombard",
    "spy": "spy on",
    "control": "take control of the world",
    "incite": "incite an uprising",
    "subdue": "subdue the uprising",
    "heal": "heal",
    "repair": "repair",
    "deploy": "deploy",
}


@cache
def world_names() -> dict[str, str]:
    return {w.id: w.name for w in content().worlds}


def world_name(world_id: str) -> str:
    return world_names()[world_id]


def unit_name(state: SpaceState, unit_id: str) -> str:
    """`Red's Troops #2`, for a unit on the board; a chit's own name otherwise."""
    unit = state.units.get(unit_id)
    if unit is None:
        return chit_name(unit_id)
    return f"{state.seat_names[unit.owner]}'s {chit_name(unit_id)}"


def unit_where(state: SpaceState, unit_id: str) -> str:
    """`Blue's Diplomat #3 at Gemma`: a unit named with its world when that is not the world
    whose actions are being resolved (a special chit may reach it there)."""
    unit = state.units.get(unit_id)
    name = unit_name(state, unit_id)
    here = state.phase == "action" and 0 <= state.at < len(state.worlds)
    if unit is None or (here and state.worlds[state.at].id == unit.world):
        return name
    return f"{name} at {world_name(unit.world)}"


def actor(by: str) -> str:
    """Who takes an action, as its own label names it: a loyal world or a unit's chit."""
    return world_name(by) if by in world_names() else chit_name(by)


def target_name(state: SpaceState, target: str) -> str:
    if target in world_names():
        return world_name(target)
    if target.startswith("reserve-"):
        return f"{state.seat_names[int(target.split('-')[1])]}'s reserve"
    return unit_name(state, target)


def named(state: SpaceState, text: str) -> str:
    """What a player typed, named as the game names it when it is a unit, chit or world this
    game knows (`Blue's Troops #2`), else quoted as typed: a refusal speaks of the thing,
    never of an identifier."""
    if text in world_names():
        return world_name(text)
    if text in state.units or text in _chits():
        return unit_name(state, text)
    return quoted(text)


def rolls(roll: int, need: int, *, high: bool = False) -> str:
    """A die roll with what it needed, as every roll's narration says it: "rolls 1, needs 3 or
    less" (or "3 or more" for a roll that must be high), so a reader can check it."""
    if high:
        return f"rolls {roll}, needs {max(need, 1)} or more"
    return f"rolls {roll}, needs {min(need, 6)} or less"


def band(low: int, high: int) -> str:
    """The faces of a result table's row: "1-3", or "1" for a single face."""
    return str(low) if low == high else f"{low}-{high}"


@cache
def _chits() -> frozenset[str]:
    return frozenset(all_chits(2))
