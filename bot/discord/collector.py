"""When the process's garbage collector runs: off while start-up loads the code, then settled.

Kept apart from `health` (which times the collections and reports them through the metrics)
so that a drawing worker settles its collector without loading the metrics client.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNG_THRESHOLD = 2000
"""Allocations (less deallocations) between collections of the youngest generation: 700 by
default, so under load survivors reach the oldest generation fast and it is collected every
few seconds. Measured at 50 busy channels (collections' own CPU, longest): 700 gave 1.5 / 6 /
21 ms by generation, 5000 gave 4 / 24 ms and none of the oldest, 2000 gave 4 / 13 ms and none
of the oldest."""


def hold_collector() -> None:
    """Run before start-up loads the code: no collection until `settle_collector`. Loading
    makes objects by the hundred thousand and almost no garbage, and each collection on the way
    walks all of them again (about a tenth of the loading's time, paid on every restart)."""
    gc.disable()


def settle_collector(level: int = logging.INFO) -> None:
    """Run once start-up has loaded what stays for the process's life (modules, commands,
    content, caches filled by warming): collect once, then freeze what is left, so no later
    collection walks those objects again (they are kept for good anyway), and collect the
    youngest generation less often. Turns the collector back on where start-up turned it off
    (`hold_collector`). `level`: the log line's; a drawing worker's is a debug line, since a
    forked worker writes to the bot's log."""
    gc.collect()
    gc.freeze()
    gc.enable()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
    log.log(
        level,
        "garbage collector settled: %d objects frozen, the youngest generation collected "
        "every %d allocations",
        gc.get_freeze_count(),
        YOUNG_THRESHOLD,
    )
