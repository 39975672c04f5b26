"""The Block Mania board: both tower blocks side by side, seen from the side, floor by floor,
with the gap between them; a header saying whose turn and phase it is with the command
points, and a panel per block with its Defeat Points, cards and reserve.

Drawn from `ManiaView` only, so it shows what the channel may see. Block A stands on the left,
block B (its mirror image) on the right; levels run from 0 at the bottom to 9 at the top, each
labelled at both edges.

Visual language (colour always doubled): a square's type is a short code in its corner and a
tint; block A's Blockers are blue circles marked "A", block B's vermillion squares marked "B",
shared Futsies grey diamonds marked "F", each with its Strength, and "+n" counts the others in
the square; Fire is an orange flame with its count, Structural Damage a black "D" and count,
a collapsed square dark hatching, a scrawl a purple "S" badge; a crashed block is crossed out.
A charge armed in a square is a black counter with a yellow code under the square's marks
("DC" a Demo Charge; "?" a face-down one whose item the view keeps from this reader). A
Blocker with a heavy weapon set up has a yellow triangle (a tripod) at its token's lower
right; a Robo Dog is a white round piece with its letter on its carrier's upper right. The
Pedway, Sky Rail and Mega Way span the gap at their levels: a grey bar while whole, orange and
cracked once damaged, broken and hanging once collapsed, stubs at the ends with a vermillion
cross once severed; the line under the board says each one hit in words.

Words come from the game's catalog (`mania.board.*`) in the table's language.

In a four-player game the seats' panels stand in two rows, block A's players on the left. The
whole board cannot be read 400 px wide (its labels are 5 to 6 px there), so `phone_overview`
draws the squares in play and the counts for a turn message (`render.block_mania_overview`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render.canvas import Box, Canvas
from render.names import Players, with_player
from render.palette import (
    BLUE,
    GREEN,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PANEL,
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

if TYPE_CHECKING:  # the renderer reads a view and imports no rules
    from engine.games.block_mania.view import (
        BlockerView,
        ChargeView,
        ManiaView,
        SquareView,
        WalkwayView,
    )

CELL_W = 54
CELL_H = 58
COLS = 7
LEVELS = 10
MARGIN = 34
GAP = 44
HEADER = 86
PANEL_H = 92
WIDTH = MARGIN * 2 + CELL_W * COLS * 2 + GAP
HEIGHT = HEADER + CELL_H * LEVELS + 28 + PANEL_H + 6
GREY = (150, 150, 158)
DARK = (70, 66, 64)
SIDE = {0: BLUE, 1: VERMILLION}
FILLS = {
    "interior": WHITE,
    "window": tint(SKY_BLUE, 0.75),
    "balcony": tint(SKY_BLUE, 0.85),
    "plaza": tint(GREEN, 0.8),
    "civic": tint(GREEN, 0.65),
    "tunnel": tint(GREY, 0.6),
    "vehicle_park": tint(GREY, 0.7),
    "shopping_mall": tint(YELLOW, 0.7),
    "bank": tint(YELLOW, 0.55),
    "armoury": tint(VERMILLION, 0.75),
    "fire_control": tint(ORANGE, 0.8),
    "power_house": tint(YELLOW, 0.45),
    "elevator": tint(PURPLE, 0.8),
    "grav_chute": tint(PURPLE, 0.7),
    "pedway_terminus": tint(BLUE, 0.8),
    "sky_rail_station": tint(BLUE, 0.7),
    "water_tank": tint(SKY_BLUE, 0.55),
}
PALETTE_COLOURS = (
    *(PAPER, PANEL, INK, WHITE, MUTED_INK, GRID, GREY, DARK, ORANGE, PURPLE, YELLOW),
    *SIDE.values(),
    *dict.fromkeys(FILLS.values()),
)
PALETTE = palette_image(
    build_palette(
        PALETTE_COLOURS,
        [(INK, PAPER), (INK, PANEL), (WHITE, BLUE), (WHITE, VERMILLION), (INK, ORANGE)]
        + [(YELLOW, INK), (INK, WHITE)]
        + [(INK, f) for f in dict.fromkeys(FILLS.values())],
    )
)
ENDS = {"pedway": "pedway_terminus", "sky_rail": "sky_rail_station", "mega_way": "tunnel"}
"""The square type at the level where each way across the gap runs."""


def seat_label(view: ManiaView, seat: int, language: str) -> str:
    """A seat's name in the reader's language: its block, and which of the block's two
    players in a four-player game."""
    block = view.seats[seat].block
    if len(view.seats) > len(SIDE):
        return say(m("mania.block.player", block=block, n=seat // len(SIDE) + 1), language)
    return say(m("mania.block", block=block), language)


def height(view: ManiaView) -> int:
    """The picture's height: a row of seat panels for every two seats."""
    return HEIGHT + PANEL_H * (len(view.seats) // len(SIDE) - 1)


def render(view: ManiaView, players: Players = None, language: str = ENGLISH) -> bytes:
    return draw(view, players, language).to_png(PALETTE)


def draw(view: ManiaView, players: Players = None, language: str = ENGLISH) -> Canvas:
    """The whole board's canvas, before encoding."""
    canvas = Canvas(WIDTH, height(view), PAPER)
    _header(canvas, view, players, language)
    for block in ("A", "B"):
        _block(canvas, view, block, language)
    _gap(canvas, view, language)
    _panels(canvas, view, players, language)
    return canvas


def _origin(block: str) -> int:
    return MARGIN if block == "A" else MARGIN + CELL_W * COLS + GAP


def _cell(square: SquareView) -> Box:
    x = _origin(square.block) + square.col * CELL_W
    y = HEADER + (LEVELS - 1 - square.level) * CELL_H
    return Box(x, y, x + CELL_W, y + CELL_H)


def _block(canvas: Canvas, view: ManiaView, block: str, language: str) -> None:
    seat = 0 if block == "A" else 1
    by_square: dict[str, list[BlockerView]] = {}
    for b in view.blockers:
        by_square.setdefault(b.at, []).append(b)
    armed = charges_by_square(view)
    for square in (s for s in view.squares if s.block == block):
        box = _cell(square)
        canvas.cell(box, FILLS.get(square.kind, WHITE), GRID, 1)
        code = say(m(f"mania.board.code.{square.kind}"), language)
        canvas.text((box.x0 + 3, box.y0 + 1), code, 12, MUTED_INK, bold=True)
        if square.collapsed:
            canvas.hatch(box.inset(2), DARK, spacing=8, width=3)
        _marks(canvas, square, box)
        _charges(canvas, armed.get(square.id, []), box, language)
        _pieces(canvas, by_square.get(square.id, []), box, language)
    x0 = _origin(block)
    for level in range(LEVELS):
        y = HEADER + (LEVELS - 1 - level) * CELL_H + CELL_H // 2
        side = x0 - 16 if block == "A" else x0 + CELL_W * COLS + 16
        canvas.text((side, y), str(level), 16, MUTED_INK, anchor="mm", bold=True)
    title = say(m("mania.block", block=block), language)
    canvas.text(
        (x0 + CELL_W * COLS // 2, HEADER - 14), title, 20, SIDE[seat], anchor="mm", bold=True
    )
    if view.seats[seat].crashed:
        top, bottom = HEADER, HEADER + CELL_H * LEVELS
        right = x0 + CELL_W * COLS
        canvas.draw.line((x0, top, right, bottom), fill=INK, width=6)
        canvas.draw.line((x0, bottom, right, top), fill=INK, width=6)


def _marks(canvas: Canvas, square: SquareView, box: Box) -> None:
    """Fire, Structural Damage and scrawls along the top right of the square."""
    x = box.x1 - 3
    if square.fire:
        flame = Box(x - 20, box.y0 + 2, x, box.y0 + 20)
        canvas.draw.polygon(
            [(flame.x0, flame.y1), (flame.center[0], flame.y0), (flame.x1, flame.y1)],
            fill=ORANGE,
            outline=INK,
        )
        canvas.label(Box(flame.x0, flame.y0 + 6, flame.x1, flame.y1 + 2), str(square.fire), 11, INK)
        x -= 22
    if square.damage and not square.collapsed:
        canvas.text((x, box.y0 + 2), f"D{square.damage}", 13, INK, anchor="ra", bold=True)
        x -= 24
    if square.scrawl:
        canvas.text((box.x0 + 3, box.y1 - 16), "S", 14, PURPLE, bold=True)


def _charges(canvas: Canvas, here: list[ChargeView], box: Box, language: str) -> None:
    """Up to two counters in the band between the square's marks and its tokens."""
    for i, c in enumerate(here[:2]):
        x = box.x0 + 3 + i * 24
        charge_counter(canvas, Box(x, box.y0 + 18, x + 22, box.y0 + 29), c, 10, language)


def charges_by_square(view: ManiaView) -> dict[str, list[ChargeView]]:
    found: dict[str, list[ChargeView]] = {}
    for c in view.charges:
        found.setdefault(c.at, []).append(c)
    return found


def charge_counter(canvas: Canvas, box: Box, charge: ChargeView, size: int, language: str) -> None:
    """A counter as it lies in the square: its item's code, or "?" face down and unknown."""
    code = say(m(f"mania.board.charge.{charge.item or 'hidden'}"), language)
    canvas.draw.rectangle(box, fill=INK, outline=YELLOW, width=1)
    canvas.label(box, code, size, YELLOW)


def set_up_badge(canvas: Canvas, token: Box, size: int) -> None:
    """A tripod's triangle at the token's lower right: its heavy weapon is set up."""
    x1, y1 = token.x1, token.y1
    points = [(x1 - size, y1), (x1 - size // 2, y1 - size), (x1, y1)]
    canvas.draw.polygon(points, fill=YELLOW, outline=INK, width=max(1, size // 8))


def dog_piece(canvas: Canvas, token: Box, size: int, text_size: int, language: str) -> None:
    """The Robo Dog: a piece of its own, on its carrier's upper right."""
    x0, y0 = token.x1 - size // 2, token.y0 - size // 4
    box = Box(x0, y0, x0 + size, y0 + size)
    canvas.draw.ellipse(box, fill=WHITE, outline=INK, width=max(1, size // 10))
    canvas.label(box, say(m("mania.board.dog"), language), text_size, INK)


def walkway_words(view: ManiaView, language: str) -> list[str]:
    """Each way across the gap that has been hit, with the stage it reached."""
    return [say(m(f"mania.board.way.{w.id}.{w.stage}"), language) for w in view.walkways if w.hits]


def walkway_level(view: ManiaView, walkway: WalkwayView) -> int:
    return min(s.level for s in view.squares if s.kind == ENDS[walkway.id])


def span(canvas: Canvas, x0: int, x1: int, y: int, stage: str, thick: int) -> None:
    """A way across the gap from x0 to x1 at height y, drawn as its stage leaves it."""
    half = thick // 2
    if not stage:
        canvas.draw.rectangle((x0, y - half, x1, y + half), fill=GREY, outline=INK)
        return
    if stage == "damaged":
        canvas.draw.rectangle((x0, y - half, x1, y + half), fill=ORANGE, outline=INK)
        mid, step = (x0 + x1) // 2, thick // 2
        crack = [
            (mid - step, y - half),
            (mid + step // 2, y),
            (mid - step // 2, y),
            (mid + step, y + half),
        ]
        canvas.draw.line(crack, fill=INK, width=max(2, thick // 5))
        return
    if stage == "severed":
        stub, mid, arm = (x1 - x0) // 4, (x0 + x1) // 2, thick // 2 + 1
        canvas.draw.rectangle((x0, y - half, x0 + stub, y + half), fill=DARK)
        canvas.draw.rectangle((x1 - stub, y - half, x1, y + half), fill=DARK)
        for dy in (-arm, arm):
            canvas.draw.line([(mid - arm, y - dy), (mid + arm, y + dy)], fill=VERMILLION, width=3)
        return
    left, right = x0 + half, x1 - half
    stub = (right - left) // 2 - thick // 3
    canvas.draw.line([(left, y), (left + stub, y + thick * 2)], fill=DARK, width=thick)
    canvas.draw.line([(right, y), (right - stub, y + thick * 2)], fill=DARK, width=thick)


def _pieces(canvas: Canvas, blockers: list[BlockerView], box: Box, language: str) -> None:
    """Up to two tokens in the square's lower part, and a count of the rest beside them."""
    size = 24
    y = box.y1 - size - 3
    for i, b in enumerate(blockers[:2]):
        x = box.x0 + 4 + i * (size + 2)
        token = Box(x, y, x + size, y + size)
        text = f"{_letter(b)}{b.strength}"
        if b.owner < 0:
            diamond(canvas, token, GREY)
            canvas.label(token, text, 10, INK)
        elif b.owner % len(SIDE) == 0:
            canvas.circle_piece(token, BLUE, text, outline=INK)
        else:
            canvas.square_piece(token, VERMILLION, text, outline=INK)
        if b.set_up:
            set_up_badge(canvas, token, 10)
        if b.dog:
            dog_piece(canvas, token, 13, 10, language)
    if len(blockers) > 2:
        more = f"+{len(blockers) - 2}"
        canvas.text((box.x1 - 3, box.y0 + 25), more, 13, INK, anchor="rm", bold=True)


def diamond(canvas: Canvas, token: Box, fill: tuple[int, int, int]) -> None:
    """A Futsie's token: a diamond, anyone's."""
    x, y = token.center
    points = [(x, token.y0), (token.x1, y), (x, token.y1), (token.x0, y)]
    canvas.draw.polygon(points, fill=fill, outline=INK)


def _letter(b: BlockerView) -> str:
    return "AB"[b.owner % len(SIDE)] if b.owner >= 0 else "F"


def _gap(canvas: Canvas, view: ManiaView, language: str) -> None:
    """The ways across the gap at their levels, and under the board the gap's name with the
    state of each way hit."""
    x = MARGIN + CELL_W * COLS
    for w in view.walkways:
        y = HEADER + (LEVELS - 1 - walkway_level(view, w)) * CELL_H + CELL_H // 2
        span(canvas, x + 1, x + GAP - 1, y, w.stage, 10)
    label = " · ".join([say(m("mania.board.gap"), language), *walkway_words(view, language)])
    canvas.text((x + GAP // 2, HEADER + CELL_H * LEVELS + 14), label, 12, MUTED_INK, anchor="mm")


def _header(canvas: Canvas, view: ManiaView, players: Players, language: str) -> None:
    canvas.cell(Box(0, 0, WIDTH, HEADER - 30), PANEL, GRID, 1)
    if view.ended:
        winners = [seat_label(view, s, language) for s in view.winners]
        line = say(m("mania.board.winner", winners=winners, n=len(winners)), language)
    else:
        who = with_player(seat_label(view, view.active, language), players, view.active)
        line = say(
            m("mania.board.turn", turn=view.turn, seat=who, phase=view.phase_name, n=view.cp),
            language,
        )
    canvas.text((10, 8), line, 22, INK, bold=True)
    deck = m("mania.board.deck", n=view.deck, justice=view.justice)
    if view.endgame:
        deck = m("mania.board.endgame", n=view.deck)
    canvas.text((10, 36), say(deck, language), 15, MUTED_INK)


def _panels(canvas: Canvas, view: ManiaView, players: Players, language: str) -> None:
    top = HEADER + CELL_H * LEVELS + 28
    half = WIDTH // 2
    for seat in view.seats:
        side, row = seat.seat % len(SIDE), seat.seat // len(SIDE)
        x0 = 0 if side == 0 else half
        y0 = top + row * PANEL_H
        box = Box(x0 + 4, y0, x0 + half - 4, y0 + PANEL_H - 4)
        canvas.cell(box, PANEL, SIDE[side], 3)
        token = Box(box.x0 + 8, box.y0 + 8, box.x0 + 40, box.y0 + 40)
        if side == 0:
            canvas.circle_piece(token, BLUE, "A", outline=INK)
        else:
            canvas.square_piece(token, VERMILLION, "B", outline=INK)
        marker = "▶ " if seat.seat == view.active and not view.ended else ""
        name = with_player(seat_label(view, seat.seat, language), players, seat.seat)
        canvas.text((token.x1 + 8, box.y0 + 8), marker + name, 18, INK, bold=True)
        line = m("mania.board.defeat", n=seat.defeat)
        canvas.text((token.x1 + 8, box.y0 + 32), say(line, language), 20, INK, bold=True)
        more = m("mania.board.seat_line", cards=seat.cards, reserve=seat.reserve)
        if not seat.power:
            more = m("mania.board.dark", line=more)
        canvas.text((box.x0 + 10, box.y0 + 60), say(more, language), 14, MUTED_INK)


def phone_overview(
    view: ManiaView,
    players: Players = None,
    before: ManiaView | None = None,
    language: str = ENGLISH,
) -> bytes:
    """PNG bytes of the squares in play and the game's counts, 800 px wide, for a turn message
    read on a phone (the full board cannot be); `before`, the view before the last step, picks
    and frames the squares it changed (see `render.block_mania_overview`)."""
    from render.block_mania_overview import PALETTE as OVERVIEW
    from render.block_mania_overview import overview_image

    return overview_image(view, players, before, language).to_png(OVERVIEW)
