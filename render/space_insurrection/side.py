"""The text around the map: the headline, what the table waits for, the seat table (reserve,
loyal worlds, units, orders sent), declared orders, the letters key and the legend.

Only public counts are drawn: the view's `reserve` and `orders` (a seat's own hidden chits and
secret orders) never reach the image, whoever's view it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.names import Players, player_name
from render.palette import INK, MUTED_INK, PANEL, RGB, WHITE
from render.panels import PADDING, LegendItem, Line, Marker
from render.space_insurrection import glyphs
from render.space_insurrection.board import stripes
from render.space_insurrection.look import (
    CALLOUT,
    CALLOUT_INK,
    GAP,
    NEUTRAL,
    NEUTRAL_RING,
    PANEL_SIZE,
    ROW_OFF,
    SEAT_COLOURS,
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


def seat_label(view: SpaceView, seat: int, players: Players = None) -> str:
    """A seat's name with its player's display name, for sentences: "Red (ana)"."""
    name = view.seats[seat].name if 0 <= seat < len(view.seats) else f"Seat {seat + 1}"
    player = player_name(players, seat)
    return f"{name} ({player})" if player else name


def result(view: SpaceView) -> str:
    """How the game ended, starting "Game over." once only."""
    text = (view.outcome or "").strip()
    return text if text.lower().startswith("game over") else f"Game over. {text}"


def turn_text(view: SpaceView) -> str:
    if view.last_turn and view.turn >= view.last_turn:
        return f"Turn {view.turn} of {view.last_turn} (last)"
    if view.last_turn:
        return f"Turn {view.turn} of {view.last_turn}"
    return f"Turn {view.turn}"


def headline(view: SpaceView) -> str:
    """The line a player reads first: the turn and phase, or how the game ended."""
    if over(view):
        return result(view)
    return f"{turn_text(view)} · {view.phase_text}"


TITLE_TEXT = "SPACE INSURRECTION"
TITLE_SIZE = 20
HEADLINE_MIN = 24


def headline_x() -> int:
    """Where the headline starts in the header, right of the title."""
    return GAP + 4 + text_size(TITLE_TEXT, TITLE_SIZE, True)[0] + 22


def header_text(view: SpaceView) -> str:
    """The headline if it fits the header on one line, else its short form (the turn, or
    "Game over"); the status panel then carries the rest."""
    text = headline(view)
    if text_size(text, HEADLINE_MIN, True)[0] <= WIDTH - headline_x() - GAP:
        return text
    return "Game over" if over(view) else turn_text(view)


def sheet_phase(view: SpaceView) -> bool:
    """Every seat writes secret orders at once (the view says whether each has sent them)."""
    return any(s.submitted is not None for s in view.seats)


def waiting_line(view: SpaceView, players: Players = None) -> str:
    """Whom the table waits for ("" when nobody, or the game is over)."""
    if over(view) or not view.acting:
        return ""
    names = ", ".join(seat_label(view, s, players) for s in view.acting)
    if sheet_phase(view):
        return f"Waiting for orders from {names}"
    if view.phase == "action":
        return f"To act: {names}"
    return f"Waiting for {names}"


def declared_lines(view: SpaceView) -> list[str]:
    """Orders declared in public after an Agent's observation: "Red's Troops #2: to Jungla
    aboard Star Cruiser #1"."""
    units = {u.id: (u, w) for w in view.worlds for u in w.units}
    worlds = {w.id: w.name for w in view.worlds}
    out = []
    for unit_id, where in view.declared.items():
        unit, home = units.get(unit_id, (None, None))
        owner = view.seats[unit.owner].name if unit and 0 <= unit.owner < len(view.seats) else ""
        label = f"{owner}'s {unit.name}" if unit else unit_id
        target, _, carrier = where.partition("@")
        if home is not None and target == home.id and not carrier:
            out.append(f"{label}: stays at {home.name}")
            continue
        text = f"{label}: to {worlds.get(target, target)}"
        if carrier:
            ride = units.get(carrier)
            text += f" aboard {ride[0].name if ride else carrier}"
        out.append(text)
    return out


def status_lines(view: SpaceView, players: Players = None) -> list[Line]:
    """The panel under the header: the phase (or the result), whom the table waits for,
    declared orders and the recruit pile."""
    lines: list[Line] = []
    if over(view):
        lines.append(Line(result(view), PANEL_SIZE + 2, INK, True))
    waiting = waiting_line(view, players)
    if waiting:
        lines.append(
            Line(waiting, PANEL_SIZE + 2, CALLOUT_INK, True, gap_before=8, background=CALLOUT)
        )
    if not over(view) and (not waiting or header_text(view) != headline(view)):
        lines.insert(0, Line(view.phase_text, PANEL_SIZE + 2, INK, True))
    declared = declared_lines(view)
    if declared:
        lines.append(Line("Declared orders:", PANEL_SIZE - 4, INK, True, gap_before=8))
        lines.extend(Line(text, PANEL_SIZE - 4, INK) for text in declared)
    chits = "chit" if view.pile == 1 else "chits"
    lines.append(
        Line(f"Recruit pile: {view.pile} {chits}", PANEL_SIZE - 6, MUTED_INK, gap_before=4)
    )
    return lines


