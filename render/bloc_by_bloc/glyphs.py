"""Small drawings of Bloc by Bloc pieces and printed symbols, each inside a given box.

Every glyph pairs colour with shape or text: blocs are round-ended pills with the faction letter
and a count, riot cops are navy squares with a count, a riot van is a van silhouette that lies on
its side or upside down as it takes damage (as on the table), an occupation is a house.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.bloc_by_bloc.geometry import Point
from render.bloc_by_bloc.look import (
    BARRICADE,
    BURNED,
    CLASH,
    COUNT_SIZE,
    DIE_USED,
    FLAME,
    FLAME_EDGE,
    GRAFFITI,
    POLICE,
    circle_label,
    faction_colour,
    ring_colour,
)
from render.bloc_by_bloc.words import board
from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.palette import INK, WHITE, text_on

# ----- faction pieces ---------------------------------------------------------------------------


def bloc_token(canvas: Canvas, box: Box, faction: str, letter: str, count: int) -> None:
    """A pill in the faction colour: the faction letter, then the number of blocs."""

    def paint(sprite: Canvas) -> None:
        _bloc_token(sprite, Box(0, 0, box.width, box.height), faction, letter, count)

    key = ("bloc", box.width, box.height, faction, letter, count)
    canvas.stamp((box.x0, box.y0), (box.width + 1, box.height + 1), key, paint)


def _bloc_token(canvas: Canvas, box: Box, faction: str, letter: str, count: int) -> None:
    fill = faction_colour(faction)
    canvas.draw.rounded_rectangle(box, radius=box.height // 2, fill=fill, outline=INK, width=3)
    ink = text_on(fill)
    split = box.x0 + box.height * 9 // 10
    canvas.draw.line([(split, box.y0 + 6), (split, box.y1 - 6)], fill=ink, width=2)
    letter_box = Box(box.x0 + 4, box.y0, split, box.y1)
    canvas.label(letter_box, letter, 22, ink)
    size = fit_size(str(count), box.x1 - split - 8, COUNT_SIZE + 2, COUNT_SIZE - 2, bold=True)
    canvas.label(Box(split, box.y0, box.x1 - 4, box.y1), str(count), size, ink)


def occupation_token(canvas: Canvas, box: Box, faction: str, letter: str, label: str) -> None:
    """A house in the faction colour with its letter, and the occupation's short name beside it."""

    def paint(sprite: Canvas) -> None:
        _occupation_token(sprite, Box(0, 0, box.width, box.height), faction, letter, label)

    key = ("occupation", box.width, box.height, faction, letter, label)
    canvas.stamp((box.x0, box.y0), (box.width + 1, box.height + 1), key, paint)


