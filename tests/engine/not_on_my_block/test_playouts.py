"""Seeded random playouts of whole games, checking the invariants after every step.

The players are the game's own (`engine/games/not_on_my_block/player.py`): random among legal
actions, with a lean towards pushing, protecting and heading for the apartments and Centers, so
that most games reach an end within the round cap. Each decides from its seat's view.
"""

from __future__ import annotations

import os

import pytest

from engine.core import IllegalAction
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.mechanics import apartment_at, ready_centers, rep_colour
from engine.games.not_on_my_block.player import choose
from engine.games.not_on_my_block.state import COLOURS, NombState
from engine.rng import Rng

ROUND_CAP = 30
GAMES = int(os.environ.get("NOMB_PLAYOUTS", "150"))
"""Games per player count (300 in all by default); raise it for a longer soak."""


def check_invariants(state: NombState) -> None:
    board = state.board
    assert len(state.apartments) == 9
    placed = [a for a in state.apartments if a.status in ("standing", "protected")]
    gone = [a for a in state.apartments if a.status in ("pushed", "surrounded")]
    unplaced = [a for a in state.apartments if a.status == "unplaced"]
    assert len(placed) + len(gone) + len(unplaced) == 9
    if state.phase == "play":
        assert not unplaced
    assert all(a.at is None for a in gone + unplaced)
    blocks = [a.at for a in placed]
    assert len(set(blocks)) == len(blocks)
    for apt in placed:
        assert apt.at and board.normalise(apt.at) == apt.at
        assert board.type_of(apt.at) in ("empty", "risk")
        assert apt.at not in state.luxury_housing
    assert len(state.reps) == 9 and len(state.agents) == 6
    assert all(board.normalise(at) == at for at in [*state.reps.values(), *state.agents.values()])
    for center in board.of_type("center"):
        colours = [rep_colour(r) for r, at in state.reps.items() if at == center]
        assert len(colours) <= 2 and len(set(colours)) == len(colours)
    for agent_at in state.agents.values():
        assert board.type_of(agent_at) != "center"
        apt = apartment_at(state, agent_at)
        assert apt is None or apt.status != "protected"
    assert len(state.luxury_stores) <= 2
    assert all(board.type_of(s) == "store" for s in state.luxury_stores)
    assert len(set(state.luxury_housing)) == len(state.luxury_housing)
    assert all(board.type_of(b) in ("empty", "risk") for b in state.luxury_housing)
    assert state.dev_moves >= 0 and all(n >= 0 for n in state.rep_moves.values())
    for seat in state.eliminated:
        gone = [at for rep, at in state.reps.items() if rep_colour(rep) == COLOURS[seat - 1]]
        assert gone == [board.start] * 3, "an eliminated Resident's reps are out of play"
    assert set(state.protection_rights) <= ready_centers(state)
    assert not set(state.protection_rights.values()) & set(state.eliminated)


def play_one(players: int, seed: int) -> NombState:
    state = GAME.setup(GAME.make_options(players), seed)
    rng = Rng.seeded(seed * 31 + players)
    step = 0
    prompts = GAME.prompts(state)
    while GAME.outcome(state) is None and state.round <= ROUND_CAP:
        assert len(prompts) == 1, "exactly one seat acts at a time"
        (seat,) = prompts
        actions = GAME.legal_actions(state, seat)
        assert actions, "the seat being waited for always has something to do"
        assert {a.kind for a in actions} <= set(prompts[seat].kinds)
        if step % 10 == 0:
            before = state.model_dump_json()
            other = (seat + 1) % players
            for probe in ({"kind": "end"}, {"kind": "move", "piece": "agent1", "to": "I9"}):
                with pytest.raises(IllegalAction) as refused:
                    GAME.apply(state, other, GAME.parse_action(probe))
                assert refused.value.msg.key == "core.not_your_turn"
            assert state.model_dump_json() == before, "a refused action changed the state"
        if step % 100 == 50:
            for action in actions:  # every listed action is accepted
                GAME.apply(state, seat, action)
        chosen = choose(GAME.view(state, seat), actions, rng)
        done = GAME.apply(state, seat, chosen, prompts=prompts)
        state, prompts = done.state, done.prompts  # the new state's, built once by the apply
        check_invariants(state)
        step += 1
    GAME.view(state, None)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_random_playouts_keep_every_invariant(players):
    finished = 0
    winners = set()
    for seed in range(GAMES):
        state = play_one(players, seed)
        result = GAME.outcome(state)
        if result is not None:
            finished += 1
            winners.add(0 if result.winners == [0] else 1)
            assert GAME.prompts(state) == {}
    assert finished >= GAMES * 0.8
    assert winners == {0, 1}, "both sides win some games"
