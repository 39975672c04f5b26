"""Space Insurrection's look: sizes, seat colours and shapes, world styles, the fixed palette and
where every world sits on the map.

Seats wear the Okabe-Ito hue of the colour they play (red, blue, yellow, green, purple), each
doubled by the seat's initial in the board's language (the view's catalog term: B for Blue, Az
for Azul) and a badge shape of its own (circle, square, diamond, downward triangle, hexagon), so
two seats never differ by colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from engine.messages import ENGLISH, say
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
"""The image is this wide and at most 1.5 times as tall (on the busiest boards): the worlds sit
three to a row as cards under the seat table, the key beside the last ones."""
PHONE = 400
"""How wide a phone's chat column shows the image."""
MIN_TEXT = math.ceil(9 * WIDTH / PHONE)
"""The smallest size of any essential text (names, counts, unit letters, damage, tags): 9 px
high when the image is shown `PHONE` px wide."""
GAP = 16
HEADER = 68
ACROSS = 3
"""World cards per row."""
CARD_GAP = 10
CARD_W = (WIDTH - 2 * GAP - (ACROSS - 1) * CARD_GAP) // ACROSS
"""A world card's width, its halo and blockade band included."""
BAND = 10
"""Room around a world's card for the blockade chain and the `resolving` halo."""
RING = 6
"""The loyal seat's ring just inside a card's edge."""
NAME_BAR = 54
"""The name strip across a card's top: tall enough for the loyal seat's badge."""
TAG_BAR = 40
CHIT_W = 80
CHIT_H = 50
"""A chit's letters are half its height: `MIN_TEXT`."""
CHIT_GAP = 4
OWNER = 50
"""The owner's badge that starts each seat's line of chits on a world."""
INSIDE = RING + 2
"""Chits keep this far inside a card's body (clear of its ring)."""
EMPTY = 24
"""The body of a world with no units, under its name."""
NAME_SIZE = 30
TAG_SIZE = MIN_TEXT
PANEL_SIZE = 30
TABLE_SIZE = 32
"""Seat rows: the counts a player looks for first, readable at 400 px wide."""
LEGEND_SIZE = MIN_TEXT

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


def seat_styles(view: SpaceView, language: str = ENGLISH) -> tuple[SeatStyle, ...]:
    """Colour, initial and shape of each seat, its name and initial in `language`. Seats wear
    the colour they play; if one is unknown (or two would clash) seats take the colours in
    seat order, and if two initials clash every seat shows its number instead."""
    return _styles(
        tuple(s.colour for s in view.seats),
        tuple(say(s.initial, language) for s in view.seats),
        tuple(say(s.name, language) for s in view.seats),
    )


@lru_cache(maxsize=64)
def _styles(
    colours: tuple[str, ...], initials: tuple[str, ...], names: tuple[str, ...]
) -> tuple[SeatStyle, ...]:
    named = [NAMED.get(c) for c in colours]
    by_colour = all(named) and len(set(named)) == len(named)
    unique = len(set(initials)) == len(initials) and all(i.isalnum() for i in initials)
    out = []
    for seat, name in enumerate(names):
        colour = named[seat] if by_colour else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
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
    """Worlds per row: `ACROSS` to a row, in the view's order (alphabetical reads like a page)."""
    return [min(ACROSS, count - i) for i in range(0, count, ACROSS)]


def card_x(column: int, left: int = GAP) -> int:
    return left + column * (CARD_W + CARD_GAP)
