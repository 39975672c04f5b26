"""The map: ten worlds as circles in a honeycomb (3-2-3-2, alphabetical like a page), each with
its loyalty, uprising, bombardment and blockades, and every unit on it as a chit.

The map as it stands at set-up (every world neutral and empty) is drawn once per list of
worlds and cached; a move redraws only the worlds that look otherwise, each from a cached face
(circle, ring, name, tags) with its chits stamped on top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from render.canvas import Box, Canvas, map_to_palette
from render.fonts import fit_size, text_size
from render.palette import INK, PAPER, RGB, WHITE
from render.space_insurrection import glyphs
from render.space_insurrection.look import (
    BAND,
    HALO,
    MAPS_CACHED,
    MAX_CHIT,
    MIN_CHIT,
    NAME_SIZE,
    NEUTRAL,
    NEUTRAL_RING,
    RADIUS,
    TAG_SIZE,
    WIDTH,
    SeatStyle,
    board_palette,
    centres,
    hatch_ink,
    loyal_fill,
    map_height,
    seat_styles,
    style_of,
    world_box,
)

if TYPE_CHECKING:
    from engine.games.space_insurrection.view import SpaceView, UnitView, WorldView

PILL = 34
"""Height of the name pill on a world's top edge."""
TAG = 28
"""Height of the tags (UPRISING, BOMBED) on a world's bottom edge."""


@dataclass(frozen=True)
class WorldLook:
    """Everything drawn for a world under its chits: the key of its cached face."""

    name: str
    loyal: SeatStyle | None
    uprising: bool
    disrupted: bool
    resolving: bool
    blockaders: tuple[SeatStyle, ...]

    @classmethod
    def of(cls, world: WorldView, styles: tuple[SeatStyle, ...], ended: bool = False) -> WorldLook:
        """The look of `world`; once the game has `ended` no world is being resolved."""
        owners = sorted({u.owner for u in world.units if u.blockading})
        return cls(
            world.name,
            None if world.loyal is None else style_of(styles, world.loyal),
            world.uprising,
            world.disrupted,
            world.resolving and not ended,
            tuple(style_of(styles, s) for s in owners),
        )

    @property
    def plain(self) -> bool:
        return not (
            self.loyal or self.uprising or self.disrupted or self.resolving or self.blockaders
        )


# ----- the whole map ---------------------------------------------------------------------------


def draw_map(canvas: Canvas, view: SpaceView, top: int) -> None:
    """The map band at `top`: the cached set-up map, then each world that differs from it."""
    names = tuple(w.name for w in view.worlds)
    canvas.lay(*printed_map(names), (0, top))
    styles = seat_styles(view)
    for world, centre in zip(view.worlds, centres(len(view.worlds)), strict=True):
        look = WorldLook.of(world, styles, bool(view.outcome))
        if look.plain and not world.units:
            continue
        draw_world(canvas, (centre[0], top + centre[1]), look, world.units, styles)


@lru_cache(maxsize=MAPS_CACHED)
def printed_map(names: tuple[str, ...]) -> tuple[Image.Image, Image.Image]:
    """Every world neutral and empty on the page colour; drawn, and mapped to the palette."""
    canvas = Canvas(WIDTH, map_height(len(names)), PAPER)
    for name, centre in zip(names, centres(len(names)), strict=True):
        look = WorldLook(name, None, False, False, False, ())
        stamp_face(canvas, centre, look)
    return canvas.image, map_to_palette(canvas.image, board_palette())


def draw_world(
    canvas: Canvas,
    centre: tuple[int, int],
    look: WorldLook,
    units: list[UnitView],
    styles: tuple[SeatStyle, ...],
) -> None:
    """One world's face and its chits, centred on `centre`."""
    stamp_face(canvas, centre, look)
    boxes, hidden = chit_boxes(len(units))
    cx, cy = centre
    for unit, (dx, dy, side) in zip(units, boxes, strict=False):
        stamp_chit(canvas, (cx + dx, cy + dy), side, style_of(styles, unit.owner), unit)
    if hidden:
        dx, dy, side = boxes[-1]
        glyphs.plus_chit(canvas, Box(cx + dx, cy + dy, cx + dx + side, cy + dy + side), hidden)
        canvas.mark(Box(cx + dx, cy + dy, cx + dx + side, cy + dy + side))


# ----- a world's face ---------------------------------------------------------------------------


