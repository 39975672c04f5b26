"""What a game of Space Insurrection stores: the worlds, every unit on the board, the recruit
pile and the hidden reserves, the phase of the turn and what it waits for.

Chits are named once for the whole game (`troops-2`, `special-betrayal-1`), as the printed
chits carry a type and a number, so a unit keeps its name from reserve to board and an order
can name it."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.games.space_insurrection.content.models import Special, UnitType, content
from engine.messages import Msg, m

Phase = Literal["discard", "blockade", "surveillance", "declare", "movement", "action"]
SHEET_PHASES: tuple[Phase, ...] = ("blockade", "surveillance", "movement")
"""The phases in which every seat writes secret orders at once."""


class SpaceOptions(BaseModel):
    """The lobby's choices; descriptions and value labels are catalog keys (space.option.*)."""

    players: Literal[2, 3, 4, 5] = 2
    specials: Literal[0, 1, 2] = Field(
        default=0,
        description="space.option.specials",
        json_schema_extra={
            "labels": {
                "0": "space.option.specials.0",
                "1": "space.option.specials.1",
                "2": "space.option.specials.2",
            }
        },
    )
    last_turn: Literal[0, 10, 15, 20, 25, 30, 40] = Field(
        default=0,
        description="space.option.last_turn",
        json_schema_extra={"labels": {"0": "space.option.last_turn.0"}},
    )


class Unit(BaseModel):
    """A chit on the board."""

    id: str
    owner: int
    world: str
    wounded: bool = False
    disrupted: bool = False
    blockading: bool = False
    actions: int = 0
    """Actions taken this turn."""
    extra: int = 0
    """Extra actions granted this turn (Careful Planning, Tactical Superiority)."""
    observed: bool = False
    """An Agent that acted in the surveillance phase; it may not act in the action phase."""


class World(BaseModel):
    id: str
    loyal: int | None = None
    uprising: bool = False
    disrupted: bool = False
    acted: bool = False
    """Its loyal owner used the world's own action this turn."""


class SpaceState(GameState):
    schema_version: int = 1
    last_turn: int
    specials: int = 0
    """Special chits of each kind in the game (a lobby option, so public)."""
    turn: int = 1
    phase: Phase = "discard"
    first: int = 0
    """The first-player marker: breaks ties for who acts first at a world; it moves on each turn."""
    worlds: list[World]
    units: dict[str, Unit] = Field(default_factory=dict)
    pile: list[str]
    reserves: list[list[str]]
    drawn: list[list[str]] = Field(default_factory=list)
    """Per seat, the chits drawn this recruit phase (the last is discarded by default)."""
    sheets: dict[int, str] = Field(default_factory=dict)
    """Orders submitted in the current sheet phase, secret until every seat has submitted."""
    owing: list[int] = Field(default_factory=list)
    """Seats that must still submit orders in the current sheet phase."""
    declared: dict[str, str] = Field(default_factory=dict)
    """Movement orders declared in public after an Agent's observation: unit -> where (the
    unit's own world to stay), with a carrier for Troops as `world@cruiser`."""
    to_declare: list[str] = Field(default_factory=list)
    """Observed units whose owners must still declare their orders, in order."""
    spied: list[str] = Field(default_factory=list)
    """Units an Agent spied on this turn: actions against them succeed on one more."""
    at: int = 0
    """Index of the world whose actions are being resolved."""
    acting: int | None = None
    """The seat taking its turn at that world."""
    done: list[int] = Field(default_factory=list)
    """Seats that have passed at that world."""
    busy: bool = False
    """A player made a choice of their own this turn (a pass or an empty sheet counts), or
    something was attempted. A turn with neither, made only of defaults played for absent
    players, is a standstill (victory.py)."""
    winners: list[int] | None = None
    """Set when the game is over (empty: nobody won)."""
    ended: str = ""
    """How it ended: a `Termination` value (the final position tells the particulars)."""

    def world(self, world_id: str) -> World:
        return next(w for w in self.worlds if w.id == world_id)

    def units_at(self, world_id: str) -> list[Unit]:
        return [u for u in self.units.values() if u.world == world_id]


@cache
def type_of(chit: str) -> UnitType:
    """The unit type of a unit chit's id (`star_cruiser-3`); kept per chit, since sheets and
    legal actions ask it of every unit on the board many times a step."""
    return _types()[chit.rsplit("-", 1)[0]]


def is_special(chit: str) -> bool:
    return chit.startswith("special-")


def special_of(chit: str) -> Special:
    return _specials()[chit.split("-")[1]]


@cache
def chit_name(chit: str) -> Msg:
    """How a chit is written for players: `Star Cruiser #3`, `Betrayal (special)`. Kept per
    chit, like the other names: a message is frozen, and sheets and views name the same
    chits hundreds of times a step."""
    if is_special(chit):
        return m("space.chit.special", name=special_name(chit))
    kind, number = chit.rsplit("-", 1)
    return m("space.chit", type=type_name(_types()[kind].id), number=int(number))


@cache
def type_name(type_id: str) -> Msg:
    """A unit type's name (`Star Cruiser`)."""
    return m(f"space.type.{type_id}")


@cache
def special_name(chit: str) -> Msg:
    """A special chit's name (`Betrayal`)."""
    return m(f"space.special.{special_of(chit).id}.name")


def all_chits(specials: int) -> list[str]:
    """Every chit of a game, in a fixed order: the recruit pile's mix."""
    made = content()
    chits = [f"{t.id}-{n}" for t in made.types for n in range(1, t.count + 1)]
    chits += [f"special-{s.id}-{n}" for s in made.specials for n in range(1, specials + 1)]
    return chits


@cache
def _types() -> dict[str, UnitType]:
    return {t.id: t for t in content().types}


@cache
def _specials() -> dict[str, Special]:
    return {s.id: s for s in content().specials}
