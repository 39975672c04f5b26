"""One bot per database, or per shard: leases on the database, renewed by a heartbeat.

Two bots answering the same servers would both answer every command and both run every sweep
("the bot answers twice"). The process that runs the games takes its lease before it connects
to Discord and renews it every few seconds; a process that finds its shards already held by a
live lease stops with one line that names the holder (host, process id, version, since when,
shards). A holder that crashed renews nothing, so its lease runs out and the next bot takes it
over.

A lease is one row per gateway shard the process runs (`SHARD_IDS`; every shard when unset).
On PostgreSQL (`Dialect.processes_share`) several processes hold the database at once, one per
set of shards, so that together they serve every server; they must agree on the shard count,
since another count splits the servers otherwise. A SQLite file serves one process: any live
lease refuses every other process, whatever its shards. `LeaseStore` (`bot.store.protocol`) is
what every store provides; `SqlLease` is the SQL store's part, whose statements are the same on
any dialect.
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field

from bot.store.sql import Sql

LEASE_COLUMNS = (
    "shard",
    "shard_count",
    "holder",
    "host",
    "pid",
    "version",
    "started_at",
    "heartbeat_at",
    "lease_until",
)
EVERY_SHARD = -1
"""The shard a process that runs every shard holds."""
LEASE_LOCK = 0
"""The key of the lock that lease takers queue on where several processes share the database
(a game's lock takes its id, and games' ids start at 1)."""


class Holder(BaseModel):
    """A bot process that holds (or asks for) the database, on its shards."""

    holder: str = Field(default_factory=lambda: uuid.uuid4().hex)
    """This run of the process, unique even when a restarted container reuses a pid."""
    host: str = Field(default_factory=socket.gethostname)
    pid: int = Field(default_factory=os.getpid)
    version: str
    started_at: datetime
    shards: list[int] | None = None
    """The gateway shards it runs (`SHARD_IDS`); None: every shard."""
    shard_count: int | None = None
    """The whole bot's shard count (`SHARD_COUNT`); None: the count Discord recommends."""

    def line(self) -> str:
        """Who this is, for the one line a refused process prints."""
        since = self.started_at.isoformat(timespec="seconds")
        on = (
            "every shard"
            if self.shards is None
            else f"shard {', '.join(map(str, self.shards))} of {self.shard_count}"
        )
        return (
            f"process {self.pid} on host {self.host} (version {self.version}, since {since}, {on})"
        )

    def overlaps(self, other: Holder) -> bool:
        """Whether the two would answer some server both: a shared shard, or shard counts
        that split the servers differently."""
        if self.shards is None or other.shards is None or self.shard_count != other.shard_count:
            return True
        return not set(self.shards).isdisjoint(other.shards)


class SqlLease(Sql):
    """The lease methods of the store."""

    async def hold(
        self, me: Holder, now: datetime, lease: timedelta, replacing: str | None = None
    ) -> Holder | None:
        """Take or renew `me`'s leases until `now + lease`; a live holder in the way instead
        (and nothing is written). In the way: on SQLite any other holder, on PostgreSQL one
        whose shards overlap `me`'s. `replacing`: a holder known to be gone (its process no
        longer runs), whose leases are taken over before they run out."""
        d = self.dialect
        async with self._write:
            await self._exec(d.begin)
            try:
                if d.lock_game is not None:  # lease takers of several processes queue here
                    await self._exec(d.lock_game, (LEASE_LOCK,))
                others = self._holders(await self._rows("SELECT * FROM bot_lease"), now)
                for other in others:
                    if other.holder not in (me.holder, replacing) and (
                        not d.processes_share or me.overlaps(other)
                    ):
                        await self._exec("ROLLBACK")
                        return other
                await self._exec(
                    "DELETE FROM bot_lease WHERE holder = ? OR holder = ? OR lease_until <= ?",
                    (me.holder, replacing or me.holder, d.moment(now)),
                )
                await self._many(
                    d.insert("bot_lease", LEASE_COLUMNS),
                    [
                        (
                            shard,
                            me.shard_count or 0,
                            me.holder,
                            me.host,
                            me.pid,
                            me.version,
                            d.moment(me.started_at),
                            d.moment(now),
                            d.moment(now + lease),
                        )
                        for shard in (me.shards or [EVERY_SHARD])
                    ],
                )
            except BaseException:
                await self._exec("ROLLBACK")
                raise
            await self._exec("COMMIT")
        return None

    def _holders(self, rows: list[dict[str, Any]], now: datetime) -> list[Holder]:
        """The live holders among the lease rows, each with all its shards."""
        d = self.dialect
        found: dict[str, Holder] = {}
        for row in sorted(rows, key=lambda r: int(r["shard"])):
            if d.read_moment(row["lease_until"]) <= now:  # type: ignore[operator]
                continue
            held = found.get(row["holder"])
            if held is None:
                every = int(row["shard"]) == EVERY_SHARD
                held = found[row["holder"]] = Holder.model_validate(
                    {
                        **{k: row[k] for k in ("holder", "host", "pid", "version")},
                        "started_at": d.read_moment(row["started_at"]),
                        "shards": None if every else [],
                        "shard_count": int(row["shard_count"]) or None,
                    }
                )
            if held.shards is not None:
                held.shards.append(int(row["shard"]))
        return list(found.values())

    async def let_go(self, me: Holder) -> None:
        """Give the leases back at a clean stop, so the next bot need not wait for them to run
        out; leases another process has taken since are left alone."""
        async with self._write:
            await self._exec("DELETE FROM bot_lease WHERE holder = ?", (me.holder,))
