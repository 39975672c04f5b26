"""RIOT's phone overview: the areas in play and the counts, for a turn message.

The full board (840 px wide: six areas around the Police HQ, a Public Opinion panel and the
factions) is shown about 400 px wide on a phone, where its street and entry labels are under 7
px, the factions' counts 7 px and a unit a 19 px speck. Six areas, the HQ and two panels do not
fit 400 px with text of 9 px, so a turn message carries this picture instead, and the full board
stays one command away (`/game board`).

It draws up to four areas in play (the HQ and its Hospital counting as one) 400 px wide each in
an 800 px wide picture, so shown at half size: no text on it under 18 px. Units are drawn as on
the full board, a Police unit a square and a protester a circle, each with its faction's letter
and force (colour is never the only cue), a building a house with its credit value and its
holder's letter. Above them a banner says the round and whose turn, each faction's credits,
area points and cards in hand (their number: the picture is the channel's, never a hand or the
Nationalists' goal), and Public Opinion: the cards left and the last ones turned over.

The areas in play: those the last step changed when the caller passes the view before it
(framed in magenta), else where the acting faction has units, else wherever a unit stands.
Areas in play beyond the four drawn are named in the banner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render import focus
from render.canvas import Box, Canvas
from render.names import Players, with_player
from render.palette import (
    DARK,
    GRID,
    INK,
    MUTED_INK,
    PAPER,
    VERMILLION,
    WHITE,
    build_palette,
    palette_image,
)
from render.panels import Line, Marker
from render.riot import (
    COLOURS,
    ENTRY,
    HQ_FILL,
    LETTERS,
    PALETTE_COLOURS,
    PALETTE_PAIRS,
    STREET,
    group_width,
    groups,
    piece,
    token,
)

if TYPE_CHECKING:  # the renderer reads a view and imports no rules
    from engine.games.riot.view import BuildingView, RiotView, UnitView

WIDTH = 800
CARD = WIDTH // 2
"""An area's card: half the picture, so 200 px on a phone."""
TALLEST = WIDTH * 3 // 2
"""A phone shows a picture whole up to one and a half times as tall as wide: the rows of cards
that would make it taller are left out, and their areas named in the banner."""
HQ = "hq"
"""The HQ and its Hospital, as one of the areas in play."""
PIECE = 48
"""A unit's token: its letter and force 22 px, its count 24 px, a wound's cross 19 px."""
PAD = 10
TITLE = 26
LABEL = 20
HOUSE = 56
ROW = PIECE + 8
HIGHLIGHT = (214, 0, 140)
PALETTE = palette_image(
    build_palette(
        [*PALETTE_COLOURS, DARK, HIGHLIGHT], [*PALETTE_PAIRS, (WHITE, DARK), (MUTED_INK, PAPER)]
    )
)


def place_area(view: RiotView, at: str) -> str | None:
    """The area a unit's place belongs to ("3" for s3, e3 or b3a; HQ for the HQ and the
    Hospital), or None off the board (the supply, bought and not yet deployed)."""
    if at in (HQ, "hospital"):
        return HQ
    if at[:1] in "se" and at[1:] in view.areas:
        return at[1:]
    return next((b.area for b in view.buildings if b.id == at), None)


def changed_areas(before: RiotView, after: RiotView) -> set[str]:
    """Areas where a unit arrived, left or was wounded or healed, or a building changed hands."""
    old = {u.id: u for u in before.units}
    places = {
        place
        for u in after.units
        if (was := old.get(u.id)) is None or (was.at, was.wounded) != (u.at, u.wounded)
        for place in (u.at, was.at if was else u.at)
    }
    held = {b.id: b.holder for b in before.buildings}
    changed = {b.area for b in after.buildings if held.get(b.id) != b.holder}
    return changed | {a for p in places if (a := place_area(after, p)) is not None}


def region(view: RiotView, before: RiotView | None = None) -> tuple[list[str], set[str]]:
    """The areas in play in board order (the HQ last), and of those the ones the last step
    changed (to frame)."""
    in_play: set[str] = set()
    ringed: set[str] = set()
    if before is not None:
        in_play = ringed = changed_areas(before, view)
    if not in_play and view.acting is not None and not view.ended:
        faction = view.seats[view.acting].faction
        in_play = _areas_of(view, (u for u in view.units if u.faction == faction))
    if not in_play:
        in_play = _areas_of(view, view.units)
    return [a for a in [*view.areas, HQ] if a in in_play], ringed


