"""The text around the map: the headline, what the table waits for, the seat table (reserve,
loyal worlds, units, orders sent), declared orders, the letters key and the legend.

Only public counts are drawn: the view's `reserve` and `orders` (a seat's own hidden chits and
secret orders) never reach the image, whoever's view it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.messages import ENGLISH, Msg, m, say
from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.names import Players, player_name
from render.palette import INK, MUTED_INK, PANEL, RGB, WHITE
from render.panels import PADDING, LegendItem, Line, Marker
from render.space_insurrection import glyphs
from render.space_insurrection.board import damage_mark, fitted
from render.space_insurrection.look import (
    CALLOUT,
    CALLOUT_INK,
    CHIT_H,
    CHIT_W,
    GAP,
    MIN_TEXT,
    NEUTRAL,
    NEUTRAL_RING,
    PANEL_SIZE,
    ROW_OFF,
    SEAT_COLOURS,
    SHAPES,
    TABLE_SIZE,
    WIDTH,
    SeatStyle,
    hatch_ink,
    loyal_fill,
    seat_styles,
    style_of,
)

if TYPE_CHECKING:
    from engine.games.space_insurrection.view import SpaceView

# ----- words -----------------------------------------------------------------------------------


def over(view: SpaceView) -> bool:
    return bool(view.outcome)


def seat_label(view: SpaceView, seat: int, players: Players = None, language: str = ENGLISH) -> str:
    """A seat's name in `language` with its player's display name, for sentences: "Red (ana)",
    "Rojo (ana)"."""
    seats = view.seats
    name = say(seats[seat].name, language) if 0 <= seat < len(seats) else f"#{seat + 1}"
    player = player_name(players, seat)
    return f"{name} ({player})" if player else name


def result(view: SpaceView, language: str = ENGLISH) -> str:
    """How the game ended, after "Game over."."""
    if view.outcome is None:
        return say(m("space.board.game_over"), language)
    return say(m("space.status.over", reason=view.outcome), language)


def turn_text(view: SpaceView, language: str = ENGLISH) -> str:
    if view.last_turn and view.turn >= view.last_turn:
        turn = m("space.board.turn_last", turn=view.turn, last=view.last_turn)
    elif view.last_turn:
        turn = m("space.board.turn_of", turn=view.turn, last=view.last_turn)
    else:
        turn = m("space.board.turn", turn=view.turn)
    return say(turn, language)


def headline(view: SpaceView, language: str = ENGLISH) -> str:
    """The line a player reads first: the turn and phase, or how the game ended."""
    if over(view):
        return result(view, language)
    return f"{turn_text(view, language)} · {say(view.phase_text, language)}"


TITLE_TEXT = "SPACE INSURRECTION"
TITLE_SIZE = MIN_TEXT
HEADLINE_MIN = MIN_TEXT + 3


def headline_x() -> int:
    """Where the headline starts in the header, right of the title."""
    return GAP + 4 + text_size(TITLE_TEXT, TITLE_SIZE, True)[0] + 22


def header_text(view: SpaceView, language: str = ENGLISH) -> str:
    """The headline if it fits the header on one line, else its short form (the turn, or
    "Game over"); the status panel then carries the rest."""
    text = headline(view, language)
    if text_size(text, HEADLINE_MIN, True)[0] <= WIDTH - headline_x() - GAP:
        return text
    if over(view):
        return say(m("space.board.game_over_short"), language)
    return turn_text(view, language)


def sheet_phase(view: SpaceView) -> bool:
    """Every seat writes secret orders at once (the view says whether each has sent them)."""
    return any(s.submitted is not None for s in view.seats)


def waiting_line(view: SpaceView, players: Players = None, language: str = ENGLISH) -> str:
    """Whom the table waits for ("" when nobody, or the game is over)."""
    if over(view) or not view.acting:
        return ""
    names = ", ".join(seat_label(view, s, players, language) for s in view.acting)
    if sheet_phase(view):
        return say(m("space.board.waiting_orders", seats=names), language)
    if view.phase == "action":
        return say(m("space.board.to_act", seats=names), language)
    return say(m("space.board.waiting", seats=names), language)


def declared_lines(view: SpaceView, language: str = ENGLISH) -> list[str]:
    """Orders declared in public after an Agent's observation: "Red's Troops #2: to Jungla
    aboard Star Cruiser #1"."""
    units = {u.id: (u, w) for w in view.worlds for u in w.units}
    worlds = {w.id: w.name for w in view.worlds}
    out = []
    for unit_id, where in view.declared.items():
        unit, home = units.get(unit_id, (None, None))
        owner: Msg | str = ""
        if unit and 0 <= unit.owner < len(view.seats):
            owner = view.seats[unit.owner].name
        label: Msg | str = m("space.unit.owned", seat=owner, chit=unit.name) if unit else unit_id
        target, _, carrier = where.partition("@")
        if home is not None and target == home.id and not carrier:
            out.append(say(m("space.board.declared_stay", unit=label, world=home.name), language))
            continue
        to = worlds.get(target, target)
        said = m("space.board.declared_move", unit=label, world=to)
        if carrier:
            ride = units.get(carrier)
            aboard = ride[0].name if ride else carrier
            said = m("space.board.declared_aboard", unit=label, world=to, carrier=aboard)
        out.append(say(said, language))
    return out


