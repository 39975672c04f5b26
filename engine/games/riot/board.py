"""Where things are on RIOT's board: the places units stand on, which touch which, who holds
a building, and which units are where. Places are plain strings the actions name: `hq`,
`hospital`, streets `s1`..`s6`, entry points `e1`..`e6`, buildings by their id (`b1a`)."""

from __future__ import annotations

from functools import cache

from engine.games.riot.content.models import Board, content
from engine.games.riot.state import HOSPITAL, HQ, NEW, SUPPLY, RiotState, Unit

OFF_BOARD = (SUPPLY, NEW)


def board() -> Board:
    return content().board


@cache
def area_of() -> dict[str, str]:
    """Each street, entry point and building -> the number of its area ("1".."6")."""
    found: dict[str, str] = {}
    for area in board().areas:
        n = area.id.removeprefix("a")
        found[f"s{n}"] = n
        found[f"e{n}"] = n
        for building in area.buildings:
            found[building.id] = n
    return found


@cache
def building_values() -> dict[str, int]:
    return {b.id: b.value for area in board().areas for b in area.buildings}


def buildings_in(n: str) -> list[str]:
    return [b for b, a in area_of().items() if a == n and b in building_values()]


def areas() -> list[str]:
    return [a.id.removeprefix("a") for a in board().areas]


def is_street(place: str) -> bool:
    return place.startswith("s") and place in area_of()


def is_entry(place: str) -> bool:
    return place.startswith("e") and place in area_of()


def is_building(place: str) -> bool:
    return place in building_values()


def neighbour_streets(street: str) -> list[str]:
    """The streets one step from `street` round the ring."""
    ring = areas()
    i = ring.index(area_of()[street])
    return [f"s{ring[(i - 1) % len(ring)]}", f"s{ring[(i + 1) % len(ring)]}"]


def steps_from(place: str, police: bool) -> list[str]:
    """Where one step leads from `place`, buildings included (whether one may be entered is
    the mover's business): an entry point leads only into its street, the Hospital only into
    the HQ, and the HQ (for the Police alone) into every street."""
    if place == HOSPITAL:
        return [HQ]
    if place == HQ:
        return [f"s{n}" for n in areas()]
    if is_entry(place):
        return [f"s{area_of()[place]}"]
    if is_building(place):
        return [f"s{area_of()[place]}"]
    n = area_of()[place]
    found = neighbour_streets(place) + ([] if police else buildings_in(n))
    return found + ([HQ] if police else [])


def on_board(unit: Unit) -> bool:
    return unit.at not in OFF_BOARD


def units_at(state: RiotState, place: str, faction: str | None = None) -> list[Unit]:
    return [u for u in state.units if u.at == place and faction in (None, u.faction)]


def holder(state: RiotState, building: str) -> str | None:
    """The faction occupying a building, or None when it stands empty."""
    inside = units_at(state, building)
    return inside[0].faction if inside else None


def holders(state: RiotState) -> dict[str, str]:
    """Each occupied building -> its holder, in one pass over the units: a view or a search
    asking `holder` of every building would go through them once per building."""
    found: dict[str, str] = {}
    buildings = building_values()
    for u in state.units:
        if u.at in buildings and u.at not in found:
            found[u.at] = u.faction
    return found


def held_buildings(state: RiotState, faction: str) -> list[str]:
    held = holders(state)
    return [b for b in building_values() if held.get(b) == faction]


def unit(state: RiotState, unit_id: str) -> Unit | None:
    return next((u for u in state.units if u.id == unit_id.strip().lower()), None)
