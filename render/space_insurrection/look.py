"""Space Insurrection's look: sizes, seat colours and shapes, world styles, the fixed palette and
where every world sits on the map.

Seats wear the Okabe-Ito hue their name says (the engine names them Red, Blue, Yellow, Green,
Purple), each doubled by the seat's initial and a badge shape of its own (circle, square,
diamond, downward triangle, hexagon), so two seats never differ by colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from render.canvas import Box
from render.palette import (
    BLUE,
    DARK,
    GREEN,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PANEL,
    PAPER,
    PURPLE,
    RGB,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    build_palette,
    palette_image,
    shade,
    text_on,
    tint,
)

if TYPE_CHECKING:
    from engine.games.space_insurrection.view import SpaceView

# ----- sizes -----------------------------------------------------------------------------------

WIDTH = 1080
"""The image is portrait and this wide: three worlds across, read on a phone at about 400 px."""
GAP = 16
HEADER = 76
PITCH = (WIDTH - 2 * GAP) // 3
"""Distance between the centres of two neighbouring worlds (the map is a honeycomb 3-2-3-2)."""
BAND = 18
"""Room around a world's circle for the blockade ring and the `resolving` halo."""
RADIUS = PITCH // 2 - BAND - 4
"""A world's circle: twelve chits fit at `chit_size` about 60 px."""
ROW_PITCH = round(PITCH * math.sqrt(3) / 2) + 34
MAP_PAD = 30
"""Room above the first row of worlds and below the last (for name pills and tags)."""
MAX_CHIT = 84
MIN_CHIT = 46
"""Below this a chit's letters are unreadable, so a more crowded world shows "+N" instead."""
NAME_SIZE = 26
TAG_SIZE = 18
PANEL_SIZE = 28
TABLE_SIZE = 30
"""Seat rows: the counts a player looks for first, readable at 400 px wide."""
LEGEND_SIZE = 20

# ----- colours ---------------------------------------------------------------------------------

SEAT_COLOURS: tuple[RGB, ...] = (VERMILLION, BLUE, YELLOW, GREEN, PURPLE)
NAMED: dict[str, RGB] = {
    "red": VERMILLION,
    "blue": BLUE,
    "yellow": YELLOW,
    "green": GREEN,
    "purple": PURPLE,
}
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon")
"""The second cue of each seat, by seat: its badge on every chit, loyal world and panel row."""

NEUTRAL: RGB = (232, 232, 238)
"""A world loyal to nobody."""
NEUTRAL_RING: RGB = (120, 122, 134)
UNKNOWN: RGB = (190, 190, 190)
"""A seat the view does not list (a malformed view still draws)."""
HALO: RGB = DARK
TITLE: RGB = tint(SKY_BLUE, 0.3)
HEADER_OVER: RGB = shade(GREEN, 0.35)
CALLOUT_INK: RGB = shade(VERMILLION, 0.45)
CALLOUT: RGB = tint(ORANGE, 0.75)
HIGHLIGHT: RGB = (214, 0, 140)
"""The frame around the worlds a step changed, in focus images."""
ROW_OFF: RGB = (244, 242, 237)
"""Every other seat row, to guide the eye along it."""

MAPS_CACHED = 4


def loyal_fill(colour: RGB) -> RGB:
    return tint(colour, 0.72)


def hatch_ink(fill: RGB) -> RGB:
    """Stripes on a disrupted (bombarded) world: a darker shade of its fill."""
    return shade(fill, 0.22)


def damaged_fill(colour: RGB) -> RGB:
    """A wounded or disrupted chit is drawn "flipped": pale, with a heavy rim of its colour."""
    return tint(colour, 0.55)


@dataclass(frozen=True)
class SeatStyle:
    colour: RGB
    initial: str
    shape: str
    name: str


def seat_styles(view: SpaceView) -> tuple[SeatStyle, ...]:
    """Colour, initial and shape of each seat. Seats named after a colour wear it; otherwise
    (or if two would clash) seats take the colours in seat order."""
    names = [s.name for s in view.seats]
    return _styles(tuple(names))


