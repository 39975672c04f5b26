"""What the running bot does for its operator beside the games: holding its database against a
second bot (`Tenancy`), backups on a schedule (`scheduled_backups`) and deleting the records of
games that ended longer ago than the admin keeps them (`expire_ended_games`).

Both are Discord-free: the program entry (`bot.__main__`) takes the lease before it connects
to Discord, so a second bot stops before it appears online to anyone, and keeps renewing it
for as long as it runs.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import POSTGRESQL
from bot.store import backup
from bot.store.lease import Holder
from bot.store.protocol import GameStore
from bot.store.schema import StoreUnusable

log = logging.getLogger(__name__)

RENEWALS = 3
"""Renewals per lease: a holder that misses two in a row (a long pause) still holds it."""
BACKUP_NAME = "games-{:%Y%m%dT%H%M%SZ}.sqlite3"
BACKUP_GLOB = "games-*.sqlite3"


class Tenancy:
    """This process's hold on its database: taken once, renewed until it stops."""

    def __init__(
        self,
        store: GameStore,
        where: str,
        version: str,
        lease: timedelta,
        shards: list[int] | None = None,
        shard_count: int | None = None,
    ) -> None:
        self.store = store
        self.where = where
        self.lease = lease
        self.me = Holder(
            version=version,
            started_at=datetime.now(UTC),
            shards=shards,
            shard_count=shard_count,
        )
        self.renewed_at = time.monotonic()
        """When the lease was last written (`time.monotonic`): the database took a write."""

    async def take(self) -> None:
        """Hold the database, or `StoreUnusable` naming the bot that holds it. A holder on
        this host whose process is gone (a crash, a kill, a container restarted) lets go at
        once; one elsewhere, once its lease runs out."""
        other = await self.store.hold(self.me, datetime.now(UTC), self.lease)
        if other is not None and gone(other):
            other = await self.store.hold(
                self.me, datetime.now(UTC), self.lease, replacing=other.holder
            )
        if other is not None:
            shared = (
                " Processes sharing a PostgreSQL database each run their own SHARD_IDS of one "
                "SHARD_COUNT."
                if self.where.startswith(POSTGRESQL)
                else ""
            )
            raise StoreUnusable(
                f"Another bot already runs on the database {self.where}: {other.line()}. "
                "Stop it first (two bots would answer every command twice); if it crashed, "
                f"its hold runs out within {self.lease.total_seconds():g} s.{shared}"
            )

    async def keep(self, lost: Callable[[], Awaitable[None]]) -> None:
        """Renew the lease until cancelled; should another bot have taken it meanwhile (this
        process stood still longer than the lease), stop this one through `lost`."""
        while True:
            await asyncio.sleep(self.lease.total_seconds() / RENEWALS)
            try:
                other = await self.store.hold(self.me, datetime.now(UTC), self.lease)
            except Exception:
                log.exception("could not renew the hold on the database; trying again")
                continue
            if other is None:
                self.renewed_at = time.monotonic()
            else:
                log.error("another bot took over the database (%s); stopping", other.line())
                await lost()
                return

    async def release(self) -> None:
        await self.store.let_go(self.me)


def gone(other: Holder) -> bool:
    """Whether `other` ran on this host in a process that no longer runs. A restarted
    container has the same host name and often the same process id as its predecessor: a
    holder with this process's own id is that predecessor."""
    if other.host != socket.gethostname():
        return False
    if other.pid == os.getpid():
        return True
    try:
        os.kill(other.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # a process of another user: alive
        return False
    return False


EXPIRY_BATCH = 100
"""Games deleted per transaction, so an expiry never holds the writer for long."""


async def expire_ended_games(store: GameStore, keep: timedelta, every: timedelta) -> None:
    """Every `every`, delete the records of games that ended (finished or abandoned) and
    have not changed for `keep` (FINISHED_GAMES_KEEP_DAYS)."""
    while True:
        deleted = 0
        try:
            while True:
                batch = await store.expire(datetime.now(UTC) - keep, EXPIRY_BATCH)
                deleted += batch
                if batch < EXPIRY_BATCH:
                    break
        except Exception:
            log.exception("could not delete expired games; trying again later")
        if deleted:
            log.info("deleted %d game record(s) kept longer than %s", deleted, keep)
        await asyncio.sleep(every.total_seconds())


async def scheduled_backups(database: Path, folder: Path, every: timedelta, keep: int) -> None:
    """Back `database` up into `folder` every `every`, keeping the latest `keep` copies; a
    failed backup is logged and tried again at the next turn."""
    while True:
        await asyncio.sleep(every.total_seconds())
        target = folder / BACKUP_NAME.format(datetime.now(UTC))
        try:
            log.info("%s", await asyncio.to_thread(backup.backup, database, target))
        except StoreUnusable as exc:
            log.error("scheduled backup failed: %s", exc)
            continue
        for old in sorted(folder.glob(BACKUP_GLOB))[:-keep]:
            old.unlink(missing_ok=True)
