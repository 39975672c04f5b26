"""Text panels and legends laid out beside or under a board.

A panel is a list of lines measured before anything is drawn, so a renderer can size its image
to fit the panel (no clipped text, no huge empty margins) and still draw in one pass. Lines
wrap at word boundaries to the panel's width, which matters for long prompts such as
"Developer: choose where Agent 3 returns".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.messages import ENGLISH, m, say
from render.canvas import Box, Canvas
from render.fonts import text_size
from render.palette import INK, MUTED_INK, PANEL, RGB

Marker = Callable[[Canvas, Box], None]
"""Draws a small symbol (a piece, a swatch) in the given square; used before a line or label."""


@dataclass(frozen=True)
class Line:
    """One paragraph of panel text, with an optional marker drawn at its left."""

    text: str
    size: int = 24
    color: RGB = INK
    bold: bool = False
    marker: Marker | None = None
    gap_before: int = 0
    background: RGB | None = None
    """A highlight box behind the line: for what a player must not miss (a pending decision)."""


@dataclass(frozen=True)
class LegendItem:
    """A symbol and what it means."""

    label: str
    marker: Marker


@dataclass
class _Laid:
    line: Line
    rows: list[str] = field(default_factory=list)


LINE_SPACING = 1.3
PADDING = 20


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of `text` to `width` pixels at `size`; never returns an empty list."""
    return list(_wrap(text, size, width, bold))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """`wrap`, cached: a panel is measured and then drawn, and most lines recur move after move."""
    rows: list[str] = []
    current = ""
    for word in text.split():
        attempt = f"{current} {word}" if current else word
        if current and text_size(attempt, size, bold)[0] > width:
            rows.append(current)
            current = word
        else:
            current = attempt
    rows.append(current)
    return tuple(rows)


def _marker_side(line: Line) -> int:
    return int(line.size * 1.25)


def _layout(lines: Sequence[Line], width: int) -> list[_Laid]:
    laid = []
    for line in lines:
        indent = _marker_side(line) + 10 if line.marker else 0
        laid.append(_Laid(line, wrap(line.text, line.size, width - indent, line.bold)))
    return laid


CALLOUT_PAD = 10


def _extra(line: Line) -> int:
    """Vertical room a highlighted line needs beyond its rows."""
    return 2 * CALLOUT_PAD if line.background else 0


def _row_height(line: Line) -> int:
    return max(int(line.size * LINE_SPACING), _marker_side(line) + 6 if line.marker else 0)


def panel_height(lines: Sequence[Line], width: int, padding: int = PADDING) -> int:
    """Pixels a panel of `width` needs for `lines`, padding included."""
    inner = width - 2 * padding
    total = 2 * padding
    for laid in _layout(lines, inner):
        line = laid.line
        total += line.gap_before + _row_height(line) * len(laid.rows) + _extra(line)
    return total


def draw_panel(
    canvas: Canvas,
    box: Box,
    lines: Sequence[Line],
    fill: RGB | None = PANEL,
    padding: int = PADDING,
) -> None:
    """A rounded panel with `lines` top to bottom; size the box with `panel_height` (at the
    same `padding`). With no `fill`, the lines go straight onto what is already there."""
    if fill is not None:
        canvas.draw.rounded_rectangle(box, radius=14, fill=fill)
    inner = box.inset(padding)
    y = inner.y0
    for laid in _layout(lines, inner.width):
        line = laid.line
        y += line.gap_before
        row_h = _row_height(line)
        x = inner.x0
        if line.background:
            height = row_h * len(laid.rows) + 2 * CALLOUT_PAD
            callout = Box(inner.x0 - CALLOUT_PAD, y, inner.x1 + CALLOUT_PAD, y + height)
            canvas.draw.rounded_rectangle(
                callout, radius=10, fill=line.background, outline=line.color, width=3
            )
            y += CALLOUT_PAD
        if line.marker:
            side = _marker_side(line)
            top = y + (row_h - side) // 2
            line.marker(canvas, Box(x, top, x + side, top + side))
            x += side + 10
        for row in laid.rows:
            canvas.text(
                (x, y + row_h // 2), row, line.size, line.color, anchor="lm", bold=line.bold
            )
            y += row_h
        if line.background:
            y += CALLOUT_PAD


def legend_height(items: Sequence[LegendItem], width: int, columns: int, size: int = 22) -> int:
    """Pixels a legend needs: a title row plus one row per `columns` items."""
    rows = -(-len(items) // columns)
    return 2 * PADDING + int(size * 1.6) + rows * _legend_row(size)


def _legend_row(size: int) -> int:
    return int(size * 2.4)


def draw_legend(
    canvas: Canvas,
    box: Box,
    items: Sequence[LegendItem],
    columns: int,
    size: int = 22,
    title: str | None = None,
    fill: RGB = PANEL,
    language: str = ENGLISH,
) -> None:
    """A titled grid of symbol + label pairs, filled row by row; the title is the board's
    word for a legend in `language` unless the game names it."""
    canvas.draw.rounded_rectangle(box, radius=14, fill=fill)
    inner = box.inset(PADDING)
    heading = say(m("render.legend"), language) if title is None else title
    canvas.text((inner.x0, inner.y0), heading, size, MUTED_INK, bold=True)
    top = inner.y0 + int(size * 1.6)
    row_h = _legend_row(size)
    side = int(row_h * 0.85)
    cols = inner.split_columns(columns, gap=12)
    for i, item in enumerate(items):
        r, c = divmod(i, columns)
        col = cols[c]
        y = top + r * row_h + (row_h - side) // 2
        item.marker(canvas, Box(col.x0, y, col.x0 + side, y + side))
        label_x = col.x0 + side + 10
        label_w = col.x1 - label_x
        label_rows = wrap(item.label, size, label_w)
        if len(label_rows) == 1:
            canvas.text((label_x, y + side // 2), item.label, size, INK, anchor="lm")
        else:
            small = max(14, size - 4)
            label_rows = wrap(item.label, small, label_w)[:2]
            for k, row in enumerate(label_rows):
                offset = (k - (len(label_rows) - 1) / 2) * small * 1.1
                canvas.text((label_x, y + side // 2 + offset), row, small, INK, anchor="lm")
