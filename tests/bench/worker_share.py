"""`python -m tests.bench.worker_share`: one drawing worker's share of many busy channels.

At 50 busy channels with two drawing workers each worker is home to about a dozen Bloc by Bloc
and a dozen Not On My Block games, whose moves reach it in turn, so what one game's pictures
leave in the worker's caches is mostly gone by that game's next move unless the caches hold
every game it is home to. This plays that share in one fresh process, with the worker's own
functions (`bot.discord.drawing_worker`): seeded games with random legal moves, one move each
in turn, and after each move the move's turn picture and step picture, as a turn message and
its step ask for them. It prints the CPU per move's pictures per game (mean, p50, p95) and the
process's peak memory.

    python -m tests.bench.worker_share                       # 13 + 12 games, 500 moves
    python -m tests.bench.worker_share --bloc 1 --nomb 0     # one game alone
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from typing import Any

from bot.discord import drawing_worker
from engine.core import Game
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.not_on_my_block import GAME as NOMB


class Table:
    """One seeded game moved on by random legal moves, begun again when it ends."""

    def __init__(self, game: Game[Any, Any], players: int, seed: int) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.rng = random.Random(seed)
        self.state = game.setup(game.make_options(players), seed)

    def move(self) -> tuple[str, str]:
        """The state's JSON before and after one move."""
        before = self.state.model_dump_json()
        seat = self.rng.choice(sorted(self.game.prompts(self.state)))
        action = self.rng.choice(self.game.legal_actions(self.state, seat))
        self.state = self.game.apply(self.state, seat, action).state
        if self.game.outcome(self.state) is not None:
            self.seed += 1000
            self.state = self.game.setup(self.game.make_options(self.players), self.seed)
        return before, self.state.model_dump_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bloc", type=int, default=13, help="4-player Bloc by Bloc games")
    parser.add_argument("--nomb", type=int, default=12, help="2-player Not On My Block games")
    parser.add_argument("--moves", type=int, default=500)
    args = parser.parse_args()
    tables = [Table(BLOC, 4, seed) for seed in range(args.bloc)]
    tables += [Table(NOMB, 2, seed) for seed in range(args.nomb)]
    drawing_worker.warm()
    spent: dict[str, list[float]] = {t.game.id: [] for t in tables}
    for n in range(args.moves):
        table = tables[n % len(tables)]
        before, after = table.move()
        cpu = time.process_time()
        drawing_worker.turn(table.game.id, after, None, before)
        drawing_worker.step(table.game.id, before, after)
        spent[table.game.id].append(1000 * (time.process_time() - cpu))
    print(f"{args.bloc} Bloc by Bloc and {args.nomb} Not On My Block games, {args.moves} moves")
    for game_id, times in spent.items():
        cut = statistics.quantiles(times, n=20) if len(times) > 1 else times * 19
        print(
            f"  {game_id:<18} CPU per move's pictures: mean {statistics.fmean(times):.1f} ms,"
            f" p50 {statistics.median(times):.1f} ms, p95 {cut[18]:.1f} ms"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the process {peak:.0f} MiB")


if __name__ == "__main__":
    main()
