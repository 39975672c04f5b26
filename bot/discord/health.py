"""How late the event loop runs, and how long garbage collections hold it, logged now and then,
so an admin can see a bot that lags.

Every slow step on the loop (a long computation, a blocking call) delays the gateway heartbeat
and every interaction's first answer. The monitor asks for a short sleep over and over and
records how late each wake-up came; every `health_log_seconds` it logs the median, the 99th
percentile and the worst. While a garbage collection runs nothing else does: each collection
is timed through `gc.callbacks` and the count and the longest are logged beside the lag. The
bot's collector does not run on its own, so the monitor is also what collects, at a tick, once
the process has grown (`collector.collect_if_grown`); that stall counts in the tick's lag.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import statistics
import time
from collections import deque
from typing import Any

from bot.discord.collector import collect_if_grown
from bot.metrics import LOOP_LAG

log = logging.getLogger(__name__)

TICK = 0.05


class Collections:
    """Times every garbage collection of this process while installed: how many ran, per
    generation, and the longest, since the last `take`. Each is timed twice: by the clock
    (what the loop waited) and by this thread's CPU time (what the collection itself cost; on
    a busy machine the clock also counts the time the process waited for a core)."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.worst = [0.0, 0.0, 0.0]
        self.worst_cpu = [0.0, 0.0, 0.0]
        self._started = (0.0, 0.0)

    def install(self) -> None:
        if self._on not in gc.callbacks:
            gc.callbacks.append(self._on)

    def remove(self) -> None:
        if self._on in gc.callbacks:
            gc.callbacks.remove(self._on)

    def _on(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = (time.perf_counter(), time.thread_time())
            return
        generation = info["generation"]
        wall, cpu = time.perf_counter() - self._started[0], time.thread_time() - self._started[1]
        self.counts[generation] += 1
        self.worst[generation] = max(self.worst[generation], wall)
        self.worst_cpu[generation] = max(self.worst_cpu[generation], cpu)

    def take(self) -> tuple[list[int], list[float], list[float]]:
        """Counts, longest pauses and their longest CPU time (seconds) per generation since
        the last call; resets."""
        taken = (self.counts, self.worst, self.worst_cpu)
        self.counts, self.worst, self.worst_cpu = [0, 0, 0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
        return taken


RECENT_SECONDS = 5.0
"""How far back `/healthz` looks for the event loop's worst lag."""


def recent_lags() -> deque[float]:
    """The lags of the last `RECENT_SECONDS`, newest last, as `watch_loop_lag` fills them."""
    return deque(maxlen=int(RECENT_SECONDS / TICK))


async def watch_loop_lag(report_every: float, recent: deque[float] | None = None) -> None:
    """Measure the loop's lag every `TICK`: into the metrics, into `recent` (for `/healthz`),
    and as a log line every `report_every` seconds. The line reads counters only: the frozen
    count (`gc.get_freeze_count`) walks every frozen object, 10 to 20 ms at 50 busy channels,
    a stall of its own."""
    lags: list[float] = []
    collections = Collections()
    collections.install()
    last_report = time.monotonic()
    try:
        while True:
            started = time.monotonic()
            await asyncio.sleep(TICK)
            collect_if_grown()
            now = time.monotonic()
            lag = max(0.0, now - started - TICK)
            lags.append(lag)
            LOOP_LAG.observe(lag)
            if recent is not None:
                recent.append(lag)
            if now - last_report >= report_every and len(lags) >= 2:
                cuts = statistics.quantiles(lags, n=100)
                log.info(
                    "event loop lag over %.0f s: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                    now - last_report,
                    statistics.median(lags) * 1000,
                    cuts[98] * 1000,
                    max(lags) * 1000,
                )
                counts, worst, worst_cpu = collections.take()
                log.info(
                    "garbage collections over %.0f s: %d/%d/%d by generation, longest "
                    "%.1f/%.1f/%.1f ms (CPU %.1f/%.1f/%.1f ms); %d objects more than after the "
                    "last collection",
                    now - last_report,
                    *counts,
                    *(w * 1000 for w in worst),
                    *(w * 1000 for w in worst_cpu),
                    gc.get_count()[0],
                )
                lags.clear()
                last_report = now
    finally:
        collections.remove()
