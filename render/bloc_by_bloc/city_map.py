"""The 5 x 5 city: tiles, streets, highways, metro, shopping centers, barricades and pieces.

Tiles are laid with gutters between them, and adjacency is drawn in the gutters because that is
what players need to read: a street crossing a gutter joins two districts, a street stub ending
in a red bar is a dead end, a highway crossing a gutter corner joins diagonal districts.
Barricades sit on those crossings, on the very connection they block.

Drawing is layered, because most of the city never changes during a game. The board, its streets,
the highway tiles and the highways are drawn once per city layout (`CityPlan`) and cached; each
district tile's face (name band, colours, difficulty, shopping centers, empty occupation circle)
is cached by what it shows, since a face changes only when the district is liberated or looted.
A move pastes those layers and draws only barricades and pieces. The order of the layers is the
order in which a single pass would paint them, so the pixels are the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image

from render.bloc_by_bloc import glyphs
from render.bloc_by_bloc.geometry import (
    CORNER_STEP,
    FACING,
    STEP,
    Arc,
    Corner,
    Direction,
    Point,
    Pos,
    beyond_corner,
    corner_point,
    corner_toward,
    edge_mid,
    neighbour,
    on_grid,
    tile_box,
)
from render.bloc_by_bloc.look import (
    BAND,
    BOARD_FILL,
    CLASH,
    EDGE,
    FOOT,
    GUTTER,
    HIGHWAY,
    HIGHWAY_ROAD,
    NAME_SIZE,
    ROAD,
    ROAD_GREY,
    SMALL_SIZE,
    TILE,
    band_colour,
    body_colour,
    faction_letter,
    occupation_short,
)
from render.bloc_by_bloc.words import board, language, said
from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.packed import Packed
from render.palette import INK, PAPER, RGB, WHITE, shade, text_on
from render.panels import wrap

if TYPE_CHECKING:
    from engine.games.bloc_by_bloc.view import BlocView, ConnectionView, TileView

MARKS = {"clean": 0, "graffiti": 1, "burned": 2}
OPPOSITE: dict[Direction, Direction] = {"N": "S", "S": "N", "E": "W", "W": "E"}
LAYOUTS_CACHED = 48
"""City layouts kept drawn per process (5.7 MB each, kept packed: about 80 KB), as many as
backdrops (`render.bloc_by_bloc.BACKDROPS_CACHED`): only a city whose ground changes (a district
liberated, looted or occupied) needs its layout again, and then it is at hand for every city
the worker is home to."""
MARGIN = 12
"""Room kept around the board in the cached layer: dead ends of highways at the edge of the city
reach a few pixels past the board's frame."""
STREETS_CACHED = 64
"""Cities whose street geometry is kept per process (a few kilobytes each)."""
FACES_CACHED = 64
"""Tile faces kept drawn per process (about 230 KB each, kept packed: a few tens of KB): 20
per city, plus the liberated, looted and occupied variants; faces are only needed when the
city's ground is redrawn."""


# ----- the static plan of a city ----------------------------------------------------------------


@dataclass(frozen=True)
class TilePlan:
    """What never changes about a tile during a game: where it lies and its roads."""

    row: int
    col: int
    tile: str
    type: str
    exits: tuple[str, ...]
    highways: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CityPlan:
    """The layout of a city: its tiles and which districts a street joins. The cache key of
    the drawn city, so it holds exactly what the cached layers depend on."""

    tiles: tuple[TilePlan, ...]
    streets: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, view: BlocView) -> CityPlan:
        tiles = tuple(
            TilePlan(
                t.row,
                t.col,
                t.tile,
                t.type,
                tuple(t.exits),
                tuple((a, b) for a, b in t.highways),
            )
            for t in view.tiles
        )
        streets = tuple(sorted((c.a, c.b) for c in view.connections if c.kind == "street"))
        return cls(tiles, streets)


