"""Defaults alone finish a game: from positions reached by random play, forcing the default of
every seat being waited for, again and again, always ends the game within a few turns, and every
step keeps the invariants of the random playouts."""

from __future__ import annotations

import pytest

from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.state import NombState
from engine.rng import Rng
from tests.engine.not_on_my_block.test_playouts import check_invariants, choose

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
        state = GAME.apply(state, seat, choose(state, GAME.legal_actions(state, seat), rng)).state
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_forcing_defaults_from_any_position_ends_the_game(players):
    kinds: set[str] = set()
    for seed in range(SEEDS):
        state = random_position(players, seed)
        forced = 0
        while GAME.outcome(state) is None:
            prompts = GAME.prompts(state)
            assert prompts, "someone is always waited for"
            for seat in sorted(prompts):
                prompt = GAME.prompts(state).get(seat)
                if prompt is None or GAME.outcome(state) is not None:
                    continue
                assert prompt.default is not None, f"{prompt.text!r} has no default"
                action = GAME.parse_action(prompt.default)
                assert action in GAME.legal_actions(state, seat)
                state = GAME.apply(state, seat, action).state
                check_invariants(state)
                kinds.add(action.kind)
                forced += 1
            assert forced <= BOUND, f"seed {seed}: defaults alone do not end the game"
        assert GAME.prompts(state) == {}
    assert {"end", "place"} <= kinds
