"""The Not On My Block board image: the city grid, every piece, whose turn, scores and decisions.

Drawn from `NombView` only, so everything shown is what the channel may see. The layout is
portrait (header, board, status panel, legend) because the image is read mostly on phones, where
a tall image fills the screen and a wide one shrinks.

Visual language (each colour doubled by a letter, a label or a shape):

- block type: background tint plus a label in the block's top strip ("STORE", "RISK"...); Risk
  Zones are also striped;
- apartment: a house in its resident's colour with R/B/Y; a white shield with "T" = temporarily
  protected (2 reps on it); a black badge with a padlock and a heavy frame = permanently protected;
- resident rep: a circle "R1".."Y3"; developer agent: a dark square "A1".."A6";
- crowded blocks (Start holds all 15 pieces at set-up) switch to one row per owner ("A 1-6").

Drawing is layered: the printed board (grid, block types, coordinates) is drawn once per board
and cached, each block's look (its type or gentrification, protection marks) is cached as a
small tile, and the key is drawn once. A move pastes those and draws pieces and the status
panel. The renderer reads the view only, never the rules: move allowances come in the view.

`render(view, players)` shows each seat's player's display name beside its seat name when the
caller passes them; `focus(before, after, players)` draws the blocks a move changed, for phones
(see `render.focus` and this package's `closeup` module). The full board cannot be read 400 px
wide, so `phone_overview(view, players, before)` draws the blocks in play and the counts for a
turn message (this package's `overview` module).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from engine.messages import ENGLISH, m, say
from render.canvas import Box, Canvas, map_to_palette, palette_index
from render.focus import encoded
from render.fonts import fit_size, text_size
from render.names import Players
from render.not_on_my_block.board import draw_board
from render.not_on_my_block.look import (
    GAP,
    HEADER,
    HEADER_OVER,
    LEGEND_SIZE,
    TITLE,
    Layout,
    board_palette,
    layout,
)
from render.not_on_my_block.side import (
    legend_items,
    over,
    result_of,
    seat_label,
    status_lines,
)
from render.palette import (
    DARK,
    PAPER,
    WHITE,
)
from render.panels import (
    draw_legend,
    draw_panel,
)

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import NombView


GAME_ID = "not_on_my_block"
"""The engine's id for the game (`engine.games.not_on_my_block.GAME.id`)."""


# ----- entry point -----------------------------------------------------------------------------


def render(view: NombView, players: Players = None, language: str = ENGLISH) -> bytes:
    """PNG bytes of the board and status for a Not On My Block view, with the players' names
    beside the seats', its words in `language`; the `render` package says what renderers
    promise."""
    return draw(view, players, language).to_png(board_palette())


def focus(
    before: NombView, after: NombView, players: Players = None, language: str = ENGLISH
) -> bytes | None:
    """PNG bytes of the blocks that changed from `before` to `after` (two spectator views)
    under a turn banner, at most 800 px wide; None when nothing on the board changed."""
    from render.not_on_my_block.closeup import focus_image

    return encoded(focus_image(before, after, players, language), board_palette())


def phone_overview(
    view: NombView,
    players: Players = None,
    before: NombView | None = None,
    language: str = ENGLISH,
) -> bytes:
    """PNG bytes of the blocks in play and the game's counts, 792 px wide, for a turn message
    read on a phone (the full board cannot be); `before`, the view before the last step, picks
    and frames the blocks it changed (see this package's `overview` module)."""
    from render.not_on_my_block.overview import overview_image

    image = overview_image(view, players, before, language)
    return image.to_png(board_palette())


def draw(view: NombView, players: Players = None, language: str = ENGLISH) -> Canvas:
    """The finished canvas (tests and tools can inspect pixels before encoding)."""
    lines = status_lines(view, players, language)
    legend = legend_items(language)
    geo = layout(view, lines, legend)
    canvas = Canvas(geo.width, geo.height, PAPER)
    canvas.start_encoding(board_palette(), _paper_index())
    draw_board(canvas, view, geo, language)
    _header(canvas, view, geo, players, language)
    canvas.mark(Box(0, 0, geo.width - 1, HEADER))
    draw_panel(canvas, geo.status, lines)
    canvas.mark(geo.status)
    key = _key_image(geo.legend.width, geo.legend.height, geo.legend_columns, language)
    canvas.lay(*key, (geo.legend.x0, geo.legend.y0))
    return canvas


@lru_cache(maxsize=1)
def _paper_index() -> int:
    return palette_index(board_palette(), PAPER)


@lru_cache(maxsize=4)
def _key_image(
    width: int, height: int, columns: int, language: str
) -> tuple[Image.Image, Image.Image]:
    """The legend, drawn once per language on the page colour (it is the same on every board),
    and mapped to the palette."""
    canvas = Canvas(width + 1, height + 1, PAPER)
    items = legend_items(language)
    draw_legend(
        canvas, Box(0, 0, width, height), items, columns, size=LEGEND_SIZE, language=language
    )
    return canvas.image, map_to_palette(canvas.image, board_palette())


# ----- header and coordinates ------------------------------------------------------------------


def headline(view: NombView, players: Players = None, language: str = ENGLISH) -> str:
    """One line a player reads first: whose turn, or who won."""
    if over(view):
        winners = [seat_label(view, s, players, language) for s in view.winners]
        return say(m("nomb.board.headline_over", result=result_of(winners, language)), language)
    if view.pending is not None and view.pending.seat != view.active_seat:
        who = seat_label(view, view.pending.seat, players, language)
        return say(m("nomb.board.headline_waiting", round=view.round, seat=who), language)
    active = seat_label(view, view.active_seat, players, language)
    if view.phase == "placement":
        return say(m("nomb.board.headline_placing", seat=active), language)
    return say(m("nomb.board.headline_turn", round=view.round, seat=active), language)


def _header(canvas: Canvas, view: NombView, geo: Layout, players: Players, language: str) -> None:
    fill = DARK if not over(view) else HEADER_OVER
    canvas.draw.rectangle(Box(0, 0, geo.width, HEADER), fill=fill)
    canvas.text((GAP + 4, HEADER // 2), "NOT ON MY BLOCK", 22, TITLE, "lm", True)
    title_x = GAP + 4 + text_size("NOT ON MY BLOCK", 22, True)[0] + 24
    text = headline(view, players, language)
    size = fit_size(text, geo.width - title_x - GAP, 32, 22, bold=True)
    canvas.text((title_x, HEADER // 2), text, size, WHITE, "lm", True)
