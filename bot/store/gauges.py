"""What the health endpoint reads from the database: work due and not yet done.

A post due long ago and still not delivered means publication is stuck (Discord out of reach,
a sweep that died); waits due and not handled mean the due sweep is behind. Both are read
through the due indexes, so a scrape costs the same however many games the database holds.
`GaugeStore` (`bot.store.protocol`) is what every store provides; `SqlGauges` is the SQL
store's part.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from bot.store.sql import Sql


class Backlog(BaseModel):
    posts_due: int
    """Posts due now, and posts that failed and wait for their next try."""
    oldest_post_due: datetime | None
    """Since when the longest-waiting of them has waited: when it fell due, or when it was
    written if it has failed since (None: no post waits)."""
    waits_due: int


class SqlGauges(Sql):
    """The gauge methods of the store."""

    async def backlog(self, now: datetime) -> Backlog:
        d = self.dialect
        at = d.moment(now)
        posts = await self._row(
            "SELECT COUNT(*) AS n,"
            " MIN(CASE WHEN attempts > 0 THEN created_at ELSE due_at END) AS oldest"
            " FROM outbox WHERE state IN ('pending', 'sending') AND (due_at <= ? OR attempts > 0)",
            (at,),
        )
        waits = await self._value("SELECT COUNT(*) FROM waits WHERE due_at <= ?", (at,))
        assert posts is not None
        return Backlog(
            posts_due=int(posts["n"]),
            oldest_post_due=d.read_moment(posts["oldest"]),
            waits_due=int(waits or 0),
        )
