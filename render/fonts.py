"""Fonts for board images, shipped with the package so every machine draws the same words.

Boards draw in DejaVu Sans Condensed: it has the accents of every language the bot speaks (and
Greek and Cyrillic), so a Spanish board or a player called "José" draws as written. What DejaVu
lacks (a name in Chinese or Japanese) falls back to Droid Sans Fallback, run by run, instead
of drawing boxes. Both files and their licences are in `render/typefaces/`. Fonts are cached per
size because loading one costs more than drawing a whole label.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

TYPEFACES = Path(__file__).parent / "typefaces"
MAIN = TYPEFACES / "DejaVuSansCondensed.ttf"
FALLBACK = TYPEFACES / "DroidSansFallbackFull.ttf"


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The board font at `size` pixels."""
    return ImageFont.truetype(str(MAIN), size)


@lru_cache(maxsize=64)
def fallback_font(size: int) -> Font:
    """The font for characters the board font lacks, at `size` pixels."""
    return ImageFont.truetype(str(FALLBACK), size)


@cache
def _covered() -> frozenset[int]:
    """The characters the board font draws (read once per process from its character map)."""
    return frozenset(TTFont(str(MAIN), lazy=True).getBestCmap())


@cache
def _fallback_covered() -> frozenset[int]:
    """The characters the fallback font draws."""
    return frozenset(TTFont(str(FALLBACK), lazy=True).getBestCmap())


def has_glyph(char: str) -> bool:
    """Whether the board font or its fallback draws `char` (most emoji: neither does)."""
    return ord(char) in _covered() or ord(char) in _fallback_covered()


def drawable(text: str) -> bool:
    """Whether the board font alone draws every character of `text` (nearly always)."""
    covered = _covered()
    return all(ord(ch) in covered or ch in "\n\t" for ch in text)


def runs(text: str) -> list[tuple[str, bool]]:
    """`text` cut where the font changes: each piece, and whether the board font draws it (else
    the fallback does)."""
    covered = _covered()
    out: list[tuple[str, bool]] = []
    for ch in text:
        main = ord(ch) in covered or ch.isspace()
        if out and out[-1][1] == main:
            out[-1] = (out[-1][0] + ch, main)
        else:
            out.append((ch, main))
    return out


def face_for(main: bool, size: int) -> Font:
    """The font a run is drawn in."""
    return font(size) if main else fallback_font(size)


@lru_cache(maxsize=8192)
def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height in pixels of `text` set at `size` (ink box, not line box).

    Cached: word wrapping and shrink-to-fit measure the same words at the same sizes on every
    board, and measuring costs about as much as drawing.
    """
    stroke = stroke_for(size) if bold else 0
    if drawable(text):
        left, top, right, bottom = font(size).getbbox(text, stroke_width=stroke)
        return int(right - left), int(bottom - top)
    width, top, bottom, x = 0.0, 0.0, 0.0, 0.0
    for piece, main in runs(text):
        face = face_for(main, size)
        _, t, _, b = face.getbbox(piece, stroke_width=stroke, anchor="ls")
        top, bottom = min(top, t), max(bottom, b)
        x += face.getlength(piece)
    width = x + 2 * stroke
    return int(width), int(bottom - top)


def stroke_for(size: int) -> int:
    """Stroke width that fakes a bold weight: one weight ships, to keep the package small."""
    return 1 if size >= 16 else 0


def fit_size(text: str, max_width: int, size: int, min_size: int = 12, bold: bool = False) -> int:
    """The largest size <= `size` (but >= `min_size`) at which `text` fits in `max_width`.

    Long seat names and labels shrink a little instead of spilling over a cell or panel edge.
    """
    while size > min_size and text_size(text, size, bold)[0] > max_width:
        size -= 1
    return size
