"""Where games live: setup + append-only action log + snapshot, behind a small interface.

`GameStore` is the seam a PostgreSQL implementation would fill for a multi-process deployment;
`SqliteStore` is the default. Every update carries the version the caller read; a write against
another version is refused with `StaleVersion`, never merged.

This module holds the connection, its transactions, and the games and their logs. The store's
other parts are mixins, each beside its part of the protocol, so that a PostgreSQL store can
be written a part at a time: publication's outbox (`store_outbox`), waits, settings, time away
and rewinds (`store_waits`), the record of a game (`store_record`) and drafts of secret orders
(`drafts`). The rows they hand back, and the errors they raise, are in `store_models`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from bot.store import schema
from bot.store.answers import OWED, AnswerStore, SqliteAnswers
from bot.store.drafts import DraftStore, SqliteDrafts
from bot.store.models import (
    ChannelBusy,
    Closure,
    GameRow,
    LoggedAction,
    Post,
    StaleVersion,
    Status,
    Wait,
)
from bot.store.outbox import OutboxStore, SqliteOutbox
from bot.store.record import RecordStore, SqliteRecord
from bot.store.waits import SqliteWaits, WaitStore

MIGRATIONS = schema.bundled()


class GameStore(WaitStore, OutboxStore, RecordStore, DraftStore, AnswerStore, Protocol):
    """The whole store: its games and their logs here, and each part's protocol."""

    async def live_game(self, channel_id: int) -> GameRow | None: ...
    async def get(self, game_id: int) -> GameRow | None: ...
    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: int
    ) -> GameRow: ...
    async def update_lobby(
        self,
        row: GameRow,
        *,
        players: list[int] | None = None,
        options: dict[str, Any] | None = None,
        lobby_message_id: int | None = None,
    ) -> GameRow: ...
    async def start(
        self,
        row: GameRow,
        options: dict[str, Any],
        seed: int,
        state: str,
        posts: list[Post],
        waits: list[Wait] | None = None,
    ) -> GameRow: ...
    async def record_action(
        self,
        row: GameRow,
        seat: int,
        user_id: int,
        action: str,
        state: str,
        finished: bool,
        posts: list[Post],
        waits: list[Wait] | None = None,
        reversible: bool = False,
    ) -> GameRow: ...
    async def update_game(
        self,
        row: GameRow,
        posts: list[Post],
        waits: list[Wait] | None = None,
        back: int | None = None,
        **changes: Any,
    ) -> GameRow: ...
    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow: ...
    async def orphan(self, game_id: int) -> None: ...
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...
    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None: ...
    async def name_players(self, game_id: int, names: dict[int, str]) -> None: ...


