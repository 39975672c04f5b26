"""Publication's part of the store: the outbox of posts, what the channel shows, live buttons.

What a change must tell is queued in the outbox in the change's own transaction (`_enqueue`),
and sent later by the publisher, which records here how far each post got: a crash between
commit and post is healed by sending from that mark, and nothing is announced twice.

A game's posts are taken by one worker at a time (`claim_posts`): its open posts are marked
with the worker and a lease, which a delivered, given-up or postponed post gives back, and
which another worker takes over once it runs out. They are taken per game, all together,
because a game's posts must go out in order. `OutboxStore` (`bot.store.protocol`) is what every
store provides; `SqlOutbox` is the SQL store's part.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.store.models import AlreadyTold, GameRow, OutboxRow, Outgoing, Post, Shown
from bot.store.sql import Sql

OPEN = "state IN ('pending', 'sending')"
"""A post still to be sent (the partial indexes of what is due say the same)."""
RELEASE = "claimed_by = NULL, lease_until = NULL"
CLAIMABLE = "(claimed_by IS NULL OR claimed_by = ? OR lease_until <= ?)"
"""A post no other worker holds a live lease on (given the worker and the moment)."""


class SqlOutbox(Sql):
    """The outbox methods of the store (the games' part provides `_log_length`)."""

    if TYPE_CHECKING:

        async def _log_length(self, game_id: int) -> int: ...

        async def get(self, game_id: int) -> GameRow | None: ...

    async def _enqueue(self, game_id: int, seq: int, posts: list[Post]) -> None:
        """Inside the caller's transaction: queue what step `seq` of the game must tell. A keyed
        post (`Post.once_key`) already queued raises `AlreadyTold`, which rolls the caller's
        transaction back (a keyed insert waits for another process's transaction writing the
        same key, and is refused if it committed)."""
        d = self.dialect
        now = d.now()
        columns = ("game_id", "seq", "kind", "recipient", "body", "due_at", "created_at")
        await self._many(
            d.insert("outbox", columns),
            [
                (game_id, seq, p.kind, p.recipient, d.to_json(p.body), now, now)
                for p in posts
                if p.once_key is None
            ],
        )
        for p in posts:
            if p.once_key is not None and not await self._rows(
                d.upsert(
                    "outbox",
                    (*columns, "once_key"),
                    ("game_id", "once_key"),
                    keep=True,
                    returning="id",
                ),
                (game_id, seq, p.kind, p.recipient, d.to_json(p.body), now, now, p.once_key),
            ):
                raise AlreadyTold(p.once_key)

    async def _tell(self, game_id: int, posts: list[Post]) -> None:
        """Inside the caller's transaction: queue posts at the game's latest step, for a change
        that adds no step to its log (a close, a reminder, time away, a rewind asked)."""
        await self._enqueue(game_id, await self._log_length(game_id), posts)

    def _claim(self, games: str, returning: str) -> str:
        """One statement that takes, for a worker, every open post of each game `games`
        selects whose open posts are all free of other workers' live leases, and hands back
        `returning` of the posts taken. Its values: those of `games`, then the worker and the
        moment (what is free), then the worker and the lease's end.

        The free posts are selected and locked first (`free`); a game is taken only if none
        of its open posts was left out. Where several processes claim at once
        (`dialect.skip_locked`), a post another claim holds is left out rather than waited
        for, and one another claim took and committed meanwhile is read again as taken: so
        two workers never both take a game, nor parts of one, and never wait on each other."""
        return (
            "WITH free AS (SELECT id, game_id FROM outbox"
            f" WHERE {OPEN} AND game_id IN ({games}) AND {CLAIMABLE}{self.dialect.skip_locked})"
            " UPDATE outbox SET claimed_by = ?, lease_until = ? WHERE id IN (SELECT id FROM free)"
            " AND NOT EXISTS (SELECT 1 FROM outbox left_out WHERE left_out.game_id ="
            f" outbox.game_id AND left_out.{OPEN} AND left_out.id NOT IN (SELECT id FROM free))"
            f" RETURNING {returning}"
        )

    async def take_posts(
        self, worker: str, game_id: int, now: datetime, lease: timedelta
    ) -> Outgoing | None:
        """The game's open posts, taken for `worker` until `now + lease`, with the game and
        its newest channel message; None when there is nothing for `worker` to send: no open
        post, another worker holds them (it sends them), or the game is gone. The game is read
        only when there is something to send."""
        d = self.dialect
        held = await self._returning(
            self._claim("?", "id"),
            (game_id, worker, d.moment(now), worker, d.moment(now + lease)),
        )
        posts = await self.open_posts(game_id) if held else []
        if not posts:
            return None
        row = await self.get(game_id)
        if row is None:
            return None
        return Outgoing(row=row, posts=posts, last_message=await self.last_message(game_id, None))

    async def open_posts(self, game_id: int) -> list[OutboxRow]:
        rows = await self._rows(
            f"SELECT * FROM outbox WHERE game_id = ? AND {OPEN} ORDER BY id", (game_id,)
        )
        d = self.dialect
        out = []
        for data in rows:
            data["body"] = d.from_json(data["body"])
            data["pieces"] = d.from_json(data["pieces"])
            data["message_ids"] = d.from_json(data["message_ids"])
            out.append(OutboxRow.model_validate(data))
        return out

    async def due_games(self, now: datetime, limit: int) -> list[int]:
        """Games with something to send whose time has come, claimed or not: read through the
        due index only."""
        rows = await self._rows(
            "SELECT game_id FROM (SELECT game_id, due_at FROM outbox"
            f" WHERE {OPEN} AND due_at <= ? ORDER BY due_at LIMIT ?) AS due"
            " GROUP BY game_id ORDER BY MIN(due_at), game_id",
            (self.dialect.moment(now), limit),
        )
        return [int(r["game_id"]) for r in rows]

    async def claim_posts(
        self,
        worker: str,
        now: datetime,
        lease: timedelta,
        limit: int,
        grace: timedelta = timedelta(0),
    ) -> list[int]:
        """Take the games with a post due `grace` before `now` whose open posts no other worker
        holds a live lease on: every open post of theirs is marked as `worker`'s until `now +
        lease`, in one statement (`_claim`). The games taken, the one due longest first. Read
        through the index of what is due and each game's index of open posts."""
        d = self.dialect
        due = (
            "SELECT game_id FROM outbox WHERE"
            f" {OPEN} AND due_at <= ? AND {CLAIMABLE} ORDER BY due_at LIMIT ?{d.skip_locked}"
        )
        rows = await self._returning(
            self._claim(due, "game_id, due_at"),
            (
                d.moment(now - grace),
                worker,
                d.moment(now),
                limit,
                worker,
                d.moment(now),
                worker,
                d.moment(now + lease),
            ),
        )
        first: dict[int, Any] = {}
        for r in sorted(rows, key=lambda r: (r["due_at"], r["game_id"])):
            first.setdefault(int(r["game_id"]), r["due_at"])
        return list(first)

    async def release_posts(self, worker: str, game_id: int) -> None:
        """Give back what `worker` still holds of the game's posts (its sending stopped early:
        a failure, or its lease ran out meanwhile), so the next sweep may take them at once."""
        await self._set(
            f"UPDATE outbox SET {RELEASE} WHERE game_id = ? AND claimed_by = ? AND {OPEN}",
            (game_id, worker),
        )

    async def mark_sending(self, post_id: int, pieces: list[dict[str, Any]]) -> None:
        d = self.dialect
        await self._set(
            "UPDATE outbox SET state = 'sending', pieces = ?, sending_at = ? WHERE id = ?",
            (d.to_json(pieces), d.now(), post_id),
        )

    async def mark_part_sent(
        self,
        post_id: int,
        parts_sent: int,
        done: bool,
        message_id: int,
        *,
        buttons: tuple[int, int] | None = None,
        shown: Shown | None = None,
    ) -> list[int]:
        """Count one more message of the post sent; a post whose last message went out is
        delivered, and gives back its lease. `buttons`: the message carries buttons of that
        (game, channel), to be taken off once superseded. `shown`: the channel now shows the
        game this way (see `set_shown`), which also proves its channel works; then the game's
        messages with buttons are handed back, so the superseded ones can be retired."""
        d = self.dialect
        release = f", {RELEASE}" if done else ""
        async with self._transaction():
            await self._later(
                f"UPDATE outbox SET parts_sent = ?, state = ?, delivered_at = ?{release},"
                f" message_ids = {d.json_append('message_ids')} WHERE id = ?",
                (
                    parts_sent,
                    "sent" if done else "sending",
                    d.now() if done else None,
                    message_id,
                    post_id,
                ),
            )
            if buttons is not None:
                await self._many(self._live_upsert(), [(message_id, *buttons)])
            if shown is None:
                return []
            game_id = await self._scalar("SELECT game_id FROM outbox WHERE id = ?", (post_id,))
            await self._show(game_id, shown)
            rows = await self._rows(
                "SELECT message_id FROM live_buttons WHERE game_id = ? ORDER BY message_id",
                (game_id,),
            )
            return [int(r["message_id"]) for r in rows]

    async def last_message(self, game_id: int, recipient: int | None) -> int | None:
        """The newest message known to have gone out for the game to that place (the channel,
        or one player's DMs): posts go out in order, so it is in the latest post that has one."""
        latest = await self._latest_with_message(game_id, recipient)
        return None if latest is None else max(latest[1])

    async def _latest_with_message(
        self, game_id: int, recipient: int | None
    ) -> tuple[int, list[int]] | None:
        """The latest post to that place that became a message: its id and its messages."""
        d = self.dialect
        row = await self._row(
            f"SELECT id, message_ids FROM outbox WHERE game_id = ? AND {d.same('recipient')}"
            f" AND {d.json_filled('message_ids')} ORDER BY id DESC LIMIT 1",
            (game_id, recipient),
        )
        return None if row is None else (int(row["id"]), d.from_json(row["message_ids"]))

    async def prune(self, before: datetime, limit: int) -> int:
        """Trim up to `limit` posts delivered before `before` (the safe delay ago), oldest
        first, read through the index of what is due; how many were due.

        A post that is no longer pending or sending is never sent again, so the messages it
        was composed into (`pieces`, the bulk of the outbox) served only while its fate was
        open. The channel's posts are the game's record (`/game log`, `since`, `export`, the
        answer after a crash) and keep their body and message ids. A player's DM posts are
        deleted, all but the latest one that became a message: a later DM of unknown fate is
        looked for after it."""
        cutoff = self.dialect.moment(before)
        async with self._transaction():
            due = await self._rows(
                "SELECT id, game_id, recipient FROM outbox WHERE delivered_at IS NOT NULL"
                " AND delivered_at <= ? ORDER BY delivered_at LIMIT ?",
                (cutoff, limit),
            )
            for row in due:
                if row["recipient"] is None:
                    continue
                latest = await self._latest_with_message(row["game_id"], row["recipient"])
                await self._later(
                    "DELETE FROM outbox WHERE game_id = ? AND recipient = ? AND id <= ?"
                    f" AND {self.dialect.differs('id')}"
                    " AND state IN ('sent', 'undeliverable')"
                    " AND (delivered_at IS NULL OR delivered_at <= ?)",
                    (row["game_id"], row["recipient"], row["id"], latest and latest[0], cutoff),
                )
            await self._rewrite_trimmed([int(row["id"]) for row in due])
        return len(due)

    async def _rewrite_trimmed(self, ids: list[int]) -> None:
        """Those of `ids` still stored, written again under the same ids without their composed
        messages and off the index of what is due. Deleted and inserted, not updated: SQLite
        keeps the room a row gives up inside its page, and as new posts are added at the end of
        the table that room would never be used again, whereas deleting merges the page."""
        if not ids:
            return
        marks = self.dialect.marks(len(ids))
        rows = [
            {**r, "pieces": None, "delivered_at": None}
            for r in await self._rows(f"SELECT * FROM outbox WHERE id IN ({marks})", ids)
        ]
        if not rows:
            return
        await self._later(f"DELETE FROM outbox WHERE id IN ({marks})", ids)
        columns = list(rows[0])
        await self._many(
            self.dialect.insert("outbox", columns), [tuple(r[c] for c in columns) for r in rows]
        )

    async def postpone(self, post_id: int, attempts: int, due_at: datetime) -> None:
        """Try the post again at `due_at`; its lease goes back, so whichever worker's sweep
        comes first then may take it."""
        await self._set(
            f"UPDATE outbox SET attempts = ?, due_at = ?, {RELEASE} WHERE id = ?",
            (attempts, self.dialect.moment(due_at), post_id),
        )

    async def reset_post(self, post_id: int) -> None:
        await self._set(
            "UPDATE outbox SET state = 'pending', pieces = NULL, sending_at = NULL WHERE id = ?",
            (post_id,),
        )

    async def mark_undeliverable(self, post_id: int) -> None:
        await self._set(
            f"UPDATE outbox SET state = 'undeliverable', delivered_at = ?, {RELEASE} WHERE id = ?",
            (self.dialect.now(), post_id),
        )

    async def _show(self, game_id: int, shown: Shown) -> None:
        """What the channel now shows of the game: who it showed as owing, and the turn
        message that later steps of the same turn may edit; and that its channel works."""
        d = self.dialect
        living = None if shown.living is None else d.to_json(shown.living)
        await self._later(
            "UPDATE games SET announced_seats = ?, living = ?, channel_failures = 0 WHERE id = ?",
            (d.to_json(shown.announced), living, game_id),
        )

    async def channel_failed(self, game_id: int) -> int:
        async with self._write:
            failures = await self._scalar(
                "UPDATE games SET channel_failures = channel_failures + 1 WHERE id = ?"
                " RETURNING channel_failures",
                (game_id,),
            )
        return int(failures)

    async def channel_worked(self, game_id: int) -> None:
        await self._set(
            "UPDATE games SET channel_failures = 0 WHERE id = ? AND channel_failures != 0",
            (game_id,),
        )

    def _live_upsert(self) -> str:
        return self.dialect.upsert(
            "live_buttons", ("message_id", "game_id", "channel_id"), ["message_id"], keep=True
        )

    async def live_buttons(self, game_id: int) -> list[int]:
        rows = await self._rows(
            "SELECT message_id FROM live_buttons WHERE game_id = ? ORDER BY message_id",
            (game_id,),
        )
        return [int(r["message_id"]) for r in rows]

    async def drop_live_buttons(self, ids: list[int]) -> None:
        async with self._write:
            await self._many("DELETE FROM live_buttons WHERE message_id = ?", [(i,) for i in ids])

    async def note_dm_closed(self, game_id: int, user_id: int) -> bool:
        """Remember that the channel was told; False if it had been told already."""
        sql = self.dialect.upsert(
            "dm_closed_told",
            ("game_id", "user_id"),
            ["game_id", "user_id"],
            keep=True,
            returning="game_id",
        )
        async with self._write:
            return bool(await self._rows(sql, (game_id, user_id)))

    async def add_posts(self, game_id: int, posts: list[Post]) -> None:
        """Queue posts that tell of no change to the game (a notice about closed DMs)."""
        async with self._transaction():
            await self._tell(game_id, posts)

    async def last_narration(self, game_id: int) -> str | None:
        """What the channel was (or is about to be) told of the game's latest move: the answer
        for a player whose command was cut off by a crash before they heard back."""
        body = await self._value(
            "SELECT body FROM outbox WHERE game_id = ? AND recipient IS NULL AND kind = 'turn'"
            " AND seq > 0 ORDER BY id DESC LIMIT 1",
            (game_id,),
        )
        return None if body is None else str(self.dialect.from_json(body)["header"])
