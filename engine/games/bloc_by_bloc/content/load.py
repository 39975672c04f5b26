"""Read and validate the JSON content once per process, then hand out frozen models.

Validation happens at load: pydantic checks every item's shape, and `_cross_check` checks what
no single item can see (deck sizes, unique ids and police IDs, pile sizes, references between
files). A broken edit to a data file therefore fails at start-up with a readable message, never
in the middle of a game.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.models import (
    AgendaCard,
    District,
    Faction,
    FixedCity,
    HighwayOverpassOption,
    LootCard,
    ManifestationCard,
    MoraleTrack,
    Occupation,
    PoliceOpsCard,
    PoliceOpsKind,
    Scenario,
)

CONTENT_DIR = Path(__file__).parent

EXPECTED = {
    "districts": 30,
    "loot": 60,
    "police_ops": 34,
    "manifestations": 28,
    "agendas": 10,
}
"""Component counts from the rulebook's component list."""

PILE_SIZES = {"A": 9, "B": 8, "C": 8, "D": 4, "3": 1}
"""Base piles of 9/8/8 (25 tiles, zigzag ending on an A), four D tiles and The Stadium."""

PARAMILITARY_CARDS = 3
EMERGENCY_REINFORCEMENT_CARDS = 2


class ContentError(ValueError):
    """The data files contradict the rules or each other."""


def _read(name: str) -> Any:
    return json.loads((CONTENT_DIR / name).read_text(encoding="utf-8"))


def _items(name: str, key: str, model: type[BaseModel]) -> list[Any]:
    return TypeAdapter(list[model]).validate_python(_read(name)[key])  # type: ignore[valid-type]


class Content(BaseModel):
    """All of Bloc by Bloc's printed content, indexed by id."""

    model_config = ConfigDict(frozen=True)

    districts: dict[str, District]
    loot: dict[str, LootCard]
    police_ops: dict[str, PoliceOpsCard]
    manifestations: dict[str, ManifestationCard]
    agendas: dict[str, AgendaCard]
    occupations: dict[str, Occupation]
    factions: dict[str, Faction]
    scenarios: dict[str, Scenario]
    highway_overpass: HighwayOverpassOption
    morale: MoraleTrack
    beginner_city: FixedCity

    # ----- conveniences for the rules --------------------------------------------------------
    def district(self, tile_id: str) -> District:
        return self.districts[tile_id]

    def district_by_police_id(self, police_id: int) -> District:
        for d in self.districts.values():
            if d.police_id == police_id:
                return d
        raise KeyError(police_id)

    def pile(self, letter: str) -> list[str]:
        """Tile ids carrying that setup letter, in police ID order."""
        tiles = [d for d in self.districts.values() if d.letter == letter]
        return [d.id for d in sorted(tiles, key=lambda d: d.police_id)]

    def loot_deck(self) -> list[str]:
        """One entry per physical loot card (card ids repeat `count` times), unshuffled."""
        return [card.id for card in self.loot.values() for _ in range(card.count)]

    def police_ops_deck(
        self, difficulty: str = "hard", removed: dict[Any, int] | None = None
    ) -> list[str]:
        """Police ops card ids for a difficulty (easy drops 2 Paramilitary Operations, medium 1),
        minus any cards a scenario removes (`{kind: how many}`), unshuffled."""
        drop: Counter[str] = Counter({str(k): v for k, v in (removed or {}).items()})
        para = PoliceOpsKind.PARAMILITARY_OPERATIONS.value
        drop[para] += {"easy": 2, "medium": 1, "hard": 0}[difficulty]
        deck: list[str] = []
        for card in self.police_ops.values():
            if drop[card.kind.value] > 0:
                drop[card.kind.value] -= 1
                continue
            deck.append(card.id)
        return deck


def _unique(name: str, ids: list[str]) -> None:
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    if dupes:
        raise ContentError(f"{name}: duplicate ids {dupes}")


def _index(name: str, items: list[Any]) -> dict[str, Any]:
    _unique(name, [i.id for i in items])
    return {i.id: i for i in items}


