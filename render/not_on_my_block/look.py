"""Not On My Block's look: sizes, block styles, piece colours and the fixed palette."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from engine.messages import Msg, say
from render.canvas import Box
from render.palette import (
    BLUE,
    DARK,
    GREEN,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PANEL,
    PAPER,
    PURPLE,
    RGB,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    build_palette,
    palette_image,
    shade,
    text_on,
    tint,
)
from render.panels import LegendItem, Line, legend_height, panel_height

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import BlockView, NombView


BOARD_PIXELS = 1260
"""Target side of the board grid; cells are sized from it so any board size fits the image."""
MARGIN = 46
"""Room around the board for the coordinate letters and numbers."""
HEADER = 70
GAP = 16
STRIP = 30
"""Height of the label strip at the top of every block (block name and type)."""
LABEL_SIZE = 22
"""Block names and types in their strip; a type too long to fit beside the name shrinks."""
LEAST_TEXT = 18
"""The smallest text on a block: 9 px when the phone overview's 792 px window is shown 400 px
wide; a label that would need less is made shorter instead ("LUX ST")."""
LEGEND_SIZE = 20
COORD_SIZE = 26
PANEL_SIZE = 24
MAX_PIECE = 56
MIN_PIECE = 40
"""Below this a piece's label gets hard to read, so crowded blocks switch to grouped rows."""

RESIDENT: dict[str, RGB] = {"red": VERMILLION, "blue": BLUE, "yellow": YELLOW}
LETTER: dict[str, str] = {"red": "R", "blue": "B", "yellow": "Y", "developer": "A"}

EMPTY: RGB = (247, 241, 236)
TITLE: RGB = tint(SKY_BLUE, 0.3)
HEADER_OVER: RGB = shade(GREEN, 0.35)
CALLOUT_INK: RGB = shade(VERMILLION, 0.45)
CALLOUT: RGB = tint(ORANGE, 0.75)
HIGHLIGHT: RGB = (214, 0, 140)
"""The frame around the blocks a move changed, in focus images: a magenta no piece uses."""
BOARDS_CACHED = 4
"""Printed boards kept drawn per process (one per board layout in play; about 5 MB each)."""
BLOCKS_CACHED = 256
"""Block looks kept drawn per process: a board has a dozen kinds, times protection marks."""


@dataclass(frozen=True)
class BlockStyle:
    """How one kind of block looks: background, label in its strip, optional stripes. `name`
    and `label` are the English; `key` names the catalog entries (`nomb.board.block.<key>`)
    that say them in the reader's language."""

    name: str
    fill: RGB
    label: str
    stripes: RGB | None = None
    key: str = "empty"

    def said_name(self, language: str) -> str:
        return say(Msg(key=f"nomb.board.block.{self.key}"), language)

    def said_label(self, language: str) -> str:
        """The word in the block's strip ("" for a plain block)."""
        if not self.label:
            return ""
        return say(Msg(key=f"nomb.board.block.{self.key}.label"), language)


STYLES: dict[str, BlockStyle] = {
    "empty": BlockStyle("Empty block", EMPTY, ""),
    "risk": BlockStyle(
        "Risk Zone", tint(ORANGE, 0.55), "RISK", stripes=tint(ORANGE, 0.1), key="risk"
    ),
    "start": BlockStyle("Start", tint(SKY_BLUE, 0.45), "START", key="start"),
    "store": BlockStyle("Store", tint(GREEN, 0.6), "STORE", key="store"),
    "center": BlockStyle("Community Center", GREEN, "CENTER", key="center"),
    "luxury_housing": BlockStyle(
        "Luxury Housing", tint(PURPLE, 0.3), "LUXURY", key="luxury_housing"
    ),
    "luxury_store": BlockStyle("Luxury Store", shade(PURPLE, 0.45), "LUX ST", key="luxury_store"),
}


def block_style(block: BlockView) -> BlockStyle:
    """Gentrification covers what is printed; a covered Risk Zone is no longer a Risk Zone."""
    if block.gentrified:
        return STYLES[block.gentrified]
    if block.type == "empty" and block.risk_zone:
        return STYLES["risk"]
    return STYLES[block.type]


def _colours() -> tuple[list[RGB], list[tuple[RGB, RGB]]]:
    """Every flat colour of the board, then blends for each text colour on its background (the
    image is encoded against this fixed palette; see `render.canvas.encode`)."""
    fills = [style.fill for style in STYLES.values()]
    stripes = [style.stripes for style in STYLES.values() if style.stripes]
    flat = [
        PAPER, PANEL, INK, WHITE, MUTED_INK, DARK, GRID, TITLE, HEADER_OVER, CALLOUT,
        CALLOUT_INK, HIGHLIGHT, *fills, *stripes, *RESIDENT.values(),
    ]  # fmt: skip
    blends = [
        *((text_on(fill), fill) for fill in fills),
        *((text_on(colour), colour) for colour in RESIDENT.values()),
        (MUTED_INK, EMPTY), (INK, PAPER), (INK, PANEL), (MUTED_INK, PANEL), (INK, WHITE),
        (WHITE, INK), (WHITE, DARK), (TITLE, DARK), (WHITE, HEADER_OVER), (TITLE, HEADER_OVER),
        (CALLOUT_INK, CALLOUT),
    ]  # fmt: skip
    return flat, blends


FLAT, BLENDS = _colours()
PALETTE: tuple[RGB, ...] = build_palette(FLAT, BLENDS, steps=5)


@lru_cache(maxsize=1)
def board_palette() -> Image.Image:
    """The fixed palette every Not On My Block board is encoded in."""
    return palette_image(PALETTE)


# ----- geometry --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes; computed before drawing so the image is exactly as tall as needed."""

    cell: int
    width: int
    height: int
    board: Box
    status: Box
    legend: Box
    legend_columns: int

    def block_box(self, block: BlockView, board_height: int) -> Box:
        x = self.board.x0 + block.col * self.cell
        y = self.board.y0 + (board_height - 1 - block.row) * self.cell
        return Box(x, y, x + self.cell, y + self.cell)


def layout(view: NombView, lines: list[Line], legend: list[LegendItem]) -> Layout:
    cell = max(72, min(140, BOARD_PIXELS // max(view.width, view.height)))
    board_w, board_h = cell * view.width, cell * view.height
    width = board_w + 2 * MARGIN
    board = Box(MARGIN, HEADER + MARGIN, MARGIN + board_w, HEADER + MARGIN + board_h)
    inner_w = width - 2 * GAP
    status_h = panel_height(lines, inner_w)
    status = Box(GAP, board.y1 + MARGIN, GAP + inner_w, board.y1 + MARGIN + status_h)
    columns = 3
    legend_box = Box(
        GAP,
        status.y1 + GAP,
        GAP + inner_w,
        status.y1 + GAP + legend_height(legend, inner_w, columns, LEGEND_SIZE),
    )
    return Layout(cell, width, legend_box.y1 + GAP, board, status, legend_box, columns)
