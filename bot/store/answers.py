"""Answers owed to players, kept in the same database as the changes they tell of.

A player's command is written down as owed before its work begins, and every write made on its
behalf marks it in that write's own transaction: a move records its steps, any other change
records that something changed. So whatever moment a crash picks, the row says truthfully what
the player must be told: the steps that counted, a change, or nothing at all. The mark reads
the command from `OWED`, a context variable the interaction's task sets, so no use case can
forget to pass it along (every path into the store is covered, whichever module made it).

Rows live only while a command runs, or until a restarted bot has told its player: the table
is the due work itself, read through its `run` index, never a scan of the games.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.store import schema

if TYPE_CHECKING:
    import aiosqlite


@dataclass
class Owed:
    """The command being worked on in this task, and what this process knows of its row."""

    interaction_id: int
    changed: bool = False
    """A committed write has marked the row already: later writes need not mark it again."""
    answered: bool = False
    """An answer reached the player, so the row may go."""
    marking: bool = False
    """The write under way has marked the row; it counts once that write commits."""

    def settled(self, committed: bool) -> None:
        """A write's transaction ended: its mark stands if it committed."""
        self.changed = self.changed or (committed and self.marking)
        self.marking = False


OWED: ContextVar[Owed | None] = ContextVar("owed_answer", default=None)
"""The command whose answer the current task owes; None outside a command's handling."""


@dataclass(frozen=True)
class PendingAnswer:
    """A row a previous run left behind: whom to tell, with what token, and what happened."""

    interaction_id: int
    application_id: int
    token: str = field(repr=False)
    """Lets the bot edit the player's reply; a secret of sorts, so never shown in logs."""
    channel_id: int
    user_id: int
    changed: bool
    game_id: int | None
    first_seq: int | None
    last_seq: int | None


class AnswerStore(Protocol):
    async def owe(
        self,
        interaction_id: int,
        application_id: int,
        token: str,
        expires_at: datetime,
        channel_id: int,
        user_id: int,
    ) -> None: ...
    async def settle(self, interaction_id: int) -> None: ...
    async def claim_owed(self, now: datetime) -> list[PendingAnswer]: ...


class SqliteAnswers:
    """The owed-answer methods of `SqliteStore` (which provides `db` and the writer lock)."""

    run: int = 0
    """This process's run: rows it writes carry it, and it is newer than any row left over."""

    if TYPE_CHECKING:
        import asyncio

        _write: asyncio.Lock

        @property
        def db(self) -> aiosqlite.Connection: ...

    async def owe(
        self,
        interaction_id: int,
        application_id: int,
        token: str,
        expires_at: datetime,
        channel_id: int,
        user_id: int,
    ) -> None:
        """Write the command down before its work begins (one statement, no transaction)."""
        async with self._write:
            await self.db.execute(
                "INSERT OR IGNORE INTO owed_answers (interaction_id, application_id, token,"
                " expires_at, channel_id, user_id, run) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    interaction_id,
                    application_id,
                    token,
                    schema.moment(expires_at),
                    channel_id,
                    user_id,
                    self.run,
                ),
            )

    async def settle(self, interaction_id: int) -> None:
        """The player has their answer (or the token is useless now): forget the row."""
        async with self._write:
            await self.db.execute(
                "DELETE FROM owed_answers WHERE interaction_id = ?", (interaction_id,)
            )

    async def claim_owed(self, now: datetime) -> list[PendingAnswer]:
        """Begin a new run: drop what has expired and take every row earlier runs left, in one
        transaction, so each is told once (a crash while telling leaves them to the next run).
        """
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                await self.db.execute(
                    "DELETE FROM owed_answers WHERE expires_at <= ?", (schema.moment(now),)
                )
                self.run = int(
                    await schema.scalar(
                        self.db, "SELECT COALESCE(MAX(run), 0) + 1 FROM owed_answers"
                    )
                )
                async with self.db.execute(
                    "UPDATE owed_answers SET run = ? WHERE run < ? RETURNING interaction_id,"
                    " application_id, token, channel_id, user_id, changed, game_id, first_seq,"
                    " last_seq",
                    (self.run, self.run),
                ) as cur:
                    rows = await cur.fetchall()
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")
        return [
            PendingAnswer(**{**dict(r), "changed": bool(r["changed"])})
            for r in sorted(rows, key=lambda r: r["interaction_id"])
        ]

    async def _mark_step(self, db: aiosqlite.Connection, game_id: int, seq: int) -> None:
        """Inside a move's transaction: the owed row records the step the move logged."""
        owed = OWED.get()
        if owed is None:
            return
        await db.execute(
            "UPDATE owed_answers SET changed = 1, game_id = ?, last_seq = ?,"
            " first_seq = COALESCE(first_seq, ?) WHERE interaction_id = ?",
            (game_id, seq, seq, owed.interaction_id),
        )
        owed.marking = True

    @staticmethod
    async def _mark_owed(db: aiosqlite.Connection, owed: Owed | None) -> None:
        """At the end of any write's transaction: the owed row records that something changed,
        unless it already says so (a committed write, or this transaction's step)."""
        if owed is None or owed.changed or owed.marking:
            return
        await db.execute(
            "UPDATE owed_answers SET changed = 1 WHERE interaction_id = ?", (owed.interaction_id,)
        )
        owed.marking = True
