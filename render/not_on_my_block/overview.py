"""Not On My Block's phone overview: the blocks in play and the counts, for a turn message.

The full board (1352 px wide: a 9 x 9 city of 140 px blocks with coordinates, a status panel and
a key) is shown about 400 px wide on a phone, where its block names are 6 px and a crowded
block's pieces are specks. A 9 x 9 grid drawn 400 px wide leaves 40 px a block, too little for
a block's type, an apartment and up to fifteen labelled pieces, so no layout of the whole city
reads there. A turn message carries this picture instead, and the full board stays one command
away (`/game board`).

It shows a window of 5 x 5 blocks drawn exactly as on the full board, with the window's own
column letters and row numbers (792 px wide, so shown at about half size: no text on it under
18 px), under a banner with what a player counts on: whose turn, the moves left, both win
tracks, each Resident's apartments standing and protected, the Luxury Stores the Developer can
still build, and what the table waits for.

The window is the region in play: the blocks the last step changed when the caller passes the
view before it (framed in magenta, as in a focus picture), else the blocks where the seat to act
has pieces (the Developer's agents; a Resident's reps and standing apartments), else every
piece. Blocks of the region the window cannot hold are named in the banner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render import focus
from render.canvas import Canvas
from render.names import Players, with_player
from render.not_on_my_block.closeup import TITLE_BAR, WINDOW, banner, changed_blocks, window_image
from render.not_on_my_block.look import TITLE
from render.not_on_my_block.side import over
from render.palette import WHITE
from render.panels import Line

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import NombView


def region(view: NombView, before: NombView | None = None) -> tuple[set[str], set[str]]:
    """The blocks in play, and of those the ones the last step changed (to frame)."""
    if before is not None:
        changed = changed_blocks(before, view)
        if changed:
            return changed, changed
    seat = view.pending.seat if view.pending is not None else view.active_seat
    if not over(view) and 0 <= seat < len(view.seats):
        colours: set[str] = set(view.seats[seat].colours) or {"developer"}
        own = {p.at for p in (*view.reps, *view.agents) if p.colour in colours}
        own |= {a.at for a in view.apartments if a.at and a.colour in colours}
        if own:
            return own, set()
    pieces = {p.at for p in (*view.reps, *view.agents)}
    pieces |= {a.at for a in view.apartments if a.at}
    return pieces or {view.start}, set()


def overview_image(
    view: NombView,
    players: Players = None,
    before: NombView | None = None,
    language: str = ENGLISH,
) -> Canvas:
    """The overview's canvas, before encoding."""
    blocks, ringed = region(view, before)
    cells = {b.at: (view.height - 1 - b.row, b.col) for b in view.blocks}
    blocks &= cells.keys()
    area = focus.window((cells[at] for at in blocks), view.height, view.width, WINDOW)
    shown = {at for at, cell in cells.items() if cell in area}
    body = window_image(view, players, area, ringed & shown, language)
    left_out = sorted(blocks - shown, key=lambda at: (cells[at][1], -cells[at][0]))
    more = seat_lines(view, players, language)
    if left_out and not ringed:
        more.append(Line(off_picture(left_out, language=language), focus.NOTE_SIZE, TITLE))
    parts = banner(view, players, left_out if ringed else [], body.width, more, language)
    return focus.compose(body.width, parts, body, TITLE_BAR)


def off_picture(blocks: list[str], shown: int = 4, language: str = ENGLISH) -> str:
    """The line naming the blocks in play this window cannot hold."""
    listed = ", ".join(blocks[:shown])
    more = len(blocks) - shown
    if more > 0:
        listed = say(m("nomb.board.and_more", listed=listed, n=more), language)
    return say(m("nomb.board.off_picture", listed=listed), language)


def seat_lines(view: NombView, players: Players, language: str = ENGLISH) -> list[Line]:
    """Each Resident's apartments standing and protected, and the Luxury Stores left to build."""
    lines: list[Line] = []
    for seat in view.seats:
        if not seat.colours:
            continue
        text = m(
            "nomb.board.seat_short_out" if seat.eliminated else "nomb.board.seat_short",
            seat=with_player(say(seat.name, language), players, seat.seat),
            standing=seat.apartments_on_board,
            kept=seat.apartments_protected,
        )
        lines.append(Line(say(text, language), focus.NOTE_SIZE, WHITE))
    if not over(view):
        stores = m("nomb.board.stores_to_build", n=view.luxury_stores_left)
        lines.append(Line(say(stores, language), focus.NOTE_SIZE, WHITE))
    return lines
