"""Drafts of secret orders: what a seat has written on its open order sheet so far.

A draft is the seat's own business until it submits: it lives here, one row per (game, seat),
bound to the decision it was written for, and never reaches the log, the channel or the other
seats. A draft for an older decision (the sheet was submitted, forced or replaced since) reads
as empty and is replaced by the next write. `DraftStore` (`bot.store.protocol`) is what every
store provides; `SqlDrafts` is the SQL store's part.
"""

from __future__ import annotations

from bot.store.sql import Sql

DRAFT_COLUMNS = ("game_id", "seat", "decision", "lines", "updated_at")


class SqlDrafts(Sql):
    """The draft methods of the store."""

    async def draft(self, game_id: int, seat: int, decision: int) -> dict[str, str]:
        """The lines the seat has written for `decision`; empty when it has written none, or
        only for an older decision."""
        row = await self._row(
            "SELECT decision, lines FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat)
        )
        if row is None or int(row["decision"]) != decision:
            return {}
        lines = self.dialect.from_json(row["lines"])
        return {str(k): str(v) for k, v in lines.items()} if isinstance(lines, dict) else {}

    async def put_draft(
        self, game_id: int, seat: int, decision: int, lines: dict[str, str]
    ) -> None:
        """Store the whole draft for `decision`, replacing whatever the seat had before."""
        d = self.dialect
        async with self._transaction():
            await self._later(
                d.upsert("drafts", DRAFT_COLUMNS, ["game_id", "seat"]),
                (game_id, seat, decision, d.to_json(lines), d.now()),
            )

    async def _forget_drafts(self, game_id: int, seat: int | None = None) -> None:
        """Inside the transaction that ends a game (no seat of it writes orders any more) or
        that records `seat`'s move (its draft was for the decision the move answered)."""
        if seat is None:
            await self._later("DELETE FROM drafts WHERE game_id = ?", (game_id,))
        else:
            await self._later("DELETE FROM drafts WHERE game_id = ? AND seat = ?", (game_id, seat))
