"""The Bloc by Bloc board image: the city as it lies on the table, plus the side panels.

`render(view, players)` takes the engine's spectator view (and the display names of the seats'
players, if the caller has them) and returns PNG bytes. The image is landscape
(city on the left, panel column on the right, key underneath) at about 1900 px wide: the city
needs its 5 x 5 tiles large enough for two-line district names and stacked pieces, and Discord
lets a phone user tap to expand and zoom.

The renderer reads the view and nothing else (no engine rules, no content files): everything it
draws, down to the morale track and the names of occupations, is in `BlocView`. What never
changes in a game is drawn once and cached (see `city_map` and `legend.key_image`), so a move
costs the pieces and the text that changed, then the encoding.

`focus(before, after, players)` draws the part of the city a move changed, for phones (see
`render.focus` and this package's `closeup` module).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image

from engine.messages import ENGLISH
from render.bloc_by_bloc.city_map import (
    MARGIN,
    CityPlan,
    TileFace,
    city_faces,
    draw_city_ground,
    draw_city_pieces,
    tile_grounds,
)
from render.bloc_by_bloc.legend import key_image, legend_items
from render.bloc_by_bloc.look import (
    BOARD,
    GAP,
    HEADER,
    HEADER_OVER,
    PALETTE,
    SIDE_WIDTH,
    TITLE,
)
from render.bloc_by_bloc.side import headline, over, sections
from render.bloc_by_bloc.words import drawing_in
from render.bloc_by_bloc.words import language as drawn_language
from render.canvas import Box, Canvas, map_to_palette, palette_index
from render.focus import encoded
from render.fonts import fit_size, text_size
from render.names import Players
from render.packed import Packed
from render.palette import DARK, PAPER, WHITE, palette_image
from render.panels import legend_height

if TYPE_CHECKING:
    from engine.games.bloc_by_bloc.view import BlocView

GAME_ID = "bloc_by_bloc"
"""The engine's id for the game (`engine.games.bloc_by_bloc.GAME.id`)."""
WIDTH = GAP + BOARD + GAP + SIDE_WIDTH + GAP
BOARD_BOX = Box(GAP, HEADER + GAP, GAP + BOARD, HEADER + GAP + BOARD)
"""Where the city is drawn; `geometry.tile_box(BOARD_BOX, (row, col))` finds a tile."""
LEGEND_COLUMNS = 5
LEGEND_SIZE = 22
TITLE_TEXT = "BLOC BY BLOC"
BACKDROPS_CACHED = 48
"""Cities whose backdrop is kept per process (mapped to the palette and packed, about 130 KB
each, 6 MB in all): one per game a worker draws for (the bot sends each game to the same
worker, and at 50 busy channels a worker is home to a dozen Bloc by Bloc games, at 200 to some
fifty; drawing a city anew costs some 70 ms)."""


class Backdrop(NamedTuple):
    """What the top of the image shows before any piece: the key of its cached drawing.

    It changes only when the city's faces do (a district liberated, looted or occupied) or
    the game ends, so most moves reuse it whole.
    """

    plan: CityPlan
    faces: tuple[TileFace | None, ...]
    over: bool


def render(view: BlocView, players: Players = None, language: str = ENGLISH) -> bytes:
    """PNG bytes for a Bloc by Bloc view (the spectator view: the channel sees the image), with
    the players' names beside the factions', the view's words said in `language`; the `render`
    package says what renderers promise."""
    with drawing_in(language):
        return draw(view, players).to_png(board_palette())


def focus(
    before: BlocView, after: BlocView, players: Players = None, language: str = ENGLISH
) -> bytes | None:
    """PNG bytes of the part of the city that changed from `before` to `after` (two spectator
    views) under a turn banner, at most 800 px wide; None when nothing on the city changed."""
    from render.bloc_by_bloc.closeup import focus_image

    with drawing_in(language):
        return encoded(focus_image(before, after, players), board_palette())


def phone_overview(
    view: BlocView,
    players: Players = None,
    before: BlocView | None = None,
    language: str = ENGLISH,
) -> bytes:
    """PNG bytes of the districts in play and the game's counts, 800 px wide, for a turn
    message read on a phone (the full board cannot be); `before`, the view before the last
    step, picks and rings the districts it changed (see this package's `overview` module)."""
    from render.bloc_by_bloc.overview import overview_image

    with drawing_in(language):
        return overview_image(view, players, before).to_png(board_palette())


@lru_cache(maxsize=1)
def board_palette() -> Image.Image:
    """The fixed palette every Bloc by Bloc board is encoded in."""
    return palette_image(PALETTE)


def draw(view: BlocView, players: Players = None) -> Canvas:
    """The finished canvas, before encoding (tests and tools can read its pixels)."""
    column = sections(view, SIDE_WIDTH, players)
    top = BOARD_BOX.y0
    column_h = sum(s.height for s in column) + GAP * (len(column) - 1)
    legend_w = WIDTH - 2 * GAP
    legend_top = top + max(BOARD, column_h) + GAP
    legend_h = _legend_height(legend_w, drawn_language())
    backdrop = city_backdrop(view).whole()
    height = legend_top + legend_h + GAP
    canvas = Canvas.over(backdrop.convert("RGB"), backdrop, height, PAPER, _paper_index())
    _headline(canvas, view, players)
    draw_city_pieces(canvas, BOARD_BOX, view)
    x, y = BOARD_BOX.x1 + GAP, top
    for section in column:
        section.draw(canvas, Box(x, y, x + SIDE_WIDTH, y + section.height))
        y += section.height + GAP
    canvas.mark(Box(x, top, x + SIDE_WIDTH, y))
    canvas.lay(*_key(legend_w, legend_h, drawn_language()), (GAP, legend_top))
    return canvas


