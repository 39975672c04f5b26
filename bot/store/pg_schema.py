"""The PostgreSQL schema: reaching the server, and bringing its database up to this build.

The migrations are the SQLite ones' twins, in `migrations/postgresql/` (shipped in the wheel
as `bot/store/migrations/postgresql/`), with the same names, applied in the same order and
recorded in a `schema_migrations` table the same way; several processes starting at once take
turns (a session advisory lock), so each migration is applied once. As with SQLite, a database
the bot cannot use stops it at start with one line (`StoreUnusable`): a server it cannot reach,
a database of some other program, or one a newer bot has migrated. The URL in such a line, and
anywhere else, shows no password (`masked`).
"""

from __future__ import annotations

import logging
from importlib.resources.abc import Traversable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store import schema
from bot.store.schema import Migration, StoreUnusable

log = logging.getLogger(__name__)

SCHEMES = ("postgresql", "postgres")
MIGRATING = 0x6D69_6772_6174_65
"""The advisory lock key the processes migrating one database take turns on."""
CONNECT_SECONDS = 10.0


def bundled() -> Traversable:
    """The folder of this build's PostgreSQL migrations, beside the SQLite ones."""
    return schema.bundled() / "postgresql"


def masked(url: str) -> str:
    """`url` with its password (if any) replaced by `***`: safe for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


async def connect(url: str, migrations: Traversable, size: int) -> asyncpg.Pool:
    """A pool of up to `size` connections to `url`, its schema brought up to date; or
    `StoreUnusable` naming the (masked) URL and what to do."""
    known = schema.load(migrations)
    try:
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=size, timeout=CONNECT_SECONDS, command_timeout=60
        )
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
        raise StoreUnusable(
            f"Cannot reach the database {masked(url)} ({type(exc).__name__}: {exc}); check "
            "DATABASE_URL and that the server is running and lets this user in."
        ) from None
    try:
        async with pool.acquire() as conn:
            await migrate(conn, masked(url), known)
    except BaseException:
        await pool.close()
        raise
    return pool


async def migrate(conn: PoolConnectionProxy[Any], where: str, known: list[Migration]) -> list[str]:
    """Apply every migration not yet recorded, in order, each in one transaction with its
    record; refuse a database of another program or of a newer bot, changing nothing."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATING)
    try:
        tables = {
            r["tablename"]
            for r in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        }
        if tables and "schema_migrations" not in tables:
            raise StoreUnusable(
                f"The database {where} holds tables but no schema_migrations table, so it is "
                "not one of this bot's databases; point DATABASE_URL at the right database."
            )
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations"
            " (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)"
        )
        done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
        newer = sorted(done - {m.name for m in known})
        if newer:
            raise StoreUnusable(
                f"The database {where} was migrated by a newer version of the bot (it records "
                f"{newer[-1]}, which this version does not know); upgrade the bot, or restore "
                "a backup taken before the upgrade."
            )
        applied = []
        for migration in known:
            if migration.name in done:
                continue
            try:
                async with conn.transaction():
                    await conn.execute(migration.sql)
                    await conn.execute(
                        "INSERT INTO schema_migrations (name, applied_at) VALUES ($1, now())",
                        migration.name,
                    )
            except asyncpg.PostgresError as exc:
                raise StoreUnusable(
                    f"Could not apply the migration {migration.name} to the database {where} "
                    f"({exc}); the database was left as it was. Report this as a bug."
                ) from None
            log.info("applied migration %s", migration.name)
            applied.append(migration.name)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATING)
