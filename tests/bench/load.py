"""Busy channels against the real bot in its own process: `python -m tests.bench.load`.

Each channel holds a 2-player Not On My Block game whose players think 0.5-1.5 s, then move
(closed loop: the next move waits for the previous one to show). Measured from the moment a
command is sent to the moment the channel shows it (a new turn message with its board, or the
turn's message edited with the step's picture), which is when the player is answered:
p50/p95/p99; the bot's event-loop lag (it logs it); the bot's memory (its own process plus the
drawing workers); moves per second. Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from bot.store.sqlite import SqliteStore
from bot.table.tables import Tables
from tests.bot.child import ChildBot
from tests.bot.not_on_my_block_policy import policy
from tests.standin import ChannelRecord, StandIn, UserRecord

LAG = re.compile(r"p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms")


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (the drawing workers), in MiB."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for each in pids:
        status = Path(f"/proc/{each}/status")
        if status.exists():
            for line in status.read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


class Channel:
    def __init__(self, standin: StandIn, tables: Tables, index: int) -> None:
        self.standin = standin
        self.tables = tables
        self.channel: ChannelRecord = standin.add_text_channel(f"load-{index}")
        self.users = [standin.add_user(f"p{index}a"), standin.add_user(f"p{index}b")]
        self.by_id: dict[int, UserRecord] = {u.id: u for u in self.users}
        self.rnd = random.Random(index)
        self.latencies: list[float] = []

    async def send(self, user: UserRecord, *path: str, **options: object) -> None:
        record = await self.standin.slash(user, self.channel, *path, **options)
        await record.done(timeout=60)

    async def open(self) -> None:
        await self.send(self.users[0], "game", "new", game="not_on_my_block")
        await self.send(self.users[1], "game", "join")
        await self.send(self.users[0], "game", "start")

    async def play(self, until: float) -> None:
        play = policy("developer")
        while time.monotonic() < until:
            await asyncio.sleep(self.rnd.uniform(0.5, 1.5))
            table = await self.tables.current(self.channel.id)
            if table is None or table.row.status != "active":
                await self.open()
                continue
            seat, action = play(table)
            user = self.by_id[table.holder(seat)]
            fields = {k: v for k, v in action.model_dump().items() if k != "kind" and v != ""}
            sent = time.monotonic()
            record = await self.standin.slash(
                user, self.channel, table.game.short_name, action.kind, **fields
            )
            # The bot answers once the step is in the channel (a new turn message with its
            # board, or the turn's message edited with the step's picture), so the answer
            # marks when the table can see the move.
            await record.done(timeout=60, quiet=0)
            self.latencies.append(time.monotonic() - sent)


async def run(channels: int, seconds: float, workers: int) -> None:
    standin = StandIn()
    await standin.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "games.sqlite3"
        child = ChildBot(
            standin,
            database,
            settings={"HEALTH_LOG_SECONDS": str(seconds / 2), "RENDER_WORKERS": str(workers)},
        )
        await child.start()
        store = SqliteStore(database)
        await store.open()
        tables = Tables(store)
        table = [Channel(standin, tables, i) for i in range(channels)]
        for each in table:
            await each.open()
        until = time.monotonic() + seconds
        peak = 0.0

        async def sample() -> None:
            nonlocal peak
            while time.monotonic() < until:
                peak = max(peak, rss_mib(child.pid))
                await asyncio.sleep(1)

        started = time.monotonic()
        await asyncio.gather(sample(), *(c.play(until) for c in table))
        took = time.monotonic() - started
        lags = [tuple(map(float, m.groups())) for m in LAG.finditer(child.stderr)]
        await child.aclose()
        await store.aclose()
    await standin.stop()
    latencies = sorted(x for c in table for x in c.latencies)
    cuts = statistics.quantiles(latencies, n=100)
    lag99 = max((lag[1] for lag in lags), default=float("nan"))
    lagmax = max((lag[2] for lag in lags), default=float("nan"))
    print(
        f"{channels:>3} busy channels, {workers} drawing workers, {took:.0f} s: "
        f"command→board p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p95 {cuts[94] * 1000:.0f} ms, p99 {cuts[98] * 1000:.0f} ms; "
        f"loop lag p99 {lag99:.1f} ms (worst {lagmax:.1f} ms); "
        f"peak RSS {peak:.0f} MiB; {len(latencies) / took:.1f} moves/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for channels in args.channels:
        asyncio.run(run(channels, args.seconds, args.workers))


if __name__ == "__main__":
    main()