@lru_cache(maxsize=64)
def _styles(names: tuple[str, ...]) -> tuple[SeatStyle, ...]:
    named = [NAMED.get(n.strip().lower()) for n in names]
    by_name = all(named) and len(set(named)) == len(named)
    initials = [n.strip()[:1].upper() or "?" for n in names]
    unique = len(set(initials)) == len(initials) and all(i.isalnum() for i in initials)
    out = []
    for seat, name in enumerate(names):
        colour = named[seat] if by_name else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        initial = initials[seat] if unique else str(seat + 1)
        out.append(SeatStyle(colour or UNKNOWN, initial, SHAPES[seat % len(SHAPES)], name))
    return tuple(out)


def style_of(styles: tuple[SeatStyle, ...], seat: int | None) -> SeatStyle:
    if seat is not None and 0 <= seat < len(styles):
        return styles[seat]
    return SeatStyle(UNKNOWN, "?", "square", "?")


def _colours() -> tuple[list[RGB], list[tuple[RGB, RGB]]]:
    """Every flat colour of the board, then blends for each text colour on its background."""
    seats = [*SEAT_COLOURS, UNKNOWN]
    loyal = [loyal_fill(c) for c in seats]
    damaged = [damaged_fill(c) for c in seats]
    hatches = [hatch_ink(f) for f in (NEUTRAL, *loyal)]
    flat = [
        PAPER, PANEL, INK, WHITE, MUTED_INK, DARK, GRID, TITLE, HEADER_OVER, CALLOUT,
        CALLOUT_INK, HIGHLIGHT, NEUTRAL, NEUTRAL_RING, ROW_OFF, *seats, *loyal, *damaged,
        *hatches,
    ]  # fmt: skip
    blends = [
        *((text_on(c), c) for c in seats),
        *((INK, c) for c in damaged),
        *((INK, f) for f in loyal),
        (INK, NEUTRAL), (INK, PAPER), (INK, PANEL), (MUTED_INK, PANEL), (INK, WHITE),
        (MUTED_INK, WHITE), (WHITE, INK), (WHITE, DARK), (TITLE, DARK), (WHITE, HEADER_OVER),
        (TITLE, HEADER_OVER), (CALLOUT_INK, CALLOUT), (INK, CALLOUT), (INK, ROW_OFF),
        (MUTED_INK, ROW_OFF), (MUTED_INK, PAPER), (WHITE, HIGHLIGHT),
    ]  # fmt: skip
    return flat, blends


FLAT, BLENDS = _colours()
PALETTE: tuple[RGB, ...] = build_palette(FLAT, BLENDS, steps=4)


@lru_cache(maxsize=1)
def board_palette() -> Image.Image:
    """The fixed palette every Space Insurrection board is encoded in."""
    return palette_image(PALETTE)


# ----- the map ---------------------------------------------------------------------------------


def rows_of(count: int) -> list[int]:
    """Worlds per row: 3, 2, 3, 2... (ten worlds make four rows)."""
    rows: list[int] = []
    left = count
    while left > 0:
        take = min(left, 3 if len(rows) % 2 == 0 else 2)
        rows.append(take)
        left -= take
    return rows


def map_height(count: int) -> int:
    rows = len(rows_of(count))
    return 2 * MAP_PAD + 2 * (RADIUS + BAND) + max(0, rows - 1) * ROW_PITCH


def centres(count: int) -> list[tuple[int, int]]:
    """The centre of each world in the map band (y from the band's top), in the view's order:
    left to right, top to bottom, so alphabetical order reads like a page."""
    out: list[tuple[int, int]] = []
    for r, n in enumerate(rows_of(count)):
        y = MAP_PAD + RADIUS + BAND + r * ROW_PITCH
        left = GAP + PITCH // 2 + (0 if n == 3 else PITCH // 2)
        out.extend((left + i * PITCH, y) for i in range(n))
    return out


def world_box(centre: tuple[int, int], top: int = 0) -> Box:
    """The square a world's face (circle, ring band, pills) is drawn in."""
    cx, cy = centre
    half = RADIUS + BAND
    return Box(cx - half, top + cy - half, cx + half, top + cy + half)