@dataclass(frozen=True)
class Grid:
    """The plan's tiles by position and by id, plus the board box they are drawn in."""

    board: Box
    tiles: dict[Pos, TilePlan]
    by_id: dict[str, TilePlan]

    @classmethod
    def of(cls, plan: CityPlan, board: Box) -> Grid:
        return cls(board, {(t.row, t.col): t for t in plan.tiles}, {t.tile: t for t in plan.tiles})

    def box(self, pos: Pos) -> Box:
        return tile_box(self.board, pos)

    def is_highway(self, pos: Pos) -> bool:
        return self.tiles[pos].type == HIGHWAY


class TileFace(NamedTuple):
    """Everything drawn on a district tile below its pieces; the cache key of its sprite."""

    name: str
    type: str
    liberated: bool
    difficulty: int
    police_id: int
    metro: bool
    shopping_centers: tuple[str, ...]
    circle: bool
    """Draw the empty occupation circle (the tile has one and nobody occupies it)."""
    language: str
    """The language its words are drawn in (a liberated tile's ribbon)."""

    @classmethod
    def of(cls, tile: TileView) -> TileFace:
        return cls(
            said(tile.name),
            tile.type,
            tile.liberated,
            tile.difficulty or 0,
            tile.police_id,
            tile.metro,
            tuple(tile.shopping_centers),
            tile.occupation is None and tile.occupation_circle,
            language(),
        )


# ----- drawing a move ---------------------------------------------------------------------------


def city_faces(view: BlocView) -> tuple[TileFace | None, ...]:
    """The face of every tile in the view's order (None for highway tiles, which have none)."""
    return tuple(None if t.type == HIGHWAY else TileFace.of(t) for t in view.tiles)


def draw_city_ground(
    canvas: Canvas, board: Box, plan: CityPlan, faces: tuple[TileFace | None, ...]
) -> None:
    """Everything under the barricades and pieces: the cached layers, then each district."""
    layers = _layers(plan, board)
    canvas.image.paste(layers.base.whole(), (board.x0 - MARGIN, board.y0 - MARGIN))
    for tile, face in zip(plan.tiles, faces, strict=True):
        _lay_district(canvas.image, tile_box(board, (tile.row, tile.col)), face, layers, (0, 0))


def tile_grounds(
    board: Box, plan: CityPlan, faces: tuple[TileFace | None, ...], tiles: Iterable[int]
) -> Iterator[tuple[tuple[int, int], Image.Image]]:
    """The ground of each district of `tiles` (indexes into the plan's tiles) as
    `draw_city_ground` lays it, with where it lies: the cached layers under the tile, then the
    district. A backdrop whose districts changed redraws only those."""
    layers = _layers(plan, board)
    left, top = board.x0 - MARGIN, board.y0 - MARGIN
    for index in tiles:
        tile = plan.tiles[index]
        box = tile_box(board, (tile.row, tile.col))
        x0, y0, x1, y1 = box.x0, box.y0, box.x1 + 1, box.y1 + 1
        ground = layers.base.crop((x0 - left, y0 - top, x1 - left, y1 - top))
        _lay_district(ground, box, faces[index], layers, (x0, y0))
        yield (x0, y0), ground


def _lay_district(
    image: Image.Image,
    box: Box,
    face: TileFace | None,
    layers: CityLayers,
    origin: tuple[int, int],
) -> None:
    """A district's face on the tile `box`, then the highway pixels that cross its corners,
    on `image`, whose top-left corner is the city's point `origin`. Tiles lie apart (streets
    run between them) and each highway patch lies within one tile, so a district is laid the
    same on the whole city as on its tile alone."""
    ox, oy = origin
    if face is not None:
        sprite = _face(face).whole()
        image.paste(sprite, (box.x0 - ox, box.y0 - oy), sprite)
    for x, y, patch in layers.highway_patches:
        if box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1:
            image.paste(patch, (x - ox, y - oy), patch)


