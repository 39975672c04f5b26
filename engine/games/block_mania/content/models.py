"""Typed shapes of Block Mania's content, validated when loaded, with where each item comes
from.

The quick reference gives the tables and the special rules of some units, weapons and squares,
but not the block layouts, most figures, the Mania deck or the scoring; those are reconstructed
(see the game's DESIGN.md) and each item says so in `provenance`. An owner of the printed game
edits the JSON files. Names and texts live in the catalogs under keys derived from the ids
(`mania.square.<type>`, `mania.blocker.<id>`, `mania.item.<id>`, `mania.card.<id>.name`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

Provenance = Literal["rulebook", "publisher", "reconstructed"]
SquareType = Literal[
    "interior",
    "window",
    "balcony",
    "plaza",
    "civic",
    "tunnel",
    "vehicle_park",
    "shopping_mall",
    "bank",
    "armoury",
    "fire_control",
    "power_house",
    "elevator",
    "grav_chute",
    "pedway_terminus",
    "sky_rail_station",
    "water_tank",
]
Skill = Literal[
    "no_fly",
    "no_mega_way",
    "no_sky_rail",
    "charge",
    "no_firefighting",
    "fly",
    "no_loot",
    "no_draw",
    "stack",
    "always_active",
    "sucker",
    "shared",
]
Window = Literal["command", "any", "attack", "justice"]
ChargeKind = Literal["demo", "thermo", "nerve", "virus", "mine"]
Effect = Literal["cp", "cp_die", "repair", "extinguish", "recruit", "bonus", "arrest", "condemn"]
HERE = Path(__file__).parent


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Special(Frozen):
    col: int = Field(ge=0)
    level: int = Field(ge=0)
    type: SquareType


class Column(Frozen):
    """A shaft or face running up a column: elevators, grav chutes, the windows facing the gap."""

    col: int = Field(ge=0)
    from_level: int = Field(ge=0)
    to_level: int = Field(ge=0)
    type: SquareType


class Cell(Frozen):
    col: int = Field(ge=0)
    level: int = Field(ge=0)


class Layout(Frozen):
    note: str = ""
    columns: int = Field(ge=3)
    levels: int = Field(ge=3)
    squares: tuple[Special, ...]
    columns_of: tuple[Column, ...]
    tubeway: tuple[Cell, ...] = ()
    """Block A's squares the Sky Rail's Tubeway runs through, whatever their type: the train
    passes no collapsed one."""
    tubeway_note: str = ""
    provenance: Provenance

    def type_at(self, col: int, level: int) -> SquareType:
        """Block A's square type; block B mirrors the columns."""
        for s in self.squares:
            if (s.col, s.level) == (col, level):
                return s.type
        for c in self.columns_of:
            if c.col == col and c.from_level <= level <= c.to_level:
                return c.type
        return "interior"


class BlockerType(Frozen):
    id: str
    strength: int = Field(ge=1)
    command: int = Field(ge=0)
    mp: int = Field(ge=1)
    count: int = Field(ge=1)
    kit: tuple[str, ...] = ()
    skills: tuple[Skill, ...] = ()
    provenance: Provenance
    note: str = ""


class Blockers(Frozen):
    blockers: tuple[BlockerType, ...]
    futsies: BlockerType
    starting: int = Field(ge=1)
    deploy_cost: int = Field(ge=0)
    note: str = ""


class Mode(Frozen):
    """Another way to fire a weapon (incendiary or homing rockets, incendiary shells), chosen
    by the attacker instead of the weapon's normal fire."""

    id: str
    damage: int = Field(ge=0)
    fire: int = Field(default=0, ge=0)
    structural: int = Field(default=0, ge=0)
    structural_die: bool = False
    """1D6/2 Structural Damage (rounded up) instead of `structural`."""
    homing: bool = False
    """Only at Window or Open Air squares (and Blockers there), anywhere, without line of fire."""
    spent: bool = False
    """The weapon is discarded with this shot (a Flamer's or Fire Bombs' last, with three Fire
    counters)."""


class Item(Frozen):
    """A weapon or piece of hardware: its damage value and what it does besides."""

    id: str
    damage: int = Field(ge=0)
    ranged: bool = False
    fire: int = Field(default=0, ge=0)
    structural: int = Field(default=0, ge=0)
    structural_die: bool = False
    modes: tuple[Mode, ...] = ()
    heavy: bool = False
    """Must be set up (2 MP) before it fires; moving packs it up again."""
    plaza_from: int | None = Field(default=None, ge=0)
    """Thrown from a Window at this level or higher, it reaches the Plazas below the walls
    facing the gap (and the Blockers there) without line of fire (Fire Bombs)."""
    missile: bool = False
    """Its attacks on a block are nullified while a Missile Defence Laser guards that block."""
    shield: bool = False
    """Set up in a Window square, it nullifies missile attacks against its block."""
    charge: ChargeKind | None = None
    """Armed with 1 MP and left behind as a counter (see ordnance.py)."""
    blast: int = Field(default=0, ge=0)
    """A charge's damage value when it goes off."""
    dog: bool = False
    """May be discarded to attack the nearest enemy Blocker."""
    drill: bool = False
    scrawl: bool = False
    fly: bool = False
    sucker: bool = False
    provenance: Provenance
    note: str = ""


