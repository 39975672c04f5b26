"""Where games live: setup + append-only action log + snapshot, behind a small interface.

`GameStore` is the seam a PostgreSQL implementation would fill for a multi-process deployment;
`SqliteStore` is the default. Every update carries the version the caller read; a write against
another version is refused with `StaleVersion`, never merged.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

import aiosqlite
from pydantic import BaseModel

from bot import schema
from bot.drafts import DraftStore, SqliteDrafts
from bot.pace import Prefs, Wait

log = logging.getLogger(__name__)

MIGRATIONS = schema.bundled()
Status = Literal["lobby", "active", "finished", "abandoned"]


class StaleVersion(Exception):
    """Someone else changed the game between our read and our write."""


class ChannelBusy(Exception):
    """The channel already holds a game in its lobby or in play."""


Closure = Literal["abandoned", "orphaned"]
PostKind = Literal["turn", "private", "notice"]


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
    announced: list[tuple[int, int]] = []
    """The (seat, decision) pairs the channel was last shown as owed: they are not pinged
    again, while a seat with a new decision is."""
    living: dict[str, Any] | None = None
    """The turn message being edited in place (see `posts.Living`), if any."""
    player_names: dict[str, str] = {}
    """Each player's display name by user id, as they last showed it to the bot."""
    channel_failures: int = 0
    closed_reason: str | None = None
    pace: dict[str, Any] = {}
    paused_at: str | None = None


class Post(BaseModel):
    """Something the channel (or one player's DMs) must be told, decided when the change commits.

    `body` holds what is known at commit time (the narration, who was already waiting); how it
    is cut into messages is decided once, when it is first sent, and kept in `pieces`.
    """

    kind: PostKind
    recipient: int | None = None
    body: dict[str, Any]


class OutboxRow(Post):
    id: int
    game_id: int
    seq: int
    state: Literal["pending", "sending", "sent", "undeliverable"]
    pieces: list[dict[str, Any]] | None
    parts_sent: int
    attempts: int
    created_at: datetime
    sending_at: datetime | None
    message_ids: list[int] = []
    """The messages already sent for this post (by an attempt a crash may have cut short)."""


class DueWait(BaseModel):
    """A seat the sweep must look at: a reminder or a limit of its wait has come."""

    game_id: int
    seat: int
    channel_id: int


class LoggedAction(BaseModel):
    seq: int
    seat: int
    user_id: int
    action: str
    reversible: bool = False


class Rewind(BaseModel):
    """A rewind the host asked for, open until every player agrees or one refuses."""

    id: int
    game_id: int
    seqs: list[int]
    version: int
    asked_by: int
    agreed: list[int]
    state: Literal["open", "done", "refused", "stale"]


