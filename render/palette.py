"""Colours shared by every board renderer.

The base hues are the Okabe-Ito set, chosen because they stay distinct for the common forms of
colour blindness. Colour is still never the only cue: renderers pair every hue with a letter, a
label or a shape, so a player with any kind of colour vision (or a washed-out phone screen) can
read the board. Light tints of the same hues serve as block backgrounds, so that pieces drawn in
the saturated hue stand out against them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """`"#E69F00"` -> `(230, 159, 0)`; the palette is written in hex because that is how it is
    published."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


# Okabe-Ito, in its published order.
BLACK = hex_rgb("#000000")
ORANGE = hex_rgb("#E69F00")
SKY_BLUE = hex_rgb("#56B4E9")
GREEN = hex_rgb("#009E73")
YELLOW = hex_rgb("#F0E442")
BLUE = hex_rgb("#0072B2")
VERMILLION = hex_rgb("#D55E00")
PURPLE = hex_rgb("#CC79A7")

# Neutrals for paper, ink and grid lines.
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 248, 244)
INK: RGB = (20, 20, 24)
MUTED_INK: RGB = (80, 80, 88)
GRID: RGB = (60, 60, 66)
PANEL: RGB = (236, 233, 226)
DARK: RGB = (34, 34, 40)


def mix(a: RGB, b: RGB, amount: float) -> RGB:
    """Blend `amount` of `b` into `a` (0 keeps `a`, 1 gives `b`)."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def tint(color: RGB, amount: float) -> RGB:
    """A lighter version of `color`, for backgrounds under pieces of the full hue."""
    return mix(color, WHITE, amount)


def shade(color: RGB, amount: float) -> RGB:
    """A darker version of `color`, for outlines and hatching on a tinted background."""
    return mix(color, BLACK, amount)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: RGB) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    r, g, b = (_linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill`, so labels never need hand-tuning."""
    return INK if contrast(fill, INK) >= contrast(fill, WHITE) else WHITE


# ----- fixed palettes for encoding ---------------------------------------------------------------


def blend_ramp(ink: RGB, background: RGB, steps: int = 3) -> list[RGB]:
    """`steps` evenly spaced blends strictly between `background` and `ink`.

    Anti-aliased text and edges only ever produce colours on the segment between an ink and the
    background it is drawn on, so a few points along each such segment are enough for the
    palette to reproduce smooth edges.
    """
    return [mix(background, ink, i / (steps + 1)) for i in range(1, steps + 1)]


def build_palette(
    flat: Iterable[RGB], blends: Iterable[tuple[RGB, RGB]], steps: int = 3
) -> tuple[RGB, ...]:
    """The flat colours first, kept exactly, then the blend ramps of each `(ink, background)`.

    Pillow maps every 4 x 4 x 4 cell of colour space to a single palette entry, so an entry can
    shadow a flat colour close to it: blends that would are dropped, and two flat colours that
    shadow each other are an error (change one of them), as is more than 256 colours. Either
    would otherwise shift a flat area of the board to a neighbouring colour without a word.
    """
    flats = list(dict.fromkeys(flat))
    colours = list(flats)
    for ink, background in blends:
        colours.extend(c for c in blend_ramp(ink, background, steps) if c not in colours)
    if len(colours) > 256:
        raise ValueError(f"{len(colours)} colours do not fit a 256-colour palette")
    while missed := _shadowed(flats, colours):
        for wanted, got in missed:
            if got in flats:
                raise ValueError(f"flat colours {wanted} and {got} are too close to keep apart")
            if got in colours:
                colours.remove(got)
    return tuple(colours)


def _shadowed(flats: list[RGB], colours: list[RGB]) -> list[tuple[RGB, RGB]]:
    """Each flat colour that `colours` does not map onto itself, with what it maps onto."""
    strip = Image.new("RGB", (len(flats), 1))
    strip.putdata(flats)
    mapped = strip.quantize(palette=palette_image(colours), dither=Image.Dither.NONE)
    data = mapped.convert("RGB").tobytes()
    got = [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]
    return [(want, have) for want, have in zip(flats, got, strict=True) if want != have]


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A palette ("P") image for `Image.quantize(palette=...)`.

    Unused slots repeat the first colour instead of defaulting to black, so no pixel can be
    mapped to a colour the board never uses.
    """
    padded = list(colours) + [colours[0]] * (256 - len(colours))
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in padded for channel in colour])
    return image
