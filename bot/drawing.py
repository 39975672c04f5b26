"""Board images drawn in a small pool of worker processes.

Pillow holds the GIL while it draws, so threads would serialise every channel's board on one
core and stall the event loop that keeps the gateway's heartbeat. Worker processes use every
core; the pool is warmed at start-up so the first move pays no import, and a worker that dies
(a crash, an out-of-memory kill) only costs that board a retry on a fresh pool.
"""

from __future__ import annotations

import asyncio
import ctypes
import io
import logging
import multiprocessing
import os
import signal
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import discord

from bot.table import Table
from render import board_png

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1
"""prctl option: the signal a process gets when its parent dies."""


def _die_with_the_bot(bot_pid: int) -> None:
    """Run first in each worker: if the bot is killed outright (no shutdown code runs), its
    workers die with it instead of lingering on as orphans (Linux; elsewhere they notice the
    closed queue a little later). A bot that died while this worker was still starting is
    caught by the check after the request, which the kernel would no longer deliver."""
    try:
        libc = ctypes.CDLL(None)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != bot_pid:
        os._exit(0)


def _warm() -> int:
    """Run once in each worker: the renderers and their fonts are imported by then."""
    return os.getpid()


class Drawing:
    def __init__(self, workers: int) -> None:
        """`workers`: processes in the pool; 0 draws in a thread of this process instead
        (for tests that start many bots and draw tiny boards)."""
        self.workers = workers
        self._pool: Executor | None = None

    def _new_pool(self) -> Executor | None:
        if self.workers <= 0:
            return None
        # Spawned, not forked: the bot process has threads (the database's) that a fork
        # would copy mid-flight.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=_die_with_the_bot,
            initargs=(os.getpid(),),
        )

    async def start(self) -> None:
        self._pool = self._new_pool()
        if self._pool is None:
            return
        loop = asyncio.get_running_loop()
        pids = await asyncio.gather(
            *(loop.run_in_executor(self._pool, _warm) for _ in range(self.workers))
        )
        log.info("board drawing warmed up in %d worker process(es)", len(set(pids)))

    async def step(
        self, before: Table, after: Table, players: list[str] | None = None
    ) -> discord.File | None:
        """A picture of what one step changed, or None when it cannot be drawn."""
        return None

    async def board(self, table: Table, players: list[str] | None = None) -> discord.File:
        """The table's current board as a PNG attachment, drawn off the event loop."""
        assert table.state is not None
        view = table.game.view(table.state, None)
        loop = asyncio.get_running_loop()
        try:
            png = await loop.run_in_executor(self._pool, board_png, table.game.id, view)
        except BrokenProcessPool:
            log.warning("a drawing worker died; starting a fresh pool for game %s", table.row.id)
            self.stop()
            self._pool = self._new_pool()
            png = await loop.run_in_executor(self._pool, board_png, table.game.id, view)
        return discord.File(io.BytesIO(png), filename="board.png")

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
