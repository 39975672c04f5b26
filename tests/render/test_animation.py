"""An animated WebP put together a frame at a time plays back as its frames, each shown for
its own time, and a frame that changed a corner costs a corner."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render.animation import AnimatedWebP

SIZE = (320, 240)


def board(square: tuple[int, int] | None = None) -> Image.Image:
    """A board-like picture: flat colours, a grid and words; a red square at `square`."""
    image = Image.new("RGB", SIZE, (236, 228, 210))
    draw = ImageDraw.Draw(image)
    for x in range(0, SIZE[0], 40):
        draw.line([(x, 0), (x, SIZE[1])], fill=(90, 90, 90))
    draw.text((10, 10), "Turn 3", fill=(20, 20, 20))
    if square is not None:
        x, y = square
        draw.rectangle([x, y, x + 29, y + 29], fill=(200, 30, 30))
    return image


def frames_of(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    shown = []
    for number in range(image.n_frames):  # type: ignore[attr-defined]
        image.seek(number)
        shown.append((image.convert("RGB"), image.info["duration"]))
    return shown


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def frame_sizes(data: bytes) -> list[tuple[int, int, int, int]]:
    """Each `ANMF` frame's offset and size, as the file says."""
    found, at = [], 12
    while at < len(data):
        tag, length = data[at : at + 4], struct.unpack("<I", data[at + 4 : at + 8])[0]
        if tag == b"ANMF":
            fields = [
                int.from_bytes(data[at + 8 + 3 * i : at + 11 + 3 * i], "little") for i in range(4)
            ]
            found.append((fields[0] * 2, fields[1] * 2, fields[2] + 1, fields[3] + 1))
        at += 8 + length + length % 2
    return found


def test_frames_play_back_in_order_each_for_its_time():
    pictures = [board(), board((101, 61)), board((101, 61)), board((250, 180))]
    animation = AnimatedWebP(SIZE, quality=60, method=2)
    for picture, ms in zip(pictures, (500, 500, 500, 4000), strict=True):
        animation.add(picture, ms)
    shown = frames_of(animation.finish())
    assert [ms for _, ms in shown] == [500, 500, 500, 4000]
    for (frame, _), picture in zip(shown, pictures, strict=True):
        assert difference(frame, picture) < 3, "lossy, but the same picture"

    # The square is where it was drawn, in each frame from the one that drew it.
    def red(frame: Image.Image, at: tuple[int, int]) -> bool:
        r, g, _b = frame.getpixel(at)  # type: ignore[misc]
        return r > 150 and g < 80

    assert red(shown[1][0], (115, 75)) and red(shown[2][0], (115, 75))
    assert not red(shown[0][0], (115, 75)) and not red(shown[0][0], (265, 195))
    assert red(shown[3][0], (265, 195))


def test_a_frame_holds_only_the_rectangle_that_changed():
    animation = AnimatedWebP(SIZE, quality=60, method=2)
    animation.add(board(), 500)
    animation.add(board((101, 61)), 500)
    animation.add(board((101, 61)), 500)
    first, square, same = frame_sizes(animation.finish())
    assert first == (0, 0, *SIZE)
    # Offsets are stored halved: the rectangle starts on the even pixel at or before it.
    assert square == (100, 60, 31, 31)
    assert same[2] * same[3] == 1, "an unchanged frame shows a single pixel again"


def test_a_frame_of_another_size_is_refused():
    animation = AnimatedWebP(SIZE, quality=60, method=2)
    animation.add(board(), 500)
    with pytest.raises(ValueError, match="a frame of"):
        animation.add(Image.new("RGB", (10, 10)), 500)
