"""Block Mania's phone overview: the squares in play and the counts, for a turn message.

The full board (868 px wide: two blocks of 7 x 10 squares of 54 px side by side, square codes
and piece labels of 12 to 14 px) is shown about 400 px wide on a phone, where its labels are
5 to 6 px high and a Blocker is a 12 px speck. Both blocks drawn 400 px wide leave 26 px a
square, too little for a square's type, its fire and damage and two labelled Blockers, so no
layout of both whole blocks reads there. A turn message carries this picture instead, and the
full board stays one command away (`/game board`).

It shows a window of 7 x 7 squares of the two blocks seen as one grid (block A's columns, the
gap, block B's columns), at 104 px a square in an 800 px wide picture, so shown at half size:
no text on it under 18 px. Each column is headed by what a player types for it ("A3" is block
A's column 3; the level is the number at the row's side, so "A34" is level 4). A Blocker's
token shows its id, the name a player types, in its block's shape and colour (block A blue
circles, block B vermillion squares, Futsies grey diamonds), with the full board's marks drawn
large: charges' counters, set-up weapons' triangles, Robo Dogs, and the ways across the gap
in the gap column (the banner names each one hit, since the window may not hold its level).
Above the window a banner says
whose turn, phase and command points, each block's Defeat Points, cards and reserve, the decks,
and who the table waits for.

The window is the region in play: the squares the last step changed when the caller passes the
view before it (framed in magenta), else the squares of the acting seat's Blockers, else every
Blocker's. Squares of the region the window cannot hold are named in the banner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render import focus
from render.block_mania import DARK as HATCH
from render.block_mania import (
    FILLS,
    GREY,
    PALETTE_COLOURS,
    SIDE,
    charge_counter,
    charges_by_square,
    diamond,
    dog_piece,
    seat_label,
    set_up_badge,
    span,
    walkway_level,
    walkway_words,
)
from render.canvas import Box, Canvas
from render.names import Players, with_player
from render.palette import (
    BLUE,
    DARK,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PAPER,
    PURPLE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    build_palette,
    palette_image,
    tint,
)
from render.panels import Line

if TYPE_CHECKING:  # the renderer reads a view and imports no rules
    from engine.games.block_mania.view import BlockerView, ChargeView, ManiaView, SquareView

WIDTH = 800
CELL = 104
GAP_W = 44
"""The gap between the blocks, when the window takes it in: open air, no square."""
LABEL_W = 44
TOP = 40
SIZE = 7
"""The window: 7 x 7 squares."""
TEXT = 20
LEAST = 18
"""The smallest text drawn: 9 px high when the picture is shown 400 px wide."""
TOKEN = 50
HIGHLIGHT = (214, 0, 140)
GAP_COLUMN = 7
COLUMNS = 15
"""Block A's 7 columns, the gap, block B's 7 columns."""
LEVELS = 10
PALETTE = palette_image(
    build_palette(
        [*PALETTE_COLOURS, HIGHLIGHT, DARK, tint(SKY_BLUE, 0.9)],
        [(WHITE, DARK), (INK, PAPER), (WHITE, BLUE), (WHITE, VERMILLION), (INK, ORANGE)]
        + [(YELLOW, INK), (INK, WHITE)]
        + [(INK, f) for f in dict.fromkeys(FILLS.values())],
    )
)


def column(square: SquareView) -> int:
    return square.col if square.block == "A" else GAP_COLUMN + 1 + square.col


def cell_of(square: SquareView) -> focus.Cell:
    """(row from the top, column from the left) of the one grid both blocks make."""
    return LEVELS - 1 - square.level, column(square)


def changed_squares(before: ManiaView, after: ManiaView) -> set[str]:
    """Squares whose fire, damage, collapse or scrawl changed, or where a Blocker arrived, left
    or changed (activated, locked, re-armed)."""
    changed = {
        s.id
        for s, t in zip(before.squares, after.squares, strict=True)
        if (s.fire, s.damage, s.collapsed, s.scrawl) != (t.fire, t.damage, t.collapsed, t.scrawl)
    }
    old = {b.id: b for b in before.blockers}
    new = {b.id: b for b in after.blockers}
    for bid in old.keys() | new.keys():
        a, b = old.get(bid), new.get(bid)
        if a != b:
            changed |= {x.at for x in (a, b) if x is not None}
    return changed


def region(view: ManiaView, before: ManiaView | None = None) -> tuple[set[str], set[str]]:
    """The squares in play, and of those the ones the last step changed (to frame)."""
    if before is not None:
        changed = changed_squares(before, view)
        if changed:
            return changed, changed
    if view.acting is not None and not view.ended:
        own = {b.at for b in view.blockers if b.owner == view.acting}
        if own:
            return own, set()
    return {b.at for b in view.blockers} or {"A00"}, set()


def overview_image(
    view: ManiaView,
    players: Players = None,
    before: ManiaView | None = None,
    language: str = ENGLISH,
) -> Canvas:
    """The overview's canvas, before encoding."""
    squares, ringed = region(view, before)
    cells = {s.id: cell_of(s) for s in view.squares}
    squares &= cells.keys()
    area = focus.window((cells[s] for s in squares), LEVELS, COLUMNS, SIZE)
    shown = {s for s, cell in cells.items() if cell in area}
    body = _window(view, area, ringed & shown, language).image
    left_out = sorted(squares - shown)
    lines = _lines(view, players, language)
    if left_out:
        listed = ", ".join(left_out[:6]) + (" …" if len(left_out) > 6 else "")
        off = say(m("mania.board.off_picture", listed=listed), language)
        lines.append(Line(off, focus.NOTE_SIZE, tint(SKY_BLUE, 0.4)))
    parts = [
        focus.lines_part([focus.headline_line(_headline(view, players, language))], WIDTH),
        focus.lines_part(lines, WIDTH),
    ]
    return focus.compose(WIDTH, parts, body, DARK)


