"""Defaults alone finish a game: from positions reached by random play (set-up included),
forcing the default of every seat being waited for, again and again, always ends the game
before the countdown allows more, and every step conserves pieces and cards."""

from __future__ import annotations

import random

import pytest

from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.state import BlocState
from tests.engine.bloc_by_bloc.playout import QUIET, check_invariants, reckless

SEEDS = 60
PER_NIGHT = 60
"""Forced defaults a night can take at most: each faction's turn ended (twice, after a
kitchen's roll), two card windows, riot cops' victims and leftover decisions."""


def random_position(seed: int) -> tuple[BlocState, int]:
    """A game of 2 to 4 players after a random number of the random playouts' steps."""
    rnd = random.Random(seed)
    players = 2 + seed % 3
    mode = "semi_cooperative" if seed % 2 and players > 2 else "fully_cooperative"
    state = GAME.setup(GAME.make_options(players, mode=mode), seed)
    police_cards = len(state.police_deck)
    for _ in range(rnd.randrange(0, 160, 4) if seed % 5 else 0):
        if GAME.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.prompts(state)))
        actions = GAME.legal_actions(state, seat)
        busy = [a for a in actions if a.kind not in QUIET and not reckless(state, a)]
        action = rnd.choice(busy) if busy and rnd.random() > 0.1 else rnd.choice(actions)
        state = GAME.apply(state, seat, action).state
    return state, police_cards


@pytest.mark.parametrize("chunk", range(4))
def test_forcing_defaults_from_any_position_ends_the_game(chunk: int) -> None:
    for seed in range(chunk, SEEDS, 4):
        state, police_cards = random_position(seed)
        bound = PER_NIGHT * (state.nights_left + 3)
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
                check_invariants(state, police_cards)
                forced += 1
            assert forced <= bound, f"seed {seed}: defaults alone do not end the game"
        assert GAME.prompts(state) == {}
