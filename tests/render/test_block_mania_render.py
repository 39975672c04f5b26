"""The Block Mania board: both blocks side by side at full size and at phone width, in English
and Spanish, drawn from the channel's view only: charges, set-up heavy weapons, Robo Dogs and
broken walkways each change the picture where they are, and a face-down mine's item never
reaches a picture of someone who may not know it."""

from __future__ import annotations

import io
import random
from itertools import pairwise

import pytest
from PIL import Image, ImageChops

from engine.games.block_mania.content.models import content
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import Charge, ManiaState
from engine.games.block_mania.view import ManiaView
from render.block_mania import CELL_H, HEADER, HEIGHT, LEVELS, WIDTH, _cell, render
from render.canvas import Box
from tests.engine.block_mania.support import game
from tests.render.phone import decode


def _midgame():
    state = game(3)
    rng = random.Random(3)
    for _ in range(160):
        ((seat, _prompt),) = GAME.prompts(state).items()
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    return state


def test_the_board_draws_both_blocks_in_both_languages() -> None:
    view = GAME.view(_midgame(), None)
    english = render(view, ["ann", "bob"])
    spanish = render(view, ["ann", "bob"], language="es")
    for png in (english, spanish):
        image = Image.open(io.BytesIO(png))
        assert image.size == (WIDTH, HEIGHT)
    assert english != spanish


def test_the_board_changes_when_a_square_burns_or_collapses() -> None:
    state = game(1)
    before = render(GAME.view(state, None))
    state.squares["A35"].fire = 2
    burning = render(GAME.view(state, None))
    state.squares["B35"].collapsed = True
    fallen = render(GAME.view(state, None))
    assert len({before, burning, fallen}) == 3


def test_a_finished_game_draws_its_winner() -> None:
    state = game(2)
    state.ended, state.winners = "endgame", [1]
    png = render(GAME.view(state, None), language="es")
    assert Image.open(io.BytesIO(png)).width == WIDTH


def test_a_block_without_power_says_so() -> None:
    state = game(1)
    lit = render(GAME.view(state, None))
    state.power[1] = False
    assert GAME.view(state, None).seats[1].power is False
    assert render(GAME.view(state, None)) != lit


def _changed(before: bytes, after: bytes) -> tuple[int, int, int, int] | None:
    """The box of pixels that differ between two pictures, or None when they are alike."""
    return ImageChops.difference(decode(before), decode(after)).getbbox()


def _inside(changed: tuple[int, int, int, int] | None, area: Box) -> bool:
    assert changed is not None, "the picture did not change"
    x0, y0, x1, y1 = changed
    return area.x0 <= x0 and area.y0 <= y0 and x1 <= area.x1 + 1 and y1 <= area.y1 + 1


def _square(view: ManiaView, square: str) -> Box:
    return _cell(next(s for s in view.squares if s.id == square))


def _quiet() -> ManiaState:
    """Two Blockers, one of each block, far from each other."""
    state = game(1)
    spots = {"A1": "A33", "B1": "B35"}
    for b in state.blockers:
        b.at = spots.get(b.id, "gone")
    return state


def test_an_armed_charge_is_a_counter_in_its_square_with_its_code() -> None:
    state = _quiet()
    before = render(GAME.view(state, None))
    state.charges.append(Charge(id="C1", item="demo_charge", at="A53", owner=0))
    after = render(GAME.view(state, None))
    assert _inside(_changed(before, after), _square(GAME.view(state, None), "A53"))


def test_the_channel_sees_a_face_down_mine_as_a_counter_and_never_what_it_is() -> None:
    state = _quiet()
    mine = Charge(id="C1", item="trip_mine", at="B55", owner=1, face_down=True)
    state.charges.append(mine)
    channel = render(GAME.view(state, None))
    owner = render(GAME.view(state, 1))
    mine.item = "demo_charge"
    assert render(GAME.view(state, None)) == channel
    assert render(GAME.view(state, 0)) == channel
    assert _inside(_changed(channel, owner), _square(GAME.view(state, None), "B55"))
    state.charges.clear()
    assert _inside(
        _changed(render(GAME.view(state, None)), channel), _square(GAME.view(state, None), "B55")
    )


def test_a_set_up_heavy_weapon_and_a_robo_dog_mark_their_blocker() -> None:
    state = _quiet()
    blocker = next(b for b in state.blockers if b.id == "A1")
    plain = render(GAME.view(state, None))
    blocker.set_up.append("missile_launcher")
    set_up = render(GAME.view(state, None))
    blocker.set_up.clear()
    blocker.kit.append("robo_dog")
    dog = render(GAME.view(state, None))
    square = _square(GAME.view(state, None), "A33")
    assert _inside(_changed(plain, set_up), square)
    assert _inside(_changed(plain, dog), square)
    assert set_up != dog


@pytest.mark.parametrize(("walkway", "level"), [("pedway", 4), ("sky_rail", 8), ("mega_way", 0)])
def test_each_stage_of_a_walkway_is_drawn_at_its_level_and_named_under_the_board(
    walkway: str, level: int
) -> None:
    state = _quiet()
    seen = [render(GAME.view(state, None))]
    for hits in range(1, len(content().walkway(walkway).stages) + 1):
        state.walkways[walkway] = hits
        seen.append(render(GAME.view(state, None)))
    assert len(set(seen)) == len(seen)
    view = GAME.view(state, None)
    left, right = _square(view, f"A6{level}"), _square(view, f"B0{level}")
    gap = Box(left.x1, left.y0 - CELL_H, right.x0, left.y1 + CELL_H)
    under = Box(0, HEADER + CELL_H * LEVELS, WIDTH, HEADER + CELL_H * LEVELS + 28)
    for before, after in pairwise(seen):
        changed = ImageChops.difference(decode(before), decode(after))
        assert changed.crop(gap).getbbox() is not None
        assert changed.crop(under).getbbox() is not None
        outside = changed.copy()
        outside.paste((0, 0, 0), gap)
        outside.paste((0, 0, 0), under)
        assert outside.getbbox() is None
