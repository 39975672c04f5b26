"""Busy channels against the real bot in its own process: `python -m tests.bench.load`.

Half the channels hold a 2-player Not On My Block game, half a 4-player Bloc by Bloc game; their
players think 0.5-1.5 s, then move (closed loop: the next move waits for the previous one to
show; a game that ends is followed by a new one). A move is timed from the moment its command is
sent to the moment the channel shows it (a new message, or an edit of one: see
`tests.bench.load_players`). Printed, against the targets:

- command → shown p50/p95/p99 at 10, 25 and 50 busy channels;
- saturation: moves per second with nobody thinking, all channels at once, against the bound the
  parts allow (usable cores over the CPU of one move: the bot's process, act plus publishing,
  and the drawing workers', each measured with one channel per game at a time);
- event-loop stalls from garbage collection (the bot logs the longest collection per
  generation) and the loop's lag;
- peak resident memory of the bot plus its drawing workers.

Nothing here is a test: it prints figures. The benchmark's own process (stand-in and players)
shares the machine's cores with the bot; its CPU per move is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.cores import usable_cores
from bot.store.sqlite import SqliteStore
from bot.table.tables import Tables
from tests.bench.load_parts import Meter, Usage, act_alone
from tests.bench.load_players import GAMES, Channel, Watch
from tests.bot.child import ChildBot
from tests.standin import StandIn

LAG = re.compile(r"p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms")
COLLECTIONS = re.compile(
    r"by generation, longest ([\d.]+)/([\d.]+)/([\d.]+) ms"
    r"(?: \(CPU ([\d.]+)/([\d.]+)/([\d.]+) ms\))?"
)
THINK = (0.5, 1.5)
P99_AT_50_MS = 150.0
SATURATION_SHARE = 0.8
GC_STALL_MS = 20.0
MEMORY_MIB = 400.0


@dataclass
class Run:
    channels: int
    seconds: float
    latencies: list[float]
    refused: int
    usage: Usage
    harness_cpu: float
    lag: list[tuple[float, float, float]] = field(default_factory=list)
    collections: list[tuple[float, float, float]] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return len(self.latencies)

    def cut(self, percent: int) -> float:
        return statistics.quantiles(self.latencies, n=100)[percent - 1] * 1000

    def gc_worst_ms(self, cpu: bool = False) -> float:
        """The longest collection by the clock, or by its own CPU time (NaN if not logged)."""
        first = 3 if cpu else 0
        return max((max(c[first : first + 3]) for c in self.collections), default=float("nan"))

    def gc_by_generation(self, cpu: bool = False) -> str:
        first = 3 if cpu else 0
        worst = [
            max((c[first + g] for c in self.collections), default=float("nan")) for g in range(3)
        ]
        return "/".join(f"{w:.1f}" for w in worst)

    def line(self, label: str) -> str:
        per_move = 1000 / max(1, self.moves)
        lag99 = max((lag[1] for lag in self.lag), default=float("nan"))
        return (
            f"{label}: {self.moves} moves in {self.seconds:.0f} s ({self.moves / self.seconds:.1f}"
            f"/s, {self.refused} refused); command→shown p50 {self.cut(50):.0f} ms, "
            f"p95 {self.cut(95):.0f} ms, p99 {self.cut(99):.0f} ms; CPU per move: bot "
            f"{self.usage.bot * per_move:.1f} ms, workers {self.usage.workers * per_move:.1f} ms, "
            f"harness {self.harness_cpu * per_move:.1f} ms; loop lag p99 {lag99:.1f} ms; longest "
            f"GC by generation {self.gc_by_generation()} ms (CPU {self.gc_by_generation(cpu=True)}"
            f" ms); peak RSS bot {self.usage.peak_bot_mib:.0f} MiB, with "
            f"workers {self.usage.peak_all_mib:.0f} MiB"
        )


async def run(
    channels: int, seconds: float, workers: int, think: tuple[float, float], games: list[str]
) -> Run:
    standin = StandIn()
    await standin.start()
    watch = Watch(standin)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "games.sqlite3"
        child = ChildBot(
            standin,
            database,
            settings={
                "HEALTH_LOG_SECONDS": str(min(10.0, seconds / 2)),
                "RENDER_WORKERS": str(workers),
                "LOBBIES_PER_SERVER": "10000",
            },
        )
        await child.start()
        store = SqliteStore(database)
        await store.open()
        tables = Tables(store)
        table = [Channel(standin, watch, tables, i, games[i % len(games)]) for i in range(channels)]
        for each in table:
            await each.open()
        meter = Meter(child.pid)
        harness = time.process_time()
        until = time.monotonic() + seconds

        async def sample() -> None:
            while time.monotonic() < until:
                meter.sample()
                await asyncio.sleep(0.5)

        started = time.monotonic()
        await asyncio.gather(sample(), *(c.play(until, think) for c in table))
        took = time.monotonic() - started
        usage = meter.sample()
        harness = time.process_time() - harness
        await asyncio.sleep(0.1)
        lag = [tuple(map(float, m.groups())) for m in LAG.finditer(child.stderr)]
        collections = [
            tuple(float(g or "nan") for g in m.groups()) for m in COLLECTIONS.finditer(child.stderr)
        ]
        await child.aclose()
        await store.aclose()
    await standin.stop()
    return Run(
        channels,
        took,
        [x for c in table for x in c.latencies],
        sum(c.refused for c in table),
        usage,
        harness,
        lag,  # type: ignore[arg-type]
        collections,  # type: ignore[arg-type]
    )


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--workers", type=int, default=usable_cores())
    parser.add_argument(
        "--saturation", type=int, default=50, help="channels with nobody thinking; 0: skip"
    )
    parser.add_argument(
        "--parts", action=argparse.BooleanOptionalAction, default=True, help="time them alone"
    )
    args = parser.parse_args()
    games = list(GAMES)
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} cores)")
    everything: list[Run] = []
    bound = parts(args.seconds / 2, args.workers, games, everything) if args.parts else None
    at_50 = None
    for channels in args.channels:
        each = asyncio.run(run(channels, args.seconds, args.workers, THINK, games))
        print(each.line(f"{channels:>3} busy channels"), flush=True)
        everything.append(each)
        at_50 = each if channels == 50 else at_50
    saturated = None
    if args.saturation:
        saturated = asyncio.run(run(args.saturation, args.seconds, args.workers, (0.0, 0.0), games))
        print(saturated.line(f"saturation, {args.saturation} channels nobody thinking"))
        everything.append(saturated)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    targets(everything, at_50, saturated, bound)


def parts(seconds: float, workers: int, games: list[str], runs: list[Run]) -> float:
    """Times the parts of a move alone, prints them; the moves per second they allow."""
    act = asyncio.run(act_alone())
    alone = {game: asyncio.run(run(1, seconds, workers, (0.0, 0.0), [game])) for game in games}
    for game, each in alone.items():
        print(each.line(f"alone, 1 channel of {game}"))
    runs += alone.values()
    act_ms = statistics.mean(act.values())
    bot_ms = statistics.mean(a.usage.bot * 1000 / max(1, a.moves) for a in alone.values())
    draw_ms = statistics.mean(a.usage.workers * 1000 / max(1, a.moves) for a in alone.values())
    cores = usable_cores()
    bound = cores * 1000 / (bot_ms + draw_ms)
    print(
        "parts alone, CPU per move (mean of the games): act "
        + ", ".join(f"{g} {ms:.1f}" for g, ms in act.items())
        + f" ms; publish (the bot's process less act) {bot_ms - act_ms:.1f} ms; render "
        f"(workers) {draw_ms:.1f} ms; bound with {cores} cores: {bound:.0f} moves/s",
        flush=True,
    )
    return bound


def targets(runs: list[Run], at_50: Run | None, saturated: Run | None, bound: float | None) -> None:
    print("targets:")
    if at_50 is not None:
        p99 = at_50.cut(99)
        print(f"  p99 at 50 busy channels {p99:.0f} ms ≤ {P99_AT_50_MS:.0f}: {verdict(p99 <= 150)}")
    if saturated is not None and bound is not None:
        rate = saturated.moves / saturated.seconds
        share = rate / bound
        print(
            f"  saturation {rate:.1f} moves/s = {share:.0%} of the bound {bound:.0f} ≥ "
            f"{SATURATION_SHARE:.0%}: {verdict(share >= SATURATION_SHARE)}"
        )
    gc_worst = max(r.gc_worst_ms() for r in runs)
    gc_cpu = max(r.gc_worst_ms(cpu=True) for r in runs)
    print(
        f"  longest GC {gc_worst:.1f} ms by the clock, {gc_cpu:.1f} ms of CPU (the clock "
        f"also counts waiting for a core) ≤ {GC_STALL_MS:.0f}: by the clock "
        f"{verdict(gc_worst <= GC_STALL_MS)}, by CPU {verdict(gc_cpu <= GC_STALL_MS)}"
    )
    memory = max(r.usage.peak_all_mib for r in runs)
    print(
        f"  bot plus workers {memory:.0f} MiB ≤ {MEMORY_MIB:.0f}: {verdict(memory <= MEMORY_MIB)}"
    )


if __name__ == "__main__":
    main()
