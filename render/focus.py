"""Focused step images: the part of a board a move changed, under a compact turn banner.

The full board is too large to read on a phone (Discord shows an attachment about 400 px wide
there), so after a move the bot can post this instead: a crop of the board around what changed,
drawn at the board's own scale, no wider than `MAX_WIDTH`, so that its smallest text is still
about 11 px high on a 400 px wide screen. The banner above says whose turn it is and the few
counts a player looks for first.

What changed is found by diffing two spectator views, so it works the same for every kind of
move without knowing the rules. Each game's `closeup` module turns its changes into grid cells
and draws its window and its banner's own lines; this module picks the window of cells to show,
builds the banner around the game's lines and lays the image out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from render.canvas import Box, Canvas
from render.palette import DARK, RGB, WHITE
from render.panels import Line, draw_panel, panel_height

MAX_WIDTH = 800
"""The widest a focus image gets: shown 400 px wide, it is scaled by one half at most."""
HEADLINE_SIZE = 30
BANNER_SIZE = 24
NOTE_SIZE = 22
"""The smallest text of the banner; no text in a focus image is meant to be smaller."""
BANNER_PAD = 16

Cell = tuple[int, int]
"""A board cell as (row from the top, column from the left)."""


@dataclass(frozen=True)
class Part:
    """A strip of the banner: its height at the image's width, and how to draw it."""

    height: int
    draw: Callable[[Canvas, Box], None]


def lines_part(lines: Sequence[Line], width: int) -> Part:
    """Banner text: wrapped lines on the banner's background, as a side panel lays them."""
    height = panel_height(lines, width, BANNER_PAD)

    def draw(canvas: Canvas, box: Box) -> None:
        draw_panel(canvas, box, lines, None, BANNER_PAD)

    return Part(height, draw)


def best_window(changed: Iterable[Cell], rows: int, cols: int, height: int, width: int) -> Cell:
    """The top-left cell of the `height` x `width` window to show of a `rows` x `cols` grid.

    The window holds as many changed cells as any other, and among those it is the one whose
    centre lies nearest theirs: a lone change sits in the middle with its neighbours around it,
    except at the edge of the board, where the window stops.
    """
    cells = set(changed)
    height, width = min(height, rows), min(width, cols)
    best: tuple[int, float] | None = None
    top_left = (0, 0)
    for r0 in range(rows - height + 1):
        for c0 in range(cols - width + 1):
            inside = [(r, c) for r, c in cells if r0 <= r < r0 + height and c0 <= c < c0 + width]
            if inside:
                mr = sum(r for r, _ in inside) / len(inside)
                mc = sum(c for _, c in inside) / len(inside)
            else:
                mr, mc = (rows - 1) / 2, (cols - 1) / 2
            off = abs(r0 + (height - 1) / 2 - mr) + abs(c0 + (width - 1) / 2 - mc)
            score = (len(inside), -off)
            if best is None or score > best:
                best, top_left = score, (r0, c0)
    return top_left


@dataclass(frozen=True)
class Window:
    """The cells shown: `rows` x `cols` of them from the cell `top_left`."""

    top_left: Cell
    rows: int
    cols: int

    @property
    def bottom_right(self) -> Cell:
        return self.top_left[0] + self.rows - 1, self.top_left[1] + self.cols - 1

    def __contains__(self, cell: Cell) -> bool:
        (r0, c0), (r1, c1) = self.top_left, self.bottom_right
        return r0 <= cell[0] <= r1 and c0 <= cell[1] <= c1


def window(changed: Iterable[Cell], rows: int, cols: int, size: int) -> Window:
    """The `size` x `size` window (less on a smaller grid) to show of a `rows` x `cols` grid,
    placed by `best_window`."""
    top_left = best_window(changed, rows, cols, size, size)
    return Window(top_left, min(size, rows), min(size, cols))


def elsewhere(names: Sequence[str], shown: int = 3) -> str:
    """The line that says what changed outside the window ("" when nothing did)."""
    if not names:
        return ""
    listed = ", ".join(names[:shown])
    more = len(names) - shown
    if more > 0:
        listed += f" and {more} more"
    return f"Also changed, off this picture: {listed} (see the full board)"


def compose(width: int, parts: Sequence[Part], body: Image.Image, banner: RGB = DARK) -> Canvas:
    """The banner (its parts stacked top to bottom on `banner`) above `body`, `width` wide."""
    top = sum(p.height for p in parts)
    canvas = Canvas(width, top + body.height, banner)
    y = 0
    for part in parts:
        part.draw(canvas, Box(0, y, width, y + part.height))
        y += part.height
    canvas.image.paste(body, ((width - body.width) // 2, top))
    return canvas


def headline_line(text: str, colour: RGB = WHITE) -> Line:
    return Line(text, HEADLINE_SIZE, colour, True)


def banner_parts(
    headline: str,
    notes: Sequence[Line],
    left_out: Sequence[str],
    left_out_colour: RGB,
    width: int,
    between: Sequence[Part] = (),
) -> list[Part]:
    """The banner's strips: the headline, the game's own strips (`between`), then its `notes`
    and, last, the line naming what changed off the picture (`left_out`) in `left_out_colour`."""
    lines = list(notes)
    if left_out:
        lines.append(Line(elsewhere(left_out), NOTE_SIZE, left_out_colour))
    return [lines_part([headline_line(headline)], width), *between, lines_part(lines, width)]


def result_line(result: str) -> Line:
    """How the game ended, as a banner note under the headline that says it is over."""
    return Line(without_game_over(result), BANNER_SIZE, WHITE, True)


def encoded(canvas: Canvas | None, palette: Image.Image) -> bytes | None:
    """A game's focus image as PNG bytes in its board's `palette`; None when there is none."""
    return None if canvas is None else canvas.to_png(palette)


def without_game_over(result: str) -> str:
    """A result line without a leading "Game over:" (the headline above says it already)."""
    head = "game over:"
    return result[len(head) :].strip() if result.lower().startswith(head) else result
