"""The RIOT board image: the Police HQ with its Hospital in the middle, the six areas around it
(three buildings with their values, the street, the protesters' entry point), every unit, and
panels for Public Opinion and the factions.

Drawn from `RiotView` only, so it shows what the channel may see. Areas 1 to 3 run along the
top and 4 to 6 back along the bottom, so the ring reads clockwise; the HQ sits in the middle
with Public Opinion on its left and the factions on its right.

Visual language (every colour doubled by a letter or a shape): Police units are squares, the
protesters' circles, each with its faction's letter (P, A, X, N) and its force; a number beside
a piece counts identical units; a shielded unit carries a small shield; a wounded unit a cross
and a light fill. A building is a house in its holder's colour with its credit value.

Words come from the game's catalog (`riot.board.*`) in the table's language.

Shown about 400 px wide on a phone, its street and entry labels are under 7 px and a unit is a
19 px speck, so `phone_overview` draws the areas in play and the counts for a turn message
instead (see `render.riot_overview`); the full board stays one command away.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.messages import ENGLISH, m, say
from render.canvas import Box, Canvas
from render.names import Players, with_player
from render.palette import (
    BLUE,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PANEL,
    PAPER,
    PURPLE,
    RGB,
    VERMILLION,
    WHITE,
    build_palette,
    palette_image,
    tint,
)

if TYPE_CHECKING:  # the renderer reads a view and imports no rules
    from engine.games.riot.view import RiotView, UnitView

WIDTH = 840
CELL = WIDTH // 3
HEIGHT = CELL * 3 + 60
COLOURS = {"police": BLUE, "autonomen": ORANGE, "anarchists": INK, "nationalists": VERMILLION}
LETTERS = {"police": "P", "autonomen": "A", "anarchists": "X", "nationalists": "N"}
SEATS = {(0, 0): "1", (1, 0): "2", (2, 0): "3", (2, 2): "4", (1, 2): "5", (0, 2): "6"}
"""Grid cell -> area number: the ring clockwise from the top left."""
STREET = tint(GRID, 0.8)
ENTRY = tint(PURPLE, 0.7)
HQ_FILL = tint(BLUE, 0.8)
WOUND = VERMILLION
PALETTE_COLOURS = [PAPER, PANEL, INK, WHITE, MUTED_INK, GRID, STREET, ENTRY, HQ_FILL]
PALETTE_COLOURS += [*COLOURS.values(), *(tint(c, 0.55) for c in COLOURS.values())]
"""The board's flat colours, which the phone overview draws in too."""
PALETTE_PAIRS = [(INK, PAPER), (INK, PANEL), (INK, STREET), (WHITE, INK), (INK, HQ_FILL)]
PALETTE_PAIRS += [(WHITE, BLUE), *((INK, tint(c, 0.55)) for c in COLOURS.values())]
PALETTE_PAIRS += [(WHITE, c) for c in COLOURS.values()]
"""The board's (text, background) pairs, whose blends the palette keeps."""
PALETTE = palette_image(build_palette(PALETTE_COLOURS, PALETTE_PAIRS))


def render(view: RiotView, players: Players = None, language: str = ENGLISH) -> bytes:
    return draw(view, players, language).to_png(PALETTE)


def draw(view: RiotView, players: Players = None, language: str = ENGLISH) -> Canvas:
    """The finished canvas, before encoding (tests measure what it writes)."""
    canvas = Canvas(WIDTH, HEIGHT, PAPER)
    for (col, row), area in SEATS.items():
        _area(
            canvas,
            view,
            area,
            Box(col * CELL, row * CELL, (col + 1) * CELL, (row + 1) * CELL),
            language,
        )
    _hq(canvas, view, Box(CELL, CELL, 2 * CELL, 2 * CELL), language)
    _opinion(canvas, view, Box(0, CELL, CELL, 2 * CELL), language)
    _factions(canvas, view, Box(2 * CELL, CELL, WIDTH, 2 * CELL), players, language)
    _footer(canvas, view, Box(0, 3 * CELL, WIDTH, HEIGHT), language)
    return canvas


def groups(units: list[UnitView]) -> list[tuple[UnitView, int]]:
    """Identical units (faction, type, wounded) as one with their number, in board order."""
    counted = Counter((u.faction, u.type, u.wounded) for u in units)
    first: dict[tuple[str, str, bool], UnitView] = {}
    for u in units:
        first.setdefault((u.faction, u.type, u.wounded), u)
    return [(first[key], n) for key, n in counted.items()]