def _cross_check(c: Content) -> None:
    """Rulebook facts about whole decks and files, and references between files."""
    counts = {
        "districts": len(c.districts),
        "loot": sum(card.count for card in c.loot.values()),
        "police_ops": len(c.police_ops),
        "manifestations": len(c.manifestations),
        "agendas": len(c.agendas),
    }
    for what, want in EXPECTED.items():
        if counts[what] != want:
            raise ContentError(f"{what}: expected {want} cards/tiles, found {counts[what]}")
    ids = Counter(d.police_id for d in c.districts.values())
    if any(n > 1 for n in ids.values()):
        dupes = sorted(i for i, n in ids.items() if n > 1)
        raise ContentError(f"police IDs must be unique: {dupes}")
    letters = Counter(d.letter for d in c.districts.values())
    if dict(letters) != PILE_SIZES:
        raise ContentError(f"setup piles must be {PILE_SIZES}, found {dict(letters)}")
    kinds = Counter(card.kind for card in c.police_ops.values())
    if kinds[PoliceOpsKind.PARAMILITARY_OPERATIONS] != PARAMILITARY_CARDS:
        raise ContentError("the police ops deck holds 3 Paramilitary Operations cards")
    if kinds[PoliceOpsKind.EMERGENCY_REINFORCEMENTS] != EMERGENCY_REINFORCEMENT_CARDS:
        raise ContentError("the police ops deck holds 2 Emergency Reinforcements cards")
    for kind in PoliceOpsKind:
        if kinds[kind] == 0:
            raise ContentError(f"no police ops card of kind {kind}")
    for f in c.factions.values():
        for occ in f.occupations:
            if occ not in c.occupations:
                raise ContentError(f"faction {f.id}: unknown occupation {occ}")
        if f.district_type not in (
            DistrictType.WORKERS,
            DistrictType.STUDENTS,
            DistrictType.NEIGHBORS,
            DistrictType.PRISONERS,
        ):
            raise ContentError(f"faction {f.id}: not a faction district type")
    for occupation in c.occupations.values():
        if occupation.faction is not None and occupation.faction not in c.factions:
            raise ContentError(f"occupation {occupation.id}: unknown faction {occupation.faction}")
    for s in c.scenarios.values():
        for setup in (s.setup, s.three_player):
            if setup is None:
                continue
            for swap in setup.tile_swaps:
                for tile in (swap.add, swap.remove):
                    if tile is not None and tile not in c.districts:
                        raise ContentError(f"scenario {s.id}: unknown tile {tile}")
            for tile in setup.vans_in:
                if tile not in c.districts:
                    raise ContentError(f"scenario {s.id}: unknown tile {tile}")
            for agenda in setup.agendas_removed:
                if agenda not in c.agendas:
                    raise ContentError(f"scenario {s.id}: unknown agenda {agenda}")
    if c.highway_overpass.tile not in c.districts:
        raise ContentError("highway overpass option names an unknown tile")
    if not 0 <= c.morale.start < len(c.morale.steps):
        raise ContentError("police morale start is off the track")
    placed = [t.tile for row in c.beginner_city.rows for t in row]
    _unique("beginner_city.json", placed)
    if set(placed) | set(c.beginner_city.unused) != set(c.districts):
        raise ContentError("beginner city: placed + unused tiles must be all 30 tiles")
    if set(placed) & set(c.beginner_city.unused):
        raise ContentError("beginner city: a tile is both placed and unused")


@cache
def load_districts() -> dict[str, District]:
    """Only the district tiles (cheap; the city code needs nothing else)."""
    return _index("districts", _items("districts.json", "districts", District))


@cache
def load_content() -> Content:
    """Every content file, validated and cross-checked; cached for the process lifetime."""
    scen = _read("scenarios.json")
    content = Content(
        districts=load_districts(),
        loot=_index("loot", _items("loot.json", "loot", LootCard)),
        police_ops=_index("police_ops", _items("police_ops.json", "police_ops", PoliceOpsCard)),
        manifestations=_index(
            "manifestations",
            _items("manifestations.json", "manifestations", ManifestationCard),
        ),
        agendas=_index("agendas", _items("agendas.json", "agendas", AgendaCard)),
        occupations=_index("occupations", _items("occupations.json", "occupations", Occupation)),
        factions=_index("factions", _items("factions.json", "factions", Faction)),
        scenarios=_index(
            "scenarios", TypeAdapter(list[Scenario]).validate_python(scen["scenarios"])
        ),
        highway_overpass=HighwayOverpassOption.model_validate(scen["highway_overpass"]),
        morale=MoraleTrack.model_validate(_read("police_ops.json")["police_morale"]),
        beginner_city=FixedCity.model_validate(_read("beginner_city.json")),
    )
    _cross_check(content)
    return content
