"""How strong the computer players are, per registered game: `python -m tests.bench.computer`.

Players: `strong` (the tree search, `engine/computer`, at `--seconds` per decision), `casual`
(the game's own heuristic, else a shallow search) and `random` (a uniformly random legal
action). In a game of opponents each pairing plays `--games` seeded games, half with each
player in the first seat, with the fewest seats the game allows; the first player's win rate
is printed with its 95% Wilson interval (a shared win or a game cut off at `--cap` moves counts
half). A fully cooperative game (every seat wins or loses together, as Bloc by Bloc's default
options) is played by a whole table of one level with its most seats, and the table's win rate
is printed per level. For each level that searches, the time per decision it searched (mean
and 95th percentile) is printed too; decisions with one way on are not searched.

`--seconds` counts the search's own processor time by default (`--clock cpu`), so that a
figure does not depend on what else the machine runs: on a busy machine each decision takes
longer by the clock and searches just as far. `--clock wall` counts the clock, as the table
does; the times printed are on the clock the budget counts.

    python -m tests.bench.computer --seconds 0.1 --games 200      # the reduced budget
    python -m tests.bench.computer --seconds 1 --games 20         # the table's budget
    python -m tests.bench.computer --game not_on_my_block --pairings strong:random

It only prints figures; `--jobs` plays games in that many processes.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from engine.computer import Budget, Level, computer
from engine.core import Game
from engine.games import GAMES, REGISTRY
from engine.players import Player, pick_seat, random_player, seen
from engine.rng import Rng

LEVELS = ("strong", "casual", "random")
PAIRINGS = ("strong:casual", "strong:random", "casual:random")


class Played(BaseModel):
    """One game: each seat's worth at its end (None: cut off) and the searched decisions'
    times by the level that made them."""

    returns: list[float] | None
    times: dict[str, list[float]]


def player(game: Game[Any, Any], level: str, seed: int, seconds: float, cpu: bool) -> Player:
    if level == "random":
        return random_player(seed)
    budget = Budget(iterations=None, seconds=seconds, cpu=cpu)
    return computer(game, Level(level), budget)(seed)


def cooperative(game: Game[Any, Any]) -> bool:
    """Whether the game's default table wins or loses as one (judged on a finished random
    game: every seat worth the same)."""
    state = game.setup(game.make_options(max(game.player_counts)), 0)
    seats = {s: random_player(s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(0)
    for _ in range(5000):
        if game.outcome(state) is not None:
            break
        prompts = game.prompts(state)
        seat = pick_seat(prompts, rng)
        action = seats[seat](seen(game, state, seat, prompts[seat]))
        state = game.apply(state, seat, action).state
    worth = game.returns(state)
    return worth is not None and len(set(worth)) == 1 and len(worth) > 2


def play(game_id: str, levels: list[str], seed: int, seconds: float, cap: int, cpu: bool) -> Played:
    """One seeded game, seat `s` played at `levels[s]`; decisions timed on the clock the
    budget counts (`cpu`: the process's own processor time)."""
    game = REGISTRY[game_id]
    state = game.setup(game.make_options(len(levels)), seed)
    seats = {s: player(game, level, seed * 10 + s, seconds, cpu) for s, level in enumerate(levels)}
    clock = time.thread_time if cpu else time.perf_counter
    rng = Rng.seeded(seed)
    times: dict[str, list[float]] = {}
    for _ in range(cap):
        if game.outcome(state) is not None:
            break
        prompts = game.prompts(state)
        seat = pick_seat(prompts, rng)
        what = seen(game, state, seat, prompts[seat])
        searched = prompts[seat].sheet is not None or len(what.legal) > 1
        started = clock()
        action = seats[seat](what)
        if searched and levels[seat] != "random":
            times.setdefault(levels[seat], []).append(clock() - started)
        state = game.apply(state, seat, action).state
    return Played(returns=game.returns(state), times=times)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: float, n: int) -> str:
    if n == 0:
        return "-"
    low, high = wilson(wins, n)
    return f"{100 * wins / n:5.1f}% [{100 * low:.0f}-{100 * high:.0f}]"


def timing(times: list[float]) -> str:
    if not times:
        return "-"
    p95 = sorted(times)[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    return f"{statistics.mean(times):.3f}/{p95:.3f} s"


Job = tuple[str, list[str], int, float, int, bool]
"""`play`'s arguments for one game."""


def run(pool: ProcessPoolExecutor, jobs: list[Job]) -> list:
    return list(pool.map(play, *zip(*jobs, strict=True))) if jobs else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(REGISTRY), help="default: all")
    parser.add_argument("--games", type=int, default=20, help="games per pairing or level")
    parser.add_argument("--seconds", type=float, default=0.1, help="strong's time per decision")
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS))
    parser.add_argument("--cap", type=int, default=3000, help="moves before a game is cut off")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="what --seconds counts: the search's own processor time (the same search however "
        "busy the machine) or the clock, as at the table",
    )
    args = parser.parse_args()
    games = [g for g in GAMES if not args.game or g.id in args.game]
    print(
        f"{args.games} games per pairing or level, strong at {args.seconds} s a decision "
        f"({'of its own processor time' if args.clock == 'cpu' else 'by the clock'})",
        flush=True,
    )
    print(
        f"{'game':<20}{'first player':<16}{'its score [95%]':<24}{'in the first seat':<24}"
        f"{'in the last seat':<24}first player's time/decision mean/p95",
        flush=True,
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in games:
            report(game, args, pool)


def report(game: Game[Any, Any], args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    seeds = range(args.seed, args.seed + args.games)
    if cooperative(game):
        seats = max(game.player_counts)
        for level in LEVELS:
            jobs: list[Job] = [
                (game.id, [level] * seats, s, args.seconds, args.cap, args.clock == "cpu")
                for s in seeds
            ]
            played = run(pool, jobs)
            won = sum(p.returns is not None and p.returns[0] == 1.0 for p in played)
            spent = [t for p in played for t in p.times.get(level, [])]
            label = f"{seats} {level}"
            print(
                f"{game.id:<20}{label:<16}{rate(won, len(played)):<72}{timing(spent)}", flush=True
            )
        return
    seats = min(game.player_counts)
    for pairing in args.pairings:
        first, second = pairing.split(":")
        jobs = []
        for n, s in enumerate(seeds):
            levels = [second] * seats
            levels[0 if n % 2 == 0 else seats - 1] = first
            jobs.append((game.id, levels, s, args.seconds, args.cap, args.clock == "cpu"))
        played = run(pool, jobs)
        sides: dict[int, list[float]] = {0: [], seats - 1: []}
        times: list[float] = []
        for (_, levels, *_), p in zip(jobs, played, strict=True):
            mine = levels.index(first)
            sides[mine].append(worth(p.returns, mine))
            times += p.times.get(first, [])
        every = sides[0] + sides[seats - 1]
        label = f"{first} v {second}"
        print(
            f"{game.id:<20}{label:<16}{rate(sum(every), len(every)):<24}"
            f"{rate(sum(sides[0]), len(sides[0])):<24}"
            f"{rate(sum(sides[seats - 1]), len(sides[seats - 1])):<24}{timing(times)}",
            flush=True,
        )


def worth(returns: list[float] | None, mine: int) -> float:
    """A game's score for the seat `mine`: 1 for a win over the others, 0 for a loss, a half
    for a shared win, a game nobody won or one cut off."""
    if returns is None:
        return 0.5
    best = max(r for s, r in enumerate(returns) if s != mine)
    return 1.0 if returns[mine] > best else 0.0 if returns[mine] < best else 0.5


if __name__ == "__main__":
    main()
