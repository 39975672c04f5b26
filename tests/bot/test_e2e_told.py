"""Whole games with players who come and go: everyone who must act is told, once.

Each registered game is played to its end through the stand-in, the bot's clock moving on by
each player's think time as in a live session (`tests.bench.channel`, `--pace live`). A player
is told that a decision is theirs by a ping or a DM, or sees it because they moved themselves
within the table's grace and are watching the turn message change to them; nobody waits
untold, and nobody is pinged twice for one decision.
"""

from __future__ import annotations

import pytest

from engine.games import REGISTRY
from tests.bench.channel import play

SHORTER = {"space_insurrection": {"last_turn": "10"}}
"""Options that keep a long game to the minutes a test may take (ten turns of Space
Insurrection rather than a play to a victory); every other game is played as set up."""


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_every_player_who_must_act_is_told_exactly_once_per_wait(game: str) -> None:
    counts = REGISTRY[game].player_counts
    players = 3 if 3 in counts else counts[0]
    figures = await play(game, players, seed=4, pace="live", **SHORTER.get(game, {}))
    assert figures.waits > 0
    assert figures.untold == 0, figures.untold_examples
    assert figures.repeated == 0