def draw_city_pieces(
    canvas: Canvas, board: Box, view: BlocView, origin: tuple[int, int] = (0, 0)
) -> None:
    """Barricades (on highways, then on streets) and the pieces on each district, over the
    ground that `draw_city_ground` laid.

    `origin` is the image's point at the canvas's top-left corner when the canvas holds only a
    window of the image (a phone's 3 x 3 districts). Everything is placed on `board` as in the
    whole image and only then moved, because a curve's point worked out on a moved board can
    round the other way. Districts wholly off the canvas are skipped: their pieces stay inside
    their tiles.
    """
    ox, oy = origin
    plan = CityPlan.of(view)
    grid = Grid.of(plan, board)
    for conn in view.connections:
        if conn.kind == "highway" and conn.barricades:
            arc, t = _barricade_spot(grid, conn)
            x, y = arc.at(t)
            glyphs.barricades(canvas, (x - ox, y - oy), arc.tangent(t), conn.barricades)
    counts = {frozenset((c.a, c.b)): c.barricades for c in view.connections if c.kind == "street"}
    for street in _city_streets(plan, board):
        if street.pair is not None and counts.get(street.pair):
            _street_barricades(canvas, street, counts[street.pair], origin)
    order = [f.faction for f in view.factions]
    width, height = canvas.image.size
    for tile in view.tiles:
        police = tile.cops > 0 or tile.van_damage is not None
        if tile.type != HIGHWAY and (tile.occupation or tile.blocs or police):
            box = tile_box(board, (tile.row, tile.col)).moved(-ox, -oy)
            if box.x1 < 0 or box.y1 < 0 or box.x0 >= width or box.y0 >= height:
                continue
            _pieces(canvas, box, tile, order)
            canvas.mark(box)


# ----- cached layers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CityLayers:
    """A city drawn once: everything under the district tiles plus the highways (`base`, the
    board and `MARGIN` pixels around it), and the highway pixels that lie on district tiles
    (re-laid over each tile face, at image coordinates)."""

    base: Packed
    highway_patches: tuple[tuple[int, int, Image.Image], ...]


@lru_cache(maxsize=LAYOUTS_CACHED)
def _layers(plan: CityPlan, board: Box) -> CityLayers:
    """Board, streets, highway tiles and highways, in the order a single pass paints them.

    District tiles are left out: their faces are pasted per move from `_face`, and the
    highway links that cross a district tile's corner are kept as patches to lay back on top.
    Drawn where the board really lies in the image (then cropped), because curves sampled at
    other coordinates can round a pixel differently.
    """
    width, height = board.x1 + MARGIN + 1, board.y1 + MARGIN + 1
    grid = Grid.of(plan, board)
    base = Canvas(width, height, PAPER)
    base.draw.rounded_rectangle(board, radius=16, fill=BOARD_FILL)
    for street in _city_streets(plan, board):
        _draw_street(base, street)
    for pos in grid.tiles:
        if grid.is_highway(pos):
            _highway_tile(base, grid.box(pos))
    overlay = Canvas(width, height, image=Image.new("RGBA", (width, height)))
    _highways(overlay, grid)
    base.image.paste(overlay.image, (0, 0), overlay.image)
    patches = []
    for pos in grid.tiles:
        if grid.is_highway(pos):
            continue
        box = grid.box(pos)
        patch = overlay.image.crop((box.x0, box.y0, box.x1 + 1, box.y1 + 1))
        inked = patch.getbbox(alpha_only=True)
        if inked is not None:
            x0, y0, _, _ = inked
            patches.append((box.x0 + x0, box.y0 + y0, patch.crop(inked)))
    frame = (board.x0 - MARGIN, board.y0 - MARGIN, width, height)
    return CityLayers(Packed(base.image.crop(frame)), tuple(patches))


@lru_cache(maxsize=STREETS_CACHED)
def _city_streets(plan: CityPlan, board: Box) -> tuple[Street, ...]:
    """The streets of a city, which barricades are drawn on at every move: kept apart from its
    drawn layers, which only a change of the city's ground needs."""
    return tuple(_streets(Grid.of(plan, board), plan.streets))


@lru_cache(maxsize=FACES_CACHED)
def _face(face: TileFace) -> Packed:
    """A district tile as an RGBA sprite: opaque inside its rounded outline, clear outside."""
    canvas = Canvas(TILE + 1, TILE + 1, image=Image.new("RGBA", (TILE + 1, TILE + 1)))
    box = Box(0, 0, TILE, TILE)
    _district_tile(canvas, box, face)
    if face.circle:
        body = _body(box)
        circle = Box(body.x0, body.y0, body.x0 + 44, body.y0 + 44)
        glyphs.occupation_circle(canvas, circle, face.type)
    return Packed(canvas.image)


