"""Seeded random playouts of RIOT checking invariants after every step: every unit still
somewhere it may be (supply, board, Hospital), credits never negative, the card count
conserved per faction, no hand or hidden goal in another seat's view, someone always asked,
every game ending."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.games.riot import GAME
from engine.games.riot.board import area_of
from engine.games.riot.prompts import QUICK
from engine.games.riot.state import HOSPITAL, HQ, NEW, SUPPLY, RiotState
from engine.games.riot.view import RiotView
from engine.players import play_step, player_for, random_player
from engine.rng import Rng
from tests import fuzz

PLACES = {SUPPLY, NEW, HQ, HOSPITAL, *area_of()}
CAP = 6000


def _check(state: RiotState, views: Mapping[int | None, RiotView] | None = None) -> None:
    """RIOT's invariants at `state`; `views`: its views by seat, where the fuzzer has them."""
    assert all(u.at in PLACES for u in state.units)
    assert all(c >= 0 for c in state.credits)
    assert len(state.units) == 24 * state.players
    for seat in range(1, state.players):
        held = len(state.hands[seat]) + len(state.decks[seat]) + len(state.discards[seat])
        assert held == 14
    assert len(state.opinion) + len(state.revealed) == 10
    for seat in [None, *range(state.players)]:
        view = GAME.view(state, seat) if views is None else views[seat]
        for other in range(1, state.players):
            if other != seat:
                assert view.hand == [] or seat is not None
        if (
            state.goal
            and not state.ended
            and (seat is None or state.factions[seat] != "nationalists")
        ):
            assert view.goal is None


def _play(seed: int, players: int, own: bool) -> int:
    state = GAME.setup(GAME.make_options(players), seed)
    movers = {
        s: player_for(GAME, seed * 10 + s) if own else random_player(seed * 10 + s)
        for s in range(players)
    }
    rng = Rng.seeded(seed)
    for step in range(CAP):
        if GAME.outcome(state) is not None:
            return step
        assert GAME.prompts(state), "nobody is asked, yet the game runs"
        state = play_step(GAME, state, movers, rng)[1].state
        _check(state)
    raise AssertionError(f"seed {seed}: no end after {CAP} steps")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_playouts_keep_the_invariants_and_end(players: int) -> None:
    for seed in range(4):
        assert _play(seed, players, own=seed % 2 == 0) > 0


def test_each_prompt_offers_the_kinds_and_quick_choices_the_seat_may_take() -> None:
    """A prompt looks for a move and an attack without listing them all; what it offers is
    still what `legal` lists: the same kinds, and every quick choice, in order."""
    checked = 0
    for seed in range(3):
        players = 2 + seed % 3
        state = GAME.setup(GAME.make_options(players), seed)
        factory = player_for if seed % 2 else lambda _game, s: random_player(s)
        movers = {s: factory(GAME, seed * 10 + s) for s in range(players)}
        rng = Rng.seeded(seed)
        while GAME.outcome(state) is None:
            for seat, prompt in GAME.prompts(state).items():
                legal = GAME.legal_actions(state, seat)
                assert prompt.kinds == sorted({a.kind for a in legal})
                quick = [a.model_dump(mode="json") for a in legal if a.kind in QUICK]
                assert [c.action for c in prompt.choices] == quick
                checked += 1
            state = play_step(GAME, state, movers, rng)[1].state
    assert checked > 1000


SLOW_GAMES = 300
"""Seeded games of the generic fuzzer in the slow run, each position also held to RIOT's own
invariants, in chunks the test workers share (half of them with the game's own players)."""
CHUNKS = 12


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_three_hundred_fuzzed_games_keep_the_invariants_and_end(chunk: int) -> None:
    size = SLOW_GAMES // CHUNKS
    found = fuzz.fuzz(GAME, games=size, seed=chunk * size, own=chunk % 2 == 0, check=_check)
    assert found == []
