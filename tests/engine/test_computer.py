"""The computer players: any game is playable by both levels without search code of its own
(the toy games have neither a heuristic nor an evaluation), the strong level outplays a random
player there, and searches run side by side add up to one decision. (Sealed Bids cannot show
strength: against a random bidder every order of one's own cards does equally well.)"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.computer import Budget, Level, best, computer, merge, think
from engine.core import Game
from engine.games import REGISTRY
from engine.games.not_on_my_block import player as nomb_player
from engine.games.riot import player as riot_player
from engine.players import Player, play_out, random_player, seen
from engine.rng import Rng
from tests.engine import toy_game, toy_orders
from tests.engine.search_positions import positions

QUICK = Budget(iterations=30, depth=6, width=8)
TOYS: list[Game[Any, Any]] = [toy_game.GAME, toy_orders.GAME]


@pytest.mark.parametrize("game", TOYS, ids=lambda g: g.id)
@pytest.mark.parametrize("level", list(Level))
def test_a_game_with_no_search_code_of_its_own_is_played_to_its_end(
    game: Game[Any, Any], level: Level
) -> None:
    for seed in (1, 2):
        state = game.setup(game.make_options(2), seed)
        players: dict[int, Player] = {
            0: computer(game, level, QUICK)(seed),
            1: random_player(seed),
        }
        state, _ = play_out(game, state, players, Rng.seeded(seed), 500)
        assert game.outcome(state) is not None


def test_the_strong_level_outplays_a_random_player_in_either_seat() -> None:
    """In Scouts (secret order sheets, no heuristic or evaluation of its own) the search wins
    clearly more than the half an equal player would."""
    game = toy_orders.GAME
    score = 0.0
    games = 20
    for seed in range(games):
        me = seed % 2
        players: dict[int, Player] = {
            me: computer(game, Level.STRONG, QUICK)(seed),
            1 - me: random_player(seed),
        }
        state = game.setup(game.make_options(2), seed)
        state, _ = play_out(game, state, players, Rng.seeded(seed), 500)
        worth = game.returns(state)
        assert worth is not None
        score += 0.5 if worth[me] == worth[1 - me] else worth[me]
    assert score >= 0.62 * games, score


def test_searches_run_side_by_side_add_up_to_one_decision() -> None:
    game = REGISTRY["space_insurrection"]
    state = next(s for n, s in enumerate(positions(game, 1, 200, 1)) if n == 40)
    seat = min(game.prompts(state))
    budget = Budget(iterations=10, depth=4, width=6)
    tallies = [think(game, state, seat, seed, budget) for seed in (1, 2, 3)]
    merged = merge(tallies)
    assert merged.iterations == 30 and merged.searches == 3
    for key, choice in merged.choices.items():
        assert choice.visits == sum(t.choices[key].visits for t in tallies if key in t.choices)
    chosen = game.parse_action(merged.choices[best(merged)].action)
    game.apply(state, seat, chosen)  # a choice the game accepts
    assert merged.choices[best(merged)].visits == max(c.visits for c in merged.choices.values())
    assert merge([tallies[0]]) == tallies[0]


def considered(game_id: str, state: Any, seat: int, actions: list[Any]) -> list[Any]:
    """The actions a considered choice may make: the heuristic's most purposeful by its own
    scoring, or ending the turn; in Not On My Block, among those that `evaluate` rates best one
    action ahead (its board is open and it rolls no dice, so the state is what the seat sees)."""
    game = REGISTRY[game_id]
    view = game.view(state, seat)
    if game_id == "not_on_my_block":
        rated = [
            nomb_player.evaluate(game.apply(state, seat, a, quiet=True).state)[seat]
            for a in actions
        ]
        actions = [a for a, r in zip(actions, rated, strict=True) if r == max(rated)]
        scores = [nomb_player.score(view, a, {}) for a in actions]
    else:
        scores = [riot_player.score(view, a) for a in actions]
    return [a for a, s in zip(actions, scores, strict=True) if s == max(scores) or a.kind == "end"]


@pytest.mark.parametrize("game_id", ["not_on_my_block", "riot"])
def test_the_strong_level_first_tries_its_heuristics_considered_choice(game_id: str) -> None:
    """With a budget of one look the strong level plays the choice it tries first, which is
    the heuristic's considered one: a random try, kept in playouts, is never played for real,
    and Not On My Block's looks one action ahead."""
    game = REGISTRY[game_id]
    checked = 0
    for seed in range(4):
        for state in positions(game, seed, 120, 3):
            for seat, prompt in game.prompts(state).items():
                what = seen(game, state, seat, prompt)
                if len(what.legal) < 2:
                    continue
                # A player of its own for each position: RIOT's remembers which of its tries
                # were blocked this turn, which says nothing of an unrelated position.
                play = computer(game, Level.STRONG, Budget(iterations=1))(seed)
                assert play(what) in considered(game_id, state, seat, what.legal)
                checked += 1
    assert checked >= 40


@pytest.mark.parametrize("cpu", [True, False])
def test_a_budget_in_seconds_counts_the_clock_it_names(
    monkeypatch: pytest.MonkeyPatch, cpu: bool
) -> None:
    """On its own processor time a search thinks as far however busy the machine is: here the
    machine is so busy that the clock races while the search's processor time creeps, and
    only the clock it was given decides how many iterations it makes."""
    searching = importlib.import_module("engine.computer.search")
    ticks = {"clock": 0.0, "cpu": 0.0}

    def clock() -> float:
        ticks["clock"] += 1 / 64  # exact in binary: no rounding decides the count
        return ticks["clock"]

    def cpu_time() -> float:
        ticks["cpu"] += 1 / 512
        return ticks["cpu"]

    monkeypatch.setattr(searching.time, "perf_counter", clock)
    monkeypatch.setattr(searching.time, "thread_time", cpu_time)
    game = toy_game.GAME
    state = game.setup(game.make_options(2), 1)
    seat = min(game.prompts(state))
    budget = Budget(iterations=None, seconds=0.25, cpu=cpu)
    tally = think(game, state, seat, 1, budget)
    assert tally.iterations == (128 if cpu else 16)
