"""Fonts for board images, shipped with the package so every machine draws the same words.

Boards draw in DejaVu Sans Condensed: it has the accents of every language the bot speaks (and
Greek and Cyrillic), so a Spanish board or a player called "José" draws as written. What DejaVu
lacks falls back, run by run, instead of drawing boxes: a name in Chinese or Japanese to Droid
Sans Fallback, one in Korean to NanumSquare (Droid's Hangul has three syllables). The files and
their licences are in `render/typefaces/`. Fonts are cached per
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
FALLBACKS = (TYPEFACES / "DroidSansFallbackFull.ttf", TYPEFACES / "NanumSquareR.ttf")
"""Tried in this order for a character the board font lacks."""
FACES = (MAIN, *FALLBACKS)


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """The board font at `size` pixels."""
    return ImageFont.truetype(str(MAIN), size)


@lru_cache(maxsize=64)
def _face(which: int, size: int) -> Font:
    return ImageFont.truetype(str(FACES[which]), size)


@cache
def _coverage(which: int) -> frozenset[int]:
    """The characters one face draws (read once per process from its character map)."""
    return frozenset(TTFont(str(FACES[which]), lazy=True).getBestCmap())


def _covered() -> frozenset[int]:
    """The characters the board font draws."""
    return _coverage(0)


def _face_of(char: str) -> int:
    """The first face that draws `char` (the first fallback when none does)."""
    code = ord(char)
    return next((i for i in range(len(FACES)) if code in _coverage(i)), 1)


def has_glyph(char: str) -> bool:
    """Whether the board font or a fallback draws `char` (most emoji: none does)."""
    return any(ord(char) in _coverage(i) for i in range(len(FACES)))


def drawable(text: str) -> bool:
    """Whether the board font alone draws every character of `text` (nearly always)."""
    covered = _covered()
    return all(ord(ch) in covered or ch in "\n\t" for ch in text)


def runs(text: str) -> list[tuple[str, int]]:
    """`text` cut where the font changes: each piece, and which face draws it (`face_for`)."""
    out: list[tuple[str, int]] = []
    for ch in text:
        which = 0 if ch.isspace() else _face_of(ch)
        if out and out[-1][1] == which:
            out[-1] = (out[-1][0] + ch, which)
        else:
            out.append((ch, which))
    return out


def face_for(which: int, size: int) -> Font:
    """The font a run is drawn in: the board font (0) or a fallback."""
    return font(size) if which == 0 else _face(which, size)


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
    for piece, which in runs(text):
        face = face_for(which, size)
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
