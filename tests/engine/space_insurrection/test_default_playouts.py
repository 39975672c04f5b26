"""Defaults alone finish a game: from positions reached by random play, forcing the default of
every seat being waited for, again and again, ends the game within two turns (the turn under
way, then a turn of nothing at all: a standstill), and every step keeps the playouts'
invariants."""

from __future__ import annotations

import random

import pytest

from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState
from tests.engine.defaults import force_defaults_to_the_end
from tests.engine.space_insurrection.playout import check_invariants, random_move, waiting

SEEDS = 40
BOUND = 200
"""Forced defaults two turns can take at most: three sheets and a discard per seat, declared
orders, and a pass per seat at each of the ten worlds, twice over."""


def random_position(seed: int) -> tuple[SpaceState, int]:
    rnd = random.Random(seed)
    players, specials = 2 + seed % 4, seed % 3
    state = GAME.setup(GAME.make_options(players, specials=specials, last_turn=0), seed)
    for _ in range(rnd.randrange(0, 600)):
        if GAME.outcome(state) is not None:
            break
        seat, action = random_move(state, waiting(state), rnd)
        state = GAME.apply(state, seat, action).state
    return state, specials


@pytest.mark.parametrize("chunk", range(4))
def test_forcing_defaults_from_any_position_ends_the_game(chunk: int) -> None:
    kinds: set[str] = set()
    for seed in range(chunk, SEEDS, 4):
        state, specials = random_position(seed)
        if GAME.outcome(state) is not None:
            continue
        reached = [state]

        def check(after: SpaceState, specials: int = specials, reached=reached) -> None:
            check_invariants(after, specials)
            reached.append(after)

        forced = force_defaults_to_the_end(GAME, state, BOUND, check, f"seed {seed}")
        kinds.update(action.kind for action in forced)
        last = reached[-1]
        assert last.turn <= state.turn + 1, "the turn under way, then a standstill at most"
        assert GAME.outcome(last) is not None
    assert {"pass", "moves"} <= kinds
