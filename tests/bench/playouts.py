"""Benchmark: seeded playouts per second for every registered game, the narrated apply against
the quiet apply a search uses (`Game.apply(..., quiet=True)`).

Run with `python -m tests.bench.playouts` (`--help` for the number of games, the move cap, the
rounds and the players). Each seat is played by a uniformly random player
(`engine.players.random_player`), whose Not On My Block games rarely end before the cap (compare
moves per second there), or, with `--players own`, by the game's own player
(`engine.players.player_for`), whose thinking then weighs in the figures. Both ways play the
very same games (the same seeded players, the same seat picked at each step) and the script
checks that they end in equal states. Not a test: it only prints figures.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from engine.core import Game
from engine.games import GAMES
from engine.players import PlayerFactory, pick_seat, player_for, random_player, seen
from engine.rng import Rng


def playout(
    game: Game[Any, Any], seed: int, cap: int, quiet: bool, factory: PlayerFactory | None
) -> tuple[Any, int]:
    """One game with the most seats, up to `cap` moves; its last state and its moves."""
    state = game.setup(game.make_options(max(game.player_counts)), seed)
    make = factory or (lambda n: player_for(game, n))
    players = {s: make(seed * 31 + s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(seed)
    prompts = game.prompts(state)
    moves = 0
    while moves < cap and game.outcome(state) is None:
        seat = pick_seat(prompts, rng)
        action = players[seat](seen(game, state, seat, prompts[seat]))
        if quiet:
            result = game.apply(state, seat, action, quiet=True, prompts=prompts)
            state, prompts = result.state, result.prompts or {}
        else:
            state = game.apply(state, seat, action).state
            prompts = game.prompts(state)
        moves += 1
    return state, moves


def measure(
    game: Game[Any, Any], games: int, cap: int, quiet: bool, factory: PlayerFactory | None
) -> tuple[float, int, list[Any]]:
    start = time.perf_counter()
    ends, moves = [], 0
    for seed in range(games):
        state, made = playout(game, seed, cap, quiet, factory)
        ends.append(state)
        moves += made
    return time.perf_counter() - start, moves, ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per game and way")
    parser.add_argument("--cap", type=int, default=3000, help="moves before a game is cut off")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept")
    parser.add_argument("--players", choices=("random", "own"), default="random")
    args = parser.parse_args()
    factory = random_player if args.players == "random" else None
    print(
        f"{args.games} games each ({args.players} players, the most seats, <= {args.cap} moves), "
        f"best of {args.repeat}"
    )
    print(f"{'game':<20}{'narrated games/s':>18}{'quiet games/s':>15}{'moves/s':>20}  ended")
    for game in GAMES:
        measure(game, 1, args.cap, False, factory)  # load content and fill caches first
        loud = soft = float("inf")
        for _ in range(args.repeat):  # alternate, keep the best: the machine may be shared
            took, moves, loud_ends = measure(game, args.games, args.cap, False, factory)
            loud = min(loud, took)
            took, _, soft_ends = measure(game, args.games, args.cap, True, factory)
            soft = min(soft, took)
        assert loud_ends == soft_ends, f"{game.id}: the quiet games differ"
        ended = sum(game.outcome(s) is not None for s in loud_ends)
        rates = f"{moves / loud:.0f} -> {moves / soft:.0f}"
        print(
            f"{game.id:<20}{args.games / loud:>18.2f}{args.games / soft:>15.2f}{rates:>20}"
            f"  {ended}/{args.games}"
        )


if __name__ == "__main__":
    main()