def _occupation_token(canvas: Canvas, box: Box, faction: str, letter: str, label: str) -> None:
    side = box.height
    house = Box(box.x0, box.y0, box.x0 + side * 4 // 5, box.y1)
    canvas.house(house, faction_colour(faction), letter, INK, 3)
    tag = Box(house.x1 + 4, box.y0 + side // 4, box.x1, box.y1 - 2)
    size = fit_size(label, tag.width - 10, 21, 17, bold=True)
    width = text_size(label, size, bold=True)[0] + 14
    tag = Box(tag.x0, tag.y0, min(tag.x1, tag.x0 + width), tag.y1)
    canvas.draw.rounded_rectangle(tag, radius=6, fill=WHITE, outline=INK, width=2)
    canvas.label(tag, label, size, INK)


# ----- police -----------------------------------------------------------------------------------


def cops_token(canvas: Canvas, box: Box, count: int) -> None:
    """Navy square with the number of riot cops; a shadow square behind says "a stack"."""

    def paint(sprite: Canvas) -> None:
        _cops_token(sprite, Box(0, SHADOW, box.width, SHADOW + box.height), count)

    size = (box.width + SHADOW + 1, box.height + SHADOW + 1)
    canvas.stamp((box.x0, box.y0 - SHADOW), size, ("cops", box.width, box.height, count), paint)


SHADOW = 5
"""How far the square behind a stack of cops shows, up and to the right."""


def _cops_token(canvas: Canvas, box: Box, count: int) -> None:
    shadow = Box(box.x0 + SHADOW, box.y0 - SHADOW, box.x1 + SHADOW, box.y1 - SHADOW)
    if count > 1:
        canvas.draw.rounded_rectangle(shadow, radius=6, fill=POLICE, outline=WHITE, width=2)
    canvas.draw.rounded_rectangle(box, radius=6, fill=POLICE, outline=WHITE, width=2)
    size = fit_size(str(count), box.width - 6, COUNT_SIZE + 2, 18, bold=True)
    canvas.label(box, str(count), size, WHITE)


def van(canvas: Canvas, box: Box, damage: int) -> None:
    """A riot van: upright when whole, on its side after one hit, upside down after two.

    The turn copies what players do with the physical piece; a red frame (and `hits_tag` beside
    it on the board) makes the damage unmistakable on a small screen. The van is as large as
    fits `box` once turned.
    """
    sprite = _scaled_van(damage, box.width, box.height)
    size = sprite.size
    x = box.x0 + (box.width - size[0]) // 2
    y = box.y0 + (box.height - size[1]) // 2
    canvas.image.paste(sprite, (x, y), sprite)
    if damage:
        frame = Box(x - 4, y - 4, x + size[0] + 4, y + size[1] + 4)
        canvas.draw.rounded_rectangle(frame, radius=8, outline=CLASH, width=4)


@lru_cache(maxsize=32)
def _scaled_van(damage: int, width: int, height: int) -> Image.Image:
    """The van turned for `damage` and scaled to fit `width` x `height`.

    Cached because resampling is the dearest step of drawing a van, and vans come in a handful
    of sizes (board, staging area, key).
    """
    sprite = _van_sprite().rotate(-90 * damage, expand=True)
    scale = min(width / sprite.width, height / sprite.height)
    size = (max(1, round(sprite.width * scale)), max(1, round(sprite.height * scale)))
    return sprite.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=1)
def _van_sprite() -> Image.Image:
    """The upright van, drawn large once and scaled down for each use (smooth edges)."""
    w, h = 240, 150
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    body = (4, 4, 176, 122)
    cab = (168, 44, 236, 122)
    draw.rounded_rectangle(body, radius=12, fill=POLICE, outline=WHITE, width=8)
    draw.rounded_rectangle(cab, radius=16, fill=POLICE, outline=WHITE, width=8)
    draw.rectangle((182, 58, 224, 82), fill=WHITE)
    draw.rectangle((20, 52, 168, 70), fill=WHITE)
    for cx in (50, 196):
        draw.ellipse((cx - 24, 100, cx + 24, 146), fill=INK, outline=WHITE, width=6)
    return sprite


def hits_tag(canvas: Canvas, box: Box, damage: int) -> None:
    """ "1 hit" / "2 hits" under a damaged van, white on red."""
    canvas.draw.rounded_rectangle(box, radius=8, fill=CLASH, outline=WHITE, width=2)
    text = board("hits", n=damage)
    canvas.label(box, text, fit_size(text, box.width - 6, 18, 14, bold=True), WHITE)


# ----- printed symbols --------------------------------------------------------------------------


def difficulty_disc(canvas: Canvas, center: Point, radius: int, value: int) -> None:
    cx, cy = center
    canvas.draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), fill=INK, outline=WHITE, width=2
    )
    canvas.label(
        Box(int(cx - radius), int(cy - radius), int(cx + radius), int(cy + radius)),
        str(value),
        COUNT_SIZE,
        WHITE,
    )


def metro_badge(canvas: Canvas, center: Point, radius: int) -> None:
    """A metro sign: white disc, heavy black ring, bold M."""
    cx, cy = center
    canvas.draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), fill=WHITE, outline=INK, width=4
    )
    canvas.label(
        Box(int(cx - radius), int(cy - radius), int(cx + radius), int(cy + radius)), "M", 20, INK
    )


