"""Busy channels against the real bot in its own processes: `python -m tests.bench.load`.

Each figure is taken side by side on the two deployments (`tests.bench.load_backends`): one
process on SQLite, and two processes on shards 0 and 1 of one PostgreSQL database, the channels
split between a server of each shard. Half the channels hold a 2-player Not On My Block game,
half a 4-player Bloc by Bloc game; their players think 0.5-1.5 s, then move (closed loop: the
next move waits for the previous one to show; a game that ends is followed by a new one). A
move is timed from the moment its command is sent to the moment the channel shows it (a new
message, or an edit of one: see `tests.bench.load_players`). Printed, against the targets:

- command → shown p50/p95/p99 at 10, 25 and 50 busy channels;
- saturation: moves per second with nobody thinking, all channels at once, against the bound the
  parts allow (usable cores over the CPU of one move: the bot's process, act plus publishing,
  and the drawing workers', each measured on SQLite with one channel per game at a time);
- event-loop stalls from garbage collection (the bot logs the longest collection per
  generation) and the loop's lag;
- peak resident memory of the bot processes plus their drawing workers (not PostgreSQL's);
- side by side, each deployment's moves per second with nobody thinking and command → shown p99.

Nothing here is a test: it prints figures. The benchmark's own process (stand-in and players),
and the PostgreSQL server, share the machine's cores with the bot; the benchmark's CPU per move
is printed too.
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

from bot.cores import drawing_workers, usable_cores
from bot.table.tables import Tables
from tests import postgres
from tests.bench.load_backends import LABELS, POSTGRESQL, PROCESSES, SQLITE, deployed
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
    backend: str = SQLITE

    @property
    def rate(self) -> float:
        return self.moves / self.seconds

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
            f" ms); peak RSS bot {self.usage.peak_bot_mib:.0f} MiB, PSS with "
            f"workers {self.usage.peak_all_mib:.0f} MiB"
        )


@dataclass
class Results:
    """One deployment's runs, and those the targets read."""

    backend: str
    runs: list[Run] = field(default_factory=list)
    at_50: Run | None = None
    saturated: Run | None = None


async def run(
    channels: int,
    seconds: float,
    workers: int,
    think: tuple[float, float],
    games: list[str],
    backend: str = SQLITE,
    server: postgres.Server | None = None,
) -> Run:
    standin = StandIn()
    await standin.start()
    watch = Watch(standin)
    settings = {
        "HEALTH_LOG_SECONDS": str(min(10.0, seconds / 2)),
        "LOBBIES_PER_SERVER": "10000",
    }
    with tempfile.TemporaryDirectory() as folder:
        bots = deployed(backend, standin, Path(folder), settings, workers, server)
        async with bots as deployment:
            tables = Tables(deployment.store)
            guilds = deployment.guilds
            table = [
                Channel(standin, watch, tables, i, games[i % len(games)], guilds[i % len(guilds)])
                for i in range(channels)
            ]
            for each in table:
                await each.open()
            took, usage, harness = await played(deployment.children, table, seconds, think)
            await asyncio.sleep(0.1)
            stderr = deployment.stderr
    await standin.stop()
    lag = [tuple(map(float, m.groups())) for m in LAG.finditer(stderr)]
    collections = [
        tuple(float(g or "nan") for g in m.groups()) for m in COLLECTIONS.finditer(stderr)
    ]
    return Run(
        channels,
        took,
        [x for c in table for x in c.latencies],
        sum(c.refused for c in table),
        usage,
        harness,
        lag,  # type: ignore[arg-type]
        collections,  # type: ignore[arg-type]
        backend,
    )


