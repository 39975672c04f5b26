"""Space Insurrection's greedy player decides only from what its seat sees: redealing what the
seat cannot see (the other seats' reserves and unrevealed orders, the pile's order, the dice
to come) never changes its choice. Positions are sampled from greedy games of 2 and 3 players,
in every kind of decision: discards, secret orders, declarations and actions."""

from __future__ import annotations

import random

import pytest

from engine.core import ActionBase
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.player import choose
from engine.games.space_insurrection.state import SpaceState
from engine.players import heuristic, seen
from engine.rng import Rng

REDEALS = 4


def decide(state: SpaceState, seat: int) -> ActionBase:
    return choose(seen(GAME, state, seat))


def test_it_is_the_game_s_own_player() -> None:
    assert heuristic(GAME) is not None
    state = GAME.setup(GAME.make_options(2), 1)
    seat = min(GAME.prompts(state))
    assert heuristic(GAME)(0)(seen(GAME, state, seat)) == decide(state, seat)


def positions(players: int, seed: int, every: int = 7) -> list[tuple[SpaceState, int]]:
    """Every `every`-th decision of a greedy game (and every discard and declaration, rarer)."""
    state = GAME.setup(GAME.make_options(players, last_turn=0), seed)
    found = []
    for step in range(2500):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.prompts(state))
        if step % every == 0 or state.phase in ("discard", "declare"):
            found.append((state, seat))
        state = GAME.apply(state, seat, decide(state, seat)).state
    return found


def redeal(state: SpaceState, seat: int, rnd: random.Random) -> SpaceState:
    """The same position as `seat` sees it, with everything else it cannot see dealt anew."""
    other = SpaceState.model_validate_json(state.model_dump_json())
    others = [s for s in range(len(state.seat_names)) if s != seat]
    hidden = other.pile + [c for s in others for c in other.reserves[s]]
    rnd.shuffle(hidden)
    for s in others:
        size = len(other.reserves[s])
        other.reserves[s], hidden = hidden[:size], hidden[size:]
        if other.drawn and other.drawn[s]:
            other.drawn[s] = other.reserves[s][-len(other.drawn[s]) :]
        if s in other.sheets:
            other.sheets[s] = ""
    other.pile = hidden
    other.rng = Rng.seeded(rnd.getrandbits(64))
    return other


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4)])
def test_what_the_seat_cannot_see_never_changes_its_choice(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    sampled = positions(players, seed)
    phases = {state.phase for state, _ in sampled}
    assert {"action", "movement", "discard"} <= phases, "every kind of decision is sampled"
    for state, seat in sampled:
        chosen = decide(state, seat)
        for _ in range(REDEALS):
            other = redeal(state, seat, rnd)
            assert other.reserves != state.reserves or other.pile != state.pile
            assert GAME.view(other, seat) == GAME.view(state, seat), "the seat sees the same"
            assert decide(other, seat) == chosen, (state.turn, state.phase, seat)
