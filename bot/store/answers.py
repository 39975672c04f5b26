"""Answers owed to players, kept in the same database as the changes they tell of.

A player's command is written down as owed before its work begins, and every write made on its
behalf marks it in that write's own transaction (`Sql._transaction`): a move records its steps,
any other change records that something changed. So whatever moment a crash picks, the row says
truthfully what the player must be told: the steps that counted, a change, or nothing at all.
Which command a task works for is `OWED` (`bot.store.owed`).

Rows live only while a command runs, or until a restarted bot has told its player: the table
is the due work itself, read through its `run` index, never a scan of the games.
"""

from __future__ import annotations

from datetime import datetime

from bot.store.owed import OWED, Owed, PendingAnswer
from bot.store.sql import Sql

__all__ = ["OWED", "Owed", "PendingAnswer", "SqlAnswers"]

OWED_COLUMNS = (
    "interaction_id",
    "application_id",
    "token",
    "expires_at",
    "channel_id",
    "user_id",
    "language",
    "run",
    "holder",
)


class SqlAnswers(Sql):
    """The owed-answer methods of the store."""

    run: int = 0
    """This process's run: rows it writes carry it, and it is newer than any row left over."""

    async def owe(
        self,
        interaction_id: int,
        application_id: int,
        token: str,
        expires_at: datetime,
        channel_id: int,
        user_id: int,
        language: str,
        holder: str | None = None,
    ) -> None:
        """Write the command down before its work begins (one statement, no transaction), with
        the language its asker reads, so the answer a restart owes them is said in it, and the
        `holder` of the process working on it (`bot.store.lease`)."""
        async with self._write:
            await self._later(
                self.dialect.upsert("owed_answers", OWED_COLUMNS, ["interaction_id"], keep=True),
                (
                    interaction_id,
                    application_id,
                    token,
                    self.dialect.moment(expires_at),
                    channel_id,
                    user_id,
                    language,
                    self.run,
                    holder,
                ),
            )

    async def settle(self, interaction_id: int) -> None:
        """The player has their answer (or the token is useless now): forget the row."""
        async with self._write:
            await self._later(
                "DELETE FROM owed_answers WHERE interaction_id = ?", (interaction_id,)
            )

    async def claim_owed(self, now: datetime, holder: str | None = None) -> list[PendingAnswer]:
        """Begin a new run: drop what has expired and take every row earlier runs left, in one
        transaction, so each is told once (a crash while telling leaves them to the next run).
        A row whose holder still holds its lease belongs to a live process sharing the database
        (PostgreSQL, another shard): that process is still working on it, so it stays."""
        async with self._transaction():
            await self._later(
                "DELETE FROM owed_answers WHERE expires_at <= ?", (self.dialect.moment(now),)
            )
            self.run = int(await self._scalar("SELECT COALESCE(MAX(run), 0) + 1 FROM owed_answers"))
            rows = await self._rows(
                "UPDATE owed_answers SET run = ?, holder = ? WHERE run < ? AND (holder IS NULL"
                " OR holder NOT IN (SELECT holder FROM bot_lease WHERE lease_until > ?))"
                " RETURNING interaction_id, application_id, token, channel_id, user_id,"
                " language, changed, game_id, first_seq, last_seq",
                (self.run, holder, self.run, self.dialect.moment(now)),
            )
        return [
            PendingAnswer(**{**r, "changed": bool(r["changed"])})
            for r in sorted(rows, key=lambda r: r["interaction_id"])
        ]

    async def _mark_step(self, game_id: int, seq: int) -> None:
        """Inside a move's transaction: the owed row records the step the move logged."""
        owed = OWED.get()
        if owed is None:
            return
        await self._later(
            "UPDATE owed_answers SET changed = 1, game_id = ?, last_seq = ?,"
            " first_seq = COALESCE(first_seq, ?) WHERE interaction_id = ?",
            (game_id, seq, seq, owed.interaction_id),
        )
        owed.marking = True
