"""Publication's part of the store: the outbox of posts, what the channel shows, live buttons.

What a change must tell is queued in the outbox in the change's own transaction (`_enqueue`),
and sent later by the publisher, which records here how far each post got: a crash between
commit and post is healed by sending from that mark, and nothing is announced twice.
`OutboxStore` is the part of the store protocol a PostgreSQL store would fill the same way;
`SqliteOutbox` is mixed into `SqliteStore`.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

from bot.store import schema
from bot.store.models import OutboxRow, Post


class OutboxStore(Protocol):
    async def open_posts(self, game_id: int) -> list[OutboxRow]: ...
    async def due_games(self, now: datetime, limit: int) -> list[int]: ...
    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None: ...
    async def mark_part_sent(
        self, post_id: int, parts_sent: int, done: bool, message_id: int
    ) -> None: ...
    async def last_message(self, game_id: int, recipient: int | None) -> int | None: ...
    async def prune(self, before: datetime, limit: int) -> int: ...
    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None: ...
    async def mark_undeliverable(self, post_id: int) -> None: ...
    async def reset_post(self, post_id: int) -> None: ...
    async def set_shown(
        self, game_id: int, announced: list[tuple[int, int]], living: dict[str, Any] | None
    ) -> None: ...
    async def channel_failed(self, game_id: int) -> int: ...
    async def channel_worked(self, game_id: int) -> None: ...
    async def add_live_buttons(self, game_id: int, channel_id: int, ids: list[int]) -> None: ...
    async def live_buttons(self, game_id: int) -> list[int]: ...
    async def drop_live_buttons(self, ids: list[int]) -> None: ...
    async def note_dm_closed(self, game_id: int, user_id: int) -> bool: ...
    async def add_posts(self, game_id: int, posts: list[Post]) -> None: ...
    async def last_narration(self, game_id: int) -> str | None: ...


class SqliteOutbox:
    """The outbox methods of `SqliteStore` (which provides `db`, the writer lock, transactions,
    `_set` and `_log_length`)."""

    if TYPE_CHECKING:
        _write: asyncio.Lock

        @property
        def db(self) -> aiosqlite.Connection: ...
        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...
        async def _set(self, sql: str, args: tuple[Any, ...]) -> None: ...
        async def _log_length(self, game_id: int) -> int: ...

    async def _enqueue(self, game_id: int, seq: int, posts: list[Post]) -> None:
        """Inside the caller's transaction: queue what step `seq` of the game must tell."""
        now = schema.now()
        await self.db.executemany(
            "INSERT INTO outbox (game_id, seq, kind, recipient, body, due_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, seq, p.kind, p.recipient, json.dumps(p.body), now, now) for p in posts],
        )

    async def _tell(self, game_id: int, posts: list[Post]) -> None:
        """Inside the caller's transaction: queue posts at the game's latest step, for a change
        that adds no step to its log (a close, a reminder, time away, a rewind asked)."""
        await self._enqueue(game_id, await self._log_length(game_id), posts)

    async def open_posts(self, game_id: int) -> list[OutboxRow]:
        async with self.db.execute(
            "SELECT * FROM outbox WHERE game_id = ? AND state IN ('pending', 'sending')"
            " ORDER BY id",
            (game_id,),
        ) as cur:
            rows = await cur.fetchall()
        out = []
        for r in rows:
            data = dict(r)
            data["body"] = json.loads(data["body"])
            data["pieces"] = None if data["pieces"] is None else json.loads(data["pieces"])
            data["message_ids"] = json.loads(data["message_ids"])
            out.append(OutboxRow.model_validate(data))
        return out

    async def due_games(self, now: datetime, limit: int) -> list[int]:
        """Games with something to send whose time has come: read through the due index only."""
        async with self.db.execute(
            "SELECT DISTINCT game_id FROM (SELECT game_id FROM outbox"
            " WHERE state IN ('pending', 'sending') AND due_at <= ? ORDER BY due_at LIMIT ?)",
            (schema.moment(now), limit),
        ) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None:
        await self._set(
            "UPDATE outbox SET state = 'sending', pieces = ?, sending_at = ? WHERE id = ?",
            (json.dumps(pieces), schema.now(), post_id),
        )

    async def mark_part_sent(
        self, post_id: int, parts_sent: int, done: bool, message_id: int
    ) -> None:
        await self._set(
            "UPDATE outbox SET parts_sent = ?, state = ?, delivered_at = ?,"
            " message_ids = json_insert(message_ids, '$[#]', ?) WHERE id = ?",
            (
                parts_sent,
                "sent" if done else "sending",
                schema.now() if done else None,
                message_id,
                post_id,
            ),
        )

    async def last_message(self, game_id: int, recipient: int | None) -> int | None:
        """The newest message known to have gone out for the game to that place (the channel,
        or one player's DMs): posts go out in order, so it is in the latest post that has one."""
        latest = await self._latest_with_message(game_id, recipient)
        return None if latest is None else max(latest[1])

    async def _latest_with_message(
        self, game_id: int, recipient: int | None
    ) -> tuple[int, list[int]] | None:
        """The latest post to that place that became a message: its id and its messages."""
        async with self.db.execute(
            "SELECT id, message_ids FROM outbox WHERE game_id = ? AND recipient IS ?"
            " AND message_ids != '[]' ORDER BY id DESC LIMIT 1",
            (game_id, recipient),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else (int(row[0]), json.loads(row[1]))

    async def prune(self, before: datetime, limit: int) -> int:
        """Trim up to `limit` posts delivered before `before` (the safe delay ago), oldest
        first, read through the index of what is due; how many were due.

        A post that is no longer pending or sending is never sent again, so the messages it
        was composed into (`pieces`, the bulk of the outbox) served only while its fate was
        open. The channel's posts are the game's record (`/game log`, `since`, `export`, the
        answer after a crash) and keep their body and message ids. A player's DM posts are
        deleted, all but the latest one that became a message: a later DM of unknown fate is
        looked for after it."""
        cutoff = schema.moment(before)
        async with self._transaction() as db:
            async with db.execute(
                "SELECT id, game_id, recipient FROM outbox WHERE delivered_at IS NOT NULL"
                " AND delivered_at <= ? ORDER BY delivered_at LIMIT ?",
                (cutoff, limit),
            ) as cur:
                due = list(await cur.fetchall())
            for row in due:
                if row["recipient"] is None:
                    continue
                latest = await self._latest_with_message(row["game_id"], row["recipient"])
                await db.execute(
                    "DELETE FROM outbox WHERE game_id = ? AND recipient = ? AND id <= ?"
                    " AND id IS NOT ? AND state IN ('sent', 'undeliverable')"
                    " AND (delivered_at IS NULL OR delivered_at <= ?)",
                    (row["game_id"], row["recipient"], row["id"], latest and latest[0], cutoff),
                )
            await self._rewrite_trimmed(db, [int(row["id"]) for row in due])
        return len(due)

    @staticmethod
    async def _rewrite_trimmed(db: aiosqlite.Connection, ids: list[int]) -> None:
        """Those of `ids` still stored, written again under the same ids without their composed
        messages and off the index of what is due. Deleted and inserted, not updated: SQLite
        keeps the room a row gives up inside its page, and as new posts are added at the end of
        the table that room would never be used again, whereas deleting merges the page."""
        if not ids:
            return
        marks = ", ".join("?" * len(ids))
        async with db.execute(f"SELECT * FROM outbox WHERE id IN ({marks})", ids) as cur:
            rows = [{**dict(r), "pieces": None, "delivered_at": None} for r in await cur.fetchall()]
        if not rows:
            return
        await db.execute(f"DELETE FROM outbox WHERE id IN ({marks})", ids)
        columns = list(rows[0])
        await db.executemany(
            f"INSERT INTO outbox ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [tuple(r[c] for c in columns) for r in rows],
        )

    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None:
        await self._set(
            "UPDATE outbox SET attempts = ?, due_at = ? WHERE id = ?",
            (attempts, schema.moment(due_at), post_id),
        )

    async def reset_post(self, post_id: int) -> None:
        await self._set(
            "UPDATE outbox SET state = 'pending', pieces = NULL, sending_at = NULL WHERE id = ?",
            (post_id,),
        )

    async def mark_undeliverable(self, post_id: int) -> None:
        await self._set(
            "UPDATE outbox SET state = 'undeliverable', delivered_at = ? WHERE id = ?",
            (schema.now(), post_id),
        )

    async def set_shown(
        self, game_id: int, announced: list[tuple[int, int]], living: dict[str, Any] | None
    ) -> None:
        """What the channel now shows of the game: who it showed as owing, and the turn
        message that later steps of the same turn may edit."""
        await self._set(
            "UPDATE games SET announced_seats = ?, living = ? WHERE id = ?",
            (json.dumps(announced), None if living is None else json.dumps(living), game_id),
        )

    async def channel_failed(self, game_id: int) -> int:
        async with self._write:
            await self.db.execute(
                "UPDATE games SET channel_failures = channel_failures + 1 WHERE id = ?",
                (game_id,),
            )
            return int(
                await schema.scalar(
                    self.db, "SELECT channel_failures FROM games WHERE id = ?", (game_id,)
                )
            )

    async def channel_worked(self, game_id: int) -> None:
        await self._set(
            "UPDATE games SET channel_failures = 0 WHERE id = ? AND channel_failures != 0",
            (game_id,),
        )

    async def add_live_buttons(self, game_id: int, channel_id: int, ids: list[int]) -> None:
        async with self._write:
            await self.db.executemany(
                "INSERT OR IGNORE INTO live_buttons VALUES (?, ?, ?)",
                [(i, game_id, channel_id) for i in ids],
            )

    async def live_buttons(self, game_id: int) -> list[int]:
        async with self.db.execute(
            "SELECT message_id FROM live_buttons WHERE game_id = ? ORDER BY message_id",
            (game_id,),
        ) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def drop_live_buttons(self, ids: list[int]) -> None:
        async with self._write:
            await self.db.executemany(
                "DELETE FROM live_buttons WHERE message_id = ?", [(i,) for i in ids]
            )

    async def note_dm_closed(self, game_id: int, user_id: int) -> bool:
        """Remember that the channel was told; False if it had been told already."""
        async with self._write:
            cur = await self.db.execute(
                "INSERT OR IGNORE INTO dm_closed_told VALUES (?, ?)", (game_id, user_id)
            )
            return cur.rowcount == 1

    async def add_posts(self, game_id: int, posts: list[Post]) -> None:
        """Queue posts that tell of no change to the game (a notice about closed DMs)."""
        async with self._transaction():
            await self._tell(game_id, posts)

    async def last_narration(self, game_id: int) -> str | None:
        """What the channel was (or is about to be) told of the game's latest move: the answer
        for a player whose command was cut off by a crash before they heard back."""
        async with self.db.execute(
            "SELECT body FROM outbox WHERE game_id = ? AND recipient IS NULL AND kind = 'turn'"
            " AND seq > 0 ORDER BY id DESC LIMIT 1",
            (game_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else str(json.loads(row[0])["header"])
