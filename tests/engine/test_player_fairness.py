"""Every game's own player decides only from what its seat sees: dealing again everything the
seat cannot see (`Game.determinize`: other seats' hands, reserves and secret orders, the decks'
order, the dice to come) never changes its choice. Positions are sampled from the player's own
games, across the game's player counts, so each kind of decision it meets is tried."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game
from engine.games import REGISTRY
from engine.players import PlayerFactory, heuristic, pick_seat, seen
from engine.rng import Rng

OWN = sorted(g for g, game in REGISTRY.items() if heuristic(game) is not None)
REDEALS = 4
EVERY = 5
"""Every this many moves of a game is a position to test."""


def positions(game: Game[Any, Any], own: PlayerFactory, players: int, seed: int) -> list:
    """(state, seat) before every `EVERY`-th move of a game the player plays against itself."""
    state = game.setup(game.make_options(players), seed)
    rng = Rng.seeded(seed)
    seats = {s: own(seed * 10 + s) for s in range(len(state.seat_names))}
    found = []
    for step in range(600):
        if game.outcome(state) is not None:
            break
        prompts = game.prompts(state)
        seat = pick_seat(prompts, rng)
        if step % EVERY == 0:
            found.append((state, seat))
        state = game.apply(state, seat, seats[seat](seen(game, state, seat, prompts[seat]))).state
    return found


@pytest.mark.parametrize("game_id", OWN)
def test_what_the_seat_cannot_see_never_changes_its_choice(game_id: str) -> None:
    game = REGISTRY[game_id]
    own = heuristic(game)
    assert own is not None
    rng = Rng.seeded(11)
    redealt = 0
    for players in game.player_counts[:2]:
        for state, seat in positions(game, own, players, seed=players):
            chosen = own(7)(seen(game, state, seat))
            for _ in range(REDEALS):
                other = game.determinize(state, seat, rng)
                assert game.view(other, seat) == game.view(state, seat), "the seat sees the same"
                redealt += other != state
                assert own(7)(seen(game, other, seat)) == chosen, (players, seat)
    assert redealt, "something the seat cannot see was dealt again"