def _areas_of(view: RiotView, units: Iterable[UnitView]) -> set[str]:
    return {a for u in units if (a := place_area(view, u.at)) is not None}


def overview_image(
    view: RiotView,
    players: Players = None,
    before: RiotView | None = None,
    language: str = ENGLISH,
) -> Canvas:
    """The overview's canvas, before encoding."""
    areas, ringed = region(view, before)
    headline = focus.lines_part([focus.headline_line(_headline(view, language))], WIDTH)
    lines = _lines(view, players, language)
    note = Line("+", focus.NOTE_SIZE, WHITE)
    room = TALLEST - headline.height - focus.lines_part([*lines, note], WIDTH).height
    rows = _card_rows([_card(view, a) for a in areas], room)
    left_out = areas[sum(len(row) for row in rows) :]
    if left_out:
        named = ", ".join(_area_name(a, language) for a in left_out)
        lines.append(Line(f"+ {named}", focus.NOTE_SIZE, WHITE))
    body = _cards(rows, ringed, language)
    return focus.compose(WIDTH, [headline, focus.lines_part(lines, WIDTH)], body.image, DARK)


def _area_name(area: str, language: str) -> str:
    return say(m("riot.board.hq") if area == HQ else m("riot.board.area", area=area), language)


def _headline(view: RiotView, language: str) -> str:
    if view.ended:
        names = [view.seats[s].faction_name for s in view.winners]
        if not names:
            return say(m("riot.board.standstill"), language)
        return say(m("riot.board.winner", faction=names), language)
    turn = m("riot.board.turn", faction=view.seats[view.active].faction_name)
    return f"{say(m('riot.board.round', round=view.round), language)} · {say(turn, language)}"


def _lines(view: RiotView, players: Players, language: str) -> list[Line]:
    """The result, each faction's counts (the one the table waits for marked), Public Opinion."""
    lines: list[Line] = []
    if view.ended and view.outcome is not None:
        lines.append(focus.result_line(say(view.outcome, language)))
    for seat in view.seats:
        name = with_player(say(seat.faction_name, language), players, seat.seat)
        counts = m("riot.board.seat_line", credits=seat.credits, points=seat.points, n=seat.cards)
        said = say(m("riot.board.out") if seat.out else counts, language)
        acting = seat.seat == view.acting and not view.ended
        text = f"{'▶ ' if acting else ''}{name}: {said}"
        lines.append(Line(text, focus.NOTE_SIZE, WHITE, acting, marker=_marker(seat.faction)))
    opinion = [say(m("riot.board.opinion_left", n=view.opinion_left), language)]
    opinion += [say(name, language) for name in view.revealed_names[-3:]]
    text = f"{say(m('riot.board.opinion'), language)}: {' · '.join(opinion)}"
    lines.append(Line(text, focus.NOTE_SIZE, WHITE, gap_before=6))
    return lines


def _marker(faction: str) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        token(canvas, box, faction, LETTERS[faction], focus.NOTE_SIZE - 2)

    return marker


@dataclass(frozen=True)
class _Card:
    """One area's card, measured before it is drawn: its rows of unit groups per spot."""

    area: str
    spots: list[tuple[str, list[list[tuple[UnitView, int]]]]]
    """(what the spot is, its rows of groups) top to bottom; buildings come apart."""
    buildings: list[tuple[BuildingView, list[list[tuple[UnitView, int]]]]]

    @property
    def height(self) -> int:
        height = PAD + TITLE + 12
        if self.buildings:
            height += HOUSE + 4 + ROW * _most_rows(self.buildings) + 6
        for spot, rows in self.spots:
            height += _spot_height(spot, rows) + 6
        return height + PAD


SPOTS = {
    "street": (STREET, GRID),
    "entry": (ENTRY, GRID),
    HQ: (HQ_FILL, GRID),
    "hospital": (WHITE, VERMILLION),
}
"""Each spot's fill and edge, as on the full board."""


def _spot_height(spot: str, rows: list[list[tuple[UnitView, int]]]) -> int:
    """A spot's label over its rows of units, the label alone for an empty spot (the HQ has
    no label, its card's title names it, so it keeps a row)."""
    if spot == HQ:
        return ROW * max(1, len(rows))
    return LABEL + 8 + ROW * len(rows)


def _most_rows(buildings: list[tuple[BuildingView, list[list[tuple[UnitView, int]]]]]) -> int:
    """The rows the most crowded building's occupants take (none when all stand empty)."""
    return max(len(rows) for _, rows in buildings)


