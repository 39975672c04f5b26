"""The optional health and metrics endpoint (HEALTH_PORT; off when unset).

`/healthz` answers 200 when the bot can do its job and 503 with the failing checks otherwise,
for a container's HEALTHCHECK or an orchestrator's probe: the gateway is connected, the
database took the lease's latest renewal (so it is writable) and answers a read, the event loop
has not lagged past HEALTH_MAX_LAG_SECONDS lately, and no post has waited past
HEALTH_STUCK_MINUTES since it fell due. `/metrics` serves `bot.metrics` in the Prometheus text
format, with the database's gauges read at each scrape. Requests are tiny and few; nothing
here reaches Discord.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel

from bot.metrics import OUTBOX_AGE, OUTBOX_BACKLOG, REGISTRY, WAITS_DUE
from bot.store.gauges import Backlog
from bot.table.upkeep import Tenancy

if TYPE_CHECKING:
    from bot.discord.app import GameBot

log = logging.getLogger(__name__)


class Check(BaseModel):
    ok: bool
    detail: str


class Health(BaseModel):
    ok: bool
    checks: dict[str, Check]


class Endpoint:
    """The HTTP server of `/healthz` and `/metrics`, for one bot."""

    def __init__(self, bot: GameBot, tenancy: Tenancy) -> None:
        self.bot = bot
        self.tenancy = tenancy
        self.settings = bot.settings
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.settings.health_host, self.settings.health_port)
        await site.start()
        where = f"{self.settings.health_host}:{self.settings.health_port}"
        log.info("health and metrics on http://%s/", where)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def health(self) -> Health:
        checks = {"gateway": self._gateway(), "event_loop": self._loop()}
        try:
            backlog = await self.bot.store.backlog(datetime.now(UTC))
        except Exception as exc:
            checks["database"] = Check(ok=False, detail=f"cannot read: {exc}")
            checks["outbox"] = Check(ok=False, detail="unknown: the database cannot be read")
        else:
            checks["database"] = self._database()
            checks["outbox"] = self._outbox(backlog)
        return Health(ok=all(c.ok for c in checks.values()), checks=checks)

    def _gateway(self) -> Check:
        if self.bot.is_closed() or not self.bot.is_ready():
            return Check(ok=False, detail="not connected to Discord")
        return Check(ok=True, detail=f"connected, heartbeat {self.bot.latency * 1000:.0f} ms")

    def _database(self) -> Check:
        since = time.monotonic() - self.tenancy.renewed_at
        if since > self.tenancy.lease.total_seconds():
            return Check(ok=False, detail=f"no write has succeeded for {since:.0f} s")
        return Check(ok=True, detail=f"written {since:.0f} s ago")

    def _loop(self) -> Check:
        worst = max(self.bot.recent_lag, default=0.0)
        bound = self.settings.health_max_lag_seconds
        return Check(
            ok=worst <= bound, detail=f"worst lag lately {worst * 1000:.0f} ms (bound {bound:g} s)"
        )

    def _outbox(self, backlog: Backlog) -> Check:
        if backlog.oldest_post_due is None:
            return Check(ok=True, detail="nothing waits to be posted")
        waited = (datetime.now(UTC) - backlog.oldest_post_due).total_seconds()
        bound = self.settings.health_stuck_minutes * 60
        return Check(
            ok=waited <= bound,
            detail=f"{backlog.posts_due} post(s) due, the oldest for {waited:.0f} s",
        )

    async def healthz(self, request: web.Request) -> web.Response:
        health = await self.health()
        return web.json_response(health.model_dump(), status=200 if health.ok else 503)

    async def metrics(self, request: web.Request) -> web.Response:
        now = datetime.now(UTC)
        try:
            backlog = await self.bot.store.backlog(now)
        except Exception:
            log.exception("could not read the backlog for /metrics")
        else:
            OUTBOX_BACKLOG.set(backlog.posts_due)
            oldest = backlog.oldest_post_due
            OUTBOX_AGE.set(0.0 if oldest is None else (now - oldest).total_seconds())
            WAITS_DUE.set(backlog.waits_due)
        return web.Response(
            body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
