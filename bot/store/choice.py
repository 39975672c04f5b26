"""Which store a bot runs on: the SQLite file by default, PostgreSQL when given a URL.

SQLite needs no configuration and serves one process; a `postgresql://` URL (`DATABASE_URL`)
puts the games in a PostgreSQL database that several processes may share. The URL may carry
a password, so what messages and logs name is `where`, which masks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from bot.store.postgres import PostgresStore


def chosen(path: Path, url: str | None) -> tuple[SqliteStore | PostgresStore, str]:
    """The store to open, and the database as a line may name it. PostgreSQL's driver is
    loaded only here, by a bot that uses it: it holds some 12 MiB in every process that
    imports it."""
    if url:
        from bot.store.pg_schema import masked
        from bot.store.postgres import PostgresStore

        return PostgresStore(url), masked(url)
    return SqliteStore(path), str(path)
