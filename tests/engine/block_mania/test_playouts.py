"""Seeded random games played to their end, checking invariants after every step; and games
played by defaults alone, which must end too."""

from __future__ import annotations

import random

import pytest

from engine.games.block_mania import board
from engine.games.block_mania.prompts import QUICK as QUICK_KINDS
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import GONE, ManiaState

from .support import game

PLAYOUTS = 300
"""Seeded random games in the slow run; the quick run plays QUICK of them."""
QUICK = 24
STEP_CAP = 4000


def _pieces(state: ManiaState) -> int:
    return len(state.blockers) + sum(len(r) for r in state.reserves)


def _cards(state: ManiaState) -> int:
    return len(state.deck) + len(state.discard) + len(state.justice) + sum(map(len, state.hands))


def _damage(state: ManiaState) -> tuple[int, ...]:
    return tuple(
        state.squares[s].damage + 10 * state.squares[s].collapsed for s in board.all_squares()
    )


GEAR = (
    "missile_launcher",
    "missile_defence_laser",
    "spit_cannon",
    "demo_charge",
    "thermo_bomb",
    "nerve_gas",
    "plascrete_virus",
    "trip_mine",
    "robo_dog",
)
"""Special weapons and equipment handed to every Blocker in play in the armed playouts, so
random games use them all."""


def _play(seed: int, by_default: bool, players: int = 2, gear: tuple[str, ...] = ()) -> ManiaState:
    state = game(seed, players)
    for b in state.blockers:
        b.kit.extend(gear)
    rng = random.Random(seed)
    pieces, cards = _pieces(state), _cards(state)
    prompts = GAME.prompts(state)
    for _ in range(STEP_CAP):
        if GAME.outcome(state) is not None:
            assert prompts == {}
            return state
        assert len(prompts) == 1, "exactly one seat may always act"
        ((seat, prompt),) = prompts.items()
        legal = GAME.legal_actions(state, seat)
        assert legal and prompt.default is not None
        default = GAME.parse_action(prompt.default)
        assert default in legal
        action = default if by_default else rng.choice(legal)
        before = _damage(state)
        defeat = list(state.defeat)
        done = GAME.apply(state, seat, action, absent=by_default, prompts=prompts)
        state, prompts = done.state, done.prompts  # the new state's, built once by the apply
        assert _pieces(state) == pieces and _cards(state) == cards
        assert all(a >= b or a == b - 1 for a, b in zip(_damage(state), before, strict=True))
        assert all(a >= b for a, b in zip(state.defeat, defeat, strict=True))
        for b in state.blockers:
            assert b.at == GONE or b.at in state.squares
    raise AssertionError(f"seed {seed} did not end in {STEP_CAP} steps")


def test_each_prompt_offers_the_kinds_and_quick_choices_the_seat_may_take() -> None:
    """A Command phase prompt looks for a move without listing every Blocker's reach; what it
    offers is still what `legal` lists: the same kinds, and every quick choice, in order."""
    checked = 0
    for seed in range(4):
        state = GAME.setup(GAME.make_options(2 + 2 * (seed % 2)), seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            ((seat, prompt),) = GAME.prompts(state).items()
            legal = GAME.legal_actions(state, seat)
            if state.phase != "defensive":
                assert prompt.kinds == sorted({a.kind for a in legal})
                quick = [a.model_dump(mode="json") for a in legal if a.kind in QUICK_KINDS]
                assert [c.action for c in prompt.choices] == quick
                checked += 1
            state = GAME.apply(state, seat, rng.choice(legal)).state
    assert checked > 400


def _random_games(seeds: range) -> None:
    for seed in seeds:
        state = _play(seed, by_default=False)
        assert state.ended in ("crash", "both", "endgame") and state.winners


def test_random_games_end_and_keep_their_invariants() -> None:
    _random_games(range(QUICK))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(6))
def test_300_random_games_end_and_keep_their_invariants(chunk: int) -> None:
    _random_games(range(QUICK + chunk, PLAYOUTS + QUICK, 6))


@pytest.mark.parametrize("seed", range(8))
def test_four_player_games_end_and_keep_their_invariants(seed: int) -> None:
    state = _play(seed, by_default=False, players=4)
    assert state.ended in ("crash", "both", "endgame")
    assert state.winners and all(0 <= s < 4 for s in state.winners)


@pytest.mark.parametrize("seed", range(6))
def test_armed_games_end_and_keep_their_invariants(seed: int) -> None:
    state = _play(seed, by_default=False, gear=GEAR)
    assert state.ended in ("crash", "both", "endgame") and state.winners


@pytest.mark.parametrize("seed", range(5))
def test_defaults_alone_end_a_game(seed: int) -> None:
    state = _play(seed, by_default=True)
    assert state.ended == "endgame"
