"""The games and their logs, the store's part that every SQL store shares.

A game row carries a version: each change to it says which version it read and is refused with
`StaleVersion` if the row moved on meanwhile, never merged. A move appends to the log, replaces
the snapshot and the waits and queues what must be told, in one transaction; on a database
shared by several processes (`dialect.lock_game`) that transaction also holds the game's own
lock, so two processes' moves on one game queue instead of racing to the version check.
`SqlGames` is the SQL store's part of `bot.store.protocol.GameStore`, over `bot.store.sql.Sql`.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.store.models import (
    ChannelBusy,
    Closure,
    GameRow,
    LoggedAction,
    Post,
    Prefs,
    StaleVersion,
    Status,
    Wait,
)
from bot.store.sql import Read, Sql

JSON_COLUMNS = ("options", "players", "pace", "player_names")
"""The game row's columns that hold JSON, as `_update` writes them."""
LOBBY_COLUMNS = (
    "channel_id",
    "guild_id",
    "game",
    "host_id",
    "status",
    "options",
    "players",
    "created_at",
    "updated_at",
)
ACTION_COLUMNS = ("game_id", "seq", "seat", "user_id", "action", "created_at", "reversible")


class SqlGames(Sql):
    """The game methods of the store (its other parts provide the waits, settings, time away,
    posts and drafts written inside a game's transaction)."""

    if TYPE_CHECKING:

        @staticmethod
        def _waits_read(game_id: int) -> Read: ...
        @staticmethod
        def _waits_from(rows: list[dict[str, Any]]) -> dict[int, Wait]: ...
        @staticmethod
        def _away_read(game_id: int) -> Read: ...
        def _away_from(self, rows: list[dict[str, Any]]) -> dict[int, datetime]: ...
        def _prefs_read(self, user_ids: list[int]) -> Read: ...
        @staticmethod
        def _prefs_from(rows: list[dict[str, Any]], user_ids: list[int]) -> dict[int, Prefs]: ...
        async def _enqueue(self, game_id: int, seq: int, posts: list[Post]) -> None: ...
        async def _tell(self, game_id: int, posts: list[Post]) -> None: ...
        async def _replace_waits(self, game_id: int, waits: list[Wait]) -> None: ...
        async def _mark_step(self, game_id: int, seq: int) -> None: ...
        async def _forget_drafts(self, game_id: int, seat: int | None = None) -> None: ...

    async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None:
        data = await self._row(sql, args)
        if data is None:
            return None
        j = self.dialect.from_json
        data["options"] = j(data["options"])
        data["players"] = j(data["players"])
        shown = j(data.pop("announced_seats", None)) or []
        data["announced"] = [tuple(p) for p in shown if isinstance(p, list)]  # old rows: seats
        data["living"] = j(data["living"]) if data.get("living") else None
        data["player_names"] = j(data["player_names"]) if data.get("player_names") else {}
        data["pace"] = j(data["pace"]) if data.get("pace") else {}
        if data["status"] == "active":  # what a move on it goes on from, and whom it tells
            game_id, players = data["id"], data["players"]
            reads = [_log_read(game_id), self._waits_read(game_id), self._away_read(game_id)]
            if players:
                reads.append(self._prefs_read(players))
            steps, waits, away, *prefs = await self._reads(reads)
            data["steps"] = int(next(iter(steps[0].values())))
            data["waits"] = self._waits_from(waits)
            data["away"] = self._away_from(away)
            data["prefs"] = self._prefs_from(prefs[0] if prefs else [], players)
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
        d = self.dialect
        now = d.now()
        try:
            async with self._transaction():
                new_id = await self._scalar(
                    d.insert("games", LOBBY_COLUMNS, returning="id"),
                    (
                        channel_id,
                        guild_id,
                        game,
                        host_id,
                        "lobby",
                        d.to_json({}),
                        d.to_json([host_id]),
                        now,
                        now,
                    ),
                )
        except d.conflict:
            raise ChannelBusy() from None
        row = await self.get(int(new_id))
        assert row is not None
        return row

    async def _update(self, row: GameRow, **changes: Any) -> GameRow:
        """Version-checked update of the game row; the caller's transaction holds the writer
        and, where other processes write too, the game's own lock until it commits."""
        cols = "".join(f"{k} = ?, " for k in changes)
        d = self.dialect
        if d.lock_game is not None:
            await self._later(d.lock_game, (row.id,))
        values = [d.to_json(v) if k in JSON_COLUMNS else v for k, v in changes.items()]
        changed = await self._exec(
            f"UPDATE games SET {cols}version = version + 1, updated_at = ?"
            " WHERE id = ? AND version = ?",
            (*values, d.now(), row.id, row.version),
        )
        if changed != 1:
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
        async with self._transaction():
            updated = await self._update(
                row, state=state, status="finished" if finished else row.status
            )
            seq = await self._log_length(row.id) + 1
            await self._later(
                self.dialect.insert("actions", ACTION_COLUMNS),
                (row.id, seq, seat, user_id, action, self.dialect.now(), int(reversible)),
            )
            await self._enqueue(row.id, seq, posts)
            await self._replace_waits(row.id, [] if finished else waits or [])
            await self._mark_step(row.id, seq)
            await self._forget_drafts(row.id, None if finished else seat)
            kept = {} if finished else {w.seat: w for w in waits or []}
            return updated.model_copy(update={"steps": seq, "waits": kept})

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
        async with self._transaction():
            updated = await self._update(row, **changes)
            if back is not None:
                await self._later(
                    "DELETE FROM away WHERE game_id = ? AND user_id = ?", (row.id, back)
                )
            await self._tell(row.id, posts)
            if waits is not None:
                await self._replace_waits(row.id, waits)
            return updated

    async def close(
        self, row: GameRow, status: Status, posts: list[Post], reason: Closure | None = None
    ) -> GameRow:
        async with self._transaction():
            updated = await self._update(row, status=status, closed_reason=reason)
            await self._tell(row.id, posts)
            await self._replace_waits(row.id, [])
            await self._forget_drafts(row.id)
            return updated

    async def orphan(self, game_id: int) -> None:
        """Close a game whose channel is gone; what it still had to say can never be posted."""
        now = self.dialect.now()
        async with self._transaction():
            await self._later(
                "UPDATE games SET status = 'abandoned', closed_reason = 'orphaned',"
                " version = version + 1, updated_at = ? WHERE id = ? AND status IN"
                " ('lobby', 'active')",
                (now, game_id),
            )
            await self._later(
                "UPDATE outbox SET state = 'undeliverable', delivered_at = ?, claimed_by = NULL,"
                " lease_until = NULL WHERE game_id = ? AND state IN ('pending', 'sending')",
                (now, game_id),
            )
            await self._later("DELETE FROM live_buttons WHERE game_id = ?", (game_id,))
            await self._later("DELETE FROM waits WHERE game_id = ?", (game_id,))
            await self._forget_drafts(game_id)

    async def _log_length(self, game_id: int) -> int:
        return int(await self._scalar(*_log_read(game_id)))

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        rows = await self._rows(
            "SELECT seq, seat, user_id, action, reversible FROM actions WHERE game_id = ?"
            " ORDER BY seq",
            (game_id,),
        )
        return [LoggedAction.model_validate(r) for r in rows]

    async def rewrite_snapshot(self, game_id: int, version: int, state: str) -> None:
        """Replace a snapshot rebuilt from the unchanged log; the version stays, since nothing
        happened in the game (and a write that raced a move is simply dropped). No player's
        answer is marked by it: it changes nothing they could see."""
        async with self._write:
            await self._later(
                "UPDATE games SET state = ? WHERE id = ? AND version = ?",
                (state, game_id, version),
            )

    async def name_players(self, game_id: int, names: dict[int, str]) -> None:
        """Remember players' display names; cosmetic, so the game's version stays."""
        d = self.dialect
        async with self._write:
            await self._later(
                f"UPDATE games SET player_names = {d.json_merge('player_names')} WHERE id = ?",
                (d.to_json({str(k): v for k, v in names.items()}), game_id),
            )


def _log_read(game_id: int) -> Read:
    """How many moves the game's log holds: its last seq, read from the primary key's end
    rather than by counting every entry."""
    return "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
