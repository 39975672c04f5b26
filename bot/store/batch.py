"""SQLite statements sent to the connection's thread together.

aiosqlite runs every call in its connection's own thread, and each call is a round trip: the
event loop queues it, wakes the thread, and is woken in turn by the result. A move's
transaction writes a dozen statements whose outcome nobody reads before the commit, so the
store holds them back (`Sql._later`) and sends them with the next statement that answers
something, or with the `COMMIT`, in one trip (`Connection.run`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import aiosqlite

COUNT = "count"
"""What `Connection.run` answers: the rows the last statement changed."""
ROWS = "rows"
"""What `Connection.run` answers: the last statement's rows, as dicts in column order."""
EACH = "each"
"""What `Connection.run` answers: the rows of each statement asked."""


class Statement(NamedTuple):
    sql: str
    """In SQLite's own dialect."""
    args: Any
    """Its values; with `many`, a list of them, the statement run once for each."""
    many: bool = False


class Connection(aiosqlite.Connection):
    """aiosqlite's connection with one call more: several statements in one trip."""

    async def run(self, held: Sequence[Statement], asked: Sequence[Statement], want: str) -> Any:
        """Run the `held` writes, then the `asked` statements, in order on the connection's
        thread; `want` says what to answer: of the last asked, the rows it changed (`COUNT`)
        or its rows (`ROWS`); or the rows of each asked (`EACH`). The first statement that
        fails raises, and the rest are not run."""
        return await self._execute(self._run, [*held, *asked], len(asked), want)

    async def undo(self) -> None:
        """Roll back the open transaction, if there is one once every call queued before this
        has run (a batch whose caller was cancelled still runs, and may hold its `BEGIN`)."""
        await self._execute(self._undo)

    def _undo(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def _run(self, statements: list[Statement], asked: int, want: str) -> Any:
        answers = []
        for n, (sql, args, many) in enumerate(statements):
            cursor = self._conn.executemany(sql, args) if many else self._conn.execute(sql, args)
            if want == EACH and n >= len(statements) - asked:
                answers.append([dict(row) for row in cursor.fetchall()])
        if want == EACH:
            return answers
        if want == ROWS:
            return [dict(row) for row in cursor.fetchall()]
        return cursor.rowcount


async def connect(path: Path, **options: Any) -> Connection:
    """Open `path` as `aiosqlite.connect` does, with `sqlite3.connect`'s `options`."""
    db = Connection(lambda: sqlite3.connect(str(path), **options), iter_chunk_size=64)
    await db  # starts its thread and connects there
    return db
