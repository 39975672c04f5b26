"""Seeded games of any registered game, played by the games' own players, as the log a table
would have stored: for tests that replay or draw whole games without Discord."""

from __future__ import annotations

from typing import Any

from bot.table.spectate import Entries
from engine import Game, IllegalAction
from engine.games import REGISTRY
from engine.players import pick_seat, player_for, seen
from engine.rng import Rng


def played(
    key: str, *, steps: int = 5000, seed: int = 7
) -> tuple[Game[Any, Any], dict[str, Any], int, Entries]:
    """The game `key` with its most players, played from `seed` until it ends or for `steps`
    moves: the game, its options as stored, the seed and the log."""
    game = REGISTRY[key]
    options = game.make_options(max(game.player_counts))
    state = game.setup(options, seed)
    players = {s: player_for(game, seed + s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(seed)
    entries: Entries = []
    while game.outcome(state) is None and len(entries) < steps:
        prompts = game.prompts(state)
        seat = pick_seat(prompts, rng)
        what = seen(game, state, seat, prompts[seat])
        action = players[seat](what)
        try:
            result = game.apply(state, seat, action)
        except IllegalAction:  # a random draft of an order sheet: its default instead
            action = what.default
            result = game.apply(state, seat, action)
        entries.append((len(entries) + 1, seat, action.to_text(), False))
        state = result.state
    return game, options.model_dump(mode="json"), seed, entries