def _body(box: Box) -> Box:
    """The part of a tile between its name band and its foot strip, where pieces stand."""
    return Box(box.x0 + 8, box.y0 + BAND + 6, box.x1 - 8, box.y1 - FOOT - 4)


# ----- tiles ------------------------------------------------------------------------------------


def _district_tile(canvas: Canvas, box: Box, tile: TileFace) -> None:
    kind = tile.type
    body = body_colour(kind, tile.liberated)
    canvas.draw.rounded_rectangle(box, radius=10, fill=body, outline=INK, width=2)
    band = Box(box.x0, box.y0, box.x1, box.y0 + BAND)
    fill = band_colour(kind, tile.liberated)
    canvas.draw.rounded_rectangle(band, radius=10, fill=fill, outline=INK, width=2)
    canvas.draw.rectangle(Box(band.x0 + 2, band.y1 - 12, band.x1 - 2, band.y1 - 1), fill=fill)
    canvas.draw.line([(band.x0, band.y1), (band.x1, band.y1)], fill=INK, width=2)
    _name(canvas, band.inset(8, 3), tile.name, text_on(fill))
    foot = Box(box.x0, box.y1 - FOOT, box.x1, box.y1)
    canvas.draw.line([(foot.x0, foot.y0), (foot.x1, foot.y0)], fill=shade(body, 0.3), width=1)
    glyphs.difficulty_disc(canvas, (foot.x0 + 24, foot.center[1]), 18, tile.difficulty)
    police_id = f"#{tile.police_id}"
    canvas.text((foot.x1 - 8, foot.center[1]), police_id, SMALL_SIZE, INK, "rm", True)
    right = foot.x1 - 14 - text_size(police_id, SMALL_SIZE, True)[0]
    if tile.metro:
        right -= 20
        glyphs.metro_badge(canvas, (right, foot.center[1]), 17)
        right -= 24
    left = foot.x0 + 48
    if tile.liberated:
        ribbon = Box(left - 4, foot.y0 + 6, right + 2, foot.y1 - 6)
        canvas.draw.rounded_rectangle(ribbon, radius=6, fill=INK)
        word = board("liberated")
        size = fit_size(word, ribbon.width - 8, SMALL_SIZE, 14, bold=True)
        canvas.label(ribbon, word, size, WHITE)
    else:
        _shopping_centers(canvas, Box(left, foot.y0 + 6, right - 4, foot.y1 - 6), tile)


def _shopping_centers(canvas: Canvas, area: Box, tile: TileFace) -> None:
    """One cart per shopping center, shrunk to fit (the Mega Mall has five)."""
    count = len(tile.shopping_centers)
    if not count:
        return
    side = min(area.height, (area.width + 3) // count - 3)
    for i, mark in enumerate(tile.shopping_centers):
        x = area.x0 + i * (side + 3)
        glyphs.shopping_center(canvas, Box(x, area.y0, x + side, area.y0 + side), MARKS[mark])


def _name(canvas: Canvas, box: Box, name: str, ink: RGB) -> None:
    """The district name in at most two centred lines, shrinking before it would overflow."""
    size = NAME_SIZE
    rows = wrap(name, size, box.width, bold=True)
    while size > SMALL_SIZE and (
        len(rows) > 2 or max(text_size(r, size, True)[0] for r in rows) > box.width
    ):
        size -= 1
        rows = wrap(name, size, box.width, bold=True)
    line = size + 4
    top = box.center[1] - line * len(rows) / 2 + line / 2
    for i, row in enumerate(rows):
        canvas.text((box.center[0], top + i * line), row, size, ink, "mm", True)


def _highway_tile(canvas: Canvas, box: Box) -> None:
    """Bare asphalt: the arcs drawn over it say everything (police never stop on highways, so
    their names and IDs never matter)."""
    fill = body_colour(HIGHWAY, False)
    canvas.draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=2)


# ----- streets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Street:
    """A street crossing a gutter between the districts `pair`, or a dead-end stub (`dead`)."""

    start: Point
    end: Point
    along: Point
    dead: bool
    pair: frozenset[str] | None = None


