"""Small drawings shared by the map, the seat table, the legend and the focus images: seat
badges, unit chits and their status marks, a tick, an eye."""

from __future__ import annotations

import math

from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.palette import INK, RGB, WHITE, text_on
from render.space_insurrection.look import MIN_TEXT, SeatStyle, damaged_fill


def polygon(shape: str, box: Box) -> list[tuple[float, float]]:
    """The outline of a seat's badge shape inside `box` (circles are drawn as ellipses)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = box.width, box.height
    if shape == "diamond":
        return [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
    if shape == "triangle":
        return [(x0, y0), (x1, y0), (cx, y1)]
    if shape == "hexagon":
        r = min(w, h) / 2
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        ]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


BADGE = 44
"""The smallest badge whose initial is `MIN_TEXT` high in every shape (a diamond's or a
triangle's initial fills its middle at this side)."""


def badge(
    canvas: Canvas, box: Box, style: SeatStyle, fill: RGB | None = None, width: int = 2
) -> None:
    """The seat's shape with its initial: white unless `fill` is given (the panel uses the
    seat's colour), outlined in ink. The initial is never under `MIN_TEXT`: it is what tells
    seats apart without colour, so a badge is drawn at least `BADGE` wide (see `badge_box`)."""
    fill = WHITE if fill is None else fill
    if style.shape == "circle":
        canvas.draw.ellipse(box, fill=fill, outline=INK, width=width)
    else:
        canvas.draw.polygon(polygon(style.shape, box), fill=fill, outline=INK, width=width)
    text_box = box
    if style.shape == "triangle":
        text_box = Box(box.x0, box.y0, box.x1, box.y0 + box.height * 3 // 5)
    scale = 0.56 if style.shape in ("triangle", "diamond") else 0.66
    most = max(MIN_TEXT, int(box.height * scale))
    size = fit_size(style.initial, int(box.width * 0.8), most, MIN_TEXT, True)
    canvas.label(text_box, style.initial, size, text_on(fill))


def badge_box(x: int, mid: int, side: int = BADGE) -> Box:
    """A badge `side` wide (at least `BADGE`) starting at `x`, centred on the height `mid`."""
    side = max(side, BADGE)
    top = mid - side // 2
    return Box(x, top, x + side, top + side)


def chit(
    canvas: Canvas,
    box: Box,
    style: SeatStyle,
    letter: str,
    damage: str = "",
    blockading: bool = False,
    spied: bool = False,
    count: int = 1,
) -> None:
    """A unit chit: a rounded rectangle in its owner's colour (pale, with a heavy rim of that
    colour, when wounded or disrupted) with the unit's two letters and, for folded identical
    units, their count (three Security: "Se", a small cross, "3"); a dark tab "W" or "D" at the
    right when damaged, a dark bar along the bottom when it blockades, and an eye top left when
    it was spied on. The owner's badge starts the line of chits it belongs to (see `board`)."""
    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
    body = Box(x0 + 1, y0 + 1, x1 - 1, y1 - 1)
    radius = max(3, box.height // 8)
    fill = damaged_fill(style.colour) if damage else style.colour
    canvas.draw.rounded_rectangle(body, radius=radius, fill=fill, outline=INK, width=2)
    if damage:
        rim = max(4, box.height // 10)
        canvas.draw.rounded_rectangle(
            body.inset(2), radius=max(2, radius - 2), outline=style.colour, width=rim
        )
    text_box = body.inset(3)
    if damage:
        tab_w = _tab_width(box.height)
        tab = Box(body.x1 - tab_w, body.y0, body.x1, body.y1)
        canvas.draw.rounded_rectangle(tab, radius=radius, fill=INK)
        canvas.label(tab, damage, max(MIN_TEXT, min(round(box.height * 0.5), tab_w)), WHITE)
        text_box = Box(text_box.x0, text_box.y0, tab.x0 - 1, text_box.y1)
    if blockading:
        bar = max(6, box.height // 6)
        canvas.draw.rectangle((body.x0 + 2, body.y1 - bar, body.x1 - 2, body.y1 - 1), fill=INK)
        text_box = Box(text_box.x0, text_box.y0, text_box.x1, body.y1 - bar)
    if spied:
        side = _eye_height(box.height)
        eye(canvas, Box(body.x0 + 2, body.y0 + 2, body.x0 + 2 + side * 3 // 2, body.y0 + 2 + side))
        text_box = Box(text_box.x0 + side // 2, text_box.y0, text_box.x1, text_box.y1)
    ink = INK if damage else text_on(fill)
    height = max(MIN_TEXT, round(box.height * 0.5))
    if count == 1:
        size = fit_size(letter, text_box.width - 2, height, MIN_TEXT, True)
        canvas.label(text_box, letter, size, ink)
        return
    # Folded identical units: the letters, a small drawn cross and the count ("Se×3").
    number = str(count)
    cross = _cross(height)
    size = height
    while size > MIN_TEXT and _folded_width(letter, number, size, cross) > text_box.width - 2:
        size -= 1
    x = text_box.center[0] - _folded_width(letter, number, size, cross) // 2
    mid = text_box.center[1]
    canvas.text((x, mid), letter, size, ink, "lm", True)
    x += text_size(letter, size, True)[0] + 3
    canvas.draw.line([(x, mid - cross // 2), (x + cross, mid + cross // 2)], fill=ink, width=2)
    canvas.draw.line([(x, mid + cross // 2), (x + cross, mid - cross // 2)], fill=ink, width=2)
    canvas.text((x + cross + 3, mid), number, size, ink, "lm", True)


def _folded_width(letter: str, number: str, size: int, cross: int) -> int:
    return text_size(letter, size, True)[0] + cross + 6 + text_size(number, size, True)[0]


def _tab_width(height: int) -> int:
    return max(12, round(height * 0.5))


def _eye_height(height: int) -> int:
    return max(10, height // 3)


def _cross(height: int) -> int:
    return max(6, height // 3)


def chit_width(
    height: int, letter: str, count: int = 1, damage: str = "", spied: bool = False
) -> int:
    """How wide a chit `height` tall must be for its letters (and count) at `MIN_TEXT`: what
    `chit` draws inside its rim, tab and eye. Two-digit counts need more than one chit's width;
    the map gives such a chit two places instead of shrinking its text."""
    size = max(MIN_TEXT, round(height * 0.5))
    if count == 1:
        text = text_size(letter, MIN_TEXT, True)[0]
    else:
        text = _folded_width(letter, str(count), MIN_TEXT, _cross(size))
    extra = 2 + 6 + 2 + (_tab_width(height) + 1 if damage else 0)
    return text + extra + (_eye_height(height) // 2 if spied else 0)


def eye(canvas: Canvas, box: Box) -> None:
    """An open eye on a white lozenge: "spied on"."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    points = [(x0, cy), (cx, y0), (x1, cy), (cx, y1)]
    canvas.draw.polygon(points, fill=WHITE, outline=INK, width=2)
    r = max(2, box.height // 4)
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)


def tick(canvas: Canvas, box: Box, colour: RGB = INK) -> None:
    """A check mark (the bundled font has no glyph for one)."""
    x0, y0, w, h = box.x0, box.y0, box.width, box.height
    width = max(3, w // 6)
    points = [
        (x0 + w * 0.1, y0 + h * 0.55),
        (x0 + w * 0.4, y0 + h * 0.85),
        (x0 + w * 0.9, y0 + h * 0.2),
    ]
    canvas.draw.line(points, fill=colour, width=width, joint="curve")


def arrow(canvas: Canvas, box: Box, colour: RGB = INK) -> None:
    """A solid arrow pointing right: "this seat is asked to act"."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    canvas.draw.polygon([(x0, y0), (x1, cy), (x0, y1)], fill=colour)
