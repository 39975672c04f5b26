"""Seeded random playouts of whole games over 2 to 5 players and 0, 1 or 2 of each special chit:
after every step chits are conserved, orders and reserves stay hidden, someone can act, every
default is legal; every game ends; a game replays exactly from its action log."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import ActionBase
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.playout import check_invariants, random_move

GAMES = 300
TABLES = [
    {"players": players, "specials": specials, "last_turn": last_turn}
    for players in (2, 3, 4, 5)
    for specials in (0, 1, 2)
    for last_turn in (10, 15)
]
"""24 tables, each played by 12 or 13 of the seeds."""


Log = list[tuple[int, ActionBase]]


def play(seed: int, players: int, **options: Any) -> tuple[SpaceState, Log]:
    rnd = random.Random(seed)
    state = GAME.setup(GAME.make_options(players, **options), seed)
    specials = options.get("specials", 0)
    asked = check_invariants(state, specials)
    log: Log = []
    while GAME.outcome(state) is None:
        seat, action = random_move(state, asked, rnd)
        prompts = {s: p for s, (p, _) in asked.items()}
        done = GAME.apply(state, seat, action, prompts=prompts)
        state = done.state
        log.append((seat, action))
        asked = check_invariants(state, specials, done.prompts)
        assert len(log) < 20_000, "the game does not end"
    return state, log


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_conserve_chits_hide_orders_and_end(chunk: int) -> None:
    for seed in range(chunk, GAMES, 10):
        table = dict(TABLES[seed % len(TABLES)])
        players = table.pop("players")
        state, log = play(seed, players, **table)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.reason
        assert state.turn <= table["last_turn"]
        if seed % 25 == 0:
            replayed = GAME.setup(GAME.make_options(players, **table), seed)
            for seat, action in log:
                replayed = GAME.apply(replayed, seat, GAME.parse_action(action.to_text())).state
            assert replayed == state, "replaying the log rebuilds the snapshot"
            assert SpaceState.model_validate_json(state.model_dump_json()) == state


def test_every_table_is_played() -> None:
    assert len(TABLES) <= GAMES