class SqliteStore(SqliteWaits, SqliteOutbox, SqliteRecord, SqliteDrafts, SqliteAnswers):
    """One SQLite file in WAL mode, one connection, one writer at a time."""

    def __init__(self, path: Path | str, migrations: Path = MIGRATIONS) -> None:
        self.path = Path(path)
        self.migrations = migrations
        self._db: aiosqlite.Connection | None = None
        self._write = asyncio.Lock()

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
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def migrate(self) -> list[str]:
        """Apply every migration not yet recorded, in file-name order, each in one transaction."""
        return await schema.migrate(self.db, self.path, schema.load(self.migrations))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write, all or nothing. Made on behalf of a player's command, it also marks
        that command's owed answer (`bot.store.answers`), so a crash after the commit cannot
        leave the player told that nothing changed."""
        owed = OWED.get()
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                await self._mark_owed(self.db, owed)
            except BaseException:
                await self.db.execute("ROLLBACK")
                if owed is not None:
                    owed.settled(committed=False)
                raise
            await self.db.execute("COMMIT")
            if owed is not None:
                owed.settled(committed=True)

    async def _set(self, sql: str, args: tuple[Any, ...]) -> None:
        """One write on its own under the writer lock (in a transaction only when a player's
        command must be marked with it)."""
        if OWED.get() is not None:
            async with self._transaction() as db:
                await db.execute(sql, args)
            return
        async with self._write:
            await self.db.execute(sql, args)

    async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None:
        async with self.db.execute(sql, args) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        data = dict(row)
        data["options"] = json.loads(data["options"])
        data["players"] = json.loads(data["players"])
        shown = json.loads(data.pop("announced_seats", None) or "[]")
        data["announced"] = [tuple(p) for p in shown if isinstance(p, list)]  # old rows: seats
        data["living"] = json.loads(data["living"]) if data.get("living") else None
        data["player_names"] = json.loads(data.get("player_names") or "{}")
        data["pace"] = json.loads(data.get("pace") or "{}")
        return GameRow.model_validate(data)

    async def get(self, game_id: int) -> GameRow | None:
        return await self._one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def live_game(self, channel_id: int) -> GameRow | None:
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: int
    ) -> GameRow:
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, game, host_id, status, options,"
                    " players, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', '{}', ?, ?, ?)",
                    (
                        channel_id,
                        guild_id,
                        game,
                        host_id,
                        json.dumps([host_id]),
                        schema.now(),
                        schema.now(),
                    ),
                )
                new_id = cur.lastrowid
        except aiosqlite.IntegrityError:
            raise ChannelBusy() from None
        row = await self.get(int(new_id or 0))
        assert row is not None
        return row

    async def _update(self, row: GameRow, **changes: Any) -> GameRow:
        """Version-checked update of the game row; the caller's transaction holds the lock."""
        cols = "".join(f"{k} = ?, " for k in changes)
        values = [
            json.dumps(v) if k in ("options", "players", "pace", "player_names") else v
            for k, v in changes.items()
        ]
        cur = await self.db.execute(
            f"UPDATE games SET {cols}version = version + 1, updated_at = ?"
            " WHERE id = ? AND version = ?",
            (*values, schema.now(), row.id, row.version),
        )
        if cur.rowcount != 1:
            raise StaleVersion()
        return row.model_copy(update={**changes, "version": row.version + 1})

    async def update_lobby(
        self,
        row: GameRow,
        *,
        players: list[int] | None = None,
        options: dict[str, Any] | None = None,
        lobby_message_id: int | None = None,
    ) -> GameRow:
        changes: dict[str, Any] = {}
        if players is not None:
            changes["players"] = players
        if options is not None:
            changes["options"] = options
        if lobby_message_id is not None:
            changes["lobby_message_id"] = lobby_message_id
        async with self._transaction():
            return await self._update(row, **changes)

    async def start(
        self,
        row: GameRow,
        options: dict[str, Any],
        seed: int,
        state: str,
        posts: list[Post],
        waits: list[Wait] | None = None,
    ) -> GameRow:
        async with self._transaction():
            updated = await self._update(
                row, status="active", options=options, seed=seed, state=state
            )
            await self._enqueue(row.id, 0, posts)
            await self._replace_waits(row.id, waits or [])
            return updated

    async def record_action(
        self,
        row: GameRow,
        seat: int,
        user_id: int,
        action: str,
        state: str,
        finished: bool,
        posts: list[Post],
        waits: list[Wait] | None = None,
        reversible: bool = False,
    ) -> GameRow:
        """Append to the log, replace the snapshot, the waits and queue what must be told, or
        do none. `reversible`: its player may take the move back."""
        async with self._transaction() as db:
            updated = await self._update(
                row, state=state, status="finished" if finished else row.status
            )
            seq = await self._log_length(row.id) + 1
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at, reversible)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (row.id, seq, seat, user_id, action, schema.now(), int(reversible)),
            )
            await self._enqueue(row.id, seq, posts)
            await self._replace_waits(row.id, [] if finished else waits or [])
            await self._mark_step(db, row.id, seq)
            if finished:
                await self._forget_drafts(db, row.id)
            return updated

    async def update_game(
        self,
        row: GameRow,
        posts: list[Post],
        waits: list[Wait] | None = None,
        back: int | None = None,
        **changes: Any,
    ) -> GameRow:
        """Change the running game's row (its players, pace, pause), its waits if given, and
        queue what the table must be told, in one transaction. `back`: a player no longer away
        (they left the game)."""
        async with self._transaction() as db:
            updated = await self._update(row, **changes)
            if back is not None:
                await db.execute(
                    "DELETE FROM away WHERE game_id = ? AND user_id = ?", (row.id, back)
                )
            await self._tell(row.id, posts)
            if waits is not None:
                await self._replace_waits(row.id, waits)
            return updated

    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow:
        async with self._transaction() as db:
            updated = await self._update(row, status=status, closed_reason=reason)
            await self._tell(row.id, posts)
            await self._replace_waits(row.id, [])
            await self._forget_drafts(db, row.id)
            return updated

    async def orphan(self, game_id: int) -> None:
        """Close a game whose channel is gone; what it still had to say can never be posted."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = 'abandoned', closed_reason = 'orphaned',"
                " version = version + 1, updated_at = ? WHERE id = ? AND status IN"
                " ('lobby', 'active')",
                (schema.now(), game_id),
            )
            await db.execute(
                "UPDATE outbox SET state = 'undeliverable', delivered_at = ? WHERE game_id = ?"
                " AND state IN ('pending', 'sending')",
                (schema.now(), game_id),
            )
            await db.execute("DELETE FROM live_buttons WHERE game_id = ?", (game_id,))
            await db.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
            await self._forget_drafts(db, game_id)

    async def _log_length(self, game_id: int) -> int:
        """How many moves the game's log holds: its last seq, read from the primary key's end
        rather than by counting every entry."""
        return int(
            await schema.scalar(
                self.db, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
            )
        )

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        async with self.db.execute(
            "SELECT seq, seat, user_id, action, reversible FROM actions WHERE game_id = ?"
            " ORDER BY seq",
            (game_id,),
        ) as cur:
            return [LoggedAction.model_validate(dict(r)) for r in await cur.fetchall()]

    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None:
        """Replace a snapshot rebuilt from the unchanged log; the version stays, since nothing
        happened in the game (and a write that raced a move is simply dropped). No player's
        answer is marked by it: it changes nothing they could see."""
        async with self._write:
            await self.db.execute(
                "UPDATE games SET state = ? WHERE id = ? AND version = ?",
                (state, game_id, version),
            )

    async def name_players(self, game_id: int, names: dict[int, str]) -> None:
        """Remember players' display names; cosmetic, so the game's version stays."""
        async with self._write:
            await self.db.execute(
                "UPDATE games SET player_names = json_patch(player_names, ?) WHERE id = ?",
                (json.dumps({str(k): v for k, v in names.items()}), game_id),
            )