def _name(view: ManiaView, seat: int, players: Players, language: str) -> str:
    return with_player(seat_label(view, seat, language), players, seat)


def _headline(view: ManiaView, players: Players, language: str) -> str:
    if view.ended:
        winners = [_name(view, s, players, language) for s in view.winners]
        return say(m("mania.board.winner", winners=winners, n=len(winners)), language)
    who = _name(view, view.active, players, language)
    turn = m("mania.board.turn", turn=view.turn, seat=who, phase=view.phase_name, n=view.cp)
    return say(turn, language)


def _lines(view: ManiaView, players: Players, language: str) -> list[Line]:
    """The result or the seat the table waits for, each seat's block's counts, the decks."""
    lines: list[Line] = []
    if view.outcome is not None:
        lines.append(focus.result_line(say(view.outcome, language)))
    elif view.acting is not None:
        waiting = m("mania.board.waiting", seat=_name(view, view.acting, players, language))
        lines.append(Line(say(waiting, language), focus.BANNER_SIZE, WHITE, True))
    for seat in view.seats:
        text = m(
            "mania.board.seat_short",
            seat=_name(view, seat.seat, players, language),
            n=seat.defeat,
            cards=seat.cards,
            reserve=seat.reserve,
        )
        if not seat.power:
            text = m("mania.board.dark", line=text)
        lines.append(Line(say(text, language), focus.NOTE_SIZE, WHITE))
    deck = m("mania.board.deck", n=view.deck, justice=view.justice)
    if view.endgame:
        deck = m("mania.board.endgame", n=view.deck)
    lines.append(Line(say(deck, language), focus.NOTE_SIZE, WHITE))
    ways = walkway_words(view, language)
    if ways:
        lines.append(Line(" · ".join(ways), focus.NOTE_SIZE, YELLOW))
    return lines


def _x_of(area: focus.Window) -> dict[int, tuple[int, int]]:
    """Each shown column's left edge and width in the window."""
    xs: dict[int, tuple[int, int]] = {}
    x = LABEL_W
    for c in range(area.top_left[1], area.top_left[1] + area.cols):
        w = GAP_W if c == GAP_COLUMN else CELL
        xs[c] = (x, w)
        x += w
    return xs