def stamp_face(canvas: Canvas, centre: tuple[int, int], look: WorldLook) -> None:
    box = world_box(centre)
    side = box.width + 1

    def paint(sprite: Canvas) -> None:
        _face(sprite, (RADIUS + BAND, RADIUS + BAND), look)

    canvas.stamp((box.x0, box.y0), (side, side), ("si-world", RADIUS, look), paint)


def _face(canvas: Canvas, centre: tuple[int, int], look: WorldLook) -> None:
    cx, cy = centre
    r = RADIUS
    if look.resolving:
        h = r + BAND
        canvas.draw.ellipse((cx - h, cy - h, cx + h, cy + h), fill=HALO)
    if look.blockaders:
        _blockade_ring(canvas, centre, look.blockaders)
    fill = NEUTRAL if look.loyal is None else loyal_fill(look.loyal.colour)
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
    if look.disrupted:
        stripes(canvas, centre, r - 3, hatch_ink(fill))
    if look.loyal is None:
        ring = r - 2
        canvas.draw.ellipse(
            (cx - ring, cy - ring, cx + ring, cy + ring), outline=NEUTRAL_RING, width=3
        )
    else:
        ring = r - 2
        canvas.draw.ellipse(
            (cx - ring, cy - ring, cx + ring, cy + ring), outline=look.loyal.colour, width=10
        )
        inner = ring - 10
        canvas.draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), outline=INK, width=1)
    _name_pill(canvas, centre, look)
    _tags(canvas, centre, look)


def _blockade_ring(
    canvas: Canvas, centre: tuple[int, int], blockaders: tuple[SeatStyle, ...]
) -> None:
    """A ring just outside the world in the blockading seat's colour (split between seats
    when several blockade), outlined in ink so a pale colour still shows on paper."""
    cx, cy = centre
    outer = RADIUS + BAND - 3
    canvas.draw.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=INK)
    ring = outer - 2
    span = 360 / len(blockaders)
    for i, style in enumerate(blockaders):
        start = -90 + i * span
        canvas.draw.pieslice(
            (cx - ring, cy - ring, cx + ring, cy + ring), start, start + span, fill=style.colour
        )
    # Notches every 30 degrees: a blockade reads as a chain even without colour.
    for a in range(0, 360, 30):
        rad = math.radians(a + 15)
        x0, y0 = cx + (RADIUS + 1) * math.cos(rad), cy + (RADIUS + 1) * math.sin(rad)
        x1, y1 = cx + ring * math.cos(rad), cy + ring * math.sin(rad)
        canvas.draw.line([(x0, y0), (x1, y1)], fill=INK, width=3)


def stripes(canvas: Canvas, centre: tuple[int, int], radius: int, colour: RGB) -> None:
    """Diagonal stripes clipped to the circle: the world was bombarded (disrupted)."""
    cx, cy = centre
    spacing = 18
    k = -2 * radius
    while k <= 2 * radius:
        disc = 2 * radius * radius - k * k
        if disc > 0:
            root = math.sqrt(disc)
            u0, u1 = (k - root) / 2, (k + root) / 2
            canvas.draw.line([(cx + u0, cy + k - u0), (cx + u1, cy + k - u1)], fill=colour, width=5)
        k += spacing


