"""How late the event loop runs, logged now and then, so an admin can see a bot that lags.

Every slow step on the loop (a long computation, a blocking call) delays the gateway heartbeat
and every interaction's first answer. The monitor asks for a short sleep over and over and
records how late each wake-up came; every `health_log_seconds` it logs the median, the 99th
percentile and the worst.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import time

log = logging.getLogger(__name__)

TICK = 0.05


async def watch_loop_lag(report_every: float) -> None:
    lags: list[float] = []
    last_report = time.monotonic()
    while True:
        started = time.monotonic()
        await asyncio.sleep(TICK)
        now = time.monotonic()
        lags.append(max(0.0, now - started - TICK))
        if now - last_report >= report_every and len(lags) >= 2:
            cuts = statistics.quantiles(lags, n=100)
            log.info(
                "event loop lag over %.0f s: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                now - last_report,
                statistics.median(lags) * 1000,
                cuts[98] * 1000,
                max(lags) * 1000,
            )
            lags.clear()
            last_report = now
