"""The player's considered choice, the strong level's first try: it looks one action ahead."""

from __future__ import annotations

from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.actions import Move
from engine.games.not_on_my_block.player import prior
from engine.players import seen
from tests.engine.not_on_my_block.support import position


def test_the_considered_choice_pushes_an_apartment_off_the_board_when_it_can() -> None:
    """Two pushes are open, one of them off the edge; the heuristic's scoring rates every push
    (and developing a Store) alike, the look ahead takes the apartment."""
    state = position(
        apartments={"A2": "red", "D3": "blue"},
        agents={"agent1": "B2", "agent2": "D2"},
    )
    what = seen(GAME, state, 0)
    assert Move(piece="agent2", to="D3") in what.legal
    for seed in range(12):
        assert prior(seed)(seen(GAME, state, 0)) == Move(piece="agent1", to="A2")
