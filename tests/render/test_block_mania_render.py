"""The Block Mania board: both blocks side by side at full size and at phone width, in English
and Spanish, drawn from the channel's view only."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.games.block_mania.rules import GAME
from render.block_mania import HEIGHT, WIDTH, render
from tests.engine.block_mania.support import game


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
