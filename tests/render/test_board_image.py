"""A board as an image (for pictures made of many boards) is exactly the board a message
attaches, without the PNG round trip."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.table import record
from engine.games import REGISTRY
from render import board_image, board_png
from render.canvas import keeping_images
from tests.bot.spectate_games import played


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_board_image_is_the_attached_board(key: str):
    """Twice in a row, as a timelapse draws a game's boards: the second reuses the first's
    cached layers and maps only what changed."""
    game, options, seed, entries = played(key, steps=8)
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    state = record.state_at(game, record.initial(game, options, seed), log, len(log))
    view = game.view(state, None)
    board_image(key, game.view(record.initial(game, options, seed), None))
    attached = Image.open(io.BytesIO(board_png(key, view)))
    image = board_image(key, view)
    assert image.size == attached.size and image.mode == "P"
    assert ImageChops.difference(image.convert("RGB"), attached.convert("RGB")).getbbox() is None


def test_outside_keeping_images_a_board_is_png_again():
    game = REGISTRY["not_on_my_block"]
    view = game.view(game.setup(game.make_options(players=2), 3), None)
    with keeping_images() as kept:
        assert board_png(game.id, view) == b""
    assert len(kept) == 1
    assert Image.open(io.BytesIO(board_png(game.id, view))).format == "PNG"
