"""Space Insurrection seats asked only to pass: `python -m tests.bench.space_passes`.

Plays seeded random playouts (the engine tests' random player, 2 to 5 players, 0 to 2 special
chits of each kind, a last turn of 15, the old default, as random players seldom conquer) and
counts the action-phase prompts, and among them those whose only legal action is Pass, i.e. a
click (and a ping) that decides nothing. Prints the share per player count and overall, and the
prompts per game turn. `--ask-all` asks every seat taking part at a world, as before seats with
nothing to do were passed for, to compare on the same rules. Nothing here is a test: it prints
figures.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from engine.games.space_insurrection import GAME, turns
from tests.engine.space_insurrection.playout import random_move, waiting


def tally(seed: int, players: int, specials: int) -> Counter[str]:
    """One game's counts: action-phase prompts, those offering only Pass, and turns played."""
    rnd = random.Random(seed)
    state = GAME.setup(GAME.make_options(players, specials=specials, last_turn=15), seed)
    counts: Counter[str] = Counter()
    while GAME.outcome(state) is None:
        asked = waiting(state)
        if state.phase == "action":
            for _, actions in asked.values():
                counts["prompts"] += 1
                counts["only pass"] += all(a.kind == "pass" for a in actions)
        seat, action = random_move(state, asked, rnd)
        state = GAME.apply(state, seat, action).state
    counts["turns"] += state.turn
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ask-all", action="store_true", help="never pass a seat for it")
    args = parser.parse_args()
    if args.ask_all:
        turns.might_act = lambda state, seat: True
    total: Counter[str] = Counter()
    print("players  games  prompts  only-pass  share  prompts/turn")
    for players in (2, 3, 4, 5):
        counts: Counter[str] = Counter()
        for n in range(args.games):
            seed = args.seed + n
            counts += tally(seed, players, specials=seed % 3)
        total += counts
        _row(str(players), args.games, counts)
    _row("all", 4 * args.games, total)


def _row(label: str, games: int, counts: Counter[str]) -> None:
    share = counts["only pass"] / max(counts["prompts"], 1)
    per_turn = counts["prompts"] / max(counts["turns"], 1)
    print(
        f"{label:>7}  {games:>5}  {counts['prompts']:>7}  {counts['only pass']:>9}"
        f"  {share:>5.1%}  {per_turn:>12.1f}"
    )


if __name__ == "__main__":
    main()
