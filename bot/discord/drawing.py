"""Board images drawn in a small set of worker processes, each game always by the same one.

Pillow holds the GIL while it draws, so threads would serialise every channel's board on one
core and stall the event loop that keeps the gateway's heartbeat. Worker processes use every
core; each is warmed at start-up so the first move pays no import (`bot.discord.workers` starts
them before the bot loads), and a worker that dies (a crash, an out-of-memory kill) only costs
that board a retry on a fresh worker.

A board is drawn on layers cached per process and per layout (a Bloc by Bloc city, the key),
which cost far more to draw than a move does. Sent to whichever worker is free, every game's
layout ends up cached in every worker, the caches hold a few layouts each and so keep evicting
one another: each worker redraws layers move after move and holds the largest set. So each
game has a home worker (the one home to the fewest games of its kind when it is first drawn)
and all its pictures are drawn there: a worker caches only its own games' layouts.

Two pictures are drawn: the whole board (`board`), and after a step the part of the board it
changed (`step`), small enough to read on a phone. Both show the players' display names. A
finished game's timelapse, and the spectator page's boards at any step, are drawn in the same
workers (`timelapse`, `work`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import discord

from bot.discord import drawing_worker
from bot.discord.attachments import Attachment
from bot.discord.workers import Workers, new_pool
from bot.metrics import RENDER_SECONDS, WORKER_RESTARTS
from bot.store.models import GameRow
from bot.table import timelapse
from bot.table.model import Table
from bot.table.spectate import entries_of
from bot.table.speech import table_language
from engine import history

log = logging.getLogger(__name__)
T = TypeVar("T")

HOMES_KEPT = 4096
"""Games whose home worker is remembered: a game forgotten (long idle) gets a new home, the
least busy one at that time."""
LAPSE_ATTEMPTS = 3
"""Times a timelapse is begun before it is given up: each time, its worker died under it."""


class Drawing:
    def __init__(
        self,
        workers: int,
        timelapse_frames: int = timelapse.MAX_FRAMES,
        started: Workers | None = None,
    ) -> None:
        """`workers`: worker processes; 0 draws in a thread of this process instead
        (for tests that start many bots and draw tiny boards). `timelapse_frames`: the most
        frames of a timelapse (`TIMELAPSE_FRAMES`). `started`: those workers, already
        warming (the program entry starts them first); without it, `start` starts them."""
        self.workers = workers
        self.timelapse_frames = timelapse_frames
        self._started = started
        self._pools: list[Executor | None] = []
        self._homes: OrderedDict[int, tuple[int, str]] = OrderedDict()
        """Game id -> the index of the worker that draws it and the game's kind, most recently
        drawn last."""
        self._counts: dict[str, list[int]] = {}
        """Per kind of game, how many remembered games of it each worker is home to."""
        self._lapses = itertools.count()
        """Names each timelapse drawn, so that its worker tells it from another it held."""
        self._lapsing = [asyncio.Semaphore() for _ in range(max(1, workers))]
        """One timelapse at a time per worker: each holds sixty frames while it is drawn."""
        self.overviews: frozenset[str] = frozenset()
        """The games whose turn messages show a phone overview (known once `start` ran)."""

    async def start(self) -> None:
        started = self._started or Workers(self.workers)
        self._started = None
        self._pools, started.pools = started.pools, []
        self.overviews, warmed = await started.ready()
        if warmed:
            log.info("board drawing warmed up in %d worker process(es)", warmed)

    def home(self, game_id: int, kind: str) -> int:
        """The index of the worker that draws `game_id`, a game of `kind` (its game's key):
        where it was drawn before, or the worker home to the fewest games of that kind, then to
        the fewest games. Counted per kind because games differ: channels opened in turn as a
        Bloc by Bloc and a Not On My Block table sent every Bloc by Bloc game to one worker,
        which then held every city's layers and did most of the drawing."""
        known = self._homes.get(game_id)
        if known is not None:
            self._homes.move_to_end(game_id)
            return known[0]
        if self.workers <= 0:
            return 0
        counts = self._counts.setdefault(kind, [0] * self.workers)
        index = min(
            range(self.workers),
            key=lambda n: (counts[n], sum(each[n] for each in self._counts.values())),
        )
        self._homes[game_id] = (index, kind)
        counts[index] += 1
        if len(self._homes) > HOMES_KEPT:
            _, (at, gone) = self._homes.popitem(last=False)
            self._counts[gone][at] -= 1
        return index

    async def step(
        self, before: Table, after: Table, players: list[str] | None = None
    ) -> discord.File | None:
        """A picture of what one step changed (the part of the board around it, readable on a
        phone: `render.focus_png`), drawn off the event loop; None when nothing on the board
        changed, the game draws no such pictures, or it cannot be drawn (the step is posted
        without one rather than not at all)."""
        if before.state is None or after.state is None or before.game.id != after.game.id:
            return None
        old, new = before.state.model_dump_json(), after.state.model_dump_json()
        if old == new:
            return None
        try:
            png = await self._draw(
                after, drawing_worker.step, after.game.id, old, new, players, _spoken(after)
            )
        except Exception:
            log.exception("could not draw the step picture for game %s", after.row.id)
            return None
        return None if png is None else Attachment(png, "step.png")

    async def board(self, table: Table, players: list[str] | None = None) -> discord.File:
        """The table's current board as a PNG attachment, drawn off the event loop; `players`
        (display names by seat) are shown beside the seat names."""
        assert table.state is not None
        state = table.state.model_dump_json()
        png = await self._draw(
            table, drawing_worker.board, table.game.id, state, players, _spoken(table)
        )
        return Attachment(png, "board.png")

    async def turn(
        self, table: Table, players: list[str] | None = None, before: Table | None = None
    ) -> discord.File:
        """The picture of a turn message: for a game whose whole board a phone cannot read,
        the region in play and the counts (`render.overview_png`; what `before` changed is
        marked), else the whole board. `/game board` always posts the whole board."""
        assert table.state is not None
        earlier = None if before is None or before.state is None else before.state
        png, name = await self._draw(
            table,
            drawing_worker.turn,
            table.game.id,
            table.state.model_dump_json(),
            players,
            None if earlier is None else earlier.model_dump_json(),
            _spoken(table),
        )
        return Attachment(png, name)

    async def timelapse(
        self, table: Table, entries: Sequence[history.Entry]
    ) -> discord.File | None:
        """The finished game's timelapse (`bot.table.timelapse`) as an attachment; None when
        it cannot be drawn (its message then says so, and that `/game timelapse` tries again)."""
        try:
            data = await self.lapse(table.row, entries)
        except Exception:
            log.exception("could not draw the timelapse of game %s", table.row.id)
            return None
        return Attachment(data, timelapse.NAME)

    async def lapse(self, row: GameRow, entries: Sequence[history.Entry]) -> bytes:
        """The finished game's timelapse file, drawn in the game's home worker a slice at a
        time (`drawing_worker.lapse`): each slice joins the back of the worker's queue, so the
        boards of the other games it draws wait for a slice at most, not for seconds."""
        assert row.seed is not None
        start: drawing_worker.LapseStart = (
            row.game,
            row.options,
            row.seed,
            entries_of(entries),
            self.timelapse_frames,
        )
        for _attempt in range(LAPSE_ATTEMPTS - 1):
            try:
                return await self._lapse(row, start)
            except drawing_worker.LapseLost:
                log.warning("the timelapse of game %s was lost with its worker; again", row.id)
        return await self._lapse(row, start)

    async def _lapse(self, row: GameRow, start: drawing_worker.LapseStart) -> bytes:
        key = next(self._lapses)
        async with self._lapsing[self.home(row.id, row.game)]:
            data = await self.work(row.id, row.game, drawing_worker.lapse, key, start)
            while data is None:
                data = await self.work(row.id, row.game, drawing_worker.lapse, key)
        return data

    async def _draw(self, table: Table, draw: Callable[..., T], *args: object) -> T:
        return await self.work(table.row.id, table.game.id, draw, *args)

    async def work(self, game_id: int, kind: str, draw: Callable[..., T], *args: object) -> T:
        """`draw(*args)` in the home worker of the game `game_id`, a game of `kind` (or a
        thread, without workers); a dead worker costs a retry on a fresh one in its place, the
        others keep their caches. The spectator page draws its boards through this too."""
        return await self._on(self.home(game_id, kind), draw, *args)

    async def each(
        self, work: Callable[..., T], args: Callable[[int], tuple[object, ...]]
    ) -> list[T]:
        """`work(*args(n))` in every worker `n` at once (one call in a thread, without
        workers): a computer's search run side by side with a seed per worker."""
        count = max(1, len(self._pools)) if self.workers > 0 else 1
        return list(await asyncio.gather(*(self._on(n, work, *args(n)) for n in range(count))))

    async def _on(self, index: int, draw: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        pool = self._pools[index] if self._pools else None
        started = time.perf_counter()
        try:
            return await loop.run_in_executor(pool, draw, *args)
        except BrokenProcessPool:
            WORKER_RESTARTS.inc()
            log.warning("drawing worker %s died; starting a fresh one in its place", index)
            if self._pools and self._pools[index] is pool:
                if pool is not None:
                    pool.shutdown(wait=False, cancel_futures=True)
                self._pools[index] = new_pool()
            return await loop.run_in_executor(self._pools[index], draw, *args)
        finally:
            RENDER_SECONDS.observe(time.perf_counter() - started)

    def stop(self) -> None:
        """Shut the workers down, also those handed over but never started."""
        if self._started is not None:
            self._started.stop()
            self._started = None
        for pool in self._pools:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._pools = []


def _spoken(table: Table) -> str:
    """The language a table's pictures are drawn in: its channel's."""
    return table_language(table.row)
