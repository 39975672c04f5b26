"""Typed shapes of RIOT's content, validated when loaded, with where each item comes from.

The rulebook lists components it never prints (the board's layout, the summary mats' unit
costs and forces, the card texts, the Public Opinion penalties and the Nationalist goals), so
most items are reconstructed. Each says so in `provenance`; an owner of the printed game edits
the JSON files and these models keep the edit consistent. Names and texts are not here: they
live in the catalogs under keys derived from each id (`riot.unit.<id>`, `riot.card.<id>.name`).
"""

from __future__ import annotations

import json
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Provenance = Literal["rulebook", "publisher", "reconstructed"]
Faction = Literal["police", "autonomen", "anarchists", "nationalists"]
PROTESTERS: tuple[Faction, ...] = ("autonomen", "anarchists", "nationalists")
FACTIONS: tuple[Faction, ...] = ("police", *PROTESTERS)
HERE = Path(__file__).parent


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Building(Frozen):
    id: str
    value: int = Field(ge=1, le=2)


class Area(Frozen):
    id: str
    buildings: tuple[Building, ...]
    provenance: Provenance


class Board(Frozen):
    """The areas in ring order: each area's street touches the streets of the areas before and
    after it, and the Police HQ touches every street."""

    note: str = ""
    areas: tuple[Area, ...] = Field(min_length=2)
    ring: bool = True
    provenance: Provenance


UnitSpecial = Literal["", "basic", "mediactivist", "black_bloc"]


class UnitType(Frozen):
    """A kind of unit from a summary mat. `special` names a power the rules implement:
    `basic` is the unit placed in the first round, `mediactivist` keeps a clash off Public
    Opinion (and earns a card when lost defending), `black_bloc` hits harder street to street."""

    id: str
    faction: Faction
    force: int = Field(ge=1)
    cost: int = Field(ge=1)
    count: int = Field(ge=1)
    shield: bool = False
    moves: int = Field(default=1, ge=1)
    direct_assault: bool = False
    special: UnitSpecial = ""
    provenance: Provenance
    note: str = ""


Window = Literal["distance", "hand", "turn"]
Effect = Literal["damage", "force", "free_unit", "extra_move", "tie_cap", "no_opinion", "no_clash"]


class CardType(Frozen):
    """A protester card: when it may be played (a clash's distance or hand-to-hand Blitz
    window, or any time in its owner's turn) and what it does, as an effect the rules know."""

    id: str
    faction: Faction
    window: Window
    effect: Effect
    amount: int = Field(default=1, ge=0)
    count: int = Field(ge=1)
    provenance: Provenance
    note: str = ""


OpinionPenalty = Literal[
    "income_cut", "no_specials", "hospital", "protesters_draw", "no_building_attacks", "calm"
]


class OpinionCard(Frozen):
    id: OpinionPenalty
    count: int = Field(ge=1)
    amount: int = Field(default=0, ge=0)
    provenance: Provenance


class Goal(Frozen):
    """A Nationalist goal: hold `amount` buildings at the start of a turn, or have eliminated
    `amount` Autonomen and Anarchist units."""

    id: str
    kind: Literal["buildings", "eliminations"]
    amount: int = Field(ge=1)
    provenance: Provenance


class Content(Frozen):
    board: Board
    units: tuple[UnitType, ...]
    cards: tuple[CardType, ...]
    opinion: tuple[OpinionCard, ...]
    goals: tuple[Goal, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        ids = [u.id for u in self.units]
        if len(set(ids)) != len(ids):
            raise ValueError("two unit types share an id")
        for faction in FACTIONS:
            basics = [u for u in self.units if u.faction == faction and u.special == "basic"]
            if len(basics) != 1:
                raise ValueError(f"{faction} needs exactly one basic unit")
        for card in self.cards:
            if card.faction == "police":
                raise ValueError(f"card {card.id}: the Police buy no cards")
        return self

    @cached_property
    def unit_types(self) -> dict[str, UnitType]:
        """By id: every view and every legal attack asks for units' strengths."""
        return {u.id: u for u in self.units}

    def unit(self, type_id: str) -> UnitType:
        return self.unit_types[type_id]

    def card(self, card_id: str) -> CardType:
        return next(c for c in self.cards if c.id == card_id)

    def basic(self, faction: str) -> UnitType:
        return next(u for u in self.units if u.faction == faction and u.special == "basic")

    def goal(self, goal_id: str) -> Goal:
        return next(g for g in self.goals if g.id == goal_id)


def _read(name: str) -> dict:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


@cache
def content() -> Content:
    """The content files, read and checked once per process."""
    return Content(
        board=Board.model_validate(_read("board.json")),
        units=tuple(_read("units.json")["units"]),
        cards=tuple(_read("cards.json")["cards"]),
        opinion=tuple(_read("opinion.json")["cards"]),
        goals=tuple(_read("goals.json")["goals"]),
    )
