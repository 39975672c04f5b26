"""What every store's transactions promise, however it sends their statements: a write that
fails, whenever the database reports it, undoes its whole transaction and leaves the store
usable, as does a transaction cancelled midway. SQLite holds a transaction's writes back and
sends them with its next read or its commit (PostgreSQL sends each at once, on the
transaction's own connection): another task reading meanwhile neither sends them nor sees
them, nor answers for their errors."""

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


async def test_a_read_meanwhile_sees_no_write_held_back_nor_its_error(store: GameStore):
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
    with pytest.raises(Exception, match=r"(?i)null"):
        await task
    assert await note_of(sql, row.id) is None


SLOW = (
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000)"
    " SELECT MAX(x) FROM c"
)
"""A read that keeps the database busy for a while (a fraction of a second)."""


async def test_a_transaction_cancelled_mid_statement_keeps_nothing(store: GameStore):
    """A shutdown cancels a command while its statements run: what the transaction wrote is
    undone once they finish, and the store takes the next transaction as usual."""
    row = await running(store)
    sql: Any = store
    reading = asyncio.Event()

    async def writer() -> None:
        async with sql._transaction():
            await sql._later(NOTE, ("cancelled", row.id))
            reading.set()
            await sql._rows(SLOW)

    task = asyncio.create_task(writer())
    await reading.wait()
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await note_of(sql, row.id) is None
    async with sql._transaction():
        await sql._later(NOTE, ("next", row.id))
    assert await note_of(sql, row.id) == "next"
