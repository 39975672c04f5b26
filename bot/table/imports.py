"""Reading a record file for `/game import`, bounded in size, in time and in what runs at once.

The file is parsed and every step replayed in a worker thread, so the event loop keeps serving
every other table meanwhile; the replay stops with a specific refusal once it has run for
`record.REPLAY_SECONDS`, and imports wait their turn (`AT_ONCE`) so that members sending many
files at once take one core, not all of them. What a record may hold (bytes, steps, nesting,
numbers, seed) is checked by `bot.table.record`. Nothing here talks to Discord.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.table import record
from engine import Game, GameState
from engine.messages import ENGLISH

AT_ONCE = 1
"""Records replayed at the same time by one bot process; further imports wait for a turn."""

_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


@dataclass
class Imported:
    """A record read and replayed, every check passed."""

    record: record.Record
    game: Game[Any, Any]
    told: list[tuple[int, str]]
    """The narration of each step, by step."""
    state: GameState
    """The game at the record's last step."""


def _gate() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(AT_ONCE)
    return gate


async def read(
    raw: bytes,
    check: Callable[[record.Record, Game[Any, Any]], None],
    language: str = ENGLISH,
) -> Imported:
    """The record in `raw`, read and replayed off the event loop within the time budget, its
    narration in `language` (the table's); `check` may refuse it (raising
    `record.RecordError`) once its header is read, before its steps are replayed. Raises
    `record.RecordError`, `record.TooSlow` past the budget."""
    async with _gate():
        deadline = time.monotonic() + record.REPLAY_SECONDS
        rec, game, start = await asyncio.to_thread(record.read, raw)
        check(rec, game)
        told, state = await asyncio.to_thread(
            lambda: record.narrate(game, start, rec.log, deadline=deadline, language=language)
        )
    return Imported(record=rec, game=game, told=told, state=state)
