"""Backups and restores as an operator runs them: `python -m bot backup PATH` beside a bot
whose players keep moving, and `python -m bot restore PATH` refusing, with one line, what it
cannot vouch for."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import timedelta
from pathlib import Path

from bot.store.lease import Holder
from bot.store.sqlite import SqliteStore
from bot.table.upkeep import scheduled_backups
from tests.bot.driver import seated, step
from tests.bot.harness import Session
from tests.bot.test_startup import clean_env


def cli(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        env=clean_env() | {"DATABASE_PATH": str(database)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def moves_in(path: Path) -> list[int]:
    with closing(sqlite3.connect(path)) as db:
        return [r[0] for r in db.execute("SELECT seq FROM actions ORDER BY seq")]


async def test_a_backup_taken_while_players_move_holds_every_committed_move(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    async with Session(database) as session:
        alice, bob = session.user("alice"), session.user("bob")
        users = await session.open_game("not_on_my_block", alice, bob, seed=7)
        assert session.bot is not None
        store = session.bot.store
        playing = asyncio.create_task(_keep_playing(session, users))
        taken = []
        try:
            for n in range(4):
                await asyncio.sleep(0.3)
                committed = await store.steps(session.game_id)
                target = tmp_path / f"backup-{n}.sqlite3"
                done = await asyncio.to_thread(cli, database, "backup", str(target))
                assert done.returncode == 0, done.stderr
                assert "Backed up" in done.stdout
                taken.append((committed, moves_in(target)))
        finally:
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        for committed, seqs in taken:
            assert len(seqs) >= committed  # nothing committed before the backup is missing
            assert seqs == list(range(1, len(seqs) + 1))  # and the log has no gap
        assert taken[-1][0] > taken[0][0] > 0, "the players were not moving meanwhile"
    # A backup is a database the bot starts on, with the game as it was.
    restored = SqliteStore(tmp_path / f"backup-{len(taken) - 1}.sqlite3")
    await restored.open()
    try:
        assert await restored.steps(1) == len(taken[-1][1])
    finally:
        await restored.aclose()


async def _keep_playing(session: Session, users: dict) -> None:
    policy = seated(3)
    while True:
        await step(session, users, policy)


async def _database(path: Path, games: int = 0) -> Path:
    store = SqliteStore(path)
    await store.open()
    for n in range(games):
        await store.create_lobby(100 + n, 1, "not_on_my_block", 5)
    await store.aclose()
    return path


async def test_restore_puts_a_backup_in_place_and_keeps_what_it_replaced(tmp_path: Path) -> None:
    database = await _database(tmp_path / "data" / "games.sqlite3", games=1)
    backup = tmp_path / "backup.sqlite3"
    assert cli(database, "backup", str(backup)).returncode == 0
    await _database(database, games=0)  # a later game, which the restore takes back
    with closing(sqlite3.connect(database)) as db:
        db.execute("DELETE FROM games")
        db.commit()
    done = cli(database, "restore", str(backup))
    assert done.returncode == 0, done.stderr
    assert "Restored" in done.stdout and "1 games" in done.stdout
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert len(list(database.parent.glob("games.sqlite3.before-restore-*"))) == 1


async def test_a_damaged_or_newer_file_is_refused_with_one_line(tmp_path: Path) -> None:
    database = await _database(tmp_path / "games.sqlite3", games=1)
    before = database.read_bytes()
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all" * 300)
    damaged = await _database(tmp_path / "damaged.sqlite3", games=3)
    with closing(sqlite3.connect(damaged)) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
        page = db.execute("PRAGMA page_size").fetchone()[0]
    with damaged.open("r+b") as raw:  # scribble over the games table's page
        raw.seek((root - 1) * page + 8)
        raw.write(b"\xff" * 200)
    newer = await _database(tmp_path / "newer.sqlite3")
    with closing(sqlite3.connect(newer)) as db:
        db.execute("INSERT INTO schema_migrations VALUES ('9999_from_the_future.sql', 'x')")
        db.commit()
    for path, why in (
        (garbage, "not a SQLite database"),
        (damaged, "damaged"),
        (newer, "newer version of the bot"),
        (tmp_path / "missing.sqlite3", "no file"),
    ):
        done = cli(database, "restore", str(path))
        assert done.returncode == 1
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert why in done.stderr and "Traceback" not in done.stderr
    assert database.read_bytes() == before


async def test_restore_is_refused_while_a_bot_holds_the_database(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    database = await _database(tmp_path / "games.sqlite3")
    backup = tmp_path / "backup.sqlite3"
    assert cli(database, "backup", str(backup)).returncode == 0
    store = SqliteStore(database)
    await store.open()
    try:
        me = Holder(version="1.0", started_at=datetime.now(UTC))
        assert await store.hold(me, datetime.now(UTC), timedelta(seconds=60)) is None
        done = cli(database, "restore", str(backup))
    finally:
        await store.aclose()
    assert done.returncode == 1
    assert f"in use by a running bot (process {me.pid}" in done.stderr


async def test_the_running_bot_backs_up_on_schedule_and_keeps_the_latest(tmp_path: Path) -> None:
    database = await _database(tmp_path / "games.sqlite3", games=2)
    folder = tmp_path / "backups"
    task = asyncio.create_task(scheduled_backups(database, folder, timedelta(seconds=1.1), 2))
    try:
        while len(list(folder.glob("games-*.sqlite3"))) < 2:
            await asyncio.sleep(0.2)
        await asyncio.sleep(2.5)  # a third and maybe a fourth, the oldest pruned each time
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    kept = sorted(folder.glob("games-*.sqlite3"))
    assert len(kept) == 2
    with closing(sqlite3.connect(kept[-1])) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2