def status_lines(view: SpaceView, players: Players = None, language: str = ENGLISH) -> list[Line]:
    """The panel under the header, for what the seat table does not say: the phase when the
    header only has room for the turn, how the game ended, and orders declared in public.
    (Whom the table waits for is the highlighted row; the recruit pile heads the table.)"""
    lines: list[Line] = []
    if over(view):
        lines.append(Line(result(view, language), PANEL_SIZE + 2, INK, True))
    elif header_text(view, language) != headline(view, language):
        lines.append(Line(say(view.phase_text, language), PANEL_SIZE + 2, INK, True))
    declared = declared_lines(view, language)
    if declared:
        title = say(m("space.board.declared_orders"), language)
        lines.append(Line(title, PANEL_SIZE - 2, INK, True, gap_before=8))
        lines.extend(Line(text, PANEL_SIZE - 2, INK) for text in declared)
    return lines


# ----- the seat table ---------------------------------------------------------------------------

ROW = 50
HEAD = 36
COLUMNS = (("reserve", 124), ("loyal", 100), ("units", 100), ("orders", 150))
"""The count columns at the right of the table, with their widths (their titles:
`space.board.column.<id>`)."""


def table_height(view: SpaceView) -> int:
    return 2 * PADDING + HEAD + ROW * len(view.seats)


