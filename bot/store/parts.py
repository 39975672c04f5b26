"""Every part of a SQL store in one class, over the statements a database brings.

`SqliteStore` and `PostgresStore` are this class plus a connection: the primitives of
`bot.store.sql.Sql` (`_exec`, `_many`, `_rows`, and what `_write` holds) and a `Dialect`. A new
part of the store is added here once, and both databases have it.
"""

from __future__ import annotations

from bot.store.answers import SqlAnswers
from bot.store.drafts import SqlDrafts
from bot.store.games import SqlGames
from bot.store.gauges import SqlGauges
from bot.store.lease import SqlLease
from bot.store.outbox import SqlOutbox
from bot.store.privacy import SqlPrivacy
from bot.store.record import SqlRecord
from bot.store.spectators import SqlSpectators
from bot.store.waits import SqlWaits


class SqlStore(
    SqlGames,
    SqlWaits,
    SqlOutbox,
    SqlRecord,
    SqlDrafts,
    SqlAnswers,
    SqlSpectators,
    SqlLease,
    SqlGauges,
    SqlPrivacy,
):
    """The games and their logs, waits, outbox, record, drafts, owed answers, spectator links,
    the database's lease, its gauges and what it keeps about a person, written once in the
    dialect's SQL."""
