"""Defaults alone finish a game: from positions reached by random play (set-up included),
forcing the default of every seat being waited for, again and again, always ends the game
before the countdown allows more, and every step conserves pieces and cards."""

from __future__ import annotations

import random
from functools import partial

import pytest

from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.state import BlocState
from tests.engine.bloc_by_bloc.playout import ask_at_sunrise, check_invariants, random_move
from tests.engine.defaults import force_defaults_to_the_end

SEEDS = 60
PER_NIGHT = 60
"""Forced defaults a night can take at most: each faction's turn ended (twice, after a
kitchen's roll), the sunrise card window, riot cops' victims and leftover decisions."""


def random_position(seed: int) -> tuple[BlocState, int]:
    """A game of 2 to 4 players after a random number of the random playouts' steps; in most,
    every faction has chosen to be asked at sunrise, so card windows are met too."""
    rnd = random.Random(seed)
    players = 2 + seed % 3
    mode = "semi_cooperative" if seed % 2 and players > 2 else "fully_cooperative"
    state = GAME.setup(GAME.make_options(players, mode=mode), seed)
    if seed % 7 < 4:
        state = ask_at_sunrise(state)
    police_cards = len(state.police_deck)
    for _ in range(rnd.randrange(0, 160, 4) if seed % 5 else 0):
        if GAME.outcome(state) is not None:
            break
        seat, action = random_move(state, rnd)
        state = GAME.apply(state, seat, action).state
    return state, police_cards


@pytest.mark.parametrize("chunk", range(4))
def test_forcing_defaults_from_any_position_ends_the_game(chunk: int) -> None:
    for seed in range(chunk, SEEDS, 4):
        state, police_cards = random_position(seed)
        bound = PER_NIGHT * (state.nights_left + 3)
        check = partial(check_invariants, police_cards=police_cards)
        force_defaults_to_the_end(GAME, state, bound, check, f"seed {seed}")
