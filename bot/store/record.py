"""The record of a game, the store's part: /game log, board, since, export, import, list, mine.

These read what the game's log and its channel narration already hold, and bring a game back
from a record file. Each query goes through an index (the channel's games, the place's posts,
the server's live games, the player's waits), so its cost is the answer's, whatever else is
stored. `RecordStore` (`bot.store.protocol`) is what every store provides; `SqlRecord` is the
SQL store's part.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.store.models import (
    ChannelBusy,
    GameRow,
    ListedGame,
    LoggedAction,
    OwedGame,
    Post,
    Told,
    Wait,
    Waiting,
)
from bot.store.sql import Sql

IMPORTED_GAME = (
    "channel_id",
    "guild_id",
    "game",
    "host_id",
    "status",
    "options",
    "players",
    "seed",
    "state",
    "version",
    "pace",
    "created_at",
    "updated_at",
    "imported",
)
ACTION_COLUMNS = ("game_id", "seq", "seat", "user_id", "action", "created_at", "reversible")
TOLD_COLUMNS = ("game_id", "seq", "kind", "recipient", "body", "state", "due_at", "created_at")


class Crowded(Exception):
    """A running import that would take its host (`scope` "host") or its server ("server")
    to more tables than `cap`."""

    def __init__(self, scope: str, cap: int) -> None:
        super().__init__(scope, cap)
        self.scope, self.cap = scope, cap


class SqlRecord(Sql):
    """The record methods of the store (its other parts provide reading a game row, the log's
    length, and queueing posts and waits inside a transaction)."""

    if TYPE_CHECKING:

        async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None: ...
        async def get(self, game_id: int) -> GameRow | None: ...
        async def _log_length(self, game_id: int) -> int: ...
        async def _enqueue(self, game_id: int, seq: int, posts: list[Post]) -> None: ...
        async def _replace_waits(self, game_id: int, waits: list[Wait]) -> None: ...

    async def latest_game(self, channel_id: int, *, finished: bool = False) -> GameRow | None:
        """The channel's most recent game that was dealt (running, finished or abandoned; with
        `finished`, played to its end): a lobby has nothing to show yet. Read backwards through
        the channel's index."""
        return await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND seed IS NOT NULL"
            + (" AND status = 'finished'" if finished else "")
            + " ORDER BY id DESC LIMIT 1",
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
        rows = await self._rows(
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
        )
        bodies = [self.dialect.from_json(r["body"]) for r in rows]
        return [
            Told(
                id=r["id"],
                seq=r["seq"],
                kind=r["kind"],
                text=Told.words(r["kind"], body),
                to=body.get("to"),
                said=body.get("said", []),
            )
            for r, body in zip(rows, bodies, strict=True)
        ]

    async def last_acted(self, game_id: int, user_id: int) -> int | None:
        """The step of the user's latest entry in the game's log (a move or a take-back)."""
        found = await self._scalar(
            "SELECT MAX(seq) FROM actions WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return None if found is None else int(found)

    async def steps(self, game_id: int) -> int:
        """The game's latest step: how many entries its log holds."""
        return await self._log_length(game_id)

    async def held(self, *, host_id: int | None, guild_id: int | None) -> int:
        """The tables one host (or one server) holds against its cap: open lobbies, and
        running games set up by `/game import` (each count through its own partial index)."""
        column, value = ("host_id", host_id) if host_id is not None else ("guild_id", guild_id)
        total = 0
        for where in ("status = 'lobby'", "status = 'active' AND imported = 1"):
            total += int(
                await self._scalar(
                    f"SELECT COUNT(*) FROM games WHERE {where} AND {column} = ?", (value,)
                )
            )
        return total

    async def import_game(
        self,
        row: GameRow,
        log: list[LoggedAction],
        told: list[tuple[int, Post]],
        posts: list[Post],
        waits: list[Wait],
        caps: tuple[int, int] | None = None,
    ) -> GameRow:
        """A game rebuilt from a record file, stored whole in one transaction: the row as
        given (its id is the store's to choose), its log, the narration of its steps (`told`,
        by step, stored as already told: the file's channel heard it), what this channel must
        be told now, and who owes a move. Raises `ChannelBusy` if the channel has a game.

        A running game is marked imported, and with `caps` (per host, per server) it is
        stored only if its host and its server hold fewer tables than that (`held`), counted
        in the same transaction so two imports at once cannot both take the last place;
        `Crowded` otherwise. A finished game holds no table and is not counted."""
        d = self.dialect
        now = d.now()
        running = row.status == "active"
        try:
            async with self._transaction():
                if running and caps is not None:
                    await self._room(row, caps)
                game_id = int(
                    await self._scalar(
                        d.insert("games", IMPORTED_GAME, returning="id"),
                        (
                            row.channel_id,
                            row.guild_id,
                            row.game,
                            row.host_id,
                            row.status,
                            d.to_json(row.options),
                            d.to_json(row.players),
                            row.seed,
                            row.state,
                            0,
                            d.to_json(row.pace),
                            now,
                            now,
                            int(running),
                        ),
                    )
                )
                await self._many(
                    d.insert("actions", ACTION_COLUMNS),
                    [(game_id, e.seq, e.seat, e.user_id, e.action, now, 0) for e in log],
                )
                await self._many(
                    d.insert("outbox", TOLD_COLUMNS),
                    [
                        (game_id, seq, p.kind, None, d.to_json(p.body), "sent", now, now)
                        for seq, p in told
                    ],
                )
                await self._enqueue(game_id, len(log), posts)
                await self._replace_waits(
                    game_id, [w.model_copy(update={"game_id": game_id}) for w in waits]
                )
        except d.conflict:
            raise ChannelBusy() from None
        stored = await self.get(game_id)
        assert stored is not None
        return stored

    async def _room(self, row: GameRow, caps: tuple[int, int]) -> None:
        per_host, per_server = caps
        if await self.held(host_id=row.host_id, guild_id=None) >= per_host:
            raise Crowded("host", per_host)
        if row.guild_id is not None and (
            await self.held(host_id=None, guild_id=row.guild_id) >= per_server
        ):
            raise Crowded("server", per_server)

    async def live_games(
        self, guild_id: int, offset: int, limit: int
    ) -> tuple[int, list[ListedGame]]:
        """One page of the server's lobbies and running games, oldest first, with who each
        waits for: how many there are, and the page. Through the server's index of live games
        and each game's waits, so the work is the page's, whatever else is stored."""
        total = int(
            await self._scalar(
                "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')",
                (guild_id,),
            )
        )
        d = self.dialect
        rows = await self._rows(
            "SELECT id, channel_id, game, status, players FROM games"
            " WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        listed = {
            int(r["id"]): ListedGame(
                game_id=r["id"],
                channel_id=r["channel_id"],
                game=r["game"],
                status=r["status"],
                players=d.from_json(r["players"]),
            )
            for r in rows
        }
        if listed:
            waits = await self._rows(
                "SELECT game_id, seat, user_id, since, out_of_turn FROM waits"
                f" WHERE game_id IN ({d.marks(len(listed))}) AND seat >= 0 ORDER BY game_id, seat",
                tuple(listed),
            )
            for w in waits:
                listed[int(w["game_id"])].waiting.append(
                    Waiting(
                        seat=w["seat"],
                        user_id=w["user_id"],
                        since=self._since(w["since"]),
                        out_of_turn=bool(w["out_of_turn"]),
                    )
                )
        return total, list(listed.values())

    async def owed_by(self, user_id: int, offset: int, limit: int) -> tuple[int, list[OwedGame]]:
        """One page of the running games, in any server, where the user owes a decision, the
        longest waiting first: how many there are, and the page. Through the index of waits
        by player, so the work is that player's, whatever else is stored."""
        where = "WHERE w.user_id = ? AND w.seat >= 0 AND g.status = 'active'"
        total = int(
            await self._scalar(
                f"SELECT COUNT(DISTINCT w.game_id) FROM waits w JOIN games g ON g.id = w.game_id"
                f" {where}",
                (user_id,),
            )
        )
        rows = await self._rows(
            "SELECT w.game_id, g.channel_id, g.guild_id, g.game, MIN(w.since) AS since,"
            " COUNT(*) AS seats, MIN(w.out_of_turn) AS out_of_turn"
            f" FROM waits w JOIN games g ON g.id = w.game_id {where}"
            " GROUP BY w.game_id, g.channel_id, g.guild_id, g.game"
            " ORDER BY since, w.game_id LIMIT ? OFFSET ?",
            (user_id, limit, offset),
        )
        return total, [
            OwedGame(
                game_id=r["game_id"],
                channel_id=r["channel_id"],
                guild_id=r["guild_id"],
                game=r["game"],
                since=self._since(r["since"]),
                seats=r["seats"],
                out_of_turn=bool(r["out_of_turn"]),
            )
            for r in rows
        ]

    def _since(self, value: Any) -> datetime:
        """A wait's start as stored (never empty: the column is NOT NULL)."""
        since = self.dialect.read_moment(value)
        assert since is not None
        return since
