"""Adjacency of a laid-out city by tile id, computed once per layout and cached.

`city.City` answers by grid position and rescans its connections on every query; the rules ask
the same questions thousands of times per game, so this adapter indexes them once per layout.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache

from engine.games.bloc_by_bloc.city import SIZE, City, Connection, PlacedTile
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_districts
from engine.games.bloc_by_bloc.content.models import District


@dataclass(frozen=True)
class Board:
    """What never changes during a game: which districts exist and how they connect."""

    districts: tuple[str, ...]
    """Tile ids of the non-highway tiles, in police ID order."""
    pos: dict[str, tuple[int, int]]
    neighbours: dict[str, tuple[str, ...]]
    """Street and highway neighbours (what riot cops and kicked-out cops may enter)."""
    links: dict[frozenset[str], tuple[Connection, ...]]
    metro: frozenset[str]
    connections: tuple[Connection, ...]
    conn_ends: dict[str, tuple[str, str]] = field(default_factory=dict)

    def info(self, tile: str) -> District:
        return load_districts()[tile]

    def between(self, a: str, b: str) -> tuple[Connection, ...]:
        return self.links.get(frozenset((a, b)), ())

    def of_type(self, kind: DistrictType) -> list[str]:
        return [d for d in self.districts if self.info(d).type is kind]

    def police_id(self, tile: str) -> int:
        return self.info(tile).police_id

    def reachable(self, start: str, blocked: Collection[str], metro: bool) -> list[str]:
        """Districts a bloc at `start` reaches in one move: any distance by street, highway and
        (unless locked down) metro, never through a district holding police."""
        seen = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here != start and here in blocked:
                continue
            nxt = list(self.neighbours[here])
            if metro and here in self.metro:
                nxt += sorted(self.metro)
            for d in nxt:
                if d not in seen:
                    seen.add(d)
                    queue.append(d)
        seen.discard(start)
        return [d for d in self.districts if d in seen]


_SEEN: dict[int, tuple[weakref.ref[City], Board]] = {}
"""The board of every City object alive, by identity: rules ask for the board of the same city
thousands of times per action, and tiles never move once a city is laid out. An entry goes when
its city does (before its id can be reused), so the cache keeps no city alive: one that did
would outlive the young generations of the garbage collector, which walk it on every pass."""


def board_of(city: City) -> Board:
    key = id(city)
    seen = _SEEN.get(key)
    if seen is not None and seen[0]() is city:
        return seen[1]
    board = _board(tuple((cell.tile, cell.orientation) for row in city.rows for cell in row))
    _SEEN[key] = (weakref.ref(city, lambda _: _SEEN.pop(key, None)), board)
    return board


@lru_cache(maxsize=512)
def _board(layout: tuple[tuple[str, int], ...]) -> Board:
    cells = [PlacedTile(tile=t, orientation=o) for t, o in layout]
    city = City(rows=[cells[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)])
    districts = load_districts()
    tiles = [city.at(p).tile for p in city.positions()]
    pos = {city.at(p).tile: p for p in city.positions()}
    names = tuple(
        sorted(
            (t for t in tiles if not districts[t].is_highway), key=lambda t: districts[t].police_id
        )
    )
    links: dict[frozenset[str], list[Connection]] = {}
    nbrs: dict[str, set[str]] = {t: set() for t in names}
    ends: dict[str, tuple[str, str]] = {}
    conns = city.connections()
    for c in conns:
        a, b = city.at(c.a).tile, city.at(c.b).tile
        links.setdefault(frozenset((a, b)), []).append(c)
        nbrs[a].add(b)
        nbrs[b].add(a)
        ends[c.key] = (a, b)
    order = {t: districts[t].police_id for t in names}
    return Board(
        districts=names,
        pos=pos,
        neighbours={t: tuple(sorted(n, key=order.__getitem__)) for t, n in nbrs.items()},
        links={k: tuple(v) for k, v in links.items()},
        metro=frozenset(t for t in names if districts[t].metro),
        connections=conns,
        conn_ends=ends,
    )