async def played(
    children: list[ChildBot], table: list[Channel], seconds: float, think: tuple[float, float]
) -> tuple[float, Usage, float]:
    """Every channel plays for `seconds`; how long that took, the bots' usage, and the CPU
    seconds of this process (the stand-in and the players)."""
    meter = Meter(*(child.pid for child in children))
    harness = time.process_time()
    until = time.monotonic() + seconds

    async def sample() -> None:
        while time.monotonic() < until:
            meter.sample()
            await asyncio.sleep(0.5)

    started = time.monotonic()
    await asyncio.gather(sample(), *(c.play(until, think) for c in table))
    took = time.monotonic() - started
    return took, meter.sample(), time.process_time() - harness


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--workers", type=int, default=drawing_workers())
    parser.add_argument(
        "--saturation", type=int, default=50, help="channels with nobody thinking; 0: skip"
    )
    parser.add_argument(
        "--parts", action=argparse.BooleanOptionalAction, default=True, help="time them alone"
    )
    parser.add_argument("--backends", nargs="+", choices=list(LABELS), default=list(LABELS))
    args = parser.parse_args()
    games = list(GAMES)
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} cores)")
    server = postgres.start() if POSTGRESQL in args.backends else None
    try:
        results = {backend: Results(backend) for backend in args.backends}
        bound = parts(args.seconds / 2, args.workers, games, results) if args.parts else None
        for channels in args.channels:
            for backend, each in results.items():
                done = asyncio.run(
                    run(channels, args.seconds, args.workers, THINK, games, backend, server)
                )
                print(done.line(f"{LABELS[backend]}, {channels:>3} busy channels"), flush=True)
                each.runs.append(done)
                each.at_50 = done if channels == 50 else each.at_50
        if args.saturation:
            for backend, each in results.items():
                done = asyncio.run(
                    run(
                        args.saturation,
                        args.seconds,
                        args.workers,
                        (0.0, 0.0),
                        games,
                        backend,
                        server,
                    )
                )
                label = f"{LABELS[backend]}, saturation, {args.saturation} channels nobody thinking"
                print(done.line(label), flush=True)
                each.runs.append(done)
                each.saturated = done
    finally:
        if server is not None:
            server.stop()
    print(f"load after: {os.getloadavg()[0]:.2f}")
    for each in results.values():
        targets(each, bound if each.backend == SQLITE else None)
    side_by_side(list(results.values()))


def parts(seconds: float, workers: int, games: list[str], results: dict[str, Results]) -> float:
    """Times the parts of a move alone on SQLite, prints them; the moves per second they
    allow."""
    act = asyncio.run(act_alone())
    alone = {game: asyncio.run(run(1, seconds, workers, (0.0, 0.0), [game])) for game in games}
    for game, each in alone.items():
        print(each.line(f"alone, 1 channel of {game}"))
    if SQLITE in results:
        results[SQLITE].runs += alone.values()
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


def targets(results: Results, bound: float | None) -> None:
    print(f"targets, {LABELS[results.backend]}:")
    at_50, saturated, runs = results.at_50, results.saturated, results.runs
    if at_50 is not None:
        p99 = at_50.cut(99)
        print(f"  p99 at 50 busy channels {p99:.0f} ms ≤ {P99_AT_50_MS:.0f}: {verdict(p99 <= 150)}")
    if saturated is not None and bound is not None:
        share = saturated.rate / bound
        print(
            f"  saturation {saturated.rate:.1f} moves/s = {share:.0%} of the bound {bound:.0f} ≥ "
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
    processes = PROCESSES[results.backend]
    most = MEMORY_MIB * processes
    print(
        f"  {processes} bot process(es) plus workers {memory:.0f} MiB ≤ {most:.0f} "
        f"({MEMORY_MIB:.0f} each): {verdict(memory <= most)}"
    )


def side_by_side(results: list[Results]) -> None:
    """Each deployment's moves per second with nobody thinking, and its command → shown p99
    at each number of busy channels."""
    print("side by side (moves per second with nobody thinking; command → shown p99):")
    for each in results:
        rate = "not run" if each.saturated is None else f"{each.saturated.rate:.1f} moves/s"
        busy = [r for r in each.runs if r is not each.saturated and r.channels > 1]
        p99 = ", ".join(f"{r.cut(99):.0f} ms at {r.channels}" for r in busy)
        print(f"  {LABELS[each.backend]}: {rate}; p99 {p99} busy channels")


if __name__ == "__main__":
    main()