def _streets(grid: Grid, street_pairs: tuple[tuple[str, str], ...]) -> list[Street]:
    """Each street exit leaves its tile through the gutter: it meets the next tile's street
    when the plan lists a street between them, and ends in a dead-end bar otherwise."""
    joined = {frozenset(pair) for pair in street_pairs}
    out = []
    for pos, tile in grid.tiles.items():
        box = grid.box(pos)
        for d in tile.exits:
            direction: Direction = d  # type: ignore[assignment]
            other = neighbour(pos, STEP[direction])
            start = edge_mid(box, direction)
            pair = frozenset((tile.tile, grid.tiles[other].tile)) if on_grid(other) else None
            if pair in joined:
                if direction in ("E", "S"):
                    end = edge_mid(grid.box(other), OPPOSITE[direction])
                    out.append(Street(start, end, _vector(direction), False, pair))
                continue
            reach = (GUTTER if on_grid(other) else EDGE) * 0.55
            out.append(Street(start, _inward(start, direction, -reach), _vector(direction), True))
    return out


def _draw_street(canvas: Canvas, street: Street) -> None:
    _road(canvas, street.start, street.end)
    if street.dead:
        dead_end(canvas, street.end, street.along)


def _street_barricades(canvas: Canvas, street: Street, count: int, origin: tuple[int, int]) -> None:
    mid = ((street.start[0] + street.end[0]) / 2, (street.start[1] + street.end[1]) / 2)
    glyphs.barricades(canvas, (mid[0] - origin[0], mid[1] - origin[1]), street.along, count)


def _vector(d: Direction) -> Point:
    dr, dc = STEP[d]
    return (float(dc), float(dr))


def _inward(point: Point, d: Direction, distance: float) -> Point:
    """`point` moved `distance` pixels into the tile whose `d` side it lies on."""
    vx, vy = _vector(d)
    return (point[0] - vx * distance, point[1] - vy * distance)


def _road(canvas: Canvas, a: Point, b: Point, fill: RGB = ROAD_GREY, width: int = ROAD) -> None:
    canvas.draw.line([a, b], fill=INK, width=width + 4)
    canvas.draw.line([a, b], fill=fill, width=width)


def dead_end(canvas: Canvas, at: Point, along: Point) -> None:
    """A red bar across the end of a road: no way through here."""
    ux, uy = along
    px, py = -uy, ux
    half = ROAD * 0.75
    a = (at[0] + px * half, at[1] + py * half)
    b = (at[0] - px * half, at[1] - py * half)
    canvas.draw.line([a, b], fill=WHITE, width=10)
    canvas.draw.line([a, b], fill=CLASH, width=6)


# ----- highways ---------------------------------------------------------------------------------


def _highways(canvas: Canvas, grid: Grid) -> None:
    """Arcs on highway tiles and their links across gutter corners (barricades come later)."""
    for pos, tile in grid.tiles.items():
        box = grid.box(pos)
        arcs = [Arc(box, _corners(ends)) for ends in tile.highways]
        for arc in arcs:
            # Outline and surface per arc: the Overpass's second highway bridges the first.
            canvas.draw.line(arc.points(), fill=INK, width=ROAD + 10, joint="curve")
            canvas.draw.line(arc.points(), fill=HIGHWAY_ROAD, width=ROAD + 6, joint="curve")
            _centre_dashes(canvas, arc)
            for corner in arc.ends:
                _highway_end(canvas, grid, pos, corner)


def _corners(ends: tuple[str, str]) -> tuple[Corner, Corner]:
    return ends  # type: ignore[return-value]


def _centre_dashes(canvas: Canvas, arc: Arc) -> None:
    points = arc.points(40)
    for i in range(0, len(points) - 1, 4):
        canvas.draw.line([points[i], points[i + 1]], fill=WHITE, width=3)