def letter_key(view: SpaceView) -> list[tuple[str, str]]:
    """The unit types on the board as (letters, name), in the order they first appear."""
    seen: dict[str, str] = {}
    for world in view.worlds:
        for unit in world.units:
            seen.setdefault(unit.letter, re.sub(r"\s*#\d+$", "", unit.name))
    return list(seen.items())


KEY_COLUMNS = 4
KEY_ROW = 40
KEY_SIZE = 22


def key_height(entries: list[tuple[str, str]]) -> int:
    """The letters key's panel: a title row and one row per `KEY_COLUMNS` entries."""
    if not entries:
        return 0
    rows = -(-len(entries) // KEY_COLUMNS)
    return 2 * PADDING + 30 + rows * KEY_ROW


def draw_key(canvas: Canvas, box: Box, entries: list[tuple[str, str]]) -> None:
    """What the two letters on the chits stand for, for the types on the board."""
    canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
    inner = box.inset(PADDING)
    canvas.text((inner.x0, inner.y0), "Units on the board", 20, MUTED_INK, bold=True)
    columns = inner.split_columns(KEY_COLUMNS, gap=12)
    top = inner.y0 + 30
    for i, (letter, name) in enumerate(entries):
        r, c = divmod(i, KEY_COLUMNS)
        col = columns[c]
        mid = top + r * KEY_ROW + KEY_ROW // 2
        chip = Box(col.x0, mid - 15, col.x0 + 46, mid + 15)
        canvas.draw.rounded_rectangle(chip, radius=5, fill=WHITE, outline=INK, width=2)
        canvas.label(chip, letter, 20, INK)
        room = col.x1 - chip.x1 - 8
        canvas.text((chip.x1 + 8, mid), name, fit_size(name, room, KEY_SIZE, 14), INK, "lm")


# ----- the seat table ---------------------------------------------------------------------------

ROW = 58
HEAD = 34
COLUMNS = (("Reserve", 130), ("Loyal", 110), ("Units", 110), ("Orders", 160))
"""The count columns at the right of the table, with their widths."""


def table_height(view: SpaceView) -> int:
    return 2 * PADDING + HEAD + ROW * len(view.seats)


def draw_table(canvas: Canvas, box: Box, view: SpaceView, players: Players = None) -> None:
    """One row per seat: badge, name (and player), reserve, loyal worlds, units on the board
    and, while orders are being written, whether the seat has sent its own; the seats asked to
    act are highlighted with an arrow, and the first player is marked "1st"."""
    canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
    inner = box.inset(PADDING)
    styles = seat_styles(view)
    rights = []
    x = inner.x1
    for title, width in reversed(COLUMNS):
        rights.append((title, x - width, x))
        x -= width
    rights.reverse()
    name_x1 = x - 10
    show_orders = sheet_phase(view)
    y = inner.y0
    canvas.text((inner.x0 + 62, y + HEAD // 2), "Seat", 20, MUTED_INK, "lm", True)
    for title, x0, x1 in rights:
        if title == "Orders" and not show_orders:
            continue
        canvas.text(((x0 + x1) // 2, y + HEAD // 2), title, 20, MUTED_INK, "mm", True)
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
        glyphs.badge(
            canvas, Box(inner.x0 + 16, mid - 20, inner.x0 + 56, mid + 20), style, style.colour
        )
        ink = CALLOUT_INK if acting else INK
        tags = []
        if seat == view.first and not over(view):
            tags.append("1st")
        if acting:
            tags.append("TO ACT")
        tag_w = sum(text_size(t, 18, True)[0] + 22 for t in tags)
        name = info.name
        player = player_name(players, seat)
        left = inner.x0 + 66
        room = name_x1 - left - tag_w
        size = fit_size(name, room, TABLE_SIZE, 18, True)
        canvas.text((left, mid), name, size, ink, "lm", True)
        tx = left + text_size(name, size, True)[0] + 10
        if player:
            rest = name_x1 - tx - tag_w
            shown = player
            psize = fit_size(shown, rest, TABLE_SIZE - 6, 16)
            while shown and text_size(shown, psize)[0] > rest:
                shown = shown[:-2] + "…" if len(shown) > 2 else ""
            if shown:
                canvas.text((tx, mid + 1), shown, psize, MUTED_INK, "lm")
                tx += text_size(shown, psize)[0] + 10
        tx = name_x1 - tag_w
        for tag in tags:
            w = text_size(tag, 18, True)[0] + 16
            tb = Box(tx, mid - 14, tx + w, mid + 14)
            if tag == "TO ACT":
                canvas.draw.rounded_rectangle(tb, radius=6, fill=CALLOUT_INK)
                canvas.label(tb, tag, 18, WHITE)
            else:
                canvas.draw.rounded_rectangle(tb, radius=6, fill=WHITE, outline=INK, width=2)
                canvas.label(tb, tag, 18, INK)
            tx += w + 6
        counts = {"Reserve": info.reserve, "Loyal": info.loyal, "Units": info.units}
        for title, x0, x1 in rights:
            cx = (x0 + x1) // 2
            if title in counts:
                canvas.text((cx, mid), str(counts[title]), TABLE_SIZE + 2, ink, "mm", True)
            elif show_orders and info.submitted is not None:
                _orders_cell(canvas, Box(x0, y, x1, y + ROW), info.submitted, ink)
        y += ROW


def _orders_cell(canvas: Canvas, box: Box, submitted: bool, ink: RGB) -> None:
    mid = box.center[1]
    if submitted:
        text_w = text_size("sent", 24, True)[0]
        x = box.center[0] - (text_w + 34) // 2
        glyphs.tick(canvas, Box(x, mid - 14, x + 28, mid + 14), ink)
        canvas.text((x + 34, mid), "sent", 24, ink, "lm", True)
    else:
        canvas.text(box.center, "waiting…", 22, ink, "mm")


# ----- markers and the legend -------------------------------------------------------------------


def seat_marker(style: SeatStyle) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.badge(canvas, box, style, style.colour)

    return marker


def seat_marker_for(view: SpaceView, seat: int) -> Marker:
    return seat_marker(style_of(seat_styles(view), seat))


SAMPLE = SeatStyle(SEAT_COLOURS[0], "R", "circle", "Red")
SAMPLE_2 = SeatStyle(SEAT_COLOURS[1], "B", "square", "Blue")


def _chit_marker(
    letter: str, damage: str = "", blockading: bool = False, spied: bool = False
) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        glyphs.chit(
            canvas, box, SAMPLE_2 if letter == "SC" else SAMPLE, letter, damage, blockading, spied
        )

    return marker


def _world_marker(kind: str) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        cx, cy = box.center
        r = box.width // 2 - 1
        circle = (cx - r, cy - r, cx + r, cy + r)
        if kind == "resolving":
            canvas.draw.ellipse(circle, fill=INK)
            r -= 6
            circle = (cx - r, cy - r, cx + r, cy + r)
            canvas.draw.ellipse(circle, fill=NEUTRAL, outline=NEUTRAL_RING, width=2)
        elif kind == "blockaded":
            canvas.draw.ellipse(circle, fill=INK)
            canvas.draw.ellipse(
                (cx - r + 2, cy - r + 2, cx + r - 2, cy + r - 2), fill=SEAT_COLOURS[1]
            )
            r -= 7
            canvas.draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), fill=NEUTRAL, outline=INK, width=1
            )
        elif kind == "loyal":
            fill = loyal_fill(SAMPLE.colour)
            canvas.draw.ellipse(circle, fill=fill, outline=SAMPLE.colour, width=6)
            glyphs.badge(canvas, box.inset(box.width // 4), SAMPLE, SAMPLE.colour)
        elif kind == "disrupted":
            canvas.draw.ellipse(circle, fill=NEUTRAL, outline=INK, width=2)
            stripes(canvas, (cx, cy), r - 2, hatch_ink(NEUTRAL))
        else:
            canvas.draw.ellipse(circle, fill=NEUTRAL, outline=NEUTRAL_RING, width=3)

    return marker


def _uprising_marker(canvas: Canvas, box: Box) -> None:
    tag = Box(box.x0 - 4, box.y0 + box.height // 4, box.x1 + 4, box.y1 - box.height // 4)
    canvas.draw.rounded_rectangle(tag, radius=4, fill=INK)
    canvas.label(tag, "UP", 14, WHITE)


def legend_items() -> list[LegendItem]:
    return [
        LegendItem("Unit: owner badge + type", _chit_marker("Tr")),
        LegendItem("W wounded, D disrupted", _chit_marker("Ag", "W")),
        LegendItem("Cruiser blockading", _chit_marker("SC", blockading=True)),
        LegendItem("Spied on (eye)", _chit_marker("Go", spied=True)),
        LegendItem("Loyal: ring + badge", _world_marker("loyal")),
        LegendItem("Neutral world", _world_marker("neutral")),
        LegendItem("Blockaded: outer ring", _world_marker("blockaded")),
        LegendItem("Bombarded (stripes)", _world_marker("disrupted")),
        LegendItem("Dark halo: acting here now", _world_marker("resolving")),
    ]
