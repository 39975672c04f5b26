"""Starting and stopping the bot as an operator sees it: `python -m bot` in its own process.

A database the bot cannot use stops it with one line naming the file, before it connects to
Discord; SIGTERM (`docker stop`) and SIGINT (Ctrl-C) stop it cleanly with exit code 0; and a
shutdown lets a move that is running finish while refusing new ones.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path

import pytest

from bot.config import Settings
from bot.discord.app import RESTARTING, GameBot
from bot.store.sqlite import SqliteStore
from bot.table.model import PlayerError
from engine.messages import say
from tests.bot.child import ROOT, ChildBot
from tests.standin import StandIn

STEP_TIMEOUT = 20.0
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "GUILD_IDS", "LOG_LEVEL")


def run_bot(database: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with a token, so only the database can stop it."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env |= {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(database), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


async def random_bytes(tmp: Path) -> Path:
    path = tmp / "games.sqlite3"
    path.write_bytes(b"not a database, " + os.urandom(16_000))
    return path


async def a_directory(tmp: Path) -> Path:
    path = tmp / "games.sqlite3"
    path.mkdir()
    return path


async def inside_a_file(tmp: Path) -> Path:
    (tmp / "data").write_text("a file where the database's folder should be")
    return tmp / "data" / "games.sqlite3"


async def unreadable(tmp: Path) -> Path:
    if os.geteuid() == 0:
        pytest.skip("root reads files whatever their mode")
    path = await migrated(tmp)
    path.chmod(0)
    return path


async def migrated(tmp: Path) -> Path:
    path = tmp / "games.sqlite3"
    store = SqliteStore(path)
    await store.open()
    await store.aclose()
    return path


async def a_newer_schema(tmp: Path) -> Path:
    path = await migrated(tmp)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("INSERT INTO schema_migrations VALUES ('9999_from_the_future.sql', 'later')")
    return path


async def another_programs_database(tmp: Path) -> Path:
    path = tmp / "notes.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE notes (body TEXT)")
    return path


@pytest.mark.parametrize(
    "make",
    [
        random_bytes,
        a_directory,
        inside_a_file,
        unreadable,
        a_newer_schema,
        another_programs_database,
    ],
)
async def test_a_database_the_bot_cannot_use_stops_it_with_one_line(
    make: Callable[[Path], Awaitable[Path]], tmp_path: Path
) -> None:
    database = await make(tmp_path)
    before = database.read_bytes() if database.is_file() else None
    done = await asyncio.to_thread(run_bot, database, tmp_path)
    lines = done.stderr.splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and str(database) in lines[0], done.stderr
    assert done.stdout == ""
    if before is not None:
        assert database.read_bytes() == before, "the refused file was changed"


async def test_a_newer_schema_asks_for_an_upgrade_and_names_the_migration(tmp_path: Path) -> None:
    done = await asyncio.to_thread(run_bot, await a_newer_schema(tmp_path), tmp_path)
    assert "9999_from_the_future.sql" in done.stderr and "upgrade" in done.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
async def test_a_signal_stops_the_bot_cleanly_and_keeps_its_games(
    sig: signal.Signals, tmp_path: Path
) -> None:
    async with StandIn() as standin:
        channel = standin.add_text_channel("games")
        host = standin.add_user("host")
        database = tmp_path / "data" / "games.sqlite3"
        child = ChildBot(standin, database)
        await child.start()
        try:
            record = await standin.slash(host, channel, "game", "new", game="not_on_my_block")
            await record.done(timeout=STEP_TIMEOUT)
            assert standin.messages(channel), "no lobby was posted"
            stopped = await child.terminate(sig)
        finally:
            await child.aclose()
    assert stopped.code == 0, child.stderr
    assert stopped.seconds < 5, f"took {stopped.seconds:.1f} s"
    assert child.stderr.count("shutting down") == 1, child.stderr
    assert "Traceback" not in child.stderr and " ERROR " not in child.stderr, child.stderr
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT game, status FROM games").fetchall() == [
            ("not_on_my_block", "lobby")
        ]


async def test_a_killed_bot_starts_again_on_the_same_database(tmp_path: Path) -> None:
    async with StandIn() as standin:
        channel = standin.add_text_channel("games")
        host = standin.add_user("host")
        async with ChildBot(standin, tmp_path / "games.sqlite3") as child:
            record = await standin.slash(host, channel, "game", "new", game="not_on_my_block")
            await record.done(timeout=STEP_TIMEOUT)
            assert await child.kill() == -signal.SIGKILL
            await child.start()
            record = await standin.slash(host, channel, "game", "status")
            await record.done(timeout=STEP_TIMEOUT)
            assert (await child.terminate()).code == 0
    assert len(child.runs) == 2 and "Traceback" not in child.stderr


def bot(tmp_path: Path) -> GameBot:
    settings = Settings(discord_token="x", database_path=tmp_path / "games.sqlite3")
    return GameBot(settings)


REFUSED = re.escape(say(RESTARTING, "en"))


async def test_shutdown_lets_a_running_move_finish_and_refuses_new_ones(tmp_path: Path) -> None:
    client = bot(tmp_path)
    await client.__aenter__()  # what `async with bot:` in `python -m bot` does before login
    entered, release = asyncio.Event(), asyncio.Event()

    async def move() -> bool:
        async with client.in_flight():
            entered.set()
            await release.wait()
        return client.is_closed()

    running = asyncio.create_task(move())
    await entered.wait()
    closing = asyncio.create_task(client.close())
    await asyncio.sleep(0.05)
    assert client.closing and not closing.done()
    with pytest.raises(PlayerError, match=REFUSED):
        async with client.in_flight():
            pass
    release.set()
    assert await running is False, "the client closed under the running move"
    await asyncio.wait_for(closing, 5)
    assert client.is_closed()


async def test_shutdown_gives_up_on_a_stuck_move_after_the_grace_period(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    client = bot(tmp_path)
    await client.__aenter__()
    client.shutdown_grace = 0.1
    entered = asyncio.Event()

    async def stuck() -> None:
        async with client.in_flight():
            entered.set()
            await asyncio.Event().wait()

    task = asyncio.create_task(stuck())
    await entered.wait()
    with caplog.at_level(logging.WARNING, logger="bot.discord.app"):
        await asyncio.wait_for(client.close(), 5)
    assert client.is_closed()
    assert "still running" in caplog.text
    task.cancel()
