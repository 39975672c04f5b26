"""Not On My Block's focus image: the blocks a move changed, with their neighbours, for phones.

The crop is a window of 5 x 5 blocks of the board drawn exactly as on the full board (same
scale, same pieces), with the window's own column letters and row numbers around it: 792 px
wide. A block changed when a piece or an apartment arrived or left (so a move rings both ends),
an apartment's protection changed, or the block was gentrified; each is framed in magenta. The
window centres on the changes; when they spread wider than it (rare: a push off the board and
a return home at once), the banner names the blocks left out.

The banner above says whose turn it is, the moves left, both win tracks, and what the table is
waiting for; once the game is over, how it ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PIL import Image

from engine.messages import ENGLISH, m, say
from render import focus
from render.canvas import Box, Canvas
from render.names import Players
from render.not_on_my_block.board import draw_board
from render.not_on_my_block.look import (
    CALLOUT,
    CALLOUT_INK,
    COORD_SIZE,
    HIGHLIGHT,
    MARGIN,
    TITLE,
    layout,
)
from render.not_on_my_block.side import (
    legend_items,
    moves_text,
    over,
    result,
    status_lines,
    waiting_line,
)
from render.palette import INK, PAPER, WHITE
from render.panels import Line

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import NombView

WINDOW = 5
"""Blocks across and down the crop: 5 x 140 px plus the coordinate margins is 792 px."""
FRAME = 6


def changed_blocks(before: NombView, after: NombView) -> set[str]:
    """Every block that shows something else after the move."""
    names = {b.at for b in after.blocks}
    if [b.at for b in before.blocks] != [b.at for b in after.blocks]:
        return names
    changed = {a.at for b, a in zip(before.blocks, after.blocks, strict=True) if a != b}
    old = {apt.id: apt for apt in before.apartments}
    for apt in after.apartments:
        was = old.pop(apt.id, None)
        if was is None or was != apt:
            changed.update(at for at in (apt.at, was.at if was else None) if at)
    changed.update(apt.at for apt in old.values() if apt.at)
    pieces = {p.id: p.at for p in (*before.reps, *before.agents)}
    for piece in (*after.reps, *after.agents):
        was_at = pieces.pop(piece.id, None)
        if was_at != piece.at:
            changed.update(at for at in (piece.at, was_at) if at)
    changed.update(at for at in pieces.values() if at)
    return changed & names


def focus_image(
    before: NombView, after: NombView, players: Players = None, language: str = ENGLISH
) -> Canvas | None:
    """The focus image's canvas, before encoding; None when nothing on the board changed."""
    changed = changed_blocks(before, after)
    if not changed:
        return None
    cells = {b.at: (after.height - 1 - b.row, b.col) for b in after.blocks}
    area = focus.window((cells[at] for at in changed), after.height, after.width, WINDOW)
    shown = {at for at, cell in cells.items() if cell in area}
    body = window_image(after, players, area, changed & shown, language)
    left_out = sorted(changed - shown, key=lambda at: (cells[at][1], -cells[at][0]))
    parts = banner(after, players, left_out, body.width, language=language)
    return focus.compose(body.width, parts, body, TITLE_BAR)


TITLE_BAR = (34, 34, 40)
"""The banner's background: the board header's dark grey."""


def window_image(
    view: NombView,
    players: Players,
    area: focus.Window,
    changed: set[str],
    language: str = ENGLISH,
) -> Image.Image:
    """The blocks in `area` (rows from the top) as on the board, with their coordinates around
    them, changed blocks framed.

    The board is drawn straight onto the picture, moved so the window lands inside the margins:
    a canvas of the whole board cut down afterwards filled and copied three times the pixels
    shown. The blocks across the window's edge and the board's frame are drawn whole, so the
    margins are cleared for the window's own coordinates."""
    geo = layout(view, status_lines(view, players, language), legend_items(language))
    (r0, c0), rows, cols = area.top_left, area.rows, area.cols
    cell = geo.cell
    canvas = Canvas(cols * cell + 2 * MARGIN, rows * cell + 2 * MARGIN, PAPER)
    inner = Box(MARGIN, MARGIN, MARGIN + cols * cell, MARGIN + rows * cell)
    window = Box(inner.x0, inner.y0, inner.x1 + 1, inner.y1 + 1)
    board = geo.board.moved(
        inner.x0 - geo.board.x0 - c0 * cell, inner.y0 - geo.board.y0 - r0 * cell
    )
    draw_board(canvas, view, replace(geo, board=board), language, within=window)
    width, height = canvas.image.size
    for margin in (
        (0, 0, width, window.y0),
        (0, window.y1, width, height),
        (0, window.y0, window.x0, window.y1),
        (window.x1, window.y0, width, window.y1),
    ):
        canvas.image.paste(PAPER, margin)
    around_window(canvas, view, inner, cell, area, changed)
    return canvas.image