class GameStore(DraftStore, Protocol):
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
    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow: ...
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...
    # keeping games moving
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
    async def update_game(
        self,
        row: GameRow,
        posts: list[Post],
        waits: list[Wait] | None = None,
        back: int | None = None,
        **changes: Any,
    ) -> GameRow: ...
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
    async def open_lobbies(self, *, host_id: int | None, guild_id: int | None) -> int: ...
    # publication
    async def open_posts(self, game_id: int) -> list[OutboxRow]: ...
    async def due_games(self, now: datetime, limit: int) -> list[int]: ...
    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None: ...
    async def mark_part_sent(
        self, post_id: int, parts_sent: int, done: bool, message_id: int
    ) -> None: ...
    async def last_message(self, game_id: int, recipient: int | None) -> int | None: ...
    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None: ...
    async def mark_undeliverable(self, post_id: int) -> None: ...
    async def reset_post(self, post_id: int) -> None: ...
    async def set_shown(
        self, game_id: int, announced: list[tuple[int, int]], living: dict[str, Any] | None
    ) -> None: ...
    async def name_players(self, game_id: int, names: dict[int, str]) -> None: ...
    async def channel_failed(self, game_id: int) -> int: ...
    async def channel_worked(self, game_id: int) -> None: ...
    async def add_live_buttons(self, game_id: int, channel_id: int, ids: list[int]) -> None: ...
    async def live_buttons(self, game_id: int) -> list[int]: ...
    async def drop_live_buttons(self, ids: list[int]) -> None: ...
    async def note_dm_closed(self, game_id: int, user_id: int) -> bool: ...
    async def add_posts(self, game_id: int, posts: list[Post]) -> None: ...
    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None: ...
    async def last_narration(self, game_id: int) -> str | None: ...
    async def orphan(self, game_id: int) -> None: ...
    # the record of a game: /game log, board, since, export, import, list, mine
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    async def narration(
        self,
        game_id: int,
        *,
        first_seq: int = 0,
        last_seq: int | None = None,
        after_id: int = 0,
        upto_id: int | None = None,
    ) -> list[Told]: ...
    async def last_acted(self, game_id: int, user_id: int) -> int | None: ...
    async def steps(self, game_id: int) -> int: ...
    async def import_game(
        self,
        row: GameRow,
        log: list[LoggedAction],
        told: list[tuple[int, Post]],
        posts: list[Post],
        waits: list[Wait],
    ) -> GameRow: ...
    async def live_games(
        self, guild_id: int, offset: int, limit: int
    ) -> tuple[int, list[ListedGame]]: ...
    async def owed_by(
        self, user_id: int, offset: int, limit: int
    ) -> tuple[int, list[OwedGame]]: ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def _wait_values(w: Wait) -> tuple[Any, ...]:
    return (
        w.game_id,
        w.seat,
        w.user_id,
        w.decision,
        int(w.out_of_turn),
        _iso(w.since),
        w.reminders,
        _iso(w.remind_at),
        _iso(w.limit_at),
        int(w.limit_told),
        _iso(w.due_at),
    )


