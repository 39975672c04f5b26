"""The PostgreSQL store: one database that several bot processes share, through a pool.

`PostgresStore` fills `bot.store.protocol.GameStore` with the same parts as `SqliteStore`
(`bot.store.parts`), their SQL passed through the PostgreSQL dialect; this module holds the
pool and runs the statements on it. A write holds one pooled connection for its block
(`Held`), so each transaction's statements run on its own connection while other tasks, and
other processes, write on theirs: versions refuse stale moves, each move holds its game's
lock, and claims pass over what another process's claim holds (`bot.store.dialect`).
Selected by `DATABASE_URL=postgresql://…` (`bot.store.choice`); the URL is never logged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar, Token
from importlib.resources.abc import Traversable
from types import TracebackType
from typing import Any

import asyncpg

from bot.store import pg_schema
from bot.store.dialect import POSTGRESQL, Dialect
from bot.store.parts import SqlStore
from bot.store.sql import Args

MIGRATIONS = pg_schema.bundled()
POOL_SIZE = 10
"""Connections one process keeps: writes hold one each while they run (a few milliseconds),
so ten serve a process's moves, sweeps and publishing at once."""


class Held:
    """`async with` holds one pooled connection for the block: every statement the task runs
    inside it (a transaction's `BEGIN` to its `COMMIT`) runs on that connection."""

    def __init__(self, pool: Callable[[], asyncpg.Pool], current: ContextVar[Any]) -> None:
        self._pool = pool
        self._current = current
        self._entered: ContextVar[tuple[Any, Token[Any]] | None] = ContextVar(
            f"{current.name}_entered", default=None
        )

    async def __aenter__(self) -> None:
        conn = await self._pool().acquire()
        self._entered.set((conn, self._current.set(conn)))

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        entered = self._entered.get()
        assert entered is not None
        conn, token = entered
        self._entered.set(None)
        self._current.reset(token)
        await self._pool().release(conn)


class PostgresStore(SqlStore):
    """A PostgreSQL database shared by every bot process, through a pool of connections."""

    def __init__(
        self,
        url: str,
        migrations: Traversable = MIGRATIONS,
        dialect: Dialect = POSTGRESQL,
        pool_size: int = POOL_SIZE,
    ) -> None:
        self._url = url
        self.where = pg_schema.masked(url)
        """The database, as messages and logs may name it."""
        self.migrations = migrations
        self.dialect = dialect
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._current: ContextVar[Any] = ContextVar(f"pg_{id(self)}", default=None)
        self._write = Held(lambda: self.pool, self._current)

    def __repr__(self) -> str:
        return f"PostgresStore({self.where!r})"

    async def open(self) -> None:
        """Connect and bring the schema up to date, or raise `schema.StoreUnusable`; opening
        twice is harmless, as for `SqliteStore`."""
        if self._pool is None:
            self._pool = await pg_schema.connect(self._url, self.migrations, self.pool_size)

    async def aclose(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    async def _exec(self, sql: str, args: Args = ()) -> int:
        status = await (self._current.get() or self.pool).execute(self.dialect.sql(sql), *args)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def _many(self, sql: str, rows: Iterable[Args]) -> None:
        values = list(rows)
        if values:
            await (self._current.get() or self.pool).executemany(self.dialect.sql(sql), values)

    async def _rows(self, sql: str, args: Args = ()) -> list[dict[str, Any]]:
        found = await (self._current.get() or self.pool).fetch(self.dialect.sql(sql), *args)
        return [dict(r) for r in found]