def _name_pill(canvas: Canvas, centre: tuple[int, int], look: WorldLook) -> None:
    """The world's name on a white pill across its top edge, after its loyal seat's badge."""
    cx, cy = centre
    size = name_fits(look.name)
    name_w = text_size(look.name, size, True)[0]
    badge = PILL - 6 if look.loyal else 0
    width = name_w + 28 + (badge + 8 if badge else 0)
    top = cy - RADIUS - PILL // 2 + 2
    pill = Box(cx - width // 2, top, cx - width // 2 + width, top + PILL)
    canvas.draw.rounded_rectangle(pill, radius=PILL // 2, fill=WHITE, outline=INK, width=2)
    x = pill.x0 + 14
    if look.loyal:
        glyphs.badge(
            canvas,
            Box(x, pill.y0 + 3, x + badge, pill.y0 + 3 + badge),
            look.loyal,
            look.loyal.colour,
        )
        x += badge + 8
    canvas.text((x, pill.y0 + PILL // 2 + 1), look.name, size, INK, "lm", True)


def _tags(canvas: Canvas, centre: tuple[int, int], look: WorldLook) -> None:
    """UPRISING (dark) and BOMBED (striped) tags across the world's bottom edge."""
    tags = []
    if look.uprising:
        tags.append("UPRISING")
    if look.disrupted:
        tags.append("DISRUPTED")
    if not tags:
        return
    cx, cy = centre
    widths = [text_size(t, TAG_SIZE, True)[0] + 20 for t in tags]
    total = sum(widths) + 8 * (len(tags) - 1)
    x = cx - total // 2
    top = cy + RADIUS - TAG // 2 - 2
    for text, w in zip(tags, widths, strict=True):
        box = Box(x, top, x + w, top + TAG)
        if text == "UPRISING":
            canvas.draw.rounded_rectangle(box, radius=6, fill=INK, outline=WHITE, width=2)
            canvas.label(box, text, TAG_SIZE, WHITE)
        else:
            canvas.draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=INK, width=2)
            canvas.label(box, text, TAG_SIZE, INK)
        x += w + 8


# ----- chits -----------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def chit_boxes(count: int) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """Where `count` chits go on a world: (dx, dy, side) of each chit's top-left corner from
    the centre, rows following the circle; and how many do not fit (the last box then holds
    "+N" instead of a chit)."""
    if count <= 0:
        return (), 0
    for side in range(MAX_CHIT, MIN_CHIT - 1, -1):
        rows = _rows(side, count)
        if rows is not None:
            return _place(rows, side), 0
    side = MIN_CHIT
    capacity = _capacity(side)
    rows = _rows(side, capacity)
    assert rows is not None
    boxes = _place(rows, side)
    return boxes, count - (len(boxes) - 1)


USABLE = RADIUS - 14
"""Chits stay inside this radius (the loyal ring runs just inside the circle)."""
CLEAR = PILL // 2 + 2
"""Room kept free at the top and bottom of the circle for the name pill and tags."""


def _row_widths(side: int, rows: int) -> list[int] | None:
    """Chits per row when `rows` rows of `side` are centred on the circle; None if they do
    not fit its height."""
    height = rows * side
    if height > 2 * (USABLE - CLEAR) + 8:
        return None
    top = -height / 2
    out = []
    for i in range(rows):
        y0, y1 = top + i * side, top + (i + 1) * side
        far = max(abs(y0), abs(y1))
        if far >= USABLE:
            return None
        chord = 2 * math.sqrt(USABLE * USABLE - far * far)
        out.append(int(chord // side))
    return out


def _capacity(side: int) -> int:
    best = 0
    for rows in range(1, 2 * USABLE // side + 1):
        widths = _row_widths(side, rows)
        if widths:
            best = max(best, sum(widths))
    return best


def _rows(side: int, count: int) -> list[int] | None:
    """The fewest rows of `side` that hold `count` chits, filled evenly; None if none do."""
    for rows in range(1, 2 * USABLE // side + 1):
        widths = _row_widths(side, rows)
        if not widths or 0 in widths or sum(widths) < count:
            continue
        filled = [0] * rows
        left = count
        # Deal the chits row by row, widest rows first, so rows come out even.
        order = sorted(range(rows), key=lambda i: (-widths[i], i))
        while left:
            for i in order:
                if left and filled[i] < widths[i]:
                    filled[i] += 1
                    left -= 1
        return [n for n in filled if n]
    return None


def _place(rows: list[int], side: int) -> tuple[tuple[int, int, int], ...]:
    out: list[tuple[int, int, int]] = []
    top = -(len(rows) * side) // 2
    for i, n in enumerate(rows):
        left = -(n * side) // 2
        out.extend((left + j * side, top + i * side, side) for j in range(n))
    return tuple(out)


def stamp_chit(
    canvas: Canvas, at: tuple[int, int], side: int, style: SeatStyle, unit: UnitView
) -> None:
    damage = "W" if unit.wounded else "D" if unit.disrupted else ""
    key = ("si-chit", side, style, unit.letter, damage, unit.blockading, unit.spied)

    def paint(sprite: Canvas) -> None:
        glyphs.chit(
            sprite, Box(0, 0, side, side), style, unit.letter, damage, unit.blockading, unit.spied
        )

    canvas.stamp(at, (side + 1, side + 1), key, paint)


def name_fits(name: str) -> int:
    """The size a world's name is set at (shrinks for a long custom name)."""
    return fit_size(name, 2 * RADIUS - 60, NAME_SIZE, 16, True)
