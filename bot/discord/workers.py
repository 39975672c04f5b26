"""The drawing worker processes (`bot.discord.drawing`), started half-way through the bot's
start.

A worker needs the engine and every renderer, which the bot loads too (about a second of a
core in each). So the program entry loads that code once, then forks the workers, which find it
loaded and only warm their caches on another core while the bot goes on to load the Discord
client, open the store and build its commands. Spawned workers each loaded it again: a start
(and every restart after a crash) cost a core-second more per worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import signal
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor

from bot.discord.collector import hold_collector

PR_SET_PDEATHSIG = 1
"""prctl option: the signal a process gets when its parent dies."""


def die_with_the_bot(bot_pid: int) -> None:
    """Run first in each worker: if the bot is killed outright (no shutdown code runs), its
    workers die with it instead of lingering on as orphans (Linux; elsewhere they notice the
    closed queue a little later). A bot that died while this worker was still starting is
    caught by the check after the request, which the kernel would no longer deliver."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != bot_pid:
        os._exit(0)


def warm() -> int:
    """In a worker: `bot.discord.drawing_worker.warm` (loaded already in a forked worker, here
    in a spawned one); no collection runs until it settles the collector (`hold_collector`)."""
    hold_collector()
    from bot.discord.drawing_worker import warm

    return warm()


def overview_games() -> frozenset[str]:
    """In a worker: `bot.discord.drawing_worker.overview_games`. It runs before `warm`, which
    settles the collector this holds while a spawned worker loads the engine and renderers."""
    hold_collector()
    from bot.discord.drawing_worker import overview_games

    return overview_games()


def new_pool(forked: bool = False) -> Executor:
    """One worker process of its own, so that what is sent to it runs in that process.

    `forked`: a copy of this process, made at the start (`Workers`) before any thread but the
    earlier workers' pool managers runs; they hold nothing the copy uses, and multiprocessing
    resets its own state in it. Otherwise spawned, loading the code itself: a worker replaced
    after it died is started while the database's thread may be mid-call, which a fork would
    copy mid-flight."""
    context = multiprocessing.get_context("fork" if forked else "spawn")
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=context,
        initializer=die_with_the_bot,
        initargs=(os.getpid(),),
    )


class Workers:
    """`count` worker processes, each already warming when this returns; 0: none (boards are
    drawn in a thread of the bot's own process)."""

    def __init__(self, count: int) -> None:
        self.count = count
        forked = count > 0 and threading.active_count() == 1
        if forked:  # loaded once, here, for the bot and every worker
            import bot.discord.drawing_worker  # noqa: F401
        self.pools: list[Executor | None] = (
            [new_pool(forked) for _ in range(count)] if count > 0 else [None]
        )
        self._overviews: Future[frozenset[str]] | None = None
        self._warm: list[Future[int]] = []
        first = self.pools[0]
        if first is not None:
            self._overviews = first.submit(overview_games)
            self._warm = [pool.submit(warm) for pool in self.pools if pool is not None]

    async def ready(self) -> tuple[frozenset[str], int]:
        """Once every worker is warm: the games whose turn messages show a phone overview,
        and how many worker processes drew them."""
        if self._overviews is None:  # in a thread of the bot, whose collector is its own
            from bot.discord import drawing_worker

            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, drawing_worker.overview_games), 0
        overviews = await asyncio.wrap_future(self._overviews)
        pids = await asyncio.gather(*(asyncio.wrap_future(f) for f in self._warm))
        return overviews, len(set(pids))

    def stop(self) -> None:
        for pool in self.pools:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self.pools = []
