"""One bot per database, with two real processes: a second `python -m bot` on the same file
stops with one line naming the first, and a first that crashed lets go (at once on its own
host, within its lease elsewhere)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store.lease import Holder
from bot.store.sqlite import SqliteStore
from tests.bot.child import ChildBot, ChildExited
from tests.standin import StandIn

LEASE = 10


async def test_a_second_bot_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    standin = StandIn()
    await standin.start()
    try:
        async with ChildBot(standin, database) as first:
            second = ChildBot(standin, database)
            try:
                await second.start()
                raise AssertionError("the second bot came online")
            except ChildExited:
                pass
            assert second.returncode == 1
            lines = second.stderr.strip().splitlines()
            assert len(lines) == 1, second.stderr
            assert f"Another bot already runs on the database {database}" in lines[0]
            assert f"process {first.pid} on host" in lines[0]
            assert first.running and standin.connections == 1
            # A clean stop gives the database back: the next bot starts at once.
            assert (await first.terminate()).code == 0
            await second.start()
            await second.terminate()
    finally:
        await standin.stop()


async def test_a_killed_bot_lets_go_at_once_on_its_own_host(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    standin = StandIn()
    await standin.start()
    try:
        first = ChildBot(standin, database)
        await first.start()
        os.kill(first.pid, signal.SIGKILL)
        await first.kill()
        async with ChildBot(standin, database) as again:
            assert again.running
    finally:
        await standin.stop()


async def test_a_holder_elsewhere_that_stopped_renewing_lets_go_when_its_lease_runs_out(
    tmp_path: Path,
) -> None:
    """A bot on another host crashed: nothing here can see its process, so the next bot waits
    for the lease it took (DATABASE_LEASE_SECONDS there) to run out."""
    database = tmp_path / "games.sqlite3"
    store = SqliteStore(database)
    await store.open()
    elsewhere = Holder(host="another-host", version="0.0.9", started_at=datetime.now(UTC))
    await store.hold(elsewhere, datetime.now(UTC), timedelta(seconds=LEASE))
    held_at = time.monotonic()
    await store.aclose()
    standin = StandIn()
    await standin.start()
    try:
        child = ChildBot(standin, database)
        try:
            await child.start()
            raise AssertionError("started while the lease was live")
        except ChildExited:
            assert "process" in child.stderr and "on host another-host" in child.stderr
        while time.monotonic() - held_at < LEASE + 1:
            await asyncio.sleep(0.2)
        await child.start()
        await child.terminate()
    finally:
        await standin.stop()
