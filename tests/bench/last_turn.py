"""How often a purposeful Space Insurrection table wins by the rulebook before a last turn:
`python -m tests.bench.last_turn`.

Every seat is the game's own greedy player (`engine/games/space_insurrection/player.py`), which
decides from its own view, prompt and legal actions only. Each game is played with no last turn
(`last_turn=0`) up to a hard cap on turns, and the turn it ends by the rulebook's own victory
(every world loyal to one seat, or one seat alone with units on the board) is recorded. A game
ends by the rulebook under a limit L when that turn is at most L, since the victory check comes
before the last-turn scoring. The table printed is what chose the option's default (see
`engine/games/space_insurrection/DESIGN.md`, "End of the game"). It asserts nothing.

Options: `--players 2 3`, `--games 100` (2-player games) and `--more 50` (games per larger
table), `--seed` (the first seed; games use consecutive seeds), `--cap` (turns)."""

from __future__ import annotations

import argparse
import statistics
import time

from engine.core import Termination
from engine.games import REGISTRY
from engine.games.space_insurrection.player import choose
from engine.players import seen

GAME = REGISTRY["space_insurrection"]
LIMITS = (10, 15, 20, 25, 30, 40, None)
RULEBOOK = (Termination.GOAL, Termination.ELIMINATION)


def play(players: int, seed: int, cap: int) -> int | None:
    """The turn a greedy game ends by the rulebook's victory; None if it does not by `cap`
    or ends otherwise."""
    state = GAME.setup(GAME.make_options(players, last_turn=0), seed)
    steps = 0
    while (outcome := GAME.outcome(state)) is None:
        steps += 1
        if steps % 50 == 0 and GAME.view(state, None).turn > cap:
            return None
        seat, prompt = min(GAME.prompts(state).items())
        state = GAME.apply(state, seat, choose(seen(GAME, state, seat, prompt))).state
    turn = GAME.view(state, None).turn
    return turn if outcome.termination in RULEBOOK and turn <= cap else None


def cell(ended: list[int | None], limit: int | None) -> str:
    won = sum(1 for t in ended if t is not None and (limit is None or t <= limit))
    return f"{won} ({100 * won / len(ended):.0f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=100, help="2-player games")
    parser.add_argument("--more", type=int, default=50, help="games per table of 3 to 5")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--cap", type=int, default=60, help="turns played at most")
    args = parser.parse_args()
    header = ["players", "games", "seeds", *(f"<= {n}" for n in LIMITS[:-1])]
    header += [f"none (by {args.cap})", "median turn", "s/game", "CPU s/game"]
    print(f"Games won by the rulebook by each last turn, greedy players, cap {args.cap} turns:\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header), flush=True)
    for players in args.players:
        n = args.games if players == 2 else args.more
        seeds = range(args.seed, args.seed + n)
        began, cpu = time.perf_counter(), time.process_time()
        ended = [play(players, seed, args.cap) for seed in seeds]
        spent, cpu = (time.perf_counter() - began) / n, (time.process_time() - cpu) / n
        turns = [t for t in ended if t is not None]
        median = f"{statistics.median(turns):g}" if turns else "-"
        row = [str(players), str(n), f"{seeds.start}-{seeds.stop - 1}"]
        row += [*(cell(ended, limit) for limit in LIMITS), median, f"{spent:.2f}", f"{cpu:.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
