"""Colours shared by every board renderer.

The base hues are the Okabe-Ito set, chosen because they stay distinct for the common forms of
colour blindness. Colour is still never the only cue: renderers pair every hue with a letter, a
label or a shape, so a player with any kind of colour vision (or a washed-out phone screen) can
read the board. Light tints of the same hues serve as block backgrounds, so that pieces drawn in
the saturated hue stand out against them.
"""

from __future__ import annotations

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
