"""The Space Insurrection board image: the ten worlds and every unit on them, whose move it is,
and each seat's public counts.

Drawn from `SpaceView` only, and only from its public part: a seat's own `reserve` and secret
`orders` (set in a seat's private view) are never drawn, so any view gives the channel's image.
The image is 1080 px wide and, on the busiest 5-player board, at most 1.5 times as tall: the
header, the seat table, then the worlds as cards three to a row, with the key beside the last
row. It is read mostly on phones, which show it about 400 px wide, so no text on it is under
`look.MIN_TEXT` (9 px high at that width), seat initials included.

Visual language (each colour doubled by a letter or a shape):

- seats: Okabe-Ito hues of the colours they play, each with its initial (in the board's
  language) in a shape of its own (circle, square, diamond, triangle, hexagon): the badge on
  the seat table, on a loyal world's name strip and at the start of each seat's line of chits
  on a world;
- world: a card with its name on a white strip; loyal = tinted in the seat's colour with a
  heavy ring of it and the seat's badge on the strip; neutral = grey; bombarded (disrupted) =
  striped and tagged; uprising = a dark UPRISING tag; blockaded = a chain round the card in the
  blockader's colour; the world whose actions are being resolved sits in a dark frame;
- unit: a chit in the owner's colour with the type's two letters (in the board's language);
  identical undamaged units fold into one chit with their count ("Se×3"; a two-digit count
  takes two places rather than smaller text); wounded or disrupted = pale ("flipped") with a
  dark W or D tab (H or A in Spanish), always a chit of its own; blockading = a dark bar;
  spied on = an eye. A crowded world's card grows (and its row with it) instead of hiding
  units.

Drawing is layered: each world's face (card, rings, name, tags), each seat badge and each chit
look are cached as stamps; a move pastes those and draws the text.

`render(view, players)` shows each seat's player's display name beside its seat name when the
caller passes them; `focus(before, after, players)` draws the worlds a step changed, for phones
(see `render.focus` and this package's `closeup` module).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.messages import ENGLISH
from render.canvas import Box, Canvas, palette_index
from render.focus import encoded
from render.fonts import fit_size
from render.names import Players
from render.palette import DARK, PAPER, WHITE
from render.panels import Line, draw_panel, panel_height
from render.space_insurrection.board import MapLayout, draw_map, map_layout
from render.space_insurrection.look import (
    BAND,
    GAP,
    HEADER,
    HEADER_OVER,
    TITLE,
    WIDTH,
    board_palette,
)
from render.space_insurrection.side import (
    HEADLINE_MIN,
    TITLE_SIZE,
    TITLE_TEXT,
    KeySection,
    draw_key,
    draw_table,
    header_text,
    headline_x,
    key_height,
    key_sections,
    over,
    status_lines,
    table_height,
)

if TYPE_CHECKING:
    from engine.games.space_insurrection.view import SpaceView

GAME_ID = "space_insurrection"
"""The engine's id for the game."""


# ----- entry points ----------------------------------------------------------------------------


def render(view: SpaceView, players: Players = None, language: str = ENGLISH) -> bytes:
    """PNG bytes of the board and status for a Space Insurrection view, with the players'
    names beside the seats', its words in `language`; the `render` package says what
    renderers promise."""
    return draw(view, players, language).to_png(board_palette())


def focus(
    before: SpaceView, after: SpaceView, players: Players = None, language: str = ENGLISH
) -> bytes | None:
    """PNG bytes of the worlds that changed from `before` to `after` (two spectator views)
    under a turn banner, at most 800 px wide; None when nothing on the map changed."""
    from render.space_insurrection.closeup import focus_image

    return encoded(focus_image(before, after, players, language), board_palette())


@dataclass(frozen=True)
class Layout:
    """Where everything goes, measured before drawing so the image is exactly as tall as
    needed."""

    height: int
    status: Box | None
    table: Box
    map_top: int
    map: MapLayout
    key: Box | None


def layout(
    view: SpaceView, lines: list[Line], items: list[KeySection], language: str = ENGLISH
) -> Layout:
    """The header, the status panel and the seat table across the top, the world cards under
    them, and the key beside the last row of cards (or under them when that row is full)."""
    inner_w = WIDTH - 2 * GAP
    y = HEADER + GAP
    status = None
    if lines:
        status = Box(GAP, y, GAP + inner_w, y + panel_height(lines, inner_w))
        y = status.y1 + GAP
    table = Box(GAP, y, GAP + inner_w, y + table_height(view))
    map_top = table.y1 + GAP - BAND
    geo = map_layout(view, GAP, inner_w, language)
    bottom = map_top + geo.height
    key = None
    if items:
        if geo.free is not None and geo.free.width >= inner_w // 3:
            x0, top = geo.free.x0, map_top + geo.free.y0
            height = max(geo.free.height, key_height(items, geo.free.x1 - x0))
            key = Box(x0, top, geo.free.x1, top + height)
            bottom = max(bottom, key.y1 + BAND)
        else:
            top = bottom + GAP - BAND
            key = Box(GAP, top, GAP + inner_w, top + key_height(items, inner_w))
            bottom = key.y1
    return Layout(bottom + GAP - BAND, status, table, map_top, geo, key)


def draw(view: SpaceView, players: Players = None, language: str = ENGLISH) -> Canvas:
    """The finished canvas (tests and tools can inspect pixels before encoding)."""
    lines = status_lines(view, players, language)
    items = key_sections(view, language)
    geo = layout(view, lines, items, language)
    canvas = Canvas(WIDTH, geo.height, PAPER)
    canvas.start_encoding(board_palette(), _paper_index())
    _header(canvas, view, language)
    canvas.mark(Box(0, 0, WIDTH - 1, HEADER))
    if geo.status is not None:
        draw_panel(canvas, geo.status, lines)
        canvas.mark(geo.status)
    draw_table(canvas, geo.table, view, players, language)
    canvas.mark(geo.table)
    draw_map(canvas, view, geo.map, geo.map_top, language)
    if geo.key is not None:
        draw_key(canvas, geo.key, items, language)
        canvas.mark(geo.key)
    return canvas


@lru_cache(maxsize=1)
def _paper_index() -> int:
    return palette_index(board_palette(), PAPER)


def _header(canvas: Canvas, view: SpaceView, language: str) -> None:
    fill = HEADER_OVER if over(view) else DARK
    canvas.draw.rectangle(Box(0, 0, WIDTH, HEADER), fill=fill)
    canvas.text((GAP + 4, HEADER // 2), TITLE_TEXT, TITLE_SIZE, TITLE, "lm", True)
    x = headline_x()
    text = header_text(view, language)
    size = fit_size(text, WIDTH - x - GAP, 38, HEADLINE_MIN, bold=True)
    canvas.text((x, HEADER // 2), text, size, WHITE, "lm", True)