def token(
    canvas: Canvas,
    box: Box,
    faction: str,
    label: str,
    size: int | None = None,
    fill: RGB | None = None,
) -> None:
    """A faction's token, its shape a second cue beside its colour: the Police a square, the
    protesters a circle, each with `label` (the faction's letter first)."""
    fill = COLOURS[faction] if fill is None else fill
    if faction == "police":
        canvas.square_piece(box, fill, label, outline=INK, text_size_px=size)
    else:
        outline = WHITE if faction == "anarchists" else INK
        canvas.circle_piece(box, fill, label, outline=outline, text_size_px=size)


def group_width(n: int, size: int) -> int:
    """How wide a group of `n` identical units draws with pieces `size` px across."""
    return size + 2 + (size // 4 + size * 3 // 10 * len(str(n)) if n > 1 else 0)


def piece(canvas: Canvas, box: Box, unit: UnitView, n: int) -> None:
    """A group of `n` identical units in the square `box`: the faction's token with its letter
    and force, a shield if shielded, a cross and a light fill if wounded, the number beside it
    if more than one (see `group_width`). Its texts scale with the piece."""
    size = box.width
    fill = tint(COLOURS[unit.faction], 0.55) if unit.wounded else COLOURS[unit.faction]
    token(canvas, box, unit.faction, f"{LETTERS[unit.faction]}{unit.force}", size // 2 - 2, fill)
    if unit.shield:
        x0, y0 = box.x1 - size * 3 // 10, box.y0 - size // 20
        canvas.shield(Box(x0, y0, box.x1 + size // 20, box.y0 + size * 7 // 20), INK, 2, WHITE)
    if unit.wounded:
        at = (box.x0 - size // 20, box.y0 - size // 10)
        canvas.text(at, "✚", size * 2 // 5, WOUND, bold=True)
    if n > 1:
        canvas.text((box.x1 + 2, box.center[1]), f"{n}", size // 2, INK, anchor="lm", bold=True)


def _pieces(canvas: Canvas, box: Box, units: list[UnitView]) -> None:
    """Units as pieces left to right, identical ones stacked into one with a count."""
    size = min(40, box.height - 4)
    x = box.x0 + 4
    for u, n in groups(units):
        if x + size > box.x1:
            break
        y = box.y0 + (box.height - size) // 2
        piece(canvas, Box(x, y, x + size, y + size), u, n)
        x += group_width(n, size)


def _area(canvas: Canvas, view: RiotView, area: str, box: Box, language: str) -> None:
    canvas.cell(box.inset(2), PAPER, GRID, 2)
    inner = box.inset(8)
    canvas.text(
        (inner.x0, inner.y0), say(m("riot.board.area", area=area), language), 22, INK, bold=True
    )
    buildings = [b for b in view.buildings if b.area == area]
    top = inner.y0 + 30
    width = (inner.width - 8) // max(1, len(buildings))
    for i, b in enumerate(buildings):
        spot = Box(inner.x0 + i * width, top, inner.x0 + (i + 1) * width - 6, top + 104)
        fill = tint(COLOURS[b.holder], 0.55) if b.holder else WHITE
        canvas.house(Box(spot.x0, spot.y0, spot.x1, spot.y0 + 48), fill, f"{b.id[-1]}{b.value}")
        inside = [u for u in view.units if u.at == b.id]
        _stacked(canvas, Box(spot.x0, spot.y0 + 52, spot.x1, spot.y1), inside)
    street = Box(inner.x0, top + 110, inner.x1, top + 160)
    canvas.cell(street, STREET, GRID, 1)
    canvas.text(
        (street.x0 + 4, street.y0 + 2), say(m("riot.board.street"), language), 14, MUTED_INK
    )
    _pieces(
        canvas,
        Box(street.x0 + 50, street.y0 + 2, street.x1, street.y1 - 2),
        [u for u in view.units if u.at == f"s{area}"],
    )
    entry = Box(inner.x0, top + 166, inner.x1, inner.y1)
    canvas.cell(entry, ENTRY, GRID, 1)
    canvas.text((entry.x0 + 4, entry.y0 + 2), say(m("riot.board.entry"), language), 14, INK)
    _pieces(
        canvas,
        Box(entry.x0 + 60, entry.y0, entry.x1, entry.y1),
        [u for u in view.units if u.at == f"e{area}"],
    )


def _stacked(canvas: Canvas, box: Box, units: list[UnitView]) -> None:
    """A building's occupants: one piece and a count, as a building holds one faction."""
    if units:
        _pieces(canvas, box, units)


def _hq(canvas: Canvas, view: RiotView, box: Box, language: str) -> None:
    inner = box.inset(14)
    canvas.cell(inner, HQ_FILL, BLUE, 4)
    canvas.text(
        (inner.center[0], inner.y0 + 16),
        say(m("riot.board.hq"), language),
        22,
        INK,
        anchor="mm",
        bold=True,
    )
    _pieces(
        canvas,
        Box(inner.x0 + 4, inner.y0 + 34, inner.x1 - 4, inner.y0 + 110),
        [u for u in view.units if u.at == "hq"],
    )
    hospital = Box(inner.x0 + 16, inner.y1 - 90, inner.x1 - 16, inner.y1 - 10)
    canvas.cell(hospital, WHITE, VERMILLION, 3)
    canvas.text(
        (hospital.x0 + 6, hospital.y0 + 4),
        "✚ " + say(m("riot.board.hospital"), language),
        16,
        VERMILLION,
        bold=True,
    )
    _pieces(
        canvas,
        Box(hospital.x0 + 4, hospital.y0 + 26, hospital.x1, hospital.y1 - 2),
        [u for u in view.units if u.at == "hospital"],
    )


def _opinion(canvas: Canvas, view: RiotView, box: Box, language: str) -> None:
    inner = box.inset(10)
    canvas.cell(inner, PANEL, GRID, 2)
    canvas.text(
        (inner.x0 + 8, inner.y0 + 6), say(m("riot.board.opinion"), language), 20, INK, bold=True
    )
    total = view.opinion_left + len(view.revealed)
    slot = (inner.width - 16) // max(1, total)
    for i in range(total):
        card = Box(
            inner.x0 + 8 + i * slot, inner.y0 + 40, inner.x0 + 8 + (i + 1) * slot - 3, inner.y0 + 80
        )
        canvas.cell(card, BLUE if i < len(view.revealed) else WHITE, INK, 2)
    canvas.text(
        (inner.x0 + 8, inner.y0 + 88),
        say(m("riot.board.opinion_left", n=view.opinion_left), language),
        26,
        INK,
        bold=True,
    )
    for i, name in enumerate(view.revealed_names[-3:]):
        canvas.text(
            (inner.x0 + 8, inner.y0 + 124 + 22 * i), "• " + say(name, language), 16, MUTED_INK
        )
    canvas.text(
        (inner.x0 + 8, inner.y1 - 26),
        say(m("riot.board.round", round=view.round), language),
        18,
        INK,
        bold=True,
    )


def _factions(canvas: Canvas, view: RiotView, box: Box, players: Players, language: str) -> None:
    inner = box.inset(10)
    canvas.cell(inner, PANEL, GRID, 2)
    row = (inner.height - 8) // 4
    for i, seat in enumerate(view.seats):
        y = inner.y0 + 4 + i * row
        spot = Box(inner.x0 + 6, y + 4, inner.x0 + 40, y + 38)
        token(canvas, spot, seat.faction, LETTERS[seat.faction])
        name = with_player(say(seat.faction_name, language), players, seat.seat)
        marker = "▶ " if seat.seat == view.active and not view.ended else ""
        canvas.text((spot.x1 + 6, y + 4), marker + name, 17, INK, bold=True)
        line = say(
            m("riot.board.seat_line", credits=seat.credits, points=seat.points, n=seat.cards),
            language,
        )
        if seat.out:
            line = say(m("riot.board.out"), language)
        canvas.text((spot.x1 + 6, y + 26), line, 15, MUTED_INK)


def _footer(canvas: Canvas, view: RiotView, box: Box, language: str) -> None:
    canvas.cell(box, PANEL, GRID, 1)
    if view.ended:
        names = [say(view.seats[s].faction_name, language) for s in view.winners]
        text: Any = m("riot.board.winner", faction=names) if names else m("riot.board.standstill")
    else:
        text = m("riot.board.turn", faction=view.seats[view.active].faction_name)
    canvas.text((box.x0 + 10, box.y0 + 6), say(text, language), 20, INK, bold=True)
    canvas.text((box.x0 + 10, box.y0 + 34), say(m("riot.board.key"), language), 14, MUTED_INK)


def phone_overview(
    view: RiotView,
    players: Players = None,
    before: RiotView | None = None,
    language: str = ENGLISH,
) -> bytes:
    """PNG bytes of the areas in play and the game's counts, 800 px wide, for a turn message
    read on a phone (the full board cannot be); `before`, the view before the last step, picks
    and frames the areas it changed (see `render.riot_overview`)."""
    from render.riot_overview import PALETTE as OVERVIEW
    from render.riot_overview import overview_image

    return overview_image(view, players, before, language).to_png(OVERVIEW)
