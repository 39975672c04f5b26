"""Small drawings shared by the map, the seat table, the legend and the focus images: seat
badges, unit chits and their status marks, a tick, an eye."""

from __future__ import annotations

import math

from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.palette import INK, RGB, WHITE, text_on
from render.space_insurrection.look import SeatStyle, damaged_fill


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


def badge(
    canvas: Canvas, box: Box, style: SeatStyle, fill: RGB | None = None, width: int = 2
) -> None:
    """The seat's shape with its initial: white unless `fill` is given (the panel uses the
    seat's colour), outlined in ink."""
    fill = WHITE if fill is None else fill
    if style.shape == "circle":
        canvas.draw.ellipse(box, fill=fill, outline=INK, width=width)
    else:
        canvas.draw.polygon(polygon(style.shape, box), fill=fill, outline=INK, width=width)
    text_box = box
    if style.shape == "triangle":
        text_box = Box(box.x0, box.y0, box.x1, box.y0 + box.height * 3 // 5)
    scale = 0.52 if style.shape in ("triangle", "diamond") else 0.66
    size = fit_size(style.initial, int(box.width * 0.8), max(8, int(box.height * scale)), 8, True)
    canvas.label(text_box, style.initial, size, text_on(fill))


def chit(
    canvas: Canvas,
    box: Box,
    style: SeatStyle,
    letter: str,
    damage: str = "",
    blockading: bool = False,
    spied: bool = False,
) -> None:
    """A unit chit: a rounded square in its owner's colour (pale, with a heavy rim of that
    colour, when wounded or disrupted) with the owner's badge top left, the unit's two
    letters in the middle, a dark tab "W" or "D" top right when damaged, a dark bar along
    the bottom when it blockades, and an eye bottom right when it was spied on."""
    s = box.width
    x0, y0 = box.x0, box.y0
    body = Box(x0 + 1, y0 + 1, x0 + s - 1, y0 + s - 1)
    radius = max(3, s // 8)
    fill = damaged_fill(style.colour) if damage else style.colour
    canvas.draw.rounded_rectangle(body, radius=radius, fill=fill, outline=INK, width=2)
    if damage:
        rim = max(4, s // 9)
        canvas.draw.rounded_rectangle(
            body.inset(2), radius=max(2, radius - 2), outline=style.colour, width=rim
        )
    corner = max(14, round(s * 0.36))
    pad = max(3, s // 16)
    badge(canvas, Box(x0 + pad, y0 + pad, x0 + pad + corner, y0 + pad + corner), style)
    if damage:
        tab = Box(x0 + s - pad - corner, y0 + pad, x0 + s - pad, y0 + pad + corner)
        canvas.draw.rectangle(tab, fill=INK)
        canvas.label(tab, damage, max(8, round(corner * 0.72)), WHITE)
    strip = max(9, round(s * 0.2))
    marked = blockading or spied
    bottom_edge = y0 + s - pad - (strip if marked else 0)
    letter_box = Box(x0 + pad, y0 + pad + corner - 2, x0 + s - pad, bottom_edge)
    ink = INK if damage else text_on(fill)
    height = max(8, min(round(s * 0.4), round(letter_box.height * (0.95 if marked else 0.8))))
    size = fit_size(letter, letter_box.width - 4, height, 8, True)
    canvas.label(letter_box, letter, size, ink)
    bottom = Box(x0 + pad + 1, y0 + s - pad - strip, x0 + s - pad - 1, y0 + s - pad)
    if spied:
        eye_box = Box(bottom.x1 - strip * 2, bottom.y0, bottom.x1, bottom.y1)
        eye(canvas, eye_box)
        bottom = Box(bottom.x0, bottom.y0, eye_box.x0 - 2, bottom.y1)
    if blockading:
        canvas.draw.rectangle(bottom, fill=INK)
        text = "BLOCKADE" if text_size("BLOCKADE", strip - 3, True)[0] < bottom.width - 4 else "BLK"
        text_size_px = fit_size(text, bottom.width - 4, max(8, strip - 3), 7, True)
        canvas.label(bottom, text, text_size_px, WHITE)


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


def plus_chit(canvas: Canvas, box: Box, count: int) -> None:
    """What a world too crowded for readable chits shows in place of the rest: "+N"."""
    body = box.inset(1)
    canvas.draw.rounded_rectangle(
        body, radius=max(3, box.width // 8), fill=WHITE, outline=INK, width=2
    )
    text = f"+{count}"
    size = fit_size(text, body.width - 8, max(10, round(box.width * 0.4)), 8, True)
    canvas.label(body, text, size, INK)
