"""Where games live: setup + append-only action log + snapshot, behind a small interface.

`GameStore` is the seam a PostgreSQL implementation would fill for a multi-process deployment;
`SqliteStore` is the default. Every update carries the version the caller read; a write against
another version is refused with `StaleVersion`, never merged.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

import aiosqlite
from pydantic import BaseModel

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
Status = Literal["lobby", "active", "finished", "abandoned"]


class StaleVersion(Exception):
    """Someone else changed the game between our read and our write."""


class ChannelBusy(Exception):
    """The channel already holds a game in its lobby or in play."""


class GameRow(BaseModel):
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    host_id: int
    status: Status
    options: dict[str, Any]
    players: list[int]
    seed: int | None
    state: str | None
    version: int
    lobby_message_id: int | None


class LoggedAction(BaseModel):
    seq: int
    seat: int
    user_id: int
    action: str


class GameStore(Protocol):
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
        self, row: GameRow, options: dict[str, Any], seed: int, state: str
    ) -> GameRow: ...
    async def record_action(
        self, row: GameRow, seat: int, user_id: int, action: str, state: str, finished: bool
    ) -> GameRow: ...
    async def close(self, row: GameRow, status: Status) -> GameRow: ...
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...
    async def idle_games(self, idle_since: datetime) -> list[GameRow]: ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqliteStore:
    """One SQLite file in WAL mode, one connection, one writer at a time."""

    def __init__(self, path: Path | str, migrations: Path = MIGRATIONS) -> None:
        self.path = Path(path)
        self.migrations = migrations
        self._db: aiosqlite.Connection | None = None
        self._write = asyncio.Lock()

    async def open(self) -> None:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

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
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT)"
        )
        async with self.db.execute("SELECT name FROM schema_migrations") as cur:
            done = {r[0] for r in await cur.fetchall()}
        applied = []
        for path in sorted(self.migrations.glob("[0-9][0-9][0-9][0-9]_*.sql")):
            if path.name in done:
                continue
            sql = path.read_text()
            name = path.name.replace("'", "''")
            await self.db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ('{name}', '{_now()}');\n"
                "COMMIT;"
            )
            log.info("applied migration %s", path.name)
            applied.append(path.name)
        return applied

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None:
        async with self.db.execute(sql, args) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        data = dict(row)
        data["options"] = json.loads(data["options"])
        data["players"] = json.loads(data["players"])
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
                    (channel_id, guild_id, game, host_id, json.dumps([host_id]), _now(), _now()),
                )
                new_id = cur.lastrowid
        except aiosqlite.IntegrityError:
            raise ChannelBusy() from None
        row = await self.get(int(new_id or 0))
        assert row is not None
        return row

    async def _update(self, row: GameRow, **changes: Any) -> GameRow:
        """Version-checked update of the game row; the caller's transaction holds the lock."""
        cols = ", ".join(f"{k} = ?" for k in changes)
        values = [json.dumps(v) if k in ("options", "players") else v for k, v in changes.items()]
        cur = await self.db.execute(
            f"UPDATE games SET {cols}, version = version + 1, updated_at = ?"
            " WHERE id = ? AND version = ?",
            (*values, _now(), row.id, row.version),
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

    async def start(self, row: GameRow, options: dict[str, Any], seed: int, state: str) -> GameRow:
        async with self._transaction():
            return await self._update(row, status="active", options=options, seed=seed, state=state)

    async def record_action(
        self, row: GameRow, seat: int, user_id: int, action: str, state: str, finished: bool
    ) -> GameRow:
        """Append to the log and replace the snapshot together, or do neither."""
        async with self._transaction() as db:
            updated = await self._update(
                row, state=state, status="finished" if finished else row.status
            )
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at)"
                " VALUES (?, (SELECT COUNT(*) + 1 FROM actions WHERE game_id = ?), ?, ?, ?, ?)",
                (row.id, row.id, seat, user_id, action, _now()),
            )
            return updated

    async def close(self, row: GameRow, status: Status) -> GameRow:
        async with self._transaction():
            return await self._update(row, status=status)

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        async with self.db.execute(
            "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cur:
            return [LoggedAction.model_validate(dict(r)) for r in await cur.fetchall()]

    async def idle_games(self, idle_since: datetime) -> list[GameRow]:
        """Running games whose last change is older than `idle_since` (deadline candidates)."""
        cutoff = idle_since.astimezone(UTC).isoformat(timespec="seconds")
        async with self.db.execute(
            "SELECT id FROM games WHERE status = 'active' AND updated_at < ? ORDER BY id",
            (cutoff,),
        ) as cur:
            ids = [r[0] for r in await cur.fetchall()]
        rows = [await self.get(i) for i in ids]
        return [r for r in rows if r is not None]
