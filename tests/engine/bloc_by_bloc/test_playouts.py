"""Seeded random playouts: pieces and cards are conserved after every step, someone can always
act, and every game ends (by the countdown at the latest)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.options import ScenarioChoice
from tests.engine.bloc_by_bloc.playout import play

GAMES = 300
SCENARIOS: tuple[str, ...] = ScenarioChoice.__args__  # type: ignore[attr-defined]


def _tables() -> list[dict[str, Any]]:
    """Valid tables cycling through player counts, modes, difficulties and scenarios."""
    combos = itertools.product(
        (2, 3, 4),
        ("fully_cooperative", "semi_cooperative"),
        ("easy", "medium", "hard"),
        SCENARIOS,
        (False, True),
    )
    tables = []
    for players, mode, difficulty, scenario, overpass in combos:
        opts = {"mode": mode, "difficulty": difficulty, "scenario": scenario}
        opts["highway_overpass"] = overpass
        try:
            GAME.make_options(players, **opts)
        except IllegalAction:
            continue
        tables.append({"players": players, **opts})
    tables.append({"players": 4, "beginner": True})
    tables.append({"players": 3, "beginner": True})
    tables.append({"players": 4, "city": "beginner", "mode": "semi_cooperative"})
    return tables


TABLES = _tables()


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_conserve_pieces_and_end(chunk: int) -> None:
    for seed in range(chunk, GAMES, 10):
        opts = dict(TABLES[seed % len(TABLES)])
        players = opts.pop("players")
        state, _ = play(seed, players, **opts)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.reason
        assert GAME.prompts(state) == {}


def test_every_scenario_and_player_count_is_played() -> None:
    played = {(t["players"], t.get("scenario", "none")) for t in TABLES[:GAMES]}
    assert {s for _, s in played} == set(SCENARIOS)
    assert {p for p, _ in played} == {2, 3, 4}
