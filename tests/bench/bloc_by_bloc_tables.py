"""Benchmark: how many cooperative tables of four casual factions on Easy win, over enough
seeded games to tell a change to the heuristic from luck (a table takes a third of a second of
a core, so 800 take about four minutes; `tests.bench.computer` plays every level at once).

Run with `python -m tests.bench.bloc_by_bloc_tables --games 800`. Not a test: it only prints
figures.
"""

from __future__ import annotations

import argparse

from tests.bench.computer import play, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    won = 0
    for seed in seeds:
        played = play("bloc_by_bloc", ["casual"] * 4, seed, 0.0, 3000, True)
        won += played.returns is not None and played.returns[0] == 1.0
    print(f"4 casual factions, seeds {seeds.start}-{seeds.stop - 1}: {rate(won, args.games)}")


if __name__ == "__main__":
    main()
