"""One bot per database: a lease on the whole database, renewed by a heartbeat.

Two bots on one database would both answer every command and both run every sweep ("the bot
answers twice"). The process that runs the games takes the lease before it connects to Discord
and renews it every few seconds; a second process finds the lease live and stops with one line
that names the holder (host, process id, version, since when). A holder that crashed renews
nothing, so its lease runs out and the next bot takes it over. `LeaseStore`
(`bot.store.protocol`) is what every store provides; `SqlLease` is the SQL store's part, whose
statements are the same on any dialect.
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import datetime, timedelta

from pydantic import BaseModel, Field

from bot.store.sql import Sql

LEASE_COLUMNS = (
    "id",
    "holder",
    "host",
    "pid",
    "version",
    "started_at",
    "heartbeat_at",
    "lease_until",
)


class Holder(BaseModel):
    """A bot process that holds (or asks for) the database."""

    holder: str = Field(default_factory=lambda: uuid.uuid4().hex)
    """This run of the process, unique even when a restarted container reuses a pid."""
    host: str = Field(default_factory=socket.gethostname)
    pid: int = Field(default_factory=os.getpid)
    version: str
    started_at: datetime

    def line(self) -> str:
        """Who this is, for the one line a refused process prints."""
        since = self.started_at.isoformat(timespec="seconds")
        return f"process {self.pid} on host {self.host} (version {self.version}, since {since})"


class SqlLease(Sql):
    """The lease methods of the store."""

    async def hold(
        self, me: Holder, now: datetime, lease: timedelta, replacing: str | None = None
    ) -> Holder | None:
        """Take or renew the lease for `me` until `now + lease`; the live holder instead, when
        another process holds it (and nothing is written). `replacing`: a holder known to be
        gone (its process no longer runs), whose lease is taken over before it runs out."""
        d = self.dialect
        async with self._write:
            await self._exec(d.begin)
            try:
                other = await self._row("SELECT * FROM bot_lease WHERE id = 1")
                if (
                    other is not None
                    and other["holder"] not in (me.holder, replacing)
                    and d.read_moment(other["lease_until"]) > now  # type: ignore[operator]
                ):
                    await self._exec("ROLLBACK")
                    other["started_at"] = d.read_moment(other["started_at"])
                    return Holder.model_validate(
                        {k: other[k] for k in ("holder", "host", "pid", "version", "started_at")}
                    )
                await self._exec(
                    d.upsert("bot_lease", LEASE_COLUMNS, ("id",)),
                    (
                        1,
                        me.holder,
                        me.host,
                        me.pid,
                        me.version,
                        d.moment(me.started_at),
                        d.moment(now),
                        d.moment(now + lease),
                    ),
                )
            except BaseException:
                await self._exec("ROLLBACK")
                raise
            await self._exec("COMMIT")
        return None

    async def let_go(self, me: Holder) -> None:
        """Give the lease back at a clean stop, so the next bot need not wait for it to run
        out; a lease another process has taken since is left alone."""
        async with self._write:
            await self._exec("DELETE FROM bot_lease WHERE id = 1 AND holder = ?", (me.holder,))