def _highway_end(canvas: Canvas, grid: Grid, pos: Pos, corner: Corner) -> None:
    """Continue a highway across the gutter corner, or end it in a dead-end bar."""
    box = grid.box(pos)
    other = neighbour(pos, CORNER_STEP[corner])
    start = corner_point(box, corner)
    dr, dc = CORNER_STEP[corner]
    joins = on_grid(other) and (
        not grid.is_highway(other)
        or any(FACING[corner] in ends for ends in grid.tiles[other].highways)
    )
    if not joins:
        end = (start[0] + dc * GUTTER * 0.4, start[1] + dr * GUTTER * 0.4)
        dead_end(canvas, end, (dc / 1.414, dr / 1.414))
        return
    _road(canvas, start, beyond_corner(box, corner), HIGHWAY_ROAD, ROAD + 6)


def _barricade_spot(grid: Grid, conn: ConnectionView) -> tuple[Arc, float]:
    """The arc on the middle highway tile of the route, and where along it barricades sit."""
    start = grid.by_id[conn.a]
    route: list[Pos] = [(start.row, start.col), *conn.via]
    i = 1 + (len(conn.via) - 1) // 2
    here, before = route[i], route[i - 1]
    entry = corner_toward(here, before)
    box = grid.box(here)
    highways = grid.tiles[here].highways
    ends = next((e for e in highways if entry in e), highways[0])
    arc = Arc(box, _corners(ends))
    return arc, arc.barricade_t


# ----- pieces -----------------------------------------------------------------------------------


def _pieces(canvas: Canvas, box: Box, tile: TileView, order: list[str]) -> None:
    """Occupation and blocs on the left, police in a column on the right.

    The empty occupation circle belongs to the tile's face (`_face`); it takes the same place
    as an occupation token, so the blocs below start at the same height either way.
    """
    body = _body(box)
    police = tile.cops > 0 or tile.van_damage is not None
    if police and tile.blocs:
        canvas.dashed_rect(box.inset(3), CLASH, width=5, dash=14)
    if police:
        column = Box(body.x1 - 64, body.y0, body.x1, body.y1)
        body = Box(body.x0, body.y0, column.x0 - 6, body.y1)
        _police(canvas, column, tile.cops, tile.van_damage)
    row = Box(body.x0, body.y0, body.x1, body.y0 + 46)
    if tile.occupation is not None:
        occ = tile.occupation
        label = occupation_short(said(occ.name), occ.is_start)
        glyphs.occupation_token(canvas, row, occ.faction, faction_letter(occ.faction), label)
    elif not tile.occupation_circle:
        row = Box(body.x0, body.y0, body.x1, body.y0)
    blocs = sorted(tile.blocs.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 9)
    _blocs(canvas, Box(body.x0, row.y1 + 4, body.x1, body.y1), blocs)


def _police(canvas: Canvas, column: Box, cops: int, damage: int | None) -> None:
    """The van on top (taller when it lies on its side, with its hits), riot cops below."""
    top = column.y0
    if damage is not None:
        height = 62 if damage == 1 else 44
        glyphs.van(canvas, Box(column.x0 + 4, top + 4, column.x1 - 4, top + height), damage)
        top += height + 6
        if damage:
            glyphs.hits_tag(canvas, Box(column.x0, top, column.x1, top + 26), damage)
            top += 30
    if cops:
        side = max(34, min(48, column.y1 - top))
        x = column.center[0] - side // 2 - 2
        glyphs.cops_token(canvas, Box(x, column.y1 - side, x + side, column.y1), cops)


def _blocs(canvas: Canvas, area: Box, blocs: list[tuple[str, int]]) -> None:
    """One pill per faction present, two to a row, centred in what is left of the tile."""
    if not blocs:
        return
    columns = 1 if len(blocs) == 1 else 2
    rows = -(-len(blocs) // columns)
    width = min(100, (area.width - 6 * (columns - 1)) // columns)
    height = min(40, (area.height - 4 * (rows - 1)) // rows)
    left = area.x0 + (area.width - (columns * width + 6 * (columns - 1))) // 2
    top = area.y0 + (area.height - (rows * height + 4 * (rows - 1))) // 2
    for i, (faction, count) in enumerate(blocs):
        r, c = divmod(i, columns)
        x, y = left + c * (width + 6), top + r * (height + 4)
        pill = Box(x, y, x + width, y + height)
        glyphs.bloc_token(canvas, pill, faction, faction_letter(faction), count)
