"""The game's content as validated data: worlds, unit types with their actions, result tables
and special chits. Owners of a printed set can change the numbers here without touching the
rules; every item says where it comes from (see ../DESIGN.md). The words players read (world,
unit type and special chit names) are in the game's catalogs, by id (`space.world.<id>`,
`space.type.<id>`, `space.special.<id>.name`), so each language names them its own way."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Provenance = Literal["rulebook", "publisher", "reconstructed"]
UnitKind = Literal["pp", "ep", "m", "mi"]
"""Public personality, espionage personality, military unit, military installation."""
Act = Literal[
    "kill",
    "attack",
    "sabotage",
    "bombard",
    "spy",
    "deploy",
    "control",
    "incite",
    "subdue",
    "repair",
]
Result = Literal["destroyed", "killed", "disrupted", "wounded"]
Play = Literal[
    "betrayal",
    "sabotage",
    "deploy_rebels",
    "extra_personality",
    "extra_military",
    "assassinate",
    "recover",
    "deploy_personality",
    "incite",
    "subdue",
    "diplomacy",
]

DIR = Path(__file__).parent


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class World(_Frozen):
    id: str = Field(pattern=r"^[a-z]+$")
    provenance: Provenance
    note: str = ""


class UnitAction(_Frozen):
    """One `Action-X` of a unit: succeeds on a die of X or less. `targets` are unit kinds, unit
    type ids, `industry` (the world itself, for bombardment) or, for deploy, what may be put
    down from the reserve."""

    act: Act
    x: int = Field(ge=1, le=6)
    targets: tuple[str, ...] = ()


class UnitType(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    kind: UnitKind
    count: int = Field(ge=1)
    moves: bool
    actions: tuple[UnitAction, ...]
    provenance: Provenance
    note: str = ""

    @property
    def personality(self) -> bool:
        return self.kind in ("pp", "ep")


class LoyalWorld(_Frozen):
    recruit: int
    recruit_blockaded: int
    actions: tuple[UnitAction, ...]
    provenance: Provenance


class Band(_Frozen):
    upto: int = Field(ge=1, le=6)
    result: Result


class Numbers(_Frozen):
    heal: int
    repair: int
    governor_recruit: int
    observe: int
    observe_near: int
    smuggler: int
    reserve_limit: int
    starting_reserve: int
    cruiser_capacity: int
    spy_bonus: int


class Special(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    play: Play
    provenance: Provenance
    note: str = ""


class Content(_Frozen):
    worlds: tuple[World, ...]
    types: tuple[UnitType, ...]
    world: LoyalWorld
    effects: dict[str, tuple[Band, ...]]
    numbers: Numbers
    specials: tuple[Special, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        ids = [w.id for w in self.worlds]
        if len(set(ids)) != len(ids) or ids != sorted(ids):
            raise ValueError("worlds must have distinct ids, listed in alphabetical order")
        type_ids = {t.id for t in self.types}
        known = type_ids | {"pp", "ep", "m", "mi", "industry", "base"}
        for unit in self.types:
            for action in unit.actions:
                missing = set(action.targets) - known
                if missing:
                    raise ValueError(f"{unit.id}: unknown targets {sorted(missing)}")
        for act, bands in self.effects.items():
            if [b.upto for b in bands][-1] != 6 or sorted(b.upto for b in bands) != [
                b.upto for b in bands
            ]:
                raise ValueError(f"the {act} table must cover 1 to 6 in order")
        return self

    def type(self, type_id: str) -> UnitType:
        return self._types()[type_id]

    def special(self, special_id: str) -> Special:
        return next(s for s in self.specials if s.id == special_id)

    def _types(self) -> dict[str, UnitType]:
        return {t.id: t for t in self.types}


@cache
def content() -> Content:
    """The content, read and checked once per process."""
    worlds = json.loads((DIR / "worlds.json").read_text(encoding="utf-8"))
    units = json.loads((DIR / "units.json").read_text(encoding="utf-8"))
    return Content(worlds=worlds["worlds"], **units)
