"""Keeping games moving, the store's part: waits, players' settings, time away and rewinds.

A wait is a seat that owes a decision, with the moment its next reminder or limit comes
(`due_at`, indexed), so a sweep reads only the waits that are due, whatever else is stored.
The game's waits are replaced whole by each change to the game, in that change's transaction.
`WaitStore` is the part of the store protocol a PostgreSQL store would fill the same way;
`SqliteWaits` is mixed into `SqliteStore`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

from bot.store import schema
from bot.store.models import DueWait, GameRow, Post, Prefs, Rewind, Wait


class WaitStore(Protocol):
    async def waits(self, game_id: int) -> dict[int, Wait]: ...
    async def put_waits(self, game_id: int, waits: list[Wait]) -> None: ...
    async def update_wait(self, wait: Wait, posts: list[Post]) -> None: ...
    async def due_waits(self, now: datetime, limit: int) -> list[DueWait]: ...
    async def prefs(self, user_ids: list[int]) -> dict[int, Prefs]: ...
    async def set_prefs(self, user_id: int, prefs: Prefs) -> None: ...
    async def away(self, game_id: int) -> dict[int, datetime]: ...
    async def set_away(
        self,
        row: GameRow,
        user_id: int,
        until: datetime | None,
        posts: list[Post],
        waits: list[Wait],
    ) -> None: ...
    async def open_rewind(
        self,
        row: GameRow,
        seqs: list[int],
        asked_by: int,
        announce: Callable[[int], list[Post]],
    ) -> Rewind: ...
    async def rewind(self, rewind_id: int) -> Rewind | None: ...
    async def settle_rewind(
        self, rewind: Rewind, *, agreed: list[int], state: str, posts: list[Post] | None = None
    ) -> bool: ...


def _wait_values(w: Wait) -> tuple[Any, ...]:
    return (
        w.game_id,
        w.seat,
        w.user_id,
        w.decision,
        int(w.out_of_turn),
        schema.moment(w.since),
        w.reminders,
        schema.moment(w.remind_at),
        schema.moment(w.limit_at),
        int(w.limit_told),
        schema.moment(w.due_at),
    )


class SqliteWaits:
    """The waits, settings, time-away and rewind methods of `SqliteStore` (which provides `db`,
    transactions, `_set` and `_tell`)."""

    if TYPE_CHECKING:

        @property
        def db(self) -> aiosqlite.Connection: ...
        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...
        async def _set(self, sql: str, args: tuple[Any, ...]) -> None: ...
        async def _tell(self, game_id: int, posts: list[Post]) -> None: ...

    async def _replace_waits(self, game_id: int, waits: list[Wait]) -> None:
        """Inside the caller's transaction: the game's waits become exactly these."""
        await self.db.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
        await self.db.executemany(
            "INSERT INTO waits (game_id, seat, user_id, decision, out_of_turn, since, reminders,"
            " remind_at, limit_at, limit_told, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [_wait_values(w) for w in waits],
        )

    async def waits(self, game_id: int) -> dict[int, Wait]:
        async with self.db.execute(
            "SELECT * FROM waits WHERE game_id = ? AND seat >= 0", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        out = {}
        for r in rows:
            data = dict(r)
            data.pop("due_at")
            out[data["seat"]] = Wait.model_validate(data)
        return out

    async def put_waits(self, game_id: int, waits: list[Wait]) -> None:
        async with self._transaction():
            await self._replace_waits(game_id, waits)

    async def update_wait(self, wait: Wait, posts: list[Post]) -> None:
        """Store what a sweep did for one wait (a reminder sent, the host told) and what it
        must post about it, together."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE waits SET reminders = ?, remind_at = ?, limit_told = ?, due_at = ?"
                " WHERE game_id = ? AND seat = ?",
                (
                    wait.reminders,
                    schema.moment(wait.remind_at),
                    int(wait.limit_told),
                    schema.moment(wait.due_at),
                    wait.game_id,
                    wait.seat,
                ),
            )
            await self._tell(wait.game_id, posts)

    async def due_waits(self, now: datetime, limit: int) -> list[DueWait]:
        """Waits whose reminder or limit has come, earliest first, found through the index."""
        async with self.db.execute(
            "SELECT w.game_id, w.seat, g.channel_id FROM waits w JOIN games g ON g.id = w.game_id"
            " WHERE w.due_at IS NOT NULL AND w.due_at <= ? ORDER BY w.due_at LIMIT ?",
            (schema.moment(now), limit),
        ) as cur:
            return [DueWait.model_validate(dict(r)) for r in await cur.fetchall()]

    async def prefs(self, user_ids: list[int]) -> dict[int, Prefs]:
        """Each person's own settings; those who never set any get the defaults."""
        found: dict[int, Prefs] = {}
        if user_ids:
            marks = ", ".join("?" * len(user_ids))
            async with self.db.execute(
                f"SELECT * FROM players WHERE user_id IN ({marks})", tuple(user_ids)
            ) as cur:
                for r in await cur.fetchall():
                    found[int(r["user_id"])] = Prefs.model_validate(dict(r))
        return {u: found.get(u, Prefs()) for u in user_ids}

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None:
        await self._set(
            "INSERT OR REPLACE INTO players (user_id, timezone, quiet_from, quiet_to, on_deck)"
            " VALUES (?, ?, ?, ?, ?)",
            (user_id, prefs.timezone, prefs.quiet_from, prefs.quiet_to, int(prefs.on_deck)),
        )

    async def away(self, game_id: int) -> dict[int, datetime]:
        async with self.db.execute(
            "SELECT user_id, until FROM away WHERE game_id = ?", (game_id,)
        ) as cur:
            return {int(r[0]): datetime.fromisoformat(r[1]) for r in await cur.fetchall()}

    async def set_away(
        self,
        row: GameRow,
        user_id: int,
        until: datetime | None,
        posts: list[Post],
        waits: list[Wait],
    ) -> None:
        """Start or end a player's time away from one game, with the waits that follow from
        it, and tell the table."""
        async with self._transaction() as db:
            if until is None:
                await db.execute(
                    "DELETE FROM away WHERE game_id = ? AND user_id = ?", (row.id, user_id)
                )
            else:
                await db.execute(
                    "INSERT OR REPLACE INTO away VALUES (?, ?, ?)",
                    (row.id, user_id, schema.moment(until)),
                )
            await self._tell(row.id, posts)
            await self._replace_waits(row.id, waits)

    async def open_rewind(
        self,
        row: GameRow,
        seqs: list[int],
        asked_by: int,
        announce: Callable[[int], list[Post]],
    ) -> Rewind:
        """Open a rewind (any earlier one still open goes stale) and queue the call to vote,
        which `announce` words from the new rewind's id."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE rewinds SET state = 'stale' WHERE game_id = ? AND state = 'open'",
                (row.id,),
            )
            cur = await db.execute(
                "INSERT INTO rewinds (game_id, seqs, version, asked_by, agreed, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    json.dumps(seqs),
                    row.version,
                    asked_by,
                    json.dumps([asked_by]),
                    schema.now(),
                ),
            )
            new_id = int(cur.lastrowid or 0)
            await self._tell(row.id, announce(new_id))
        found = await self.rewind(new_id)
        assert found is not None
        return found

    async def rewind(self, rewind_id: int) -> Rewind | None:
        async with self.db.execute("SELECT * FROM rewinds WHERE id = ?", (rewind_id,)) as cur:
            r = await cur.fetchone()
        if r is None:
            return None
        data = dict(r)
        data["seqs"] = json.loads(data["seqs"])
        data["agreed"] = json.loads(data["agreed"])
        return Rewind.model_validate(data)

    async def settle_rewind(
        self, rewind: Rewind, *, agreed: list[int], state: str, posts: list[Post] | None = None
    ) -> bool:
        """Record an answer to a rewind still open as read, with what the table is told of it;
        False (and nothing stored) if it was answered or settled meanwhile."""
        async with self._transaction() as db:
            cur = await db.execute(
                "UPDATE rewinds SET agreed = ?, state = ? WHERE id = ? AND state = 'open'"
                " AND agreed = ?",
                (json.dumps(agreed), state, rewind.id, json.dumps(rewind.agreed)),
            )
            if cur.rowcount != 1:
                return False
            await self._tell(rewind.game_id, posts or [])
            return True
