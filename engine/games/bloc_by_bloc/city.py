"""The city: a 5 x 5 grid of district tiles, how its districts connect, and how it is built.

Positions are `(row, col)` with (0, 0) the top-left tile. A tile's `orientation` counts
quarter turns clockwise from the way its data is written (content/districts.json), so an exit
"N" on a tile at orientation 1 points east.

Adjacency, as the rulebook describes it:
- Streets join orthogonal neighbours only when *both* tiles have a street exit toward each other:
  a dead end blocks access to and from its side, whichever tile it is printed on, and the edge of
  the grid is a dead end. Highway tiles have no streets, so a street running into one is a dead
  end too.
- Each highway drawn on a highway tile joins the two districts diagonally beyond its two corners;
  a highway running into a corner of another highway tile continues along it. A highway leading
  off the grid (or to a corner where no highway continues) is a dead end. Two different highways
  may join the same two districts; `connections_between` returns each of them, because barricades
  sit on one particular connection.
- Metro stations join every metro district to every other, for blocs only; they are not
  adjacency (riot cops never use them), so `neighbours` leaves them out and `bloc_destinations`
  adds them.

`generate_city` follows the rulebook's random city generator; `beginner_city` lays out the fixed
beginner city. Both draw every random choice from the game's seeded `Rng`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content, load_districts
from engine.games.bloc_by_bloc.content.models import Corner, Direction, District, ScenarioSetup
from engine.rng import Rng

Pos = tuple[int, int]
SIZE = 5

_DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")
_STEP: dict[Direction, Pos] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
_OPPOSITE: dict[Direction, Direction] = {"N": "S", "S": "N", "E": "W", "W": "E"}
_CORNERS: tuple[Corner, ...] = ("NE", "SE", "SW", "NW")
_CORNER_STEP: dict[Corner, Pos] = {"NW": (-1, -1), "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1)}
_FACING_CORNER: dict[Corner, Corner] = {"NW": "SE", "SE": "NW", "NE": "SW", "SW": "NE"}

ZIGZAG: tuple[Pos, ...] = tuple(
    (r, c if r % 2 == 0 else SIZE - 1 - c) for r in range(SIZE) for c in range(SIZE)
)
"""Placement order of the generator: left to right on even rows, back on odd rows."""

PILE_ORDER = ("A", "B", "C")


class CityError(ValueError):
    """A city that cannot be built as asked (bad scenario data, no connected layout)."""


def rotate_direction(d: Direction, quarter_turns: int) -> Direction:
    return _DIRECTIONS[(_DIRECTIONS.index(d) + quarter_turns) % 4]


def rotate_corner(c: Corner, quarter_turns: int) -> Corner:
    return _CORNERS[(_CORNERS.index(c) + quarter_turns) % 4]


def _on_grid(p: Pos) -> bool:
    return 0 <= p[0] < SIZE and 0 <= p[1] < SIZE


def _add(p: Pos, d: Pos) -> Pos:
    return (p[0] + d[0], p[1] + d[1])


class PlacedTile(BaseModel):
    """One grid cell: which tile, how it is turned, which side is up, what card lies under it.

    Liberating flips the tile along its pointer, so `orientation` never changes after setup.
    `manifestation` is None once the card has been drawn (or for a cell with no card).
    """

    model_config = ConfigDict(extra="forbid")

    tile: str
    orientation: int = Field(default=0, ge=0, le=3)
    liberated: bool = False
    manifestation: str | None = None


class Connection(BaseModel):
    """One way between two adjacent districts: a street, or a highway through highway tiles.

    `a < b` always. `via` lists the highway tiles crossed from `a` to `b` (empty for a street).
    `key` is a stable text id, handy for keying barricades in a game state.
    """

    model_config = ConfigDict(frozen=True)

    a: Pos
    b: Pos
    kind: Literal["street", "highway"]
    via: tuple[Pos, ...] = ()

    @property
    def key(self) -> str:
        ends = f"{self.a[0]},{self.a[1]}-{self.b[0]},{self.b[1]}"
        if self.kind == "street":
            return f"street:{ends}"
        return f"highway:{ends}@" + "/".join(f"{r},{c}" for r, c in self.via)

    def other(self, p: Pos) -> Pos:
        return self.b if p == self.a else self.a


class City(BaseModel):
    """The 5 x 5 grid (rows top to bottom) plus the manifestation cards left out of it."""

    model_config = ConfigDict(extra="forbid")

    rows: list[list[PlacedTile]]
    unused_manifestations: list[str] = Field(default_factory=list)

    # ----- reading the grid ------------------------------------------------------------------
    def at(self, pos: Pos) -> PlacedTile:
        return self.rows[pos[0]][pos[1]]

    def district(self, pos: Pos) -> District:
        return load_districts()[self.at(pos).tile]

    def positions(self) -> Iterator[Pos]:
        for r in range(SIZE):
            for c in range(SIZE):
                yield (r, c)

    def district_positions(self) -> list[Pos]:
        """Every position where pieces can stand (all but highway tiles)."""
        return [p for p in self.positions() if not self.district(p).is_highway]

    def position_of(self, tile_id: str) -> Pos:
        for p in self.positions():
            if self.at(p).tile == tile_id:
                return p
        raise KeyError(tile_id)

    def has_tile(self, tile_id: str) -> bool:
        return any(self.at(p).tile == tile_id for p in self.positions())

    def positions_of_type(self, kind: DistrictType) -> list[Pos]:
        return [p for p in self.positions() if self.district(p).type is kind]

    def tile_ids(self) -> list[str]:
        return [self.at(p).tile for p in self.positions()]

    def difficulty(self, pos: Pos) -> int | None:
        """The difficulty printed on the side that is up (None on highways)."""
        d = self.district(pos)
        return d.liberated_difficulty if self.at(pos).liberated else d.repressed_difficulty

    def shopping_centers(self, pos: Pos) -> int:
        """Shopping centers on the side that is up: the liberated side shows none."""
        return 0 if self.at(pos).liberated else self.district(pos).shopping_centers

    def police_id(self, pos: Pos) -> int:
        return self.district(pos).police_id

    def exits(self, pos: Pos) -> frozenset[Direction]:
        """Street exits of the tile as it lies on the grid (rotated by its orientation)."""
        cell = self.at(pos)
        return frozenset(rotate_direction(d, cell.orientation) for d in self.district(pos).exits)

    def highway_arcs(self, pos: Pos) -> list[tuple[Corner, Corner]]:
        """Highway arcs of the tile as it lies on the grid (corners rotated)."""
        cell = self.at(pos)
        return [
            (rotate_corner(a.ends[0], cell.orientation), rotate_corner(a.ends[1], cell.orientation))
            for a in self.district(pos).highways
        ]

    # ----- changing the grid -----------------------------------------------------------------
    def liberate(self, pos: Pos) -> str | None:
        """Flip the tile to its liberated side, keeping its orientation; return the card under it.

        Raises CityError for tiles that cannot be liberated or already are.
        """
        cell = self.at(pos)
        if not self.district(pos).liberatable:
            raise CityError(f"{self.district(pos).name} cannot be liberated.")
        if cell.liberated:
            raise CityError(f"{self.district(pos).name} is already liberated.")
        cell.liberated = True
        card, cell.manifestation = cell.manifestation, None
        return card

    # ----- adjacency -------------------------------------------------------------------------
    def layout_key(self) -> tuple[tuple[str, int], ...]:
        """What adjacency depends on: tiles and orientations (never the side that is up)."""
        return tuple((self.at(p).tile, self.at(p).orientation) for p in self.positions())

    def connections(self) -> tuple[Connection, ...]:
        """Every street and highway connection in the city (metro excluded)."""
        return _connections(self.layout_key())

    def connections_between(self, a: Pos, b: Pos) -> list[Connection]:
        """All connections joining a and b: possibly a street and several highways."""
        lo, hi = min(a, b), max(a, b)
        return [c for c in self.connections_at(lo) if c.b == hi]

    def connections_at(self, pos: Pos) -> list[Connection]:
        return list(_index(self.layout_key())[0].get(pos, ()))

    def neighbours(self, pos: Pos) -> list[Pos]:
        """Districts adjacent to `pos` by street or highway, sorted. What riot cops may enter
        and where blocs may kick riot cops out to; never through a metro."""
        return list(_index(self.layout_key())[1].get(pos, ()))

    def adjacent(self, a: Pos, b: Pos) -> bool:
        return bool(self.connections_between(a, b))

    def is_connected(self) -> bool:
        """True when every district can reach every other by streets and highways alone, and
        every highway tile carries at least one live highway (so none is a useless island)."""
        return _is_connected(self.layout_key())


# ----- adjacency computation, cached per layout ---------------------------------------------


@lru_cache(maxsize=256)
def _connections(layout: tuple[tuple[str, int], ...]) -> tuple[Connection, ...]:
    city = _bare_city(layout)
    found: dict[str, Connection] = {}
    for p in city.positions():
        if city.district(p).is_highway:
            continue
        for d in ("E", "S"):
            q = _add(p, _STEP[d])
            if not _on_grid(q) or city.district(q).is_highway:
                continue
            if d in city.exits(p) and _OPPOSITE[d] in city.exits(q):
                conn = Connection(a=p, b=q, kind="street")
                found[conn.key] = conn
    for p in city.positions():
        for arc in city.highway_arcs(p):
            highway = _trace_highway(city, p, arc)
            if highway is not None:
                found[highway.key] = highway
    return tuple(sorted(found.values(), key=lambda c: (c.a, c.b, c.kind, c.via)))


@lru_cache(maxsize=256)
def _index(
    layout: tuple[tuple[str, int], ...],
) -> tuple[dict[Pos, tuple[Connection, ...]], dict[Pos, tuple[Pos, ...]]]:
    """Connections and sorted neighbours per position, so repeated queries stay cheap."""
    by_pos: dict[Pos, list[Connection]] = {}
    for c in _connections(layout):
        by_pos.setdefault(c.a, []).append(c)
        by_pos.setdefault(c.b, []).append(c)
    conns = {p: tuple(cs) for p, cs in by_pos.items()}
    near = {p: tuple(sorted({c.other(p) for c in cs})) for p, cs in by_pos.items()}
    return conns, near


def _follow(city: City, tile: Pos, corner: Corner, path: list[Pos]) -> Pos | None:
    """Walk out of `tile` through `corner`; return the district reached or None (dead end)."""
    seen = set(path)
    while True:
        nxt = _add(tile, _CORNER_STEP[corner])
        if not _on_grid(nxt):
            return None
        if not city.district(nxt).is_highway:
            return nxt
        entry = _FACING_CORNER[corner]
        onward = [b if a == entry else a for a, b in city.highway_arcs(nxt) if entry in (a, b)]
        if not onward or nxt in seen:
            return None
        path.append(nxt)
        seen.add(nxt)
        tile, corner = nxt, onward[0]


def _trace_highway(city: City, tile: Pos, arc: tuple[Corner, Corner]) -> Connection | None:
    back: list[Pos] = []
    fwd: list[Pos] = []
    a = _follow(city, tile, arc[0], back)
    b = _follow(city, tile, arc[1], fwd)
    if a is None or b is None or a == b:
        return None
    via = [*reversed(back), tile, *fwd]
    if a > b:
        a, b, via = b, a, list(reversed(via))
    return Connection(a=a, b=b, kind="highway", via=tuple(via))


@lru_cache(maxsize=256)
def _is_connected(layout: tuple[tuple[str, int], ...]) -> bool:
    city = _bare_city(layout)
    conns = _connections(layout)
    districts = city.district_positions()
    used_highways = {p for c in conns for p in c.via}
    if any(city.district(p).is_highway and p not in used_highways for p in city.positions()):
        return False
    links: dict[Pos, set[Pos]] = {p: set() for p in districts}
    for c in conns:
        links[c.a].add(c.b)
        links[c.b].add(c.a)
    seen = {districts[0]}
    queue = deque([districts[0]])
    while queue:
        for q in links[queue.popleft()] - seen:
            seen.add(q)
            queue.append(q)
    return len(seen) == len(districts)


def _bare_city(layout: tuple[tuple[str, int], ...]) -> City:
    cells = [PlacedTile(tile=t, orientation=o) for t, o in layout]
    return City(rows=[cells[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)])


# ----- building a city ----------------------------------------------------------------------


def base_piles() -> dict[str, list[str]]:
    """The A, B and C piles of the base game before any swap, in police ID order."""
    content = load_content()
    return {letter: content.pile(letter) for letter in PILE_ORDER}


def build_piles(
    rng: Rng, setup: ScenarioSetup | None = None, *, highway_overpass: bool = False
) -> dict[str, list[str]]:
    """Sort the tiles into piles (generator step 2) and apply a setup's tile swaps.

    A swapped-in tile joins the pile of the tile it replaces, which keeps the piles at 9/8/8.
    `remove_type` swaps pick their victim with `rng`. The Highway Overpass option replaces a
    base highway from its own pile (C) with the Overpass first, and a scenario swap that takes
    out "a highway" (Autonomous Zone Phase II) then picks among the base highways left, so a
    table that chose the Overpass keeps it: with three base highways both fit.
    """
    districts = load_districts()
    piles = base_piles()
    keep: set[str] = set()
    if highway_overpass:
        option = load_content().highway_overpass
        if any(option.tile == swap.add for swap in (setup.tile_swaps if setup else ())):
            raise CityError("The Highway Overpass is already in this city.")
        pile = piles[option.replaces_from_pile]
        highways = [t for t in pile if districts[t].is_highway]
        if not highways:
            raise CityError("No highway is left in the C pile for the Highway Overpass to replace.")
        pile[pile.index(rng.choice(highways))] = option.tile
        keep.add(option.tile)
    for swap in setup.tile_swaps if setup else ():
        _swap(piles, swap.add, swap.remove, swap.remove_type, rng, districts, keep)
    return piles


def _swap(
    piles: dict[str, list[str]],
    add: str,
    remove: str | None,
    remove_type: DistrictType | None,
    rng: Rng,
    districts: dict[str, District],
    keep: Collection[str] = (),
) -> None:
    """Put `add` where `remove` was; with only `remove_type`, the victim is drawn at random
    among the tiles of that type, never one in `keep` (a tile the table asked for)."""
    if remove is None:
        candidates = [
            t
            for p in PILE_ORDER
            for t in piles[p]
            if districts[t].type is remove_type and t not in keep
        ]
        if not candidates:
            raise CityError(f"No {remove_type} tile left to replace with {add}.")
        remove = rng.choice(candidates)
    for pile in piles.values():
        if remove in pile:
            pile[pile.index(remove)] = add
            return
    raise CityError(f"{remove} is not in the city piles, so {add} cannot replace it.")


def _shuffled(rng: Rng, piles: dict[str, list[str]]) -> dict[str, list[PlacedTile]]:
    """Generator step 3: shuffle each pile's order and each tile's orientation."""
    out: dict[str, list[PlacedTile]] = {}
    for letter in PILE_ORDER:
        tiles = list(piles[letter])
        rng.shuffle(tiles)
        out[letter] = [PlacedTile(tile=t, orientation=rng.below(4)) for t in tiles]
    return out


def lay_zigzag(piles: dict[str, list[PlacedTile]]) -> list[list[PlacedTile]]:
    """Generator step 4: draw A, B, C, A, B, C... along the zigzag; the last tile is an A."""
    sizes = {letter: len(piles[letter]) for letter in PILE_ORDER}
    if sizes != {"A": 9, "B": 8, "C": 8}:
        raise CityError(f"Piles must hold 9/8/8 tiles, not {sizes}.")
    rows: list[list[PlacedTile | None]] = [[None] * SIZE for _ in range(SIZE)]
    taken = {letter: 0 for letter in PILE_ORDER}
    for i, (r, c) in enumerate(ZIGZAG):
        letter = PILE_ORDER[i % 3]
        rows[r][c] = piles[letter][taken[letter]].model_copy()
        taken[letter] += 1
    return [[cell for cell in row if cell is not None] for row in rows]


def pile_letter_at(pos: Pos) -> str:
    """Which pile the generator draws the tile at `pos` from."""
    return PILE_ORDER[ZIGZAG.index(pos) % 3]


def _deal_manifestations(rng: Rng, rows: list[list[PlacedTile]], cards: Sequence[str]) -> list[str]:
    """Generator step 1: shuffle the manifestation cards, one under each cell; return the rest."""
    deck = list(cards)
    rng.shuffle(deck)
    if len(deck) < SIZE * SIZE:
        raise CityError("Not enough manifestation cards for a 5 x 5 city.")
    for i, cell in enumerate(cell for row in rows for cell in row):
        cell.manifestation = deck[i]
    return deck[SIZE * SIZE :]


def generate_city(
    rng: Rng,
    setup: ScenarioSetup | None = None,
    *,
    highway_overpass: bool = False,
    max_attempts: int = 1000,
) -> City:
    """The rulebook's random city generator, deterministic for a given `rng` state.

    Steps: piles A/B/C sorted with the setup's swaps (the standard 3-player setup swaps the
    Financial District for The Stadium); each pile shuffled in order and orientation; tiles laid
    A-B-C along the zigzag, ending on an A; one manifestation card under each tile. The
    rulebook only asks that the city be connected; when it is not, we shuffle the three piles
    again (order and orientation) and lay them anew, drawing on the same `rng`.
    """
    piles = build_piles(rng, setup, highway_overpass=highway_overpass)
    cards = sorted(load_content().manifestations)
    for _ in range(max_attempts):
        rows = lay_zigzag(_shuffled(rng, piles))
        city = City(rows=rows)
        if city.is_connected():
            city.unused_manifestations = _deal_manifestations(rng, city.rows, cards)
            return city
    raise CityError("Could not lay out a connected city; check the district data.")


def generate_standard_city(
    rng: Rng, players: int, scenario: str = "standard", *, highway_overpass: bool = False
) -> City:
    """Convenience: the city for a scenario id at a table size (3 players swaps in The Stadium
    for the standard game; scenarios give their own 3-player swaps)."""
    setup = load_content().scenarios[scenario].setup_for(players)
    return generate_city(rng, setup, highway_overpass=highway_overpass)


def beginner_city(rng: Rng) -> City:
    """The fixed beginner city, with a shuffled manifestation card under each tile."""
    content = load_content()
    fixed = content.beginner_city
    rows = [[PlacedTile(tile=t.tile, orientation=t.orientation) for t in row] for row in fixed.rows]
    city = City(rows=rows)
    cards = sorted(content.manifestations)
    city.unused_manifestations = _deal_manifestations(rng, city.rows, cards)
    return city
