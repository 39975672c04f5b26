"""The health and metrics endpoint (HEALTH_PORT) of the real bot, logged in to the stand-in:
`/healthz` is 200 while the bot can do its job and 503 naming the check that fails while
posts cannot get out; `/metrics` counts what players did."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import timedelta
from pathlib import Path

import aiohttp

from bot.discord.endpoint import Endpoint
from bot.metrics import REGISTRY
from bot.table.upkeep import Tenancy
from tests.bot.child import ChildBot
from tests.bot.harness import Session
from tests.bot.test_startup import closed_port
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY
from tests.standin import StandIn


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}{path}") as answer,
    ):
        return answer.status, await answer.text()


async def healthz(port: int) -> tuple[int, dict]:
    status, body = await get(port, "/healthz")
    return status, json.loads(body)


async def until_healthy(port: int, seconds: float = 20.0) -> tuple[int, dict]:
    """The first 200 within `seconds` (the gateway is ready a moment after it connects), or
    the last answer."""
    for _ in range(int(seconds / 0.2)):
        status, health = await healthz(port)
        if status == 200:
            break
        await asyncio.sleep(0.2)
    return status, health


async def test_healthz_follows_whether_posts_get_out(tmp_path: Path) -> None:
    port = closed_port()
    standin = StandIn(server_error_backoff=0.2)
    await standin.start()
    channel = standin.add_text_channel("games")
    child = ChildBot(
        standin,
        tmp_path / "games.sqlite3",
        settings={
            "HEALTH_PORT": str(port),
            "HEALTH_STUCK_MINUTES": "0.02",
            "RENDER_WORKERS": "1",
        },
    )
    try:
        await child.start()
        status, health = await until_healthy(port)
        assert status == 200, health
        assert set(health["checks"]) == {"gateway", "database", "event_loop", "outbox"}
        assert all(check["ok"] for check in health["checks"].values())

        host, guest = standin.add_user("host"), standin.add_user("guest")
        await (await standin.slash(host, channel, "game", "new", game="not_on_my_block")).done()
        await (await standin.slash(guest, channel, "game", "join")).done()
        # Discord stops taking the channel's messages: the first turn cannot be posted.
        fault = standin.fail("POST", f"/channels/{channel.id}/messages", status=500, times=None)
        await standin.slash(host, channel, "game", "start")
        await standin.wait_until(lambda: fault.hits > 0, timeout=10, what="a post to fail")
        await asyncio.sleep(1.5)  # past HEALTH_STUCK_MINUTES
        status, health = await healthz(port)
        assert status == 503
        assert not health["checks"]["outbox"]["ok"]
        assert "post(s) due" in health["checks"]["outbox"]["detail"]
        assert health["checks"]["gateway"]["ok"] and health["checks"]["database"]["ok"]

        fault.clear()
        status, health = await until_healthy(port)
        assert status == 200, health

        status, metrics = await get(port, "/metrics")
        assert status == 200
        assert 'bot_command_seconds_count{command="game start"} 1.0' in metrics
        assert "bot_render_seconds_count" in metrics
        assert "bot_outbox_backlog 0.0" in metrics
        assert "bot_event_loop_lag_seconds_count" in metrics
        assert (await child.terminate()).code == 0
    finally:
        await child.aclose()
        await standin.stop()


async def test_metrics_count_moves_and_the_backlog(tmp_path: Path, toy_installed) -> None:
    port = closed_port()
    async with Session(tmp_path / "games.sqlite3", health_port=port) as session:
        assert session.bot is not None
        tenancy = Tenancy(session.bot.store, "games", "test", timedelta(seconds=30))
        endpoint = Endpoint(session.bot, tenancy)
        await endpoint.start()
        try:
            before = REGISTRY.get_sample_value("bot_moves_total", {"game": TOY.id}) or 0
            await owe_a_decision(session)
            status, metrics = await get(port, "/metrics")
            assert status == 200
            assert f'bot_moves_total{{game="{TOY.id}"}} {before + 2:.1f}' in metrics
            # The session's clock stands in January, so its reminders read as due by now.
            assert re.search(r"^bot_waits_due [1-9]", metrics, re.M)
            assert re.search(r"^bot_outbox_backlog \d", metrics, re.M)
        finally:
            await endpoint.stop()
