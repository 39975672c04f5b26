"""The Bloc by Bloc board image: the city as it lies on the table, plus the side panels.

`render(view)` takes the engine's spectator view and returns PNG bytes. The image is landscape
(city on the left, panel column on the right, key underneath) at about 1900 px wide: the city
needs its 5 x 5 tiles large enough for two-line district names and stacked pieces, and Discord
lets a phone user tap to expand and zoom.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.views import BlocView
from render.bloc_by_bloc.city_map import draw_city
from render.bloc_by_bloc.legend import legend_items
from render.bloc_by_bloc.look import BOARD, GAP, HEADER, SIDE_WIDTH
from render.bloc_by_bloc.side import headline, sections
from render.canvas import Box, Canvas, fast_png
from render.fonts import fit_size, text_size
from render.palette import DARK, GREEN, PAPER, WHITE, shade, tint
from render.panels import draw_legend, legend_height

GAME_ID = GAME.id
WIDTH = GAP + BOARD + GAP + SIDE_WIDTH + GAP
BOARD_BOX = Box(GAP, HEADER + GAP, GAP + BOARD, HEADER + GAP + BOARD)
"""Where the city is drawn; `geometry.tile_box(BOARD_BOX, (row, col))` finds a tile."""
LEGEND_COLUMNS = 5
LEGEND_SIZE = 22


def render(view: BaseModel) -> bytes:
    """PNG bytes for a Bloc by Bloc view (the spectator view: the channel sees the image)."""
    bloc = view if isinstance(view, BlocView) else BlocView.model_validate(view.model_dump())
    return fast_png(draw(bloc).image)


def draw(view: BlocView) -> Canvas:
    """The finished canvas, before encoding (tests and tools can read its pixels)."""
    column = sections(view, SIDE_WIDTH)
    top = BOARD_BOX.y0
    column_h = sum(s.height for s in column) + GAP * (len(column) - 1)
    legend = legend_items()
    legend_w = WIDTH - 2 * GAP
    legend_top = top + max(BOARD, column_h) + GAP
    legend_box = Box(
        GAP,
        legend_top,
        GAP + legend_w,
        legend_top + legend_height(legend, legend_w, LEGEND_COLUMNS, LEGEND_SIZE),
    )
    canvas = Canvas(WIDTH, legend_box.y1 + GAP, PAPER)
    _header(canvas, view)
    draw_city(canvas, BOARD_BOX, view)
    x, y = BOARD_BOX.x1 + GAP, top
    for section in column:
        section.draw(canvas, Box(x, y, x + SIDE_WIDTH, y + section.height))
        y += section.height + GAP
    draw_legend(canvas, legend_box, legend, LEGEND_COLUMNS, LEGEND_SIZE, title="Key")
    return canvas


def _header(canvas: Canvas, view: BlocView) -> None:
    fill = shade(GREEN, 0.35) if view.phase == "over" else DARK
    canvas.draw.rectangle(Box(0, 0, WIDTH, HEADER), fill=fill)
    title = "BLOC BY BLOC"
    canvas.text((GAP + 4, HEADER // 2), title, 24, tint(GREEN, 0.45), "lm", True)
    x = GAP + 4 + text_size(title, 24, True)[0] + 28
    text = headline(view)
    size = fit_size(text, WIDTH - x - GAP, 34, 22, bold=True)
    canvas.text((x, HEADER // 2), text, size, WHITE, "lm", True)
