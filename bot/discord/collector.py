"""When the process's garbage collector runs: off while start-up loads the code, then settled.

Kept apart from `health` (which times the collections and reports them through the metrics)
so that a drawing worker settles its collector without loading the metrics client.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNG_THRESHOLD = 2000
"""In a drawing worker (the bot's collector does not run on its own), the allocations (less
deallocations) between collections of the youngest generation: 700 by default, so under load
survivors reach the oldest generation fast and it is collected every few seconds. Measured in
the bot at 50 busy channels, when it collected so too (collections' own CPU, longest): 700 gave
1.5 / 6 / 21 ms by generation, 5000 gave 4 / 24 ms and none of the oldest, 2000 gave 4 / 13 ms
and none of the oldest."""


def hold_collector() -> None:
    """Run before start-up loads the code: no collection until `settle_collector`. Loading
    makes objects by the hundred thousand and almost no garbage, and each collection on the way
    walks all of them again (about a tenth of the loading's time, paid on every restart)."""
    gc.disable()


GROWTH = 20_000
"""How many objects the collector tracks may be added (net of those freed) before the bot,
whose collector does not run on its own (`settle_collector(automatic=False)`), collects them.
Above what the moves in flight hold at once (5,000 to 15,000 at 50 busy channels), so it is
reached as caches fill and, should something leave reference cycles, as they pile up (and by
drift: the count never goes below zero, so frees of older objects do not offset new ones). At
50 busy channels for 150 s: 50,000 gave one collection (35 to 58 ms); 20,000 gave two to four
(6 to 15 ms, 33 ms once); 10,000 gave 10 to 14, none shorter (11 to 29 ms): a collection's cost
follows what its objects refer to more than how many they are."""


def settle_collector(level: int = logging.INFO, *, automatic: bool = True) -> None:
    """Run once start-up has loaded what stays for the process's life (modules, commands,
    content, caches filled by warming): collect once, then freeze what is left, so no later
    collection walks those objects again (they are kept for good anyway). `level`: the log
    line's; a drawing worker's is a debug line, since a forked worker writes to the bot's log.

    `automatic`: turn the collector back on where start-up turned it off (`hold_collector`),
    collecting the youngest generation less often than by default; a drawing worker's pauses
    hold up no one but its own boards. Otherwise (the bot) it stays off: the moves leave no
    reference cycles (the interactions, views and sent files let go of themselves once
    handled), so reference counting frees all they make, and each collection would only walk
    what the moves in flight hold, for 10 to 40 ms under load while every table waits.
    `collect_if_grown` collects instead, rarely."""
    gc.collect()
    gc.freeze()
    if automatic:
        gc.enable()
        _, middle, oldest = gc.get_threshold()
        gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
    log.log(
        level,
        "garbage collector settled: %d objects frozen, %s",
        gc.get_freeze_count(),
        f"the youngest generation collected every {YOUNG_THRESHOLD} allocations"
        if automatic
        else f"collected once {GROWTH} more objects are kept",
    )


def collect_if_grown() -> bool:
    """With the collector off: once the process keeps `GROWTH` more objects than after the last
    collection, collect them (objects made since are all in the youngest generation) and
    freeze what is left, as start-up's. Whether it collected. Reference cycles made meanwhile
    are freed here; one that holds a frozen object is never freed, which needs an object
    already kept at a collection to die in a cycle later."""
    if gc.isenabled() or gc.get_count()[0] < GROWTH:
        return False
    gc.collect(0)
    gc.freeze()
    return True
