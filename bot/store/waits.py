"""Keeping games moving, the store's part: waits, players' settings, time away and rewinds.

A wait is a seat that owes a decision, with the moment its next reminder or limit comes
(`due_at`, indexed), so a sweep reads only the waits that are due, whatever else is stored.
The game's waits are replaced whole by each change to the game, in that change's transaction.
A due wait is taken by one worker at a time (`claim_due_waits`), with a lease that its
handling gives back and that another worker takes over once it runs out. `WaitStore`
(`bot.store.protocol`) is what every store provides; `SqlWaits` is the SQL store's part.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.store.models import AlreadyTold, DueWait, GameRow, Post, Prefs, Rewind, Wait
from bot.store.sql import Read, Sql

WAIT_COLUMNS = (
    "game_id",
    "seat",
    "user_id",
    "decision",
    "out_of_turn",
    "since",
    "reminders",
    "remind_at",
    "limit_at",
    "limit_told",
    "due_at",
)
PREFS_COLUMNS = (
    "user_id",
    "timezone",
    "quiet_from",
    "quiet_to",
    "on_deck",
    "turn_dm",
    "language",
    "client_locale",
)


class SqlWaits(Sql):
    """The waits, settings, time-away and rewind methods of the store (the outbox's part
    provides `_tell`)."""

    if TYPE_CHECKING:

        async def _tell(self, game_id: int, posts: list[Post]) -> None: ...

    def _wait_values(self, w: Wait) -> tuple[Any, ...]:
        m = self.dialect.moment
        return (
            w.game_id,
            w.seat,
            w.user_id,
            w.decision,
            int(w.out_of_turn),
            m(w.since),
            w.reminders,
            m(w.remind_at),
            m(w.limit_at),
            int(w.limit_told),
            m(w.due_at),
        )

    async def _replace_waits(self, game_id: int, waits: list[Wait]) -> None:
        """Inside the caller's transaction: the game's waits become exactly these (unclaimed:
        whatever a sweep held of the old ones is done with)."""
        await self._later("DELETE FROM waits WHERE game_id = ?", (game_id,))
        await self._many(
            self.dialect.insert("waits", WAIT_COLUMNS), [self._wait_values(w) for w in waits]
        )

    async def waits(self, game_id: int) -> dict[int, Wait]:
        return self._waits_from(await self._rows(*self._waits_read(game_id)))

    @staticmethod
    def _waits_read(game_id: int) -> Read:
        return "SELECT * FROM waits WHERE game_id = ? AND seat >= 0", (game_id,)

    @staticmethod
    def _waits_from(rows: list[dict[str, Any]]) -> dict[int, Wait]:
        out = {}
        for data in rows:
            for column in ("due_at", "claimed_by", "lease_until"):
                data.pop(column, None)
            out[int(data["seat"])] = Wait.model_validate(data)
        return out

    async def put_waits(self, game_id: int, waits: list[Wait]) -> None:
        async with self._transaction():
            await self._replace_waits(game_id, waits)

    async def update_wait(self, wait: Wait, posts: list[Post]) -> bool:
        """Store what a sweep did for one wait (a reminder sent, the host told) and what it
        must post about it, together; the wait's lease goes back with it. False, and nothing
        stored, when a keyed post among them (`Post.once_key`) was written already: another
        process's sweep took the same wait and told it first."""
        try:
            await self._update_wait(wait, posts)
        except AlreadyTold:
            return False
        return True

    async def _update_wait(self, wait: Wait, posts: list[Post]) -> None:
        m = self.dialect.moment
        async with self._transaction():
            await self._later(
                "UPDATE waits SET reminders = ?, remind_at = ?, limit_told = ?, due_at = ?,"
                " claimed_by = NULL, lease_until = NULL WHERE game_id = ? AND seat = ?",
                (
                    wait.reminders,
                    m(wait.remind_at),
                    int(wait.limit_told),
                    m(wait.due_at),
                    wait.game_id,
                    wait.seat,
                ),
            )
            await self._tell(wait.game_id, posts)

    async def due_waits(self, now: datetime, limit: int) -> list[DueWait]:
        """Waits whose reminder or limit has come, earliest first, found through the index
        (claimed or not: what a sweep is about to look at)."""
        rows = await self._rows(
            "SELECT w.game_id, w.seat, g.channel_id FROM waits w JOIN games g ON g.id = w.game_id"
            " WHERE w.due_at IS NOT NULL AND w.due_at <= ? ORDER BY w.due_at LIMIT ?",
            (self.dialect.moment(now), limit),
        )
        return [DueWait.model_validate(r) for r in rows]

    async def claim_due_waits(
        self, worker: str, now: datetime, lease: timedelta, limit: int
    ) -> list[DueWait]:
        """Take up to `limit` waits whose reminder or limit has come and that no other worker
        holds a live lease on, earliest first: each is marked as `worker`'s until `now +
        lease`, in one statement. Read through the index of what is due. Where several
        processes claim at once (`dialect.skip_locked`), a wait another claim holds is passed
        over, and one it took and committed meanwhile is read again as taken."""
        d = self.dialect
        taken = await self._returning(
            "UPDATE waits SET claimed_by = ?, lease_until = ? WHERE (game_id, seat) IN"
            " (SELECT game_id, seat FROM waits WHERE due_at IS NOT NULL AND due_at <= ?"
            " AND (claimed_by IS NULL OR claimed_by = ? OR lease_until <= ?)"
            f" ORDER BY due_at LIMIT ?{d.skip_locked}) RETURNING game_id, seat, due_at",
            (worker, d.moment(now + lease), d.moment(now), worker, d.moment(now), limit),
        )
        if not taken:
            return []
        games = sorted({int(r["game_id"]) for r in taken})
        channels = {
            int(r["id"]): int(r["channel_id"])
            for r in await self._rows(
                f"SELECT id, channel_id FROM games WHERE id IN ({d.marks(len(games))})", games
            )
        }
        return [
            DueWait(game_id=r["game_id"], seat=r["seat"], channel_id=channels[r["game_id"]])
            for r in sorted(taken, key=lambda r: (r["due_at"], r["game_id"], r["seat"]))
        ]

    async def release_waits(self, worker: str, waits: list[DueWait]) -> None:
        """Give back what `worker` still holds of these waits (handled, or failed), so the next
        sweep may look at them again at once."""
        async with self._write:
            await self._many(
                "UPDATE waits SET claimed_by = NULL, lease_until = NULL"
                " WHERE game_id = ? AND seat = ? AND claimed_by = ?",
                [(w.game_id, w.seat, worker) for w in waits],
            )

    async def prefs(self, user_ids: list[int]) -> dict[int, Prefs]:
        """Each person's own settings; those who never set any get the defaults."""
        rows = await self._rows(*self._prefs_read(user_ids)) if user_ids else []
        return self._prefs_from(rows, user_ids)

    def _prefs_read(self, user_ids: list[int]) -> Read:
        """The settings of `user_ids` (at least one)."""
        marks = self.dialect.marks(len(user_ids))
        return f"SELECT * FROM players WHERE user_id IN ({marks})", tuple(user_ids)

    @staticmethod
    def _prefs_from(rows: list[dict[str, Any]], user_ids: list[int]) -> dict[int, Prefs]:
        found = {int(r["user_id"]): Prefs.model_validate(r) for r in rows}
        return {u: found.get(u, Prefs()) for u in user_ids}

    async def set_prefs(self, user_id: int, prefs: Prefs) -> None:
        await self._set(
            self.dialect.upsert("players", PREFS_COLUMNS, ["user_id"]),
            (
                user_id,
                prefs.timezone,
                prefs.quiet_from,
                prefs.quiet_to,
                int(prefs.on_deck),
                int(prefs.turn_dm),
                prefs.language,
                prefs.client_locale,
            ),
        )

    async def away(self, game_id: int) -> dict[int, datetime]:
        return self._away_from(await self._rows(*self._away_read(game_id)))

    @staticmethod
    def _away_read(game_id: int) -> Read:
        return "SELECT user_id, until FROM away WHERE game_id = ?", (game_id,)

    def _away_from(self, rows: list[dict[str, Any]]) -> dict[int, datetime]:
        read = self.dialect.read_moment
        return {int(r["user_id"]): until for r in rows if (until := read(r["until"]))}

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
        d = self.dialect
        async with self._transaction():
            if until is None:
                await self._later(
                    "DELETE FROM away WHERE game_id = ? AND user_id = ?", (row.id, user_id)
                )
            else:
                await self._later(
                    d.upsert("away", ("game_id", "user_id", "until"), ["game_id", "user_id"]),
                    (row.id, user_id, d.moment(until)),
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
        d = self.dialect
        async with self._transaction():
            await self._later(
                "UPDATE rewinds SET state = 'stale' WHERE game_id = ? AND state = 'open'",
                (row.id,),
            )
            new_id = int(
                await self._scalar(
                    d.insert(
                        "rewinds",
                        ("game_id", "seqs", "version", "asked_by", "agreed", "created_at"),
                        returning="id",
                    ),
                    (
                        row.id,
                        d.to_json(seqs),
                        row.version,
                        asked_by,
                        d.to_json([asked_by]),
                        d.now(),
                    ),
                )
            )
            await self._tell(row.id, announce(new_id))
        found = await self.rewind(new_id)
        assert found is not None
        return found

    async def rewind(self, rewind_id: int) -> Rewind | None:
        data = await self._row("SELECT * FROM rewinds WHERE id = ?", (rewind_id,))
        if data is None:
            return None
        data["seqs"] = self.dialect.from_json(data["seqs"])
        data["agreed"] = self.dialect.from_json(data["agreed"])
        return Rewind.model_validate(data)

    async def settle_rewind(
        self, rewind: Rewind, *, agreed: list[int], state: str, posts: list[Post] | None = None
    ) -> bool:
        """Record an answer to a rewind still open as read, with what the table is told of it;
        False (and nothing stored) if it was answered or settled meanwhile."""
        d = self.dialect
        async with self._transaction():
            changed = await self._exec(
                "UPDATE rewinds SET agreed = ?, state = ? WHERE id = ? AND state = 'open'"
                " AND agreed = ?",
                (d.to_json(agreed), state, rewind.id, d.to_json(rewind.agreed)),
            )
            if changed != 1:
                return False
            await self._tell(rewind.game_id, posts or [])
            return True
