"""Block Mania's phone overview: what a player reads of the two blocks at 400 px wide, and the
picture of a game in progress kept beside this test (the README shows it too)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import ImageChops

import render
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import ManiaState
from engine.games.block_mania.view import ManiaView
from render import block_mania
from render.block_mania_overview import overview_image, region
from render.focus import MAX_WIDTH
from tests.engine.block_mania.support import game
from tests.render.phone import assert_a_phone_picture, assert_readable_on_a_phone, decode, measure

NAMES = ["ann", "José Fernández-Castellanos", "cy", None]
PICTURE = Path(__file__).parent / "pictures" / "block-mania-overview.png"


def _played(state: ManiaState, steps: int, seed: int) -> tuple[ManiaView, ManiaView]:
    """The channel's view after `steps` random steps, and the one before the last."""
    rng = random.Random(seed)
    before = GAME.view(state, None)
    for _ in range(steps):
        ((seat, _prompt),) = GAME.prompts(state).items()
        before = GAME.view(state, None)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    return GAME.view(state, None), before


def _over() -> ManiaView:
    state = game(2)
    state.ended, state.winners = "endgame", [1]
    return GAME.view(state, None)


VIEWS = {
    "set-up": lambda: GAME.view(game(1), None),
    "four players": lambda: GAME.view(game(2, players=4), None),
    "midgame": lambda: _played(game(3), 116, 3)[0],
    "over": _over,
}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_every_text_of_the_overview_is_at_least_9_px_on_a_400_px_phone(
    build, language, monkeypatch
):
    view = build()
    drawn = measure(lambda: overview_image(view, NAMES, None, language), monkeypatch)
    assert drawn.width <= MAX_WIDTH
    assert_readable_on_a_phone(drawn)


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_full_board_fails_the_phone_check_the_overview_passes(build, monkeypatch):
    drawn = measure(lambda: block_mania.draw(build(), NAMES), monkeypatch)
    assert drawn.smallest_on_a_phone() < 6


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_overview_is_a_phone_picture_at_most_one_and_a_half_times_as_tall_as_wide(build):
    assert_a_phone_picture(render.overview_png(GAME.id, build(), NAMES))


def test_the_region_is_the_acting_seats_blockers_or_what_the_last_step_changed() -> None:
    state = game(1)
    for b in state.blockers:
        if b.owner == 0:
            b.at = "A35"
    view = GAME.view(state, None)
    assert region(view) == ({"A35"}, set())
    state.squares["B64"].fire = 2
    squares, ringed = region(GAME.view(state, None), view)
    assert squares == ringed == {"B64"}


def test_the_overview_names_each_seat_with_its_player_and_counts_and_frames_a_change() -> None:
    view, before = _played(game(3), 116, 3)
    canvas = overview_image(view, NAMES, before)
    colours = {c for _, c in canvas.image.getcolors(maxcolors=1 << 20) or []}
    assert block_mania.BLUE in colours and block_mania.VERMILLION in colours
    four = GAME.view(game(2, players=4), None)
    png = block_mania.phone_overview(four, NAMES)
    assert png != block_mania.phone_overview(four, NAMES, language="es")


def kept_position() -> tuple[ManiaView, ManiaView]:
    """A position built square by square (so only a change of look changes its picture): a
    fight in block A, fire, damage, a collapse and a scrawl, B2 having just moved up a level."""
    state = game(3)
    spots = {"A1": "A43", "A2": "A43", "A3": "A44", "B1": "A53", "B2": "A42", "F1": "A20"}
    for b in state.blockers:
        b.at = spots.get(b.id, "gone")
    state.squares["A54"].fire = 2
    state.squares["A64"].fire = 1
    state.squares["A44"].damage = 2
    state.squares["A63"].collapsed = True
    state.squares["A20"].scrawl = True
    state.defeat = [3, 1]
    before = GAME.view(state, None)
    next(b for b in state.blockers if b.id == "B2").at = "A52"
    return GAME.view(state, None), before


def test_the_kept_picture_is_what_the_overview_draws() -> None:
    """A picture of a game in progress, its last step framed; a change to the overview's look
    shows here first (write the new picture over the kept one once it reads well at 400 px)."""
    view, before = kept_position()
    drawn = decode(block_mania.phone_overview(view, NAMES[:2], before))
    kept = decode(PICTURE.read_bytes())
    assert drawn.size == kept.size
    assert ImageChops.difference(drawn, kept).getbbox() is None


def test_the_overview_is_deterministic_and_found_under_the_game_id() -> None:
    view = VIEWS["midgame"]()
    png = render.overview_png(GAME.id, view, NAMES)
    assert render.overview_png(GAME.id, view.model_copy(deep=True), NAMES) == png
    assert render.overview_for(GAME.id) is block_mania.phone_overview