def around_window(
    canvas: Canvas, view: NombView, inner: Box, cell: int, area: focus.Window, changed: set[str]
) -> None:
    """What a window shows over the board's blocks: the coordinates in the margins around
    `inner` (the window's blocks on the canvas, `cell` pixels each), the board's frame where
    the window meets its edge, and a frame around each changed block."""
    (r0, c0), rows, cols = area.top_left, area.rows, area.cols
    half = MARGIN // 2
    for i in range(cols):
        x = inner.x0 + i * cell + cell // 2
        letter = view.columns[c0 + i]
        canvas.text((x, inner.y0 - half), letter, COORD_SIZE, INK, "mm", True)
        canvas.text((x, inner.y1 + half), letter, COORD_SIZE, INK, "mm", True)
    for j in range(rows):
        y = inner.y0 + j * cell + cell // 2
        number = str(view.height - (r0 + j))
        canvas.text((inner.x0 - half, y), number, COORD_SIZE, INK, "mm", True)
        canvas.text((inner.x1 + half, y), number, COORD_SIZE, INK, "mm", True)
    _frame(canvas, inner, (r0, c0), (rows, cols), (view.height, view.width))
    for block in view.blocks:
        if block.at in changed:
            r, c = view.height - 1 - block.row - r0, block.col - c0
            box = Box(
                inner.x0 + c * cell,
                inner.y0 + r * cell,
                inner.x0 + (c + 1) * cell,
                inner.y0 + (r + 1) * cell,
            )
            canvas.draw.rectangle(box.inset(-2), outline=HIGHLIGHT, width=FRAME)


def _frame(
    canvas: Canvas,
    inner: Box,
    top_left: tuple[int, int],
    size: tuple[int, int],
    board: tuple[int, int],
) -> None:
    """The board's heavy frame on the sides where the window reaches the board's edge, a thin
    line on the sides where the board goes on."""
    (r0, c0), (rows, cols), (height, width) = top_left, size, board
    sides = (
        ((inner.x0, inner.y0), (inner.x1, inner.y0), r0 == 0),
        ((inner.x0, inner.y1), (inner.x1, inner.y1), r0 + rows == height),
        ((inner.x0, inner.y0), (inner.x0, inner.y1), c0 == 0),
        ((inner.x1, inner.y0), (inner.x1, inner.y1), c0 + cols == width),
    )
    for start, end, edge in sides:
        canvas.draw.line([start, end], fill=INK, width=4 if edge else 2)


def banner(
    view: NombView,
    players: Players,
    left_out: list[str],
    width: int,
    more: Sequence[Line] = (),
    language: str = ENGLISH,
) -> list[focus.Part]:
    """Headline, moves left, both win tracks, the caller's `more` lines, and what the table
    waits for."""
    from render.not_on_my_block import headline

    notes: list[Line] = []
    if over(view):
        notes.append(focus.result_line(result(view, language)))
    elif view.phase == "play":
        notes.append(Line(moves_text(view, language), focus.BANNER_SIZE, WHITE))
    elif view.phase == "placement":
        placed = sum(1 for a in view.apartments if a.status != "unplaced")
        text = say(m("nomb.board.placed", placed=placed, total=len(view.apartments)), language)
        notes.append(Line(text, focus.BANNER_SIZE, WHITE))
    tracks = m(
        "nomb.board.tracks", gone=view.developer_score, protected=view.protected, goal=view.goal
    )
    notes.append(Line(say(tracks, language), focus.BANNER_SIZE, WHITE))
    notes.extend(more)
    waiting = waiting_line(view, players, language)
    if waiting:
        notes.append(
            Line(waiting, focus.NOTE_SIZE, CALLOUT_INK, True, gap_before=6, background=CALLOUT)
        )
    return focus.banner_parts(headline(view, players, language), notes, left_out, TITLE, width)