def shopping_center(canvas: Canvas, box: Box, mark: int) -> None:
    """A shopping cart; graffiti adds a spray scribble, burning turns it black with flames."""
    burned = mark >= 2
    fill, ink = (BURNED, WHITE) if burned else (WHITE, INK)
    canvas.draw.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=2)
    inner = box.inset(box.width // 6)
    x0, y0, x1, y1 = inner
    w, h = inner.width, inner.height
    basket = [
        (x0, y0 + h * 0.1),
        (x0 + w * 0.2, y0 + h * 0.1),
        (x0 + w * 0.3, y0 + h * 0.65),
        (x1, y0 + h * 0.65),
        (x1, y0 + h * 0.25),
        (x0 + w * 0.24, y0 + h * 0.25),
    ]
    if burned:
        flame = [
            (x0 + w * 0.15, y1),
            (x0 + w * 0.1, y0 + h * 0.45),
            (x0 + w * 0.35, y0 + h * 0.6),
            (x0 + w * 0.45, y0),
            (x0 + w * 0.65, y0 + h * 0.5),
            (x0 + w * 0.85, y0 + h * 0.3),
            (x0 + w * 0.9, y1),
        ]
        canvas.draw.polygon(flame, fill=FLAME, outline=FLAME_EDGE)
        return
    canvas.draw.line([*basket, basket[0]], fill=ink, width=2)
    r = max(2, w // 10)
    for cx in (x0 + w * 0.4, x0 + w * 0.85):
        canvas.draw.ellipse((cx - r, y1 - 2 * r, cx + r, y1), fill=ink)
    if mark == 1:
        zig = [
            (box.x0 + 3, box.y1 - 6),
            (box.x0 + box.width * 0.35, box.y0 + 5),
            (box.x0 + box.width * 0.55, box.y1 - 5),
            (box.x1 - 3, box.y0 + 4),
        ]
        canvas.draw.line(zig, fill=GRAFFITI, width=4, joint="curve")


def barricade(
    canvas: Canvas, center: Point, along: Point, length: int = 34, thick: int = 10
) -> None:
    """One barricade: a striped bar laid across the road (perpendicular to `along`)."""
    ax, ay = along
    norm = math.hypot(ax, ay) or 1.0
    ux, uy = ax / norm, ay / norm
    px, py = -uy, ux
    cx, cy = center
    hl, ht = length / 2, thick / 2
    corners = [
        (cx + px * hl + ux * ht, cy + py * hl + uy * ht),
        (cx - px * hl + ux * ht, cy - py * hl + uy * ht),
        (cx - px * hl - ux * ht, cy - py * hl - uy * ht),
        (cx + px * hl - ux * ht, cy + py * hl - uy * ht),
    ]
    canvas.draw.polygon(corners, fill=BARRICADE, outline=INK, width=2)
    for k in (-0.5, 0.0, 0.5):
        sx, sy = cx + px * hl * k, cy + py * hl * k
        canvas.draw.line(
            [
                (sx + ux * ht - px * 4, sy + uy * ht - py * 4),
                (sx - ux * ht + px * 4, sy - uy * ht + py * 4),
            ],
            fill=INK,
            width=3,
        )


def barricades(canvas: Canvas, center: Point, along: Point, count: int) -> None:
    """`count` barricades side by side along the road, centred on `center`.

    Drawn once per look and pasted: the sprite keeps the fractional part of `center`, so the
    bars land on the same pixels as if drawn in place.
    """
    x, y = math.floor(center[0]), math.floor(center[1])
    fx, fy = center[0] - x, center[1] - y
    reach = 26 + 7 * count

    def paint(sprite: Canvas) -> None:
        _barricades(sprite, (reach + fx, reach + fy), along, count)

    size = (2 * reach + 2, 2 * reach + 2)
    canvas.stamp((x - reach, y - reach), size, ("barricades", count, along, fx, fy), paint)


def _barricades(canvas: Canvas, center: Point, along: Point, count: int) -> None:
    ax, ay = along
    norm = math.hypot(ax, ay) or 1.0
    ux, uy = ax / norm, ay / norm
    spacing = 13
    for i in range(count):
        offset = (i - (count - 1) / 2) * spacing
        barricade(canvas, (center[0] + ux * offset, center[1] + uy * offset), along)


def die_face(canvas: Canvas, box: Box, value: int, used: bool) -> None:
    """An action die with pips; a spent die is grey and struck through."""
    fill = DIE_USED if used else WHITE
    canvas.draw.rounded_rectangle(box, radius=box.width // 6, fill=fill, outline=INK, width=3)
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)],
    }.get(value, [])
    cell = box.width / 4
    r = max(3, box.width // 11)
    for row, col in pips:
        cx, cy = box.x0 + cell * (col + 0.5) + cell / 2, box.y0 + cell * (row + 0.5) + cell / 2
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    if used:
        canvas.draw.line([(box.x0 + 4, box.y1 - 4), (box.x1 - 4, box.y0 + 4)], fill=CLASH, width=4)


CIRCLE_SIZE = 18
"""An occupation circle's letter or "any": 9 px high in a phone overview (shown at half size),
and "any" still fits the 44 px circle."""


def occupation_circle(canvas: Canvas, box: Box, kind: str) -> None:
    """The empty occupation circle printed on a tile, ringed in the type colour."""
    ring = ring_colour(kind)
    canvas.draw.ellipse(box, fill=WHITE, outline=ring, width=4)
    label = circle_label(kind)
    canvas.label(box, label, fit_size(label, box.width - 8, CIRCLE_SIZE, 12, bold=True), ring)