def _rows(units: list[UnitView], width: int) -> list[list[tuple[UnitView, int]]]:
    """The unit groups packed left to right into rows no wider than `width`."""
    rows: list[list[tuple[UnitView, int]]] = []
    x = width
    for unit, n in groups(units):
        w = group_width(n, PIECE) + 8
        if x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((unit, n))
        x += w
    return rows


def _inner_width() -> int:
    return CARD - 2 * PAD - 8


def _building_width() -> int:
    return (_inner_width() - 2 * 8) // 3


def _card(view: RiotView, area: str) -> _Card:
    def at(place: str) -> list[UnitView]:
        return [u for u in view.units if u.at == place]

    width = _inner_width() - 8
    if area == HQ:
        spots = [(HQ, _rows(at(HQ), width)), ("hospital", _rows(at("hospital"), width))]
        return _Card(area, spots, [])
    buildings = [
        (b, _rows(at(b.id), _building_width() - 4)) for b in view.buildings if b.area == area
    ]
    spots = [("street", _rows(at(f"s{area}"), width)), ("entry", _rows(at(f"e{area}"), width))]
    return _Card(area, spots, buildings)


def _card_rows(cards: list[_Card], room: int) -> list[list[_Card]]:
    """The cards two to a row, as many rows as `room` px hold (the first always)."""
    rows: list[list[_Card]] = []
    for i in range(0, len(cards), 2):
        row = cards[i : i + 2]
        room -= max(c.height for c in row)
        if rows and room < 0:
            break
        rows.append(row)
    return rows


def _cards(rows: list[list[_Card]], ringed: set[str], language: str) -> Canvas:
    """The cards' rows, each as tall as its taller card."""
    heights = [max(c.height for c in row) for row in rows]
    canvas = Canvas(WIDTH, sum(heights) or 1, PAPER)
    y = 0
    for row, height in zip(rows, heights, strict=True):
        for i, card in enumerate(row):
            box = Box(i * CARD, y, (i + 1) * CARD, y + height)
            _draw_card(canvas, card, box, card.area in ringed, language)
        y += height
    return canvas


def _draw_card(canvas: Canvas, card: _Card, box: Box, ringed: bool, language: str) -> None:
    outer = box.inset(4)
    canvas.cell(outer, HQ_FILL if card.area == HQ else PAPER, GRID, 2)
    if ringed:
        canvas.draw.rectangle(outer, outline=HIGHLIGHT, width=6)
    inner = outer.inset(PAD)
    canvas.text((inner.x0, inner.y0), _area_name(card.area, language), TITLE, INK, bold=True)
    y = inner.y0 + TITLE + 12
    if card.buildings:
        for i, (building, placed) in enumerate(card.buildings):
            x = inner.x0 + i * (_building_width() + 8)
            _building(canvas, Box(x, y, x + _building_width(), y + HOUSE), building)
            _groups(canvas, x + 4, y + HOUSE + 4, placed)
        y += HOUSE + 4 + ROW * _most_rows(card.buildings) + 6
    for spot, rows in card.spots:
        height = _spot_height(spot, rows)
        fill, edge = SPOTS[spot]
        canvas.cell(Box(inner.x0, y, inner.x1, y + height), fill, edge, 2)
        top = y
        if spot != HQ:
            word = say(m(f"riot.board.{spot}"), language)
            word = "✚ " + word if spot == "hospital" else f"{word} {spot[0]}{card.area}"
            canvas.text((inner.x0 + 6, y + 4), word, LABEL, INK, bold=True)
            top += LABEL + 8
        _groups(canvas, inner.x0 + 8, top, rows)
        y += height + 6


def _building(canvas: Canvas, box: Box, building: BuildingView) -> None:
    """A house in its holder's colour with its credit value and the holder's letter."""
    holder = building.holder
    fill = COLOURS[holder] if holder else WHITE
    label = f"{building.value}" + (f" {LETTERS[holder]}" if holder else "")
    canvas.house(box, fill, label)


def _groups(canvas: Canvas, x0: int, y0: int, rows: list[list[tuple[UnitView, int]]]) -> None:
    for r, row in enumerate(rows):
        x = x0
        y = y0 + r * ROW + 4
        for unit, n in row:
            piece(canvas, Box(x, y, x + PIECE, y + PIECE), unit, n)
            x += group_width(n, PIECE) + 8
