"""Drafts of secret orders: what a seat has written on its open order sheet so far.

A draft is the seat's own business until it submits: it lives here, one row per (game, seat),
bound to the decision it was written for, and never reaches the log, the channel or the other
seats. A draft for an older decision (the sheet was submitted, forced or replaced since) reads
as empty and is replaced by the next write. `DraftStore` is the part of the store protocol a
PostgreSQL store would fill the same way; `SqliteDrafts` is mixed into `SqliteStore`.
"""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Protocol

import aiosqlite

from bot.store import schema


class DraftStore(Protocol):
    async def draft(self, game_id: int, seat: int, decision: int) -> dict[str, str]: ...
    async def put_draft(
        self, game_id: int, seat: int, decision: int, lines: dict[str, str]
    ) -> None: ...
    async def drop_draft(self, game_id: int, seat: int) -> None: ...


class SqliteDrafts:
    """The draft methods of `SqliteStore` (which provides `db` and `_transaction`)."""

    if TYPE_CHECKING:

        @property
        def db(self) -> aiosqlite.Connection: ...
        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    async def draft(self, game_id: int, seat: int, decision: int) -> dict[str, str]:
        """The lines the seat has written for `decision`; empty when it has written none, or
        only for an older decision."""
        async with self.db.execute(
            "SELECT decision, lines FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cur:
            row = await cur.fetchone()
        if row is None or int(row[0]) != decision:
            return {}
        lines = json.loads(row[1])
        return {str(k): str(v) for k, v in lines.items()} if isinstance(lines, dict) else {}

    async def put_draft(
        self, game_id: int, seat: int, decision: int, lines: dict[str, str]
    ) -> None:
        """Store the whole draft for `decision`, replacing whatever the seat had before."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO drafts (game_id, seat, decision, lines, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " decision = excluded.decision, lines = excluded.lines,"
                " updated_at = excluded.updated_at",
                (game_id, seat, decision, json.dumps(lines), schema.now()),
            )

    async def drop_draft(self, game_id: int, seat: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def _forget_drafts(self, db: aiosqlite.Connection, game_id: int) -> None:
        """Inside the transaction that ends a game: no seat of it writes orders any more."""
        await db.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))
