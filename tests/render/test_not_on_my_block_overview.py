"""Not On My Block's phone overview: what a player reads of the city at 400 px wide."""

from __future__ import annotations

import pytest
from PIL import ImageChops

import render
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.state import NombState
from engine.games.not_on_my_block.view import NombView
from engine.messages import ENGLISH
from render import not_on_my_block
from render.canvas import Box, Canvas
from render.focus import MAX_WIDTH
from render.fonts import text_size
from render.not_on_my_block.board import draw_board
from render.not_on_my_block.look import (
    LABEL_SIZE,
    LEAST_TEXT,
    MARGIN,
    RESIDENT,
    STRIP,
    STYLES,
    layout,
)
from render.not_on_my_block.overview import overview_image, region, seat_lines
from render.not_on_my_block.side import legend_items, status_lines
from render.palette import PAPER
from tests.render.phone import assert_a_phone_picture, assert_readable_on_a_phone, decode, measure
from tests.render.test_not_on_my_block_render import midgame_state, placed_state, view_of

NAMES = ["ana", "José Fernández-Castellanos", None, "dee"]


def crowded_state() -> NombState:
    """A Luxury Store, a locked apartment, and a block holding an apartment and four owners'
    pieces: the tightest labels a block draws."""
    state = midgame_state().model_copy(deep=True)
    state.luxury_stores = ["C3"]
    apartments = {a.id: a for a in state.apartments}
    apartments["red-apt2"].status = "protected"  # C4
    state.reps.update({"red3": "C4", "blue3": "C4", "yellow3": "C4"})
    state.agents.update({"agent1": "C4", "agent5": "C4", "agent6": "C4"})
    return state


def over_view() -> NombView:
    view = view_of(midgame_state())
    return view.model_copy(update={"phase": "over", "winners": [0], "pending": None})


VIEWS = {
    "set-up": lambda: view_of(GAME.setup(GAME.make_options(4), seed=5)),
    "placed": lambda: view_of(placed_state()),
    "midgame": lambda: view_of(midgame_state()),
    "crowded": lambda: view_of(crowded_state()),
    "over": over_view,
}


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_every_text_of_the_overview_is_at_least_9_px_on_a_400_px_phone(build, monkeypatch):
    view = build()
    drawn = measure(lambda: overview_image(view, NAMES), monkeypatch)
    assert drawn.width <= MAX_WIDTH
    assert_readable_on_a_phone(drawn)


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_full_board_fails_the_phone_check_the_overview_passes(build, monkeypatch):
    view = build()
    drawn = measure(lambda: not_on_my_block.draw(view, NAMES), monkeypatch)
    assert drawn.smallest_on_a_phone() < 9


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_overview_is_a_phone_picture_at_most_one_and_a_half_times_as_tall_as_wide(build):
    assert_a_phone_picture(render.overview_png(GAME.id, build(), NAMES))


def test_every_block_label_fits_its_strip_beside_the_block_name_at_phone_size() -> None:
    cell = 140  # a 9 x 9 city's block, as on the full board and in the overview's window
    room = cell - 12 - 8  # the strip's inset and the gap between name and label
    labels = [style.label for style in STYLES.values() if style.label] + ["LOCKED"]
    for label in labels:
        width = text_size("G6", LABEL_SIZE, True)[0] + text_size(label, LEAST_TEXT, True)[0]
        assert width <= room, label
        assert text_size(label, LEAST_TEXT, True)[1] < STRIP
    assert LEAST_TEXT * 400 / 792 >= 9


def test_the_region_is_the_seat_to_acts_pieces_or_what_the_last_step_changed() -> None:
    view = view_of(midgame_state())
    assert view.active_seat == 0
    blocks, ringed = region(view)
    assert blocks == {a.at for a in view.agents} and not ringed
    before = view_of(placed_state())
    blocks, ringed = region(view, before)
    assert blocks == ringed and {"G6", "E2", "C3", "B2"} <= blocks


def test_the_overview_shows_the_counts_and_the_window_in_resident_colours() -> None:
    view = view_of(midgame_state())
    image = decode(not_on_my_block.phone_overview(view, NAMES))
    found = {c for _, c in image.getcolors(maxcolors=1 << 20) or []}
    for colour in RESIDENT.values():
        assert colour in found
    texts = [line.text for line in seat_lines(view, NAMES)]
    assert texts[0].startswith("Red Resident · José Fernández")
    assert texts[0].endswith(": 3 standing, 0 protected")
    assert "Yellow Resident · dee: 3 standing, 1 protected" in texts
    assert f"Luxury Stores left to build: {view.luxury_stores_left}" in texts


def test_the_overview_is_deterministic_and_found_under_the_game_id() -> None:
    view: NombView = view_of(midgame_state())
    png = render.overview_png(GAME.id, view, NAMES)
    assert render.overview_png(GAME.id, view.model_copy(deep=True), NAMES) == png
    assert render.overview_for(GAME.id) is not_on_my_block.phone_overview


@pytest.mark.parametrize("make", [midgame_state, placed_state, crowded_state])
def test_a_window_drawn_alone_is_the_whole_board_cut(make) -> None:
    """A phone's window pastes only its part of the printed board and draws only the blocks
    that reach into it; a block drawn across the window's edge must come out as on the whole
    board, wherever the window lies."""
    view = view_of(make())
    geo = layout(view, status_lines(view, None, ENGLISH), legend_items(ENGLISH))
    whole = Canvas(geo.width, geo.board.y1 + MARGIN + 1, PAPER)
    draw_board(whole, view, geo, ENGLISH)
    cell, board = geo.cell, geo.board
    corners = [(row, col) for row in range(view.height - 3) for col in range(view.width - 3)]
    for row, col in corners:
        x0, y0 = board.x0 + col * cell, board.y0 + row * cell
        window = Box(x0, y0, x0 + 4 * cell + 1, y0 + 4 * cell + 1)
        alone = Canvas(geo.width, geo.board.y1 + MARGIN + 1, PAPER)
        draw_board(alone, view, geo, ENGLISH, within=window)
        cut = ImageChops.difference(alone.image.crop(window), whole.image.crop(window))
        assert cut.getbbox() is None
