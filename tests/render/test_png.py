"""The PNG files boards are sent as (`render.png`), written without Pillow's encoder: a reader
must see exactly the palette image drawn, and a file Discord or a browser would refuse (a bad
checksum, a wrong row length) must not be possible."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

import render
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.not_on_my_block import GAME as NOMB
from render.canvas import keeping_images
from render.png import SIGNATURE, palette_png
from tests.render.test_layers import busy_city
from tests.render.test_not_on_my_block_render import midgame_state


def read(data: bytes) -> Image.Image:
    """The file as Pillow reads it, every chunk's checksum checked."""
    Image.open(io.BytesIO(data)).verify()
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def drawn_boards() -> list[Image.Image]:
    """The palette images of a busy Bloc by Bloc city and a Not On My Block game in progress, as
    the renderers finish them."""
    with keeping_images() as kept:
        render.board_png(BLOC.id, BLOC.view(busy_city(), None))
        render.board_png(NOMB.id, NOMB.view(midgame_state(), None))
    assert len(kept) == 2
    return kept


def test_a_board_reads_back_as_the_very_pixels_and_palette_drawn() -> None:
    for board in drawn_boards():
        back = read(palette_png(board))
        assert (back.mode, back.size) == ("P", board.size)
        assert back.tobytes() == board.tobytes()
        assert back.getpalette() == board.getpalette()


def test_a_board_packs_about_as_small_as_pillows_own_encoder() -> None:
    """A phone downloads a board every move: faster must not mean much larger."""
    for board in drawn_boards():
        pillows = io.BytesIO()
        board.save(pillows, format="PNG", compress_level=3)
        assert len(palette_png(board)) < 1.15 * len(pillows.getvalue())


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (255, 2), (33, 257)])
def test_odd_sizes_and_every_index_read_back(size: tuple[int, int]) -> None:
    rng = random.Random(sum(size))
    image = Image.new("P", size)
    image.putpalette([rng.randrange(256) for _ in range(768)])
    image.putdata([rng.randrange(256) for _ in range(size[0] * size[1])])
    back = read(palette_png(image))
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()


def test_every_row_is_unfiltered_and_whole() -> None:
    """Each row of the pixel data is its filter byte (0) and exactly one row of pixels."""
    image = Image.new("P", (5, 4))
    image.putpalette([0, 0, 0, 255, 255, 255])
    image.putdata([i % 2 for i in range(20)])
    data = palette_png(image)
    assert data.startswith(SIGNATURE)
    at = data.index(b"IDAT")
    length = int.from_bytes(data[at - 4 : at], "big")
    rows = zlib.decompress(data[at + 4 : at + 4 + length])
    assert rows == b"".join(b"\0" + bytes(i % 2 for i in range(y * 5, y * 5 + 5)) for y in range(4))


def test_images_it_cannot_write_faithfully_are_refused() -> None:
    with pytest.raises(ValueError, match="palette image"):
        palette_png(Image.new("RGB", (4, 4)))
    clear = Image.new("P", (4, 4))
    clear.info["transparency"] = 0
    with pytest.raises(ValueError, match="opaque"):
        palette_png(clear)