def draw_table(
    canvas: Canvas, box: Box, view: SpaceView, players: Players = None, language: str = ENGLISH
) -> None:
    """One row per seat: badge, name (and player), reserve, loyal worlds, units on the board
    and, while orders are being written, whether the seat has sent its own; the seats asked to
    act are highlighted with an arrow, and the first player is marked "1st"."""
    canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
    inner = box.inset(PADDING)
    styles = seat_styles(view, language)
    rights = []
    x = inner.x1
    for title, width in reversed(COLUMNS):
        rights.append((title, x - width, x))
        x -= width
    rights.reverse()
    name_x1 = x - 10
    show_orders = sheet_phase(view)
    y = inner.y0
    seat_title = say(m("space.board.column.seat"), language)
    canvas.text((inner.x0 + 62, y + HEAD // 2), seat_title, MIN_TEXT, MUTED_INK, "lm", True)
    pile = say(m("space.board.pile", n=view.pile), language)
    pile_x = inner.x0 + 62 + text_size(seat_title, MIN_TEXT, True)[0] + 24
    canvas.text((pile_x, y + HEAD // 2), pile, MIN_TEXT, MUTED_INK, "lm")
    for column, x0, x1 in rights:
        if column == "orders" and not show_orders:
            continue
        title = say(m(f"space.board.column.{column}"), language)
        canvas.text(((x0 + x1) // 2, y + HEAD // 2), title, MIN_TEXT, MUTED_INK, "mm", True)
    y += HEAD
    for seat, info in enumerate(view.seats):
        row = Box(inner.x0 - 10, y, inner.x1 + 10, y + ROW)
        acting = seat in view.acting and not over(view)
        if acting:
            canvas.draw.rounded_rectangle(
                row, radius=10, fill=CALLOUT, outline=CALLOUT_INK, width=3
            )
        elif seat % 2 == 1:
            canvas.draw.rectangle(row.inset(0, 2), fill=ROW_OFF)
        mid = y + ROW // 2
        if acting:
            glyphs.arrow(canvas, Box(inner.x0 - 4, mid - 12, inner.x0 + 12, mid + 12), CALLOUT_INK)
        style = style_of(styles, seat)
        glyphs.badge(canvas, glyphs.badge_box(inner.x0 + 14, mid), style, style.colour)
        ink = CALLOUT_INK if acting else INK
        tags = []
        if seat == view.first and not over(view):
            tags.append(("first", say(m("space.board.first"), language)))
        if acting:
            tags.append(("acting", say(m("space.board.acting"), language)))
        tag_w = sum(text_size(t, MIN_TEXT, True)[0] + 22 for _, t in tags)
        name = say(info.name, language)
        player = player_name(players, seat)
        left = inner.x0 + 66
        room = name_x1 - left - tag_w
        size = fit_size(name, room, TABLE_SIZE, MIN_TEXT, True)
        name = fitted(name, room, True)
        canvas.text((left, mid), name, size, ink, "lm", True)
        tx = left + text_size(name, size, True)[0] + 10
        if player:
            rest = name_x1 - tx - tag_w
            shown = player
            psize = fit_size(shown, rest, TABLE_SIZE - 4, MIN_TEXT)
            while shown and text_size(shown, psize)[0] > rest:
                shown = shown[:-2] + "…" if len(shown) > 2 else ""
            if shown:
                canvas.text((tx, mid + 1), shown, psize, MUTED_INK, "lm")
                tx += text_size(shown, psize)[0] + 10
        tx = name_x1 - tag_w
        for kind, tag in tags:
            w = text_size(tag, MIN_TEXT, True)[0] + 16
            tb = Box(tx, mid - 17, tx + w, mid + 17)
            if kind == "acting":
                canvas.draw.rounded_rectangle(tb, radius=6, fill=CALLOUT_INK)
                canvas.label(tb, tag, MIN_TEXT, WHITE)
            else:
                canvas.draw.rounded_rectangle(tb, radius=6, fill=WHITE, outline=INK, width=2)
                canvas.label(tb, tag, MIN_TEXT, INK)
            tx += w + 6
        counts = {"reserve": info.reserve, "loyal": info.loyal, "units": info.units}
        for column, x0, x1 in rights:
            cx = (x0 + x1) // 2
            if column in counts:
                canvas.text((cx, mid), str(counts[column]), TABLE_SIZE + 2, ink, "mm", True)
            elif show_orders and info.submitted is not None:
                cell = Box(x0, y, x1, y + ROW)
                _orders_cell(canvas, cell, info.submitted, ink, language)
        y += ROW


def _orders_cell(canvas: Canvas, box: Box, submitted: bool, ink: RGB, language: str) -> None:
    mid = box.center[1]
    if submitted:
        sent = say(m("space.board.sent"), language)
        text_w = text_size(sent, MIN_TEXT + 1, True)[0]
        x = box.center[0] - (text_w + 34) // 2
        glyphs.tick(canvas, Box(x, mid - 14, x + 28, mid + 14), ink)
        canvas.text((x + 34, mid), sent, MIN_TEXT + 1, ink, "lm", True)
    else:
        canvas.text(box.center, say(m("space.board.due"), language), MIN_TEXT, ink, "mm")


# ----- markers and the key ---------------------------------------------------------------------


def seat_marker(style: SeatStyle) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.badge(canvas, box, style, style.colour)

    return marker


def seat_marker_for(view: SpaceView, seat: int, language: str = ENGLISH) -> Marker:
    return seat_marker(style_of(seat_styles(view, language), seat))


def sample(seat: int, language: str = ENGLISH) -> SeatStyle:
    """The look of the first seats (red, then blue) for the key's samples, in `language`."""
    colour = ("red", "blue")[seat]
    initial = say(m(f"space.colour.{colour}.initial"), language)
    name = say(m(f"space.colour.{colour}"), language)
    return SeatStyle(SEAT_COLOURS[seat], initial, SHAPES[seat], name)


@dataclass(frozen=True)
class KeySection:
    """A block of the key: its entries and the size of their samples (the letters on a small
    chip; the marks on a sample as big as the board's own, so their text reads as well)."""

    items: list[LegendItem]
    sample_w: int
    sample_h: int

    @property
    def row(self) -> int:
        return self.sample_h + 6


LETTER_SAMPLE = (72, 34)
MARK_SAMPLE = (CHIT_W, CHIT_H)


def letter_key(view: SpaceView, language: str = ENGLISH) -> list[tuple[str, str]]:
    """The unit types on the board as (letters, name), in the order they first appear."""
    seen: dict[str, str] = {}
    for world in view.worlds:
        for unit in world.units:
            letter = say(unit.letter, language)
            seen.setdefault(letter, re.sub(r"\s*#\d+$", "", say(unit.name, language)))
    return list(seen.items())


def _letters(letter: str) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        chip = Box(box.x0, box.y0, box.x0 + LETTER_SAMPLE[0] - 12, box.y1)
        canvas.draw.rounded_rectangle(chip, radius=6, fill=WHITE, outline=INK, width=2)
        canvas.label(chip, letter, fit_size(letter, chip.width - 6, MIN_TEXT, 8, True), INK)

    return marker


def _chit_marker(
    kind: str,
    language: str,
    damage: str = "",
    blockading: bool = False,
    spied: bool = False,
    count: int = 1,
) -> Marker:
    """A sample chit of the unit type `kind` (a Star Cruiser is the second seat's, as a
    blockader is another seat's than the world's), its letters in `language`."""
    letter = say(m(f"space.abbr.{kind}"), language)
    style = sample(1 if kind == "star_cruiser" else 0, language)

    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.chit(canvas, box, style, letter, damage, blockading, spied, count)

    return marker


def _badge_marker(language: str) -> Marker:
    style = sample(0, language)

    def marker(canvas: Canvas, box: Box) -> None:
        side = box.height
        x = box.x0 + (box.width - side) // 2
        glyphs.badge(canvas, Box(x, box.y0, x + side, box.y1), style, style.colour)

    return marker


def _world_marker(kind: str, language: str) -> Marker:
    style = sample(0, language)

    def marker(canvas: Canvas, box: Box) -> None:
        card = box
        if kind == "resolving":
            canvas.draw.rounded_rectangle(card, radius=10, fill=INK)
            card = card.inset(5)
        elif kind == "blockaded":
            canvas.draw.rounded_rectangle(card, radius=10, fill=INK)
            canvas.draw.rounded_rectangle(card.inset(2), radius=9, fill=SEAT_COLOURS[1])
            for x in range(card.x0 + 10, card.x1 - 6, 12):
                canvas.draw.line([(x, card.y0), (x, card.y1)], fill=INK, width=2)
            card = card.inset(6)
        if kind == "loyal":
            fill = loyal_fill(style.colour)
            canvas.draw.rounded_rectangle(card, radius=8, fill=fill, outline=style.colour, width=5)
            badge = glyphs.badge_box(card.center[0] - glyphs.BADGE // 2, card.center[1])
            glyphs.badge(canvas, badge, style, style.colour)
        elif kind == "disrupted":
            canvas.draw.rounded_rectangle(card, radius=8, fill=NEUTRAL, outline=INK, width=2)
            canvas.hatch(card.inset(3), hatch_ink(NEUTRAL), spacing=12, width=4)
        else:
            canvas.draw.rounded_rectangle(
                card, radius=8, fill=NEUTRAL, outline=NEUTRAL_RING, width=3
            )

    return marker


def legend_items(view: SpaceView, language: str = ENGLISH) -> list[LegendItem]:
    """What the marks on this board mean: only the marks it shows."""
    units = [u for w in view.worlds for u in w.units]
    folded = len(
        {
            (u.owner, u.letter, u.blockading, u.spied)
            for u in units
            if not (u.wounded or u.disrupted)
        }
    )
    plain = sum(1 for u in units if not (u.wounded or u.disrupted))
    shown: list[tuple[str, Marker]] = []
    wounded = damage_mark(True, False, language)
    disrupted = damage_mark(False, True, language)
    if units:
        shown.append(("badge", _badge_marker(language)))
    if folded < plain:
        shown.append(("alike", _chit_marker("security", language, count=3)))
    if any(u.wounded for u in units):
        shown.append(("wounded", _chit_marker("agent", language, wounded)))
    if any(u.disrupted for u in units):
        shown.append(("disrupted", _chit_marker("troops", language, disrupted)))
    if any(u.blockading for u in units):
        shown.append(("blockading", _chit_marker("star_cruiser", language, blockading=True)))
        shown.append(("blockaded", _world_marker("blockaded", language)))
    if any(u.spied for u in units):
        shown.append(("spied", _chit_marker("governor", language, spied=True)))
    if any(w.loyal is not None for w in view.worlds):
        shown.append(("loyal", _world_marker("loyal", language)))
    if any(w.disrupted for w in view.worlds):
        shown.append(("bombarded", _world_marker("disrupted", language)))
    if any(w.resolving for w in view.worlds) and not over(view):
        shown.append(("resolving", _world_marker("resolving", language)))
    marks = {"wounded": wounded, "disrupted": disrupted}
    return [
        LegendItem(
            say(m(f"space.board.key.{k}", **({"mark": marks[k]} if k in marks else {})), language),
            mark,
        )
        for k, mark in shown
    ]


def key_sections(view: SpaceView, language: str = ENGLISH) -> list[KeySection]:
    """The letters on the board's chits, then the marks it shows (empty sections left out)."""
    letters = [LegendItem(name, _letters(letter)) for letter, name in letter_key(view, language)]
    marks = legend_items(view, language)
    return [
        KeySection(items, *sample)
        for items, sample in ((letters, LETTER_SAMPLE), (marks, MARK_SAMPLE))
        if items
    ]


def _item_width(section: KeySection, item: LegendItem) -> int:
    return section.sample_w + 10 + text_size(item.label, MIN_TEXT)[0]


KEY_GAP = 14


def key_columns(section: KeySection, width: int) -> int:
    """As many columns as the widest entry allows in `width`."""
    inner = width - 2 * PADDING
    widest = max((_item_width(section, i) for i in section.items), default=1)
    return max(1, min(4, (inner + KEY_GAP) // (widest + KEY_GAP)))


def _rows(section: KeySection, width: int) -> int:
    return -(-len(section.items) // key_columns(section, width))


def key_height(sections: list[KeySection], width: int) -> int:
    if not sections:
        return 0
    rows = sum(_rows(s, width) * s.row for s in sections)
    return 2 * PADDING + MIN_TEXT + 8 + rows + 10 * (len(sections) - 1)


def draw_key(canvas: Canvas, box: Box, sections: list[KeySection], language: str = ENGLISH) -> None:
    """The key: a title, then each section as a grid of samples and what they mean."""
    canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
    inner = box.inset(PADDING)
    title = say(m("space.board.key"), language)
    canvas.text((inner.x0, inner.y0), title, MIN_TEXT, MUTED_INK, bold=True)
    top = inner.y0 + MIN_TEXT + 8
    for section in sections:
        columns = key_columns(section, box.width)
        cols = inner.split_columns(columns, gap=KEY_GAP)
        w, h = section.sample_w, section.sample_h
        for i, item in enumerate(section.items):
            r, c = divmod(i, columns)
            col = cols[c]
            mid = top + r * section.row + section.row // 2
            sample = Box(col.x0, mid - h // 2, col.x0 + w, mid - h // 2 + h)
            item.marker(canvas, sample)
            canvas.text((sample.x1 + 10, mid), item.label, MIN_TEXT, INK, "lm")
        top += _rows(section, box.width) * section.row + 10
