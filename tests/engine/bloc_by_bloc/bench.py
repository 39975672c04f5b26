"""Benchmark: median time of one action and of one complete random 4-player game.

Run with `python -m tests.engine.bloc_by_bloc.bench`. Not a test: it only prints figures.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.games.bloc_by_bloc import GAME
from tests.engine.bloc_by_bloc.playout import random_move

GAMES = 40


def one_game(seed: int) -> tuple[float, list[float]]:
    """Play a seeded random 4-player game with the playout test's policy.

    Returns the game's total time (setup, prompts, legal actions, applies) and each apply's time.
    """
    rnd = random.Random(seed)
    start = time.perf_counter()
    state = GAME.setup(GAME.make_options(4, mode="semi_cooperative"), seed)
    applies: list[float] = []
    while GAME.outcome(state) is None:
        seat, action = random_move(state, rnd)
        t = time.perf_counter()
        state = GAME.apply(state, seat, action).state
        applies.append(time.perf_counter() - t)
    return time.perf_counter() - start, applies


def main() -> None:
    games, applies = [], []
    for seed in range(GAMES):
        total, steps = one_game(seed)
        games.append(total)
        applies += steps
    print(f"{GAMES} random 4-player games, {len(applies)} actions")
    print(f"median apply (one action): {statistics.median(applies) * 1000:.2f} ms")
    print(f"median complete game (with legal_actions): {statistics.median(games) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
