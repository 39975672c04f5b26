"""What every store's transactions promise, however it sends their statements: a write that
fails, whenever the database reports it, undoes its whole transaction and leaves the store
usable; and another task reading meanwhile sees none of a transaction that has not committed.
(SQLite holds a transaction's writes back and sends them together; PostgreSQL sends each.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.store.protocol import GameStore
from tests.store.helpers import running

NOTE = "UPDATE games SET closed_reason = ? WHERE id = ?"
BROKEN = "INSERT INTO actions (game_id, seq, seat, user_id, action) VALUES (?, 1, 0, 7, NULL)"
"""A write the database refuses (an action must say what it was), known only when run."""


async def note_of(store: Any, game_id: int) -> str | None:
    return await store._value("SELECT closed_reason FROM games WHERE id = ?", (game_id,))


async def test_a_write_refused_at_a_transactions_end_undoes_all_of_it(store: GameStore):
    row = await running(store)
    sql: Any = store
    with pytest.raises(Exception) as refused:
        async with sql._transaction():
            await sql._later(NOTE, ("kept?", row.id))
            await sql._later(BROKEN, (row.id,))
    assert "null" in str(refused.value).lower()
    assert await note_of(sql, row.id) is None, "the write before it was undone"
    assert await store.action_log(row.id) == []
    async with sql._transaction():  # the store is not left inside the failed transaction
        await sql._later(NOTE, ("written", row.id))
    assert await note_of(sql, row.id) == "written"


async def test_a_read_meanwhile_sees_nothing_of_an_open_transaction(store: GameStore):
    row = await running(store)
    sql: Any = store
    written, read = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with sql._transaction():
            await sql._later(NOTE, ("uncommitted", row.id))
            written.set()
            await read.wait()
            await sql._later(BROKEN, (row.id,))

    task = asyncio.create_task(writer())
    await written.wait()
    seen = await store.get(row.id)  # another task, while the transaction is open
    assert seen is not None and await note_of(sql, row.id) is None
    read.set()
    with pytest.raises(Exception, match="(?i)null"):
        await task
    assert await note_of(sql, row.id) is None
