"""Where things sit on the board: tile boxes, street ends, highway curves.

Grid positions are `(row, col)` as in `engine.games.bloc_by_bloc.city`, row 0 at the top, so the
image is the table seen from above with no mirroring.
"""

from __future__ import annotations

from typing import Literal

from render.bloc_by_bloc.look import EDGE, GUTTER, TILE
from render.canvas import Box

Pos = tuple[int, int]
Point = tuple[float, float]
Direction = Literal["N", "E", "S", "W"]
"""A side of a tile, as the view names street exits (`TileView.exits`)."""
Corner = Literal["NW", "NE", "SE", "SW"]
"""A corner of a tile, as the view names highway ends (`TileView.highways`)."""

STEP: dict[Direction, Pos] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
CORNER_STEP: dict[Corner, Pos] = {"NW": (-1, -1), "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1)}
FACING: dict[Corner, Corner] = {"NW": "SE", "SE": "NW", "NE": "SW", "SW": "NE"}


def tile_box(board: Box, pos: Pos) -> Box:
    x = board.x0 + EDGE + pos[1] * (TILE + GUTTER)
    y = board.y0 + EDGE + pos[0] * (TILE + GUTTER)
    return Box(x, y, x + TILE, y + TILE)


def edge_mid(box: Box, d: Direction) -> Point:
    """Middle of the tile's side facing `d`: where a street leaves the tile."""
    cx, cy = box.center
    return {"N": (cx, box.y0), "S": (cx, box.y1), "E": (box.x1, cy), "W": (box.x0, cy)}[d]


def corner_point(box: Box, corner: Corner) -> Point:
    x = box.x0 if corner[1] == "W" else box.x1
    y = box.y0 if corner[0] == "N" else box.y1
    return (x, y)


def beyond_corner(box: Box, corner: Corner) -> Point:
    """The facing corner of the diagonal neighbour, across the gutter."""
    x, y = corner_point(box, corner)
    dr, dc = CORNER_STEP[corner]
    return (x + dc * GUTTER, y + dr * GUTTER)


def neighbour(pos: Pos, step: Pos) -> Pos:
    return (pos[0] + step[0], pos[1] + step[1])


def on_grid(pos: Pos) -> bool:
    return 0 <= pos[0] < 5 and 0 <= pos[1] < 5


def corner_toward(here: Pos, there: Pos) -> Corner | None:
    """The corner of `here` that touches diagonal neighbour `there` (None if not diagonal)."""
    step = (there[0] - here[0], there[1] - here[1])
    for corner, s in CORNER_STEP.items():
        if s == step:
            return corner
    return None


class Arc:
    """One highway drawn across a highway tile, between two of its corners.

    Highways between neighbouring corners bow into the tile (a quadratic curve), so the two
    highways of a base tile leave room for its name between them; highways between opposite
    corners (the Overpass) are straight and cross in the middle.
    """

    def __init__(self, box: Box, ends: tuple[Corner, Corner]) -> None:
        self.ends = ends
        self.start = corner_point(box, ends[0])
        self.end = corner_point(box, ends[1])
        self.straight = ends[0][0] != ends[1][0] and ends[0][1] != ends[1][1]
        cx, cy = box.center
        mx, my = (self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2
        bow = 0.0 if self.straight else 1.3
        self.control = (mx + (cx - mx) * bow, my + (cy - my) * bow)

    def at(self, t: float) -> Point:
        (x0, y0), (x1, y1), (x2, y2) = self.start, self.control, self.end
        u = 1 - t
        return (u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2)

    def tangent(self, t: float) -> Point:
        (x0, y0), (x1, y1), (x2, y2) = self.start, self.control, self.end
        u = 1 - t
        return (2 * u * (x1 - x0) + 2 * t * (x2 - x1), 2 * u * (y1 - y0) + 2 * t * (y2 - y1))

    def points(self, samples: int = 28) -> list[Point]:
        return [self.at(i / samples) for i in range(samples + 1)]

    @property
    def barricade_t(self) -> float:
        """Where barricades sit along the arc: the middle, except on crossing straight arcs,
        whose middles coincide."""
        return 0.3 if self.straight else 0.5
