"""Boards draw every character of the languages the bot speaks, and names in other scripts."""

from __future__ import annotations

import pytest
from PIL import Image

from render.canvas import Canvas
from render.fonts import drawable, text_size

NOWHERE = "\U0010fffd"
"""A private-use character no font draws: what a missing glyph looks like (a box)."""


def _ink(text: str) -> bytes:
    canvas = Canvas(120, 60, background=(255, 255, 255))
    canvas.text((60, 30), text, 28, (0, 0, 0), anchor="mm")
    box = Image.eval(canvas.image.convert("L"), lambda v: 255 - v).getbbox()
    return canvas.image.crop(box).tobytes() if box else b""


@pytest.mark.parametrize("char", [*"áéíóúüñÑ¿¡çàèÅøЖλ", "王", "名", "あ", "ア", "민", "준", "한"])
def test_each_character_draws_a_glyph_not_a_box(char: str) -> None:
    assert _ink(char) not in (b"", _ink(NOWHERE))


def test_a_name_in_another_script_keeps_its_width_and_place() -> None:
    assert not drawable("王小明") and drawable("José Ñandú")
    assert text_size("王小明", 30)[0] > text_size("王", 30)[0] * 2
    canvas = Canvas(300, 60, background=(255, 255, 255))
    canvas.text((290, 30), "Ana · 王小明", 24, (0, 0, 0), anchor="rm")
    box = Image.eval(canvas.image.convert("L"), lambda v: 255 - v).getbbox()
    assert box is not None and 285 <= box[2] <= 292, box


def test_a_korean_name_draws_each_syllable_apart() -> None:
    """Hangul comes from its own fallback: each syllable a glyph of its own, none a box."""
    assert {_ink(c) for c in "김민준"} & {b"", _ink(NOWHERE)} == set()
    assert len({_ink(c) for c in "김민준"}) == 3
    assert text_size("김민준", 30)[0] > text_size("김", 30)[0] * 2
