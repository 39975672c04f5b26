"""Block Mania's own computer player: it plays only legal actions and finishes its games, takes
the attack that pays over ending the phase, and its evaluation favours the block ahead."""

from __future__ import annotations

import pytest

from engine.games.block_mania.actions import Attack, End
from engine.games.block_mania.player import evaluate, player, prior
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import ManiaState
from engine.players import Player, pick_seat, random_player, seen
from engine.rng import Rng

from .support import empty, game, put

GAMES = 8
"""Seeded games played to their end, half of them against the random player."""
STEP_CAP = 3000


def _play(seed: int, seats: dict[int, Player]) -> ManiaState:
    state = game(seed)
    rng = Rng.seeded(seed)
    for _ in range(STEP_CAP):
        if GAME.outcome(state) is not None:
            return state
        prompts = GAME.prompts(state)
        seat = pick_seat(prompts, rng)
        what = seen(GAME, state, seat, prompts[seat])
        action = seats[seat](what)
        assert action in what.legal, (seed, seat, action)
        state = GAME.apply(state, seat, action).state
    raise AssertionError(f"seed {seed} did not end in {STEP_CAP} steps")


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_player_plays_only_legal_actions_and_finishes_its_games(seed: int) -> None:
    other = player(seed + 1) if seed % 2 else random_player(seed + 1)
    seats = {seed % 2: player(seed), 1 - seed % 2: other}
    state = _play(seed, seats)
    assert state.ended and state.winners


def _melee() -> ManiaState:
    """Block A's Combat phase: its activated Fatties (Strength 4, +2 charging, no gun to shoot
    the block with instead) stand with block B's Spugs (Strength 1, unarmed but for its spray
    can) in block B, and no card in hand to play first."""
    state = empty()
    state.phase, state.active = "combat", 0
    state.hands = [[], []]
    fighter = put(state, "fatties", 0, "B33")
    fighter.active = True
    put(state, "spugs", 1, "B33", ["spray_can"])
    return state


def test_the_player_fights_a_close_combat_it_nearly_always_wins_rather_than_end_the_phase() -> None:
    state = _melee()
    what = seen(GAME, state, 0)
    win = Attack(blocker="T0", how="melee", target="T1")
    assert win in what.legal and End() in what.legal
    for seed in range(12):
        assert prior(seed)(seen(GAME, state, 0)) == win


def test_the_player_ends_the_phase_rather_than_fight_a_close_combat_it_would_likely_lose() -> None:
    state = empty()
    state.phase, state.active = "combat", 0
    state.hands = [[], []]
    put(state, "juves", 0, "B33", ["club"]).active = True
    put(state, "citi_def", 1, "B33", ["laser", "stump_gun"])
    what = seen(GAME, state, 0)
    assert Attack(blocker="T0", how="melee", target="T1") in what.legal
    for seed in range(12):
        choice = prior(seed)(seen(GAME, state, 0))
        assert choice.kind != "attack" or choice.how != "melee"  # type: ignore[attr-defined]


def test_the_player_walks_to_a_fire_control_and_puts_out_a_fire_in_its_own_block() -> None:
    """Nothing else to do (no enemy in play): a Juves on its own ground floor heads for the
    Fire Control next to the fire rather than into the enemy block, and fights the fire."""
    state = empty()
    state.hands = [[], []]
    state.cp = 6
    put(state, "juves", 0, "A20", ["club"])
    state.squares["A33"].fire = 2
    play = prior(0)
    for _ in range(20):
        if state.phase != "command":
            break
        state = GAME.apply(state, 0, play(seen(GAME, state, 0))).state
    assert state.phase == "combat" and state.blockers[0].at == "A22"
    assert play(seen(GAME, state, 0)) == Attack(blocker="T0", how="firefight", target="A33")


def test_the_evaluation_rises_for_the_block_that_is_ahead() -> None:
    state = game(3)
    even = evaluate(state)
    assert even[0] == pytest.approx(even[1], abs=0.05)
    state.defeat = [0, 4]
    ahead = evaluate(state)
    assert ahead[0] > even[0] and ahead[1] < even[1]
    state.squares["B33"].fire = 3
    state.squares["B34"].damage = 2
    burning = evaluate(state)
    assert burning[0] > ahead[0] and burning[1] < ahead[1]
    assert all(0.0 <= v <= 1.0 for v in burning)


def test_the_evaluation_counts_the_same_lead_for_more_as_the_game_runs_out() -> None:
    state = game(3)
    state.defeat = [0, 3]
    early = evaluate(state)[0]
    state.deck, state.justice, state.endgame = [], state.justice[:2], True
    assert evaluate(state)[0] > early