def _window(view: ManiaView, area: focus.Window, ringed: set[str], language: str) -> Canvas:
    """The shown squares drawn large, with column and level headings."""
    xs = _x_of(area)
    right = max(x + w for x, w in xs.values())
    r0 = area.top_left[0]
    canvas = Canvas(right + 8, TOP + area.rows * CELL + 8, PAPER)
    for c, (x, w) in xs.items():
        if c == GAP_COLUMN:
            canvas.cell(Box(x, TOP, x + w, TOP + area.rows * CELL), tint(SKY_BLUE, 0.9), GRID, 1)
            for way in view.walkways:
                row = LEVELS - 1 - walkway_level(view, way) - r0
                if 0 <= row < area.rows:
                    span(canvas, x + 1, x + w - 1, TOP + row * CELL + CELL // 2, way.stage, 14)
            continue
        block, col = ("A", c) if c < GAP_COLUMN else ("B", c - GAP_COLUMN - 1)
        head = f"{block}{col}"
        canvas.text((x + w // 2, TOP // 2), head, TEXT, SIDE[0 if block == "A" else 1], "mm", True)
    for r in range(area.rows):
        level = LEVELS - 1 - (r0 + r)
        y = TOP + r * CELL + CELL // 2
        canvas.text((LABEL_W // 2, y), str(level), TEXT, MUTED_INK, "mm", True)
    by_square: dict[str, list[BlockerView]] = {}
    for b in view.blockers:
        by_square.setdefault(b.at, []).append(b)
    armed = charges_by_square(view)
    for square in view.squares:
        cell = cell_of(square)
        if cell not in area:
            continue
        x, w = xs[cell[1]]
        y = TOP + (cell[0] - r0) * CELL
        box = Box(x, y, x + w, y + CELL)
        here = by_square.get(square.id, [])
        _square(canvas, square, box, here, armed.get(square.id, []), language)
        if square.id in ringed:
            canvas.draw.rectangle(box.inset(3), outline=HIGHLIGHT, width=5)
    for c, (x, w) in xs.items():
        if c != GAP_COLUMN and view.seats[0 if c < GAP_COLUMN else 1].crashed:
            top, bottom = TOP, TOP + area.rows * CELL
            canvas.draw.line((x, top, x + w, bottom), fill=INK, width=5)
            canvas.draw.line((x, bottom, x + w, top), fill=INK, width=5)
    return canvas


def _square(
    canvas: Canvas,
    square: SquareView,
    box: Box,
    here: list[BlockerView],
    charges: list[ChargeView],
    language: str,
) -> None:
    canvas.cell(box, FILLS.get(square.kind, WHITE), GRID, 2)
    code = say(m(f"mania.board.code.{square.kind}"), language)
    if code.strip():
        canvas.text((box.x0 + 5, box.y0 + 3), code, TEXT, MUTED_INK, bold=True)
    if square.collapsed:
        canvas.hatch(box.inset(3), HATCH, spacing=12, width=4)
    x = box.x1 - 5
    if square.fire:
        flame = Box(x - 34, box.y0 + 4, x, box.y0 + 36)
        top = (flame.center[0], flame.y0)
        canvas.draw.polygon([(flame.x0, flame.y1), top, (flame.x1, flame.y1)], fill=ORANGE)
        canvas.draw.polygon([(flame.x0, flame.y1), top, (flame.x1, flame.y1)], outline=INK)
        canvas.text((flame.center[0], flame.y1 - 10), str(square.fire), LEAST, INK, "mm", True)
        x -= 38
    if square.damage and not square.collapsed:
        canvas.text((x, box.y0 + 3), f"D{square.damage}", TEXT, INK, "ra", True)
    x = box.x0 + 5
    if square.scrawl:
        canvas.text((x, box.y0 + 28), "S", TEXT, PURPLE, bold=True)
        x += 18
    for c in charges[:2]:
        charge_counter(canvas, Box(x, box.y0 + 25, x + 40, box.y0 + 45), c, LEAST, language)
        x += 44
    _tokens(canvas, here, box, language)


def _tokens(canvas: Canvas, here: list[BlockerView], box: Box, language: str) -> None:
    """Up to two tokens along the bottom, each with its id; "+n" above them for the rest."""
    y = box.y1 - TOKEN - 3
    for i, b in enumerate(here[:2]):
        x0 = box.x0 + 2 + i * TOKEN
        token = Box(x0, y, x0 + TOKEN, y + TOKEN)
        if b.owner < 0:
            diamond(canvas, token, GREY)
            canvas.label(token, b.id, LEAST, INK)
        elif b.owner % len(SIDE) == 0:
            canvas.circle_piece(token, BLUE, b.id, outline=INK, text_size_px=LEAST)
        else:
            canvas.square_piece(token, VERMILLION, b.id, outline=INK, text_size_px=LEAST)
        if b.set_up:
            set_up_badge(canvas, token, 18)
        if b.dog:
            dog_piece(canvas, token, 24, LEAST, language)
    if len(here) > 2:
        more = f"+{len(here) - 2}"
        canvas.text((box.x1 - 6, box.y1 - TOKEN - 6), more, TEXT, INK, "rb", True)
