"""`python -m tests.bench.store_move`: the CPU a move's storage costs the bot on SQLite.

Repeats what a move asks of the store, on one running game in a fresh file: load the channel's
game, record the move (its log entry, snapshot, a turn post and the waits, in one transaction),
and load the game again by id, as publishing does. It prints the process's CPU per move
(the event loop and SQLite's connection thread together) and the time by the clock. Each call
into SQLite is a round trip to the connection's thread (`bot.store.batch`), which is most of
what this measures beside SQLite's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.store.models import Post, Wait
from bot.store.sqlite import SqliteStore


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


async def measure(moves: int) -> tuple[float, float]:
    """CPU and clock seconds per move."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "games.sqlite3")
        await store.open()
        try:  # an error must not leave the connection's thread holding the process open
            row = await store.create_lobby(5, 1, "not_on_my_block", 7)
            row = await store.update_lobby(row, players=[7, 8])
            row = await store.start(row, {"players": 2}, 42, '{"s": 0}', [])
            now = datetime.now(UTC)
            spent, began = cpu(), time.perf_counter()
            for n in range(moves):
                live = await store.live_game(5)
                assert live is not None
                seat = n % 2
                owed = {"seat": 1 - seat, "user_id": 8 - seat, "decision": n, "since": now}
                waits = [Wait(game_id=row.id, out_of_turn=False, **owed)]
                told = [Post(kind="turn", body={"header": f"move {n}", "version": live.version})]
                row = await store.record_action(
                    live, seat, 7 + seat, '{"kind": "place"}', f'{{"s": {n}}}', False, told, waits
                )
                again = await store.get(row.id)
                assert again is not None and again.steps == n + 1
            per_cpu = (cpu() - spent) / moves
            per_clock = (time.perf_counter() - began) / moves
        finally:
            await store.aclose()
    return per_cpu, per_clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    args = parser.parse_args()
    per_cpu, per_clock = asyncio.run(measure(args.moves))
    print(
        f"{args.moves} moves' storage on SQLite: {per_cpu * 1e6:.0f} µs of CPU a move,"
        f" {per_clock * 1e6:.0f} µs by the clock"
    )


if __name__ == "__main__":
    main()
