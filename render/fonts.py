"""Fonts for board images, with no font files and no system fonts.

`ImageFont.load_default(size=...)` returns the scalable font that ships inside Pillow (when Pillow
is built with FreeType, as every wheel is), so rendering works the same in a fresh virtualenv, a
slim Docker image and CI. Fonts are cached per size because loading one costs more than drawing a
whole label.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The bundled font at `size` pixels.

    Pillow without FreeType can only offer a tiny fixed bitmap font; we still return it rather
    than fail, because an ugly board beats no board in the middle of a game.
    """
    try:
        return ImageFont.load_default(size=size)
    except (ImportError, OSError, AttributeError):  # pragma: no cover - FreeType-less Pillow
        return ImageFont.load_default()


@lru_cache(maxsize=8192)
def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height in pixels of `text` set at `size` (ink box, not line box).

    Cached: word wrapping and shrink-to-fit measure the same words at the same sizes on every
    board, and measuring costs about as much as drawing.
    """
    stroke = stroke_for(size) if bold else 0
    left, top, right, bottom = font(size).getbbox(text, stroke_width=stroke)
    return int(right - left), int(bottom - top)


def stroke_for(size: int) -> int:
    """Stroke width that fakes a bold weight: the bundled font has only one weight."""
    return 1 if size >= 16 else 0


def fit_size(text: str, max_width: int, size: int, min_size: int = 12, bold: bool = False) -> int:
    """The largest size <= `size` (but >= `min_size`) at which `text` fits in `max_width`.

    Long seat names and labels shrink a little instead of spilling over a cell or panel edge.
    """
    while size > min_size and text_size(text, size, bold)[0] > max_width:
        size -= 1
    return size
