"""What the bot keeps about a person, forgetting them, and letting finished games expire.

A person's traces are their settings (`players`), the games they sat or hosted (their user id in
the game's players and host, their display name, their moves in the log, posts addressed to
them and the narration that mentions them) and their time away. `kept_about` gathers them for
`/game me data`. `forget` deletes the settings and, in every finished or abandoned game, puts a
neutral seat label where the user id and name were: the id becomes the small number of the seat
in the game's players (no Discord account has an id that small, and computer seats are negative),
the name "Seat N", and mentions and the name in the narration are rewritten. Running games and
lobbies keep the person as they are: the table needs to know who may act for the seat.

`expire` deletes finished and abandoned games last changed before a moment, with everything
that hangs on them. Finding a person's games reads every game's players (there is no index by
player): these are rare requests, made by one person about themselves.

`PrivacyStore` (`bot.store.protocol`) is what every store provides; `SqlPrivacy` is the SQL
store's part.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from bot.store.models import Prefs
from bot.store.sql import Sql

FORGOTTEN_BELOW = 1000
"""User ids from 1 to here are the seat labels of forgotten players."""
ENDED = ("finished", "abandoned")
GAME_TABLES = (
    "actions",
    "outbox",
    "live_buttons",
    "dm_closed_told",
    "waits",
    "away",
    "rewinds",
    "drafts",
    "spectator_links",
    "owed_answers",
)
"""Every table whose rows belong to one game, deleted before the game's own row."""


def is_forgotten(user_id: int) -> bool:
    return 0 < user_id < FORGOTTEN_BELOW


def seat_label(user_id: int) -> str:
    return f"Seat {user_id}"


class KeptGame(BaseModel):
    game_id: int
    game: str
    status: str
    guild_id: int | None
    channel_id: int
    created_at: str
    hosted: bool
    seat_in_players: int | None
    """Where the person sits in the game's list of players (None: hosted a lobby only)."""
    name: str | None
    """The display name the game recorded for them."""
    moves: int
    away_until: str | None


class KeptAbout(BaseModel):
    """Everything the database holds that names one person."""

    user_id: int
    settings: Prefs | None
    games: list[KeptGame]


class Forgotten(BaseModel):
    settings_deleted: bool
    games_relabelled: int
    running: list[KeptGame]
    """Lobbies and running games that keep the person's seat."""


class SqlPrivacy(Sql):
    """The privacy methods of the store."""

    async def _games_of(self, user_id: int) -> list[dict[str, Any]]:
        j = self.dialect.from_json
        found = []
        for row in await self._rows(
            "SELECT id, game, status, guild_id, channel_id, created_at, host_id, players,"
            " player_names FROM games ORDER BY id"
        ):
            players = [int(p) for p in j(row["players"]) or []]
            if user_id in players or int(row["host_id"]) == user_id:
                row["players"] = players
                row["player_names"] = j(row["player_names"]) or {}
                found.append(row)
        return found

    async def kept_about(self, user_id: int) -> KeptAbout:
        settings = await self._row("SELECT * FROM players WHERE user_id = ?", (user_id,))
        games = []
        for row in await self._games_of(user_id):
            moves = await self._value(
                "SELECT COUNT(*) FROM actions WHERE game_id = ? AND user_id = ?",
                (row["id"], user_id),
            )
            away = await self._value(
                "SELECT until FROM away WHERE game_id = ? AND user_id = ?", (row["id"], user_id)
            )
            seat = row["players"].index(user_id) if user_id in row["players"] else None
            games.append(
                KeptGame(
                    game_id=row["id"],
                    game=row["game"],
                    status=row["status"],
                    guild_id=row["guild_id"],
                    channel_id=row["channel_id"],
                    created_at=str(row["created_at"]),
                    hosted=int(row["host_id"]) == user_id,
                    seat_in_players=seat,
                    name=row["player_names"].get(str(user_id)),
                    moves=int(moves or 0),
                    away_until=None if away is None else str(away),
                )
            )
        return KeptAbout(
            user_id=user_id,
            settings=None if settings is None else Prefs.model_validate(settings),
            games=games,
        )

    async def forget(self, user_id: int) -> Forgotten:
        """Delete the person's settings and relabel them in every ended game, in one
        transaction; their lobbies and running games are left as they are."""
        d = self.dialect
        kept = await self.kept_about(user_id)
        rows = {row["id"]: row for row in await self._games_of(user_id)}
        ended = [g for g in kept.games if g.status in ENDED]
        async with self._transaction():
            deleted = await self._exec("DELETE FROM players WHERE user_id = ?", (user_id,))
            for game in ended:
                row = rows[game.game_id]
                seat = game.seat_in_players
                label_id = (seat if seat is not None else len(row["players"])) + 1
                label = seat_label(label_id)
                players = [label_id if p == user_id else p for p in row["players"]]
                names = {k: v for k, v in row["player_names"].items() if k != str(user_id)}
                if seat is not None:
                    names[str(label_id)] = label
                await self._later(
                    "UPDATE games SET players = ?, player_names = ?, host_id = CASE WHEN"
                    " host_id = ? THEN ? ELSE host_id END WHERE id = ?",
                    (d.to_json(players), d.to_json(names), user_id, label_id, game.game_id),
                )
                args = (label_id, game.game_id, user_id)
                await self._later(
                    "UPDATE actions SET user_id = ? WHERE game_id = ? AND user_id = ?", args
                )
                await self._later(
                    "UPDATE outbox SET recipient = ? WHERE game_id = ? AND recipient = ?", args
                )
                await self._later(
                    "UPDATE rewinds SET asked_by = ? WHERE game_id = ? AND asked_by = ?", args
                )
                await self._later(
                    "UPDATE outbox SET body = REPLACE(body, ?, ?) WHERE game_id = ?",
                    (f"<@{user_id}>", label, game.game_id),
                )
                if game.name:
                    await self._later(
                        "UPDATE outbox SET body = REPLACE(body, ?, ?) WHERE game_id = ?",
                        (game.name, label, game.game_id),
                    )
                for table in ("dm_closed_told", "away"):
                    await self._later(
                        f"DELETE FROM {table} WHERE game_id = ? AND user_id = ?",
                        (game.game_id, user_id),
                    )
        return Forgotten(
            settings_deleted=deleted > 0,
            games_relabelled=len(ended),
            running=[g for g in kept.games if g.status not in ENDED],
        )

    async def expire(self, before: datetime, limit: int) -> int:
        """Delete up to `limit` ended games last changed before `before`; how many."""
        d = self.dialect
        ids = [
            int(r["id"])
            for r in await self._rows(
                "SELECT id FROM games WHERE status IN ('finished', 'abandoned')"
                " AND updated_at < ? ORDER BY id LIMIT ?",
                (d.moment(before), limit),
            )
        ]
        if not ids:
            return 0
        marks = d.marks(len(ids))
        async with self._transaction():
            for table in GAME_TABLES:
                await self._later(f"DELETE FROM {table} WHERE game_id IN ({marks})", tuple(ids))
            await self._later(f"DELETE FROM games WHERE id IN ({marks})", tuple(ids))
        return len(ids)
