"""The plumbing every part of the SQL store shares: statements through the dialect, one writer.

Each part of the store (games, outbox, waits, record, drafts, answers) is a mixin over `Sql`,
and sends every statement through these few methods, which pass it through the `Dialect`
(`bot.store.dialect`) first. So the parts hold no dialect detail of their own: a store on
another database brings its dialect and its connection (the three primitives `_exec`, `_many`
and `_rows`, and what `_write` holds), and the parts' SQL is the same.

Writes take `_write`: on SQLite the writer lock (one write at a time on the store's one
connection), on PostgreSQL one pooled connection held for the block, so a transaction's
statements run on it while other tasks write on theirs. A write made on behalf of a player's
command marks that command's owed answer in its own transaction (`bot.store.answers`), so a
crash after the commit cannot leave the player told that nothing changed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from bot.store.dialect import Dialect
from bot.store.owed import OWED, Owed

Args = Sequence[Any]
Read = tuple[str, Args]
"""A query and its values."""


class NoRow(LookupError):
    """A query that always yields one row yielded none: the database broke that promise."""


class Sql:
    """Statements, transactions and the writer, over the connection a store brings."""

    dialect: Dialect
    _write: AbstractAsyncContextManager[Any]

    async def _exec(self, sql: str, args: Args = ()) -> int:
        """Run one statement inside the caller's transaction (or lock); the rows it changed."""
        raise NotImplementedError(f"{type(self).__name__} runs no statements")

    async def _many(self, sql: str, rows: Iterable[Args]) -> None:
        """Run one statement once per row of values, inside the caller's transaction."""
        raise NotImplementedError(f"{type(self).__name__} runs no statements")

    async def _rows(self, sql: str, args: Args = ()) -> list[dict[str, Any]]:
        """Every row of a query (or of a write's `RETURNING`), as dicts in column order."""
        raise NotImplementedError(f"{type(self).__name__} runs no statements")

    async def _reads(self, reads: Sequence[Read]) -> list[list[dict[str, Any]]]:
        """The rows of several queries, in order: a store may send them together (SQLite in
        one trip to its connection's thread)."""
        return [await self._rows(sql, args) for sql, args in reads]

    async def _row(self, sql: str, args: Args = ()) -> dict[str, Any] | None:
        """The one row of a query by key (or `LIMIT 1`), or None."""
        rows = await self._rows(sql, args)
        return rows[0] if rows else None

    async def _value(self, sql: str, args: Args = ()) -> Any:
        """The first column of the first row, or None when there is no row."""
        rows = await self._rows(sql, args)
        return next(iter(rows[0].values())) if rows else None

    async def _scalar(self, sql: str, args: Args = ()) -> Any:
        """The one value of a query that always yields one row (an aggregate, a column of a row
        the caller holds, a `RETURNING` of a row it writes): no row means the database broke
        that promise, which is an error here rather than a None mistaken for a value later."""
        rows = await self._rows(sql, args)
        if not rows:
            raise NoRow(f"no row from a query that always yields one: {sql}")
        return next(iter(rows[0].values()))

    async def _later(self, sql: str, args: Args = ()) -> None:
        """A write inside a transaction whose outcome the caller does not read. A store may
        hold it back and send it with the transaction's next statement, or with its commit (on
        SQLite one trip to the connection's thread for them all, instead of one each); an
        error it raises then is raised there, inside the transaction, which rolls back."""
        await self._exec(sql, args)

    async def _begin(self) -> None:
        await self._exec(self.dialect.begin)

    async def _commit(self) -> None:
        await self._exec("COMMIT")

    async def _rollback(self) -> None:
        await self._exec("ROLLBACK")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One write, all or nothing, that also marks the command's owed answer. A commit
        that fails (a held-back write's error, a busy or full disk) rolls back too."""
        owed = OWED.get()
        async with self._write:
            await self._begin()
            try:
                yield
                await self._mark_owed(owed)
                await self._commit()
            except BaseException:
                await self._rollback()
                if owed is not None:
                    owed.settled(committed=False)
                raise
            if owed is not None:
                owed.settled(committed=True)

    async def _set(self, sql: str, args: Args) -> int:
        """One write on its own under the writer lock (in a transaction only when a player's
        command must be marked with it); the rows it changed."""
        if _to_mark(OWED.get()):
            async with self._transaction():
                return await self._exec(sql, args)
        async with self._write:
            return await self._exec(sql, args)

    async def _returning(self, sql: str, args: Args) -> list[dict[str, Any]]:
        """One write on its own that hands back rows (`RETURNING`), as `_set` makes it."""
        if _to_mark(OWED.get()):
            async with self._transaction():
                return await self._rows(sql, args)
        async with self._write:
            return await self._rows(sql, args)

    async def _mark_owed(self, owed: Owed | None) -> None:
        """At the end of any write's transaction: the owed row records that something changed,
        unless it already says so (a committed write, or this transaction's step)."""
        if not _to_mark(owed):
            return
        assert owed is not None
        await self._later(
            "UPDATE owed_answers SET changed = 1 WHERE interaction_id = ?", (owed.interaction_id,)
        )
        owed.marking = True


def _to_mark(owed: Owed | None) -> bool:
    """Whether a write must mark the owed answer's row: for a command whose row does not yet
    say that something changed. A single statement needs no transaction of its own otherwise
    (each is atomic), which saves a `BEGIN` and a `COMMIT` on every publication step."""
    return owed is not None and not owed.changed and not owed.marking