class SqliteStore(SqliteDrafts):
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
        cols = "".join(f"{k} = ?, " for k in changes)
        values = [
            json.dumps(v) if k in ("options", "players", "pace", "player_names") else v
            for k, v in changes.items()
        ]
        cur = await self.db.execute(
            f"UPDATE games SET {cols}version = version + 1, updated_at = ?"
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
                (row.id, seq, seat, user_id, action, _now(), int(reversible)),
            )
            await self._enqueue(row.id, seq, posts)
            await self._replace_waits(row.id, [] if finished else waits or [])
            return updated

    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow:
        async with self._transaction():
            updated = await self._update(row, status=status, closed_reason=reason)
            seq = await self._log_length(row.id)
            await self._enqueue(row.id, seq, posts)
            await self._replace_waits(row.id, [])
            return updated

    async def _log_length(self, game_id: int) -> int:
        """How many moves the game's log holds: its last seq, read from the primary key's end
        rather than by counting every entry."""
        async with self.db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
        ) as cur:
            return int((await cur.fetchone())[0])

    async def _enqueue(self, game_id: int, seq: int, posts: list[Post]) -> None:
        now = _now()
        await self.db.executemany(
            "INSERT INTO outbox (game_id, seq, kind, recipient, body, due_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, seq, p.kind, p.recipient, json.dumps(p.body), now, now) for p in posts],
        )

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        async with self.db.execute(
            "SELECT seq, seat, user_id, action, reversible FROM actions WHERE game_id = ?"
            " ORDER BY seq",
            (game_id,),
        ) as cur:
            return [LoggedAction.model_validate(dict(r)) for r in await cur.fetchall()]

    # ----- keeping games moving ------------------------------------------------------------
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
                    _iso(wait.remind_at),
                    int(wait.limit_told),
                    _iso(wait.due_at),
                    wait.game_id,
                    wait.seat,
                ),
            )
            await self._enqueue(wait.game_id, await self._log_length(wait.game_id), posts)

    async def due_waits(self, now: datetime, limit: int) -> list[DueWait]:
        """Waits whose reminder or limit has come, earliest first, found through the index."""
        async with self.db.execute(
            "SELECT w.game_id, w.seat, g.channel_id FROM waits w JOIN games g ON g.id = w.game_id"
            " WHERE w.due_at IS NOT NULL AND w.due_at <= ? ORDER BY w.due_at LIMIT ?",
            (_iso(now), limit),
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
                    "INSERT OR REPLACE INTO away VALUES (?, ?, ?)", (row.id, user_id, _iso(until))
                )
            await self._enqueue(row.id, await self._log_length(row.id), posts)
            await self._replace_waits(row.id, waits)

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
            await self._enqueue(row.id, await self._log_length(row.id), posts)
            if waits is not None:
                await self._replace_waits(row.id, waits)
            return updated

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
                (row.id, json.dumps(seqs), row.version, asked_by, json.dumps([asked_by]), _now()),
            )
            new_id = int(cur.lastrowid or 0)
            await self._enqueue(row.id, await self._log_length(row.id), announce(new_id))
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
            await self._enqueue(rewind.game_id, await self._log_length(rewind.game_id), posts or [])
            return True

    async def open_lobbies(self, *, host_id: int | None, guild_id: int | None) -> int:
        """Lobbies still open, by one host or in one server (both indexed)."""
        column, value = ("host_id", host_id) if host_id is not None else ("guild_id", guild_id)
        async with self.db.execute(
            f"SELECT COUNT(*) FROM games WHERE status = 'lobby' AND {column} = ?", (value,)
        ) as cur:
            return int((await cur.fetchone())[0])

    # ----- publication ---------------------------------------------------------------------
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
            (now.astimezone(UTC).isoformat(timespec="seconds"), limit),
        ) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def _set(self, sql: str, args: tuple[Any, ...]) -> None:
        async with self._write:
            await self.db.execute(sql, args)

    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None:
        await self._set(
            "UPDATE outbox SET state = 'sending', pieces = ?, sending_at = ? WHERE id = ?",
            (json.dumps(pieces), _now(), post_id),
        )

    async def mark_part_sent(
        self, post_id: int, parts_sent: int, done: bool, message_id: int
    ) -> None:
        await self._set(
            "UPDATE outbox SET parts_sent = ?, state = ?,"
            " message_ids = json_insert(message_ids, '$[#]', ?) WHERE id = ?",
            (parts_sent, "sent" if done else "sending", message_id, post_id),
        )

    async def last_message(self, game_id: int, recipient: int | None) -> int | None:
        """The newest message known to have gone out for the game to that place (the channel,
        or one player's DMs): posts go out in order, so it is in the latest post that has one."""
        async with self.db.execute(
            "SELECT message_ids FROM outbox WHERE game_id = ? AND recipient IS ?"
            " AND message_ids != '[]' ORDER BY id DESC LIMIT 1",
            (game_id, recipient),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else max(json.loads(row[0]))

    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None:
        await self._set(
            "UPDATE outbox SET attempts = ?, due_at = ? WHERE id = ?",
            (attempts, due_at.astimezone(UTC).isoformat(timespec="seconds"), post_id),
        )

    async def reset_post(self, post_id: int) -> None:
        await self._set(
            "UPDATE outbox SET state = 'pending', pieces = NULL, sending_at = NULL WHERE id = ?",
            (post_id,),
        )

    async def mark_undeliverable(self, post_id: int) -> None:
        await self._set("UPDATE outbox SET state = 'undeliverable' WHERE id = ?", (post_id,))

    async def set_shown(
        self, game_id: int, announced: list[tuple[int, int]], living: dict[str, Any] | None
    ) -> None:
        """What the channel now shows of the game: who it showed as owing, and the turn
        message that later steps of the same turn may edit."""
        await self._set(
            "UPDATE games SET announced_seats = ?, living = ? WHERE id = ?",
            (json.dumps(announced), None if living is None else json.dumps(living), game_id),
        )

    async def name_players(self, game_id: int, names: dict[int, str]) -> None:
        """Remember players' display names; cosmetic, so the game's version stays."""
        async with self._write:
            await self.db.execute(
                "UPDATE games SET player_names = json_patch(player_names, ?) WHERE id = ?",
                (json.dumps({str(k): v for k, v in names.items()}), game_id),
            )

    async def channel_failed(self, game_id: int) -> int:
        async with self._write:
            await self.db.execute(
                "UPDATE games SET channel_failures = channel_failures + 1 WHERE id = ?",
                (game_id,),
            )
            async with self.db.execute(
                "SELECT channel_failures FROM games WHERE id = ?", (game_id,)
            ) as cur:
                return int((await cur.fetchone())[0])

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
            seq = await self._log_length(game_id)
            await self._enqueue(game_id, seq, posts)

    async def orphan(self, game_id: int) -> None:
        """Close a game whose channel is gone; what it still had to say can never be posted."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = 'abandoned', closed_reason = 'orphaned',"
                " version = version + 1, updated_at = ? WHERE id = ? AND status IN"
                " ('lobby', 'active')",
                (_now(), game_id),
            )
            await db.execute(
                "UPDATE outbox SET state = 'undeliverable' WHERE game_id = ?"
                " AND state IN ('pending', 'sending')",
                (game_id,),
            )
            await db.execute("DELETE FROM live_buttons WHERE game_id = ?", (game_id,))
            await db.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))

    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None:
        """Replace a snapshot rebuilt from the unchanged log; the version stays, since nothing
        happened in the game (and a write that raced a move is simply dropped)."""
        await self._set(
            "UPDATE games SET state = ? WHERE id = ? AND version = ?", (state, game_id, version)
        )

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

    # ----- the record of a game: /game log, board, since, export, import, list, mine ---------
    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game that was dealt (running, finished or abandoned): a
        lobby has nothing to show yet. Read backwards through the channel's index."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND seed IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )

    async def narration(
        self,
        game_id: int,
        *,
        first_seq: int = 0,
        last_seq: int | None = None,
        after_id: int = 0,
        upto_id: int | None = None,
    ) -> list[Told]:
        """What the channel was told of the game (never a DM), oldest first: the posts of
        steps `first_seq` to `last_seq`, of ids after `after_id` up to `upto_id`. Read through
        the index of each place's posts."""
        big = 1 << 62
        async with self.db.execute(
            "SELECT id, seq, kind, body FROM outbox WHERE game_id = ? AND recipient IS NULL"
            " AND id > ? AND id <= ? AND seq >= ? AND seq <= ? AND kind IN ('turn', 'notice')"
            " ORDER BY id",
            (
                game_id,
                after_id,
                big if upto_id is None else upto_id,
                first_seq,
                big if last_seq is None else last_seq,
            ),
        ) as cur:
            rows = await cur.fetchall()
        return [
            Told(
                id=r["id"],
                seq=r["seq"],
                kind=r["kind"],
                text=Told.words(r["kind"], json.loads(r["body"])),
            )
            for r in rows
        ]

    async def last_acted(self, game_id: int, user_id: int) -> int | None:
        """The step of the user's latest entry in the game's log (a move or a take-back)."""
        async with self.db.execute(
            "SELECT MAX(seq) FROM actions WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        ) as cur:
            found = (await cur.fetchone())[0]
        return None if found is None else int(found)

    async def steps(self, game_id: int) -> int:
        """The game's latest step: how many entries its log holds."""
        return await self._log_length(game_id)

    async def import_game(
        self,
        row: GameRow,
        log: list[LoggedAction],
        told: list[tuple[int, Post]],
        posts: list[Post],
        waits: list[Wait],
    ) -> GameRow:
        """A game rebuilt from a record file, stored whole in one transaction: the row as
        given (its id is the store's to choose), its log, the narration of its steps (`told`,
        by step, stored as already told: the file's channel heard it), what this channel must
        be told now, and who owes a move. Raises `ChannelBusy` if the channel has a game."""
        now = _now()
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, game, host_id, status, options,"
                    " players, seed, state, version, pace, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                    (
                        row.channel_id,
                        row.guild_id,
                        row.game,
                        row.host_id,
                        row.status,
                        json.dumps(row.options),
                        json.dumps(row.players),
                        row.seed,
                        row.state,
                        json.dumps(row.pace),
                        now,
                        now,
                    ),
                )
                game_id = int(cur.lastrowid or 0)
                await db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at,"
                    " reversible) VALUES (?, ?, ?, ?, ?, ?, 0)",
                    [(game_id, e.seq, e.seat, e.user_id, e.action, now) for e in log],
                )
                await db.executemany(
                    "INSERT INTO outbox (game_id, seq, kind, recipient, body, state, due_at,"
                    " created_at) VALUES (?, ?, ?, NULL, ?, 'sent', ?, ?)",
                    [(game_id, seq, p.kind, json.dumps(p.body), now, now) for seq, p in told],
                )
                await self._enqueue(game_id, len(log), posts)
                await self._replace_waits(
                    game_id, [w.model_copy(update={"game_id": game_id}) for w in waits]
                )
        except aiosqlite.IntegrityError:
            raise ChannelBusy() from None
        stored = await self.get(game_id)
        assert stored is not None
        return stored

    async def live_games(
        self, guild_id: int, offset: int, limit: int
    ) -> tuple[int, list[ListedGame]]:
        """One page of the server's lobbies and running games, oldest first, with who each
        waits for: how many there are, and the page. Through the server's index of live games
        and each game's waits, so the work is the page's, whatever else is stored."""
        async with self.db.execute(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')",
            (guild_id,),
        ) as cur:
            total = int((await cur.fetchone())[0])
        async with self.db.execute(
            "SELECT id, channel_id, game, status, players FROM games"
            " WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        ) as cur:
            rows = await cur.fetchall()
        listed = {
            int(r["id"]): ListedGame(
                game_id=r["id"],
                channel_id=r["channel_id"],
                game=r["game"],
                status=r["status"],
                players=json.loads(r["players"]),
            )
            for r in rows
        }
        if listed:
            marks = ", ".join("?" * len(listed))
            async with self.db.execute(
                "SELECT game_id, seat, user_id, since, out_of_turn FROM waits"
                f" WHERE game_id IN ({marks}) AND seat >= 0 ORDER BY game_id, seat",
                tuple(listed),
            ) as cur:
                for w in await cur.fetchall():
                    listed[int(w["game_id"])].waiting.append(
                        Waiting(
                            seat=w["seat"],
                            user_id=w["user_id"],
                            since=datetime.fromisoformat(w["since"]),
                            out_of_turn=bool(w["out_of_turn"]),
                        )
                    )
        return total, list(listed.values())

    async def owed_by(self, user_id: int, offset: int, limit: int) -> tuple[int, list[OwedGame]]:
        """One page of the running games, in any server, where the user owes a decision, the
        longest waiting first: how many there are, and the page. Through the index of waits
        by player, so the work is that player's, whatever else is stored."""
        where = "WHERE w.user_id = ? AND w.seat >= 0 AND g.status = 'active'"
        async with self.db.execute(
            f"SELECT COUNT(DISTINCT w.game_id) FROM waits w JOIN games g ON g.id = w.game_id"
            f" {where}",
            (user_id,),
        ) as cur:
            total = int((await cur.fetchone())[0])
        async with self.db.execute(
            "SELECT w.game_id, g.channel_id, g.guild_id, g.game, MIN(w.since) AS since,"
            " COUNT(*) AS seats, MIN(w.out_of_turn) AS out_of_turn"
            f" FROM waits w JOIN games g ON g.id = w.game_id {where}"
            " GROUP BY w.game_id ORDER BY since, w.game_id LIMIT ? OFFSET ?",
            (user_id, limit, offset),
        ) as cur:
            rows = await cur.fetchall()
        return total, [
            OwedGame(
                game_id=r["game_id"],
                channel_id=r["channel_id"],
                guild_id=r["guild_id"],
                game=r["game"],
                since=datetime.fromisoformat(r["since"]),
                seats=r["seats"],
                out_of_turn=bool(r["out_of_turn"]),
            )
            for r in rows
        ]


class Told(BaseModel):
    """One thing the channel was told of a game: an outbox row addressed to the channel."""

    id: int
    seq: int
    kind: str
    text: str

    @staticmethod
    def words(kind: str, body: dict[str, Any]) -> str:
        """A channel post's words as stored: a turn's narration, or a notice."""
        return str(body.get("header" if kind == "turn" else "text", ""))


class Waiting(BaseModel):
    """A seat a listed game waits for."""

    seat: int
    user_id: int
    since: datetime
    out_of_turn: bool


class ListedGame(BaseModel):
    """A lobby or running game of a server, as `/game list` shows it."""

    game_id: int
    channel_id: int
    game: str
    status: str
    players: list[int]
    waiting: list[Waiting] = []


class OwedGame(BaseModel):
    """A running game where one person owes a decision, as `/game mine` shows it."""

    game_id: int
    channel_id: int
    guild_id: int | None
    game: str
    since: datetime
    seats: int
    out_of_turn: bool
    """Every decision they owe there is asked out of turn (a consent, a card window)."""
