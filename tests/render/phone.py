"""The 400 px phone check shared by every game's render tests.

Discord shows an attachment about 400 px wide in a phone's chat column. Text is measured from
the font sizes the renderer asks for (every string reaches the image through `Canvas.text`),
scaled by 400 over the image's width, so the check does not depend on how a glyph happens to
rasterise. Cached drawings (stamps, layers kept per layout) are dropped first, so text drawn
once per process is measured too.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PIL import Image

from render.canvas import _STAMPS, Canvas
from render.focus import MAX_WIDTH

PHONE = 400
"""How wide a phone's chat column shows an attachment."""
LEAST = 9
"""The smallest text, in pixels high, a player can read there."""


@dataclass(frozen=True)
class Drawn:
    """What one drawing wrote: each text with its size, and the image's size."""

    texts: list[tuple[str, int]]
    width: int
    height: int

    def smallest_on_a_phone(self) -> float:
        return min(size for _, size in self.texts) * PHONE / self.width

    def too_small(self) -> list[tuple[str, float]]:
        """The texts under `LEAST` px at `PHONE` px wide, with their size there."""
        scale = PHONE / self.width
        return sorted({(t, round(s * scale, 1)) for t, s in self.texts if s * scale < LEAST})


def _forget_drawings() -> None:
    _STAMPS.clear()
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                clear = None if isinstance(value, type) else getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


def measure(draw: Callable[[], Canvas], monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Draw once with every cache empty, noting each text and its size."""
    texts: list[tuple[str, int]] = []
    original = Canvas.text

    def text(self, xy, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append((text, size))
        return original(self, xy, text, size, *args, **kwargs)

    _forget_drawings()
    with monkeypatch.context() as patch:
        patch.setattr(Canvas, "text", text)
        canvas = draw()
    _forget_drawings()
    width, height = canvas.image.size
    return Drawn(texts, width, height)


def assert_readable_on_a_phone(drawn: Drawn) -> None:
    """Every text at least `LEAST` px high at `PHONE` px wide."""
    assert drawn.texts, "nothing was written"
    assert drawn.too_small() == []


def decode(png: bytes) -> Image.Image:
    """A drawn PNG as pixels to compare."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def assert_a_phone_picture(png: bytes | None, most_bytes: int = 120_000) -> None:
    """A phone overview as a turn message carries it: a PNG no wider than the channel's other
    pictures, at most one and a half times as tall as wide (a phone shows it whole), and small
    enough to arrive with the message."""
    assert png is not None and png.startswith(b"\x89PNG")
    image = decode(png)
    assert image.width <= MAX_WIDTH
    assert image.height <= 1.5 * image.width
    assert len(png) < most_bytes
