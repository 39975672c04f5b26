"""Block Mania's phone overview: what a player reads of the two blocks at 400 px wide, and the
picture of a game in progress kept beside this test (the README shows it too)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import ImageChops

import render
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import Charge, ManiaState
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


def _armed_state() -> ManiaState:
    """Blockers at the gap with every special piece in play: charges (one a face-down mine),
    a set-up heavy weapon, Robo Dogs, and each way across the gap at its last stage."""
    state = game(3)
    spots = {"A1": "A64", "A2": "B24", "B1": "B04", "B2": "B05"}
    for b in state.blockers:
        b.at = spots.get(b.id, "gone")
    blockers = {b.id: b for b in state.blockers}
    blockers["A1"].set_up.append("missile_launcher")
    blockers["A2"].kit.append("robo_dog")
    blockers["B1"].kit.append("robo_dog")
    state.charges = [
        Charge(id="C1", item="demo_charge", at="A64", owner=0),
        Charge(id="C2", item="trip_mine", at="B24", owner=1, face_down=True),
        Charge(id="C3", item="plascrete_virus", at="B24", owner=1),
    ]
    state.walkways = {"pedway": 3, "sky_rail": 1, "mega_way": 2}
    return state


def _armed() -> ManiaView:
    return GAME.view(_armed_state(), None)


VIEWS = {
    "set-up": lambda: GAME.view(game(1), None),
    "armed": _armed,
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
    view, before = kept_position()  # a fight: both sides' Blockers in the region shown
    canvas = overview_image(view, NAMES, before)
    colours = {c for _, c in canvas.image.getcolors(maxcolors=1 << 20) or []}
    assert block_mania.BLUE in colours and block_mania.VERMILLION in colours
    four = GAME.view(game(2, players=4), None)
    png = block_mania.phone_overview(four, NAMES)
    assert png != block_mania.phone_overview(four, NAMES, language="es")


def kept_position() -> tuple[ManiaView, ManiaView]:
    """A position built square by square (so only a change of look changes its picture): a
    fight in block A, fire, damage, a collapse and a scrawl, a Demo Charge, a set-up Spit
    Cannon, a Robo Dog and a damaged Pedway, B2 having just moved up a level."""
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
    blockers = {b.id: b for b in state.blockers}
    blockers["A3"].set_up.append("spit_cannon")
    blockers["B1"].kit.append("robo_dog")
    state.charges = [Charge(id="C1", item="demo_charge", at="A43", owner=0)]
    state.walkways = {"pedway": 1}
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


def _overview(view: ManiaView) -> bytes:
    return block_mania.phone_overview(view, NAMES[:2])


def test_each_special_piece_and_a_broken_walkway_changes_the_overview() -> None:
    armed = _armed()
    pictures = {"armed": _overview(armed)}
    bare = armed.model_copy(deep=True)
    bare.charges = []
    pictures["no charges"] = _overview(bare)
    for b in bare.blockers:
        b.set_up = []
    pictures["no heavy weapon"] = _overview(bare)
    for b in bare.blockers:
        b.dog = False
    pictures["no dogs"] = _overview(bare)
    for w in bare.walkways:
        w.hits, w.stage, w.closed = 0, "", False
    pictures["whole walkways"] = _overview(bare)
    assert len(set(pictures.values())) == len(pictures)


def test_the_channel_s_overview_never_tells_a_face_down_mine_from_another_counter() -> None:
    state = _armed_state()
    channel = _overview(GAME.view(state, None))
    assert _overview(GAME.view(state, 0)) == channel
    assert _overview(GAME.view(state, 1)) != channel  # its own side reads what it laid
    next(c for c in state.charges if c.face_down).item = "demo_charge"
    assert _overview(GAME.view(state, None)) == channel
