"""Board images drawn in a small pool of worker processes.

Pillow holds the GIL while it draws, so threads would serialise every channel's board on one
core and stall the event loop that keeps the gateway's heartbeat. Worker processes use every
core; the pool is warmed at start-up so the first move pays no import, and a worker that dies
(a crash, an out-of-memory kill) only costs that board a retry on a fresh pool.

Two pictures are drawn: the whole board (`board`), and after a step the part of the board it
changed (`step`), small enough to read on a phone. Both show the players' display names.
"""

from __future__ import annotations

import asyncio
import ctypes
import io
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import discord

from bot.table.model import Table
from engine.games import REGISTRY
from render import board_png, focus_for, focus_png, renderer_for

log = logging.getLogger(__name__)
T = TypeVar("T")

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
    """Run once in each worker: imports every game's renderer, so no board pays for it."""
    for game_id in REGISTRY:
        try:
            renderer_for(game_id)
            focus_for(game_id)
        except KeyError:
            pass  # a game without a board: the bot refuses to start on it anyway
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
        """A picture of what one step changed (the part of the board around it, readable on a
        phone: `render.focus_png`), drawn off the event loop; None when nothing on the board
        changed, the game draws no such pictures, or it cannot be drawn (the step is posted
        without one rather than not at all)."""
        if before.state is None or after.state is None or before.game.id != after.game.id:
            return None
        old = before.game.view(before.state, None)
        new = after.game.view(after.state, None)
        if old == new:
            return None
        try:
            png = await self._draw(after, focus_png, after.game.id, old, new, players)
        except Exception:
            log.exception("could not draw the step picture for game %s", after.row.id)
            return None
        return None if png is None else discord.File(io.BytesIO(png), filename="step.png")

    async def board(self, table: Table, players: list[str] | None = None) -> discord.File:
        """The table's current board as a PNG attachment, drawn off the event loop; `players`
        (display names by seat) are shown beside the seat names."""
        assert table.state is not None
        view = table.game.view(table.state, None)
        png = await self._draw(table, board_png, table.game.id, view, players)
        return discord.File(io.BytesIO(png), filename="board.png")

    async def _draw(self, table: Table, draw: Callable[..., T], *args: object) -> T:
        """`draw(*args)` in the pool (or a thread, without one); a dead worker costs a retry
        on a fresh pool."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, draw, *args)
        except BrokenProcessPool:
            log.warning("a drawing worker died; starting a fresh pool for game %s", table.row.id)
            self.stop()
            self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, draw, *args)

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