class Equipment(Frozen):
    items: tuple[Item, ...]
    loot: tuple[str, ...] = Field(min_length=3)
    hardware: tuple[str, ...] = Field(min_length=1)
    """The loot that is Hardware, drawn in a Shopping Mall; the rest is Armoury counters."""
    note: str = ""

    @property
    def armoury(self) -> tuple[str, ...]:
        return tuple(i for i in self.loot if i not in self.hardware)


class Card(Frozen):
    id: str
    window: Window
    effect: Effect
    amount: int = Field(ge=0)
    count: int = Field(ge=1)
    provenance: Provenance


class Cards(Frozen):
    hand: int = Field(ge=1)
    dealt: int = Field(ge=0)
    cards: tuple[Card, ...]
    note: str = ""


class Spread(Frozen):
    roll: int = Field(ge=2, le=12)
    dcol: int
    dlevel: int


class Walkway(Frozen):
    """A way across the gap that shooting can break, one stage per hit."""

    id: str
    strength: int = Field(ge=1)
    stages: tuple[str, ...] = Field(min_length=1)
    """What each hit leaves it: a message id per stage (mania.walkway.<id>.<stage>)."""
    closed_from: int = Field(ge=1)
    """Hits from which nobody travels along it."""
    only: str | None = None
    """The one weapon that may shoot at it, if any."""
    provenance: Provenance
    note: str = ""


class Defeat(Frozen):
    scrawl: int = Field(ge=0)
    killed: int = Field(ge=0)
    collapse: int = Field(ge=0)


class Tables(Frozen):
    spread: tuple[Spread, ...]
    spread_provenance: Provenance
    spread_note: str = ""
    square_hit: int
    square_hit_provenance: Provenance
    square_hit_note: str = ""
    defeat: Defeat
    defeat_provenance: Provenance
    walkways: tuple[Walkway, ...]


class Teams(Frozen):
    """The four-player game: two players share each block (see teams.json's note)."""

    players: int = Field(ge=3)
    per_block: int = Field(ge=2)
    starting: int = Field(ge=1)
    """Blockers each player of a team starts with."""
    reserve_share: int = Field(ge=1)
    """Each type's counter count is divided among this many players of a block, rounded up."""
    provenance: Provenance
    note: str = ""


class Content(Frozen):
    layout: Layout
    blockers: Blockers
    equipment: Equipment
    cards: Cards
    tables: Tables
    teams: Teams

    _blockers: dict[str, BlockerType] = PrivateAttr(default_factory=dict)
    _items: dict[str, Item] = PrivateAttr(default_factory=dict)
    _cards: dict[str, Card] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        items = {i.id for i in self.equipment.items}
        for kind in (*self.blockers.blockers, self.blockers.futsies):
            unknown = set(kind.kit) - items
            if unknown:
                raise ValueError(f"blocker {kind.id} carries unknown items {unknown}")
        modes = [mo.id for i in self.equipment.items for mo in i.modes]
        if len(set(modes) | items) != len(modes) + len(items):
            raise ValueError("firing modes need ids of their own")
        if {w.only for w in self.tables.walkways} - items - {None}:
            raise ValueError("a walkway names an unknown weapon")
        if set(self.equipment.loot) - items:
            raise ValueError("the loot list names unknown items")
        if set(self.equipment.hardware) - set(self.equipment.loot):
            raise ValueError("the hardware list names items that are not loot")
        if sorted(s.roll for s in self.tables.spread) != list(range(2, 13)):
            raise ValueError("the fire spread table needs one entry for each roll 2-12")
        if not any(c.window == "justice" for c in self.cards.cards):
            raise ValueError("the Endgame needs Justice cards")
        return self

    def model_post_init(self, context: object, /) -> None:
        """Index blockers, items and cards by id: the rules look them up hundreds of times
        per listing of the legal actions, and a search lists them thousands of times."""
        blockers = _first_by_id(self.blockers.blockers)
        blockers[self.blockers.futsies.id] = self.blockers.futsies
        self._blockers = blockers
        self._items = _first_by_id(self.equipment.items)
        self._cards = _first_by_id(self.cards.cards)

    # The indexes are read from the private slot directly: pydantic's lookup of a private
    # attribute is slow, and a played step asks these a few hundred times.

    def blocker(self, type_id: str) -> BlockerType:
        return self.__pydantic_private__["_blockers"][type_id]  # type: ignore[index]

    def item(self, item_id: str) -> Item:
        return self.__pydantic_private__["_items"][item_id]  # type: ignore[index]

    def card(self, card_id: str) -> Card:
        return self.__pydantic_private__["_cards"][card_id]  # type: ignore[index]

    def walkway(self, walkway_id: str) -> Walkway:
        return next(w for w in self.tables.walkways if w.id == walkway_id)

    def spread(self, roll: int) -> Spread:
        return next(s for s in self.tables.spread if s.roll == roll)


def _first_by_id(entries: Iterable[Any]) -> dict[str, Any]:
    """Entries by id, the first of any id listed twice (as a search of the list finds)."""
    found: dict[str, Any] = {}
    for entry in entries:
        found.setdefault(entry.id, entry)
    return found


def _read(name: str) -> dict:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


@cache
def content() -> Content:
    """The content files, read and checked once per process."""
    return Content(
        layout=Layout.model_validate(_read("blocks.json")),
        blockers=Blockers.model_validate(_read("blockers.json")),
        equipment=Equipment.model_validate(_read("equipment.json")),
        cards=Cards.model_validate(_read("cards.json")),
        tables=Tables.model_validate(_read("tables.json")),
        teams=Teams.model_validate(_read("teams.json")),
    )
