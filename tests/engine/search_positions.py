"""Positions reached by seeded random playouts, for the search hooks' tests of every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Game
from engine.players import play_step, random_player
from engine.rng import Rng


def positions(
    game: Game[Any, Any], seed: int, steps: int, every: int, **options: Any
) -> Iterator[Any]:
    """Every `every`-th state of a seeded random game with the most seats, for `steps` moves
    or until it ends (the end included)."""
    players = max(game.player_counts)
    state = game.setup(game.make_options(players, **options), seed)
    seats = {s: random_player(seed * 31 + s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(seed)
    for step in range(steps):
        if game.outcome(state) is not None:
            yield state
            return
        if step % every == 0:
            yield state
        _, result = play_step(game, state, seats, rng)
        state = result.state