def city_backdrop(view: BlocView) -> Packed:
    """The header and the city's ground for `view`, mapped to the board's palette (cached).

    Kept only in its mapped form and packed (`render.packed`: 2.8 MB mapped, about 130 KB
    packed), so a worker keeps every city it is home to in the memory one took; a picture
    unpacks the rows it shows and draws the pieces on their RGB copy, blending with the ground
    as the board shows it."""
    return _backdrop(Backdrop(CityPlan.of(view), city_faces(view), over(view)))


@lru_cache(maxsize=1)
def _paper_index() -> int:
    return palette_index(board_palette(), PAPER)


@lru_cache(maxsize=2)
def _key(width: int, height: int, lang: str) -> tuple[Image.Image, Image.Image]:
    """The key in `lang`, drawn and mapped to the palette once per language."""
    image = key_image(width, height, LEGEND_COLUMNS, LEGEND_SIZE, lang)
    return image, map_to_palette(image, board_palette())


@lru_cache(maxsize=2)
def _legend_height(width: int, lang: str) -> int:
    """The key's height for its words in `lang`."""
    return legend_height(legend_items(), width, LEGEND_COLUMNS, LEGEND_SIZE)


def _draw_backdrop(key: Backdrop) -> Packed:
    """The header bar with the title, and the city's ground (see `city_map`), down to just
    below the board; drawn, and mapped to the palette."""
    canvas = Canvas(WIDTH, BOARD_BOX.y1 + MARGIN + 1)
    fill = HEADER_OVER if key.over else DARK
    canvas.draw.rectangle(Box(0, 0, WIDTH, HEADER), fill=fill)
    canvas.text((GAP + 4, HEADER // 2), TITLE_TEXT, 24, TITLE, "lm", True)
    draw_city_ground(canvas, BOARD_BOX, key.plan, key.faces)
    return Packed(map_to_palette(canvas.image, board_palette()))


def _redraw_backdrop(before: Backdrop, drawn: Packed, key: Backdrop) -> Packed:
    """The city's backdrop `drawn` for `before`, with the districts whose faces changed since
    drawn again: a move changes one or two (a district liberated or occupied), and drawing and
    mapping the whole city again for them was a fifth of a drawing worker's time. Mapping to
    the palette goes pixel by pixel, so the result is the backdrop drawn whole. The header
    changes only when the game ends: then it is drawn whole."""
    if before.over != key.over:
        return _draw_backdrop(key)
    pairs = zip(before.faces, key.faces, strict=True)
    changed = [index for index, (old, new) in enumerate(pairs) if old != new]
    image = drawn.whole()
    for at, ground in tile_grounds(BOARD_BOX, key.plan, key.faces, changed):
        image.paste(map_to_palette(ground, board_palette()), at)
    return Packed(image)


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class LatestPerCity:
    """The latest backdrop of each of the `maxsize` cities drawn last, with `lru_cache`'s
    `cache_info` and `cache_clear`.

    A city's faces only move on (districts liberated, looted, occupied) and a game ends once,
    so a backdrop made stale by its own city's next one is never asked for again; an `lru_cache`
    of backdrops kept those stale ones, so one busy game filled every place and the next game
    drawn by the same worker drew its city again."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._kept: OrderedDict[CityPlan, tuple[Backdrop, Packed]]
        self._kept = OrderedDict()
        self._lock = threading.Lock()
        """Drawing without workers runs in threads; the drawing itself is not held by it."""
        self.hits = self.misses = 0

    def __call__(self, key: Backdrop) -> Packed:
        with self._lock:
            kept = self._kept.get(key.plan)
            if kept is not None and kept[0] == key:
                self._kept.move_to_end(key.plan)
                self.hits += 1
                return kept[1]
            self.misses += 1
        drawn = _draw_backdrop(key) if kept is None else _redraw_backdrop(*kept, key)
        with self._lock:
            self._kept[key.plan] = (key, drawn)
            self._kept.move_to_end(key.plan)
            while len(self._kept) > self.maxsize:
                self._kept.popitem(last=False)
        return drawn

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.maxsize, len(self._kept))

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.hits = self.misses = 0


_backdrop = LatestPerCity(BACKDROPS_CACHED)


def _headline(canvas: Canvas, view: BlocView, players: Players) -> None:
    """Which night it is and who plays, or how the game ended, right of the title."""
    x = GAP + 4 + text_size(TITLE_TEXT, 24, True)[0] + 28
    text = headline(view, players)
    size = fit_size(text, WIDTH - x - GAP, 34, 22, bold=True)
    canvas.text((x, HEADER // 2), text, size, WHITE, "lm", True)
    canvas.mark(Box(x - GAP, 0, WIDTH - 1, HEADER))
