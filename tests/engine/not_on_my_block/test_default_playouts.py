"""Defaults alone finish a game: from positions reached by random play, forcing the default of
every seat being waited for, again and again, always ends the game within a few turns, and every
step keeps the invariants of the random playouts."""

from __future__ import annotations

import pytest

from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.player import choose
from engine.games.not_on_my_block.state import NombState
from engine.rng import Rng
from tests.engine.defaults import force_defaults_to_the_end
from tests.engine.not_on_my_block.test_playouts import check_invariants

SEEDS = 40
BOUND = 60
"""Forced defaults within which any game ends: what is left of the set-up (nine placements at
most), the decisions and turn under way, and one whole round of turns ended at once."""


def random_position(players: int, seed: int) -> NombState:
    rng = Rng.seeded(seed)
    state = GAME.setup(GAME.make_options(players), seed)
    for _ in range(rng.below(400)):
        if GAME.outcome(state) is not None:
            break
        ((seat, _),) = GAME.prompts(state).items()
        state = GAME.apply(
            state, seat, choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        ).state
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_forcing_defaults_from_any_position_ends_the_game(players):
    kinds: set[str] = set()
    for seed in range(SEEDS):
        state = random_position(players, seed)
        forced = force_defaults_to_the_end(GAME, state, BOUND, check_invariants, f"seed {seed}")
        kinds.update(action.kind for action in forced)
    assert {"end", "place"} <= kinds
