"""Backdrops kept packed: a drawing worker keeps every city it is home to in a few hundred KB,
and a window cut from a packed backdrop is the same pixels as one cut from the image."""

from __future__ import annotations

import random

from PIL import Image, ImageChops

import render
from engine.games.bloc_by_bloc import GAME as BLOC
from render import bloc_by_bloc
from render.packed import BAND_ROWS, Packed


def city() -> Image.Image:
    """A real city's backdrop, unpacked, as the reference."""
    bloc_by_bloc._backdrop.cache_clear()
    view = BLOC.view(BLOC.setup(BLOC.make_options(4), seed=7), None)
    return bloc_by_bloc.city_backdrop(view).whole()


def same(one: Image.Image, other: Image.Image) -> bool:
    return (
        one.mode == other.mode == "P"
        and one.size == other.size
        and one.getpalette() == other.getpalette()
        and ImageChops.difference(one.convert("RGB"), other.convert("RGB")).getbbox() is None
        and one.tobytes() == other.tobytes()
    )


def test_a_packed_city_takes_a_small_part_of_its_image() -> None:
    image = city()
    packed = Packed(image)
    assert packed.size == image.size
    assert packed.packed_bytes * 10 < image.width * image.height


def test_any_window_of_a_packed_image_is_the_same_as_cut_from_the_image() -> None:
    """Windows across band edges, on the image's edges and beyond them (outside: index 0, as
    `Image.crop` gives) come out the same, whichever image was unpacked before."""
    image = city()
    packed, other = Packed(image), Packed(image.transpose(Image.Transpose.FLIP_TOP_BOTTOM))
    rng = random.Random(3)
    boxes = [
        (0, 0, image.width, image.height),
        (0, BAND_ROWS - 1, 10, BAND_ROWS + 1),
        (-20, -30, 40, 50),
        (image.width - 5, image.height - 5, image.width + 9, image.height + 9),
        (5, image.height + 3, 50, image.height + 20),
    ]
    for _ in range(40):
        x0, y0 = rng.randrange(-50, image.width), rng.randrange(-50, image.height)
        boxes.append((x0, y0, x0 + rng.randrange(1, 900), y0 + rng.randrange(1, 900)))
    for n, box in enumerate(boxes):
        if n % 3 == 0:
            other.crop(box)
        assert same(packed.crop(box), image.crop(box)), box
    assert same(packed.whole(), image)


def test_a_city_drawn_from_its_unpacked_bands_is_the_city_just_drawn() -> None:
    """Right after a backdrop is drawn its pictures use the rows at hand; later ones unpack
    them from the bands: the boards, overviews and step pictures come out byte for byte the
    same."""
    busy = BLOC.setup(BLOC.make_options(4), seed=7)
    before = BLOC.view(busy, None)
    seat = sorted(BLOC.prompts(busy))[0]
    after = BLOC.view(BLOC.apply(busy, seat, BLOC.legal_actions(busy, seat)[0]).state, None)
    elsewhere = BLOC.view(BLOC.setup(BLOC.make_options(4), seed=8), None)

    def pictures() -> list[bytes | None]:
        return [
            render.board_png(BLOC.id, after),
            render.overview_png(BLOC.id, after, None, before),
            render.focus_png(BLOC.id, before, after),
        ]

    bloc_by_bloc._backdrop.cache_clear()
    fresh = pictures()
    render.board_png(BLOC.id, elsewhere)
    assert bloc_by_bloc._backdrop.cache_info().misses == 2
    assert pictures() == fresh
    assert bloc_by_bloc._backdrop.cache_info().misses == 2
