"""The SQLite store: one file in WAL mode, one connection, one writer at a time.

`SqliteStore` fills `bot.store.protocol.GameStore`. This module holds the connection and runs
the statements on it; the store's parts are mixins over `bot.store.sql.Sql`, one module each,
gathered in `bot.store.parts`: the games and their logs (`games`), publication's outbox
(`outbox`), waits, settings, time away and rewinds (`waits`), the record of a game (`record`),
drafts of secret orders (`drafts`), owed answers (`answers`), spectator page links
(`spectators`) and the database's lease (`lease`). Their SQL passes through the dialect
(`bot.store.dialect`), so it holds no SQLite detail of its own; what is SQLite's alone
(opening the file, PRAGMAs, migrations) is in `schema`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.store import schema
from bot.store.batch import COUNT, EACH, ROWS, Connection, Statement
from bot.store.dialect import SQLITE, Dialect
from bot.store.parts import SqlStore
from bot.store.sql import Args, Read

MIGRATIONS = schema.bundled()


class SqliteStore(SqlStore):
    """One SQLite file in WAL mode, one connection, one writer at a time."""

    def __init__(
        self, path: Path | str, migrations: Path = MIGRATIONS, dialect: Dialect = SQLITE
    ) -> None:
        self.path = Path(path)
        self.migrations = migrations
        self.dialect = dialect
        self._db: Connection | None = None
        self._write = asyncio.Lock()
        self._held: list[Statement] = []
        """Writes of the open transaction not yet sent (`Sql._later`)."""
        self._holder: asyncio.Task[Any] | None = None
        """The task whose transaction is open, which alone sends what is held."""

    async def open(self) -> None:
        """Connect and bring the schema up to date, or raise `schema.StoreUnusable`.

        Opening twice is harmless: `python -m bot` opens the store before it connects to
        Discord, so that an unusable file stops it at once, and `setup_hook` opens it again.
        """
        if self._db is None:
            self._db = await schema.connect(self.path, self.migrations)

    async def aclose(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def migrate(self) -> list[str]:
        """Apply every migration not yet recorded, in file-name order, each in one transaction."""
        return await schema.migrate(self.db, self.path, schema.load(self.migrations))

    async def _exec(self, sql: str, args: Args = ()) -> int:
        return int(await self._send([Statement(self.dialect.sql(sql), args)], COUNT))

    async def _many(self, sql: str, rows: Iterable[Args]) -> None:
        statement = Statement(self.dialect.sql(sql), list(rows), many=True)
        if self._holding():
            self._held.append(statement)
        else:
            await self._send([statement], COUNT)

    async def _rows(self, sql: str, args: Args = ()) -> list[dict[str, Any]]:
        """Read in one call on the connection's thread: no statement stays open between calls,
        so another task's write on this connection never finds a read of an older snapshot in
        its way (which another process's commit meanwhile would turn into an immediate
        "database is locked")."""
        found: list[dict[str, Any]] = await self._send(
            [Statement(self.dialect.sql(sql), args)], ROWS
        )
        return found

    async def _reads(self, reads: Sequence[Read]) -> list[list[dict[str, Any]]]:
        asked = [Statement(self.dialect.sql(sql), args) for sql, args in reads]
        found: list[list[dict[str, Any]]] = await self._send(asked, EACH)
        return found

    async def _later(self, sql: str, args: Args = ()) -> None:
        statement = Statement(self.dialect.sql(sql), args)
        if self._holding():
            self._held.append(statement)
        else:
            await self._send([statement], COUNT)

    async def _begin(self) -> None:
        """The transaction starts with its first trip to the connection's thread."""
        self._holder = asyncio.current_task()
        self._held = [Statement(self.dialect.begin, ())]

    async def _commit(self) -> None:
        await self._send([Statement("COMMIT", ())], COUNT)
        self._holder = None

    async def _rollback(self) -> None:
        """What was held back is dropped; a transaction whose `BEGIN` was sent is undone."""
        self._held, self._holder = [], None
        await self.db.undo()

    def _holding(self) -> bool:
        """Whether the current task's transaction is open here, so its writes may wait."""
        return self._holder is not None and self._holder is asyncio.current_task()

    async def _send(self, asked: list[Statement], want: str) -> Any:
        """`asked` in one trip to the connection's thread, after the writes the current task's
        transaction held back (another task's read goes alone: it must not carry them, nor
        answer for their errors)."""
        held: list[Statement] = []
        if self._holding():
            held, self._held = self._held, []
        return await self.db.run(held, asked, want)
