"""The key under the board: one small drawing per symbol, drawn by the same code as the board.

The key never changes within a language, so `key_image` draws it once per language and process
and boards paste it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.bloc_by_bloc import glyphs
from render.bloc_by_bloc.city_map import dead_end
from render.bloc_by_bloc.look import CLASH, ROAD, ROAD_GREY, WORKERS, faction_colour
from render.bloc_by_bloc.words import board
from render.canvas import Box, Canvas
from render.palette import INK, PAPER
from render.panels import LegendItem, Marker, draw_legend


def _bloc(canvas: Canvas, box: Box) -> None:
    pill = Box(box.x0 - 8, box.y0 + 5, box.x1 + 6, box.y1 - 5)
    glyphs.bloc_token(canvas, pill, "neighbors", "N", 3)


def _cops(canvas: Canvas, box: Box) -> None:
    glyphs.cops_token(canvas, box.inset(6), 4)


def _van(damage: int) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.van(canvas, box.inset(3), damage)

    return marker


def _occupation(canvas: Canvas, box: Box) -> None:
    canvas.house(box.inset(6, 2), faction_colour("students"), "S", INK, 3)


def _circle(canvas: Canvas, box: Box) -> None:
    glyphs.occupation_circle(canvas, box.inset(4), WORKERS)


def _barricades(canvas: Canvas, box: Box) -> None:
    cx, cy = box.center
    canvas.draw.line([(box.x0, cy), (box.x1, cy)], fill=INK, width=ROAD + 4)
    canvas.draw.line([(box.x0, cy), (box.x1, cy)], fill=ROAD_GREY, width=ROAD)
    glyphs.barricades(canvas, (cx, cy), (1.0, 0.0), 2)


def _dead_end(canvas: Canvas, box: Box) -> None:
    cx, cy = box.center
    canvas.draw.line([(box.x0, cy), (cx + 4, cy)], fill=INK, width=ROAD + 4)
    canvas.draw.line([(box.x0, cy), (cx + 4, cy)], fill=ROAD_GREY, width=ROAD)
    dead_end(canvas, (cx + 4, cy), (1.0, 0.0))


def _metro(canvas: Canvas, box: Box) -> None:
    glyphs.metro_badge(canvas, box.center, box.width // 2 - 4)


def _difficulty(canvas: Canvas, box: Box) -> None:
    glyphs.difficulty_disc(canvas, box.center, box.width // 2 - 4, 5)


def _shop(mark: int) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.shopping_center(canvas, box.inset(8), mark)

    return marker


def _clash(canvas: Canvas, box: Box) -> None:
    canvas.dashed_rect(box.inset(4), CLASH, width=5, dash=10)


def legend_items() -> list[LegendItem]:
    return [
        LegendItem(board("key.blocs"), _bloc),
        LegendItem(board("key.cops"), _cops),
        LegendItem(board("key.van"), _van(0)),
        LegendItem(board("key.van_hit_once"), _van(1)),
        LegendItem(board("key.van_hit_twice"), _van(2)),
        LegendItem(board("key.occupation"), _occupation),
        LegendItem(board("key.circle"), _circle),
        LegendItem(board("key.barricades"), _barricades),
        LegendItem(board("key.dead_end"), _dead_end),
        LegendItem(board("key.metro"), _metro),
        LegendItem(board("key.difficulty"), _difficulty),
        LegendItem(board("key.shop"), _shop(0)),
        LegendItem(board("key.graffiti"), _shop(1)),
        LegendItem(board("key.burned"), _shop(2)),
        LegendItem(board("key.clash"), _clash),
    ]


@lru_cache(maxsize=2)
def key_image(width: int, height: int, columns: int, size: int, lang: str) -> Image.Image:
    """The key, in `lang` (the language being drawn, which keys the cache), drawn in a
    `width` x `height` box (both inclusive, as Pillow draws boxes) on the
    page colour, ready to paste; the drawing is the same at any integer offset."""
    canvas = Canvas(width + 1, height + 1, PAPER)
    draw_legend(canvas, Box(0, 0, width, height), legend_items(), columns, size, title=board("key"))
    return canvas.image
