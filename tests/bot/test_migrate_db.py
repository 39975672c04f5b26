"""Moving up: `python -m bot migrate-db --to postgresql://…` copies a SQLite deployment's games
into PostgreSQL, where the bot goes on with them as if nothing happened; running it twice
copies nothing twice, the SQLite file is left as it was, and the URL's password shows nowhere."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store.lease import Holder
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.bot.driver import seated, step
from tests.bot.harness import Session, reply_text
from tests.bot.test_backup import cli
from tests.bot.test_e2e_pace import REMINDER
from tests.postgres import Server
from tests.standin import UserRecord

SECRET = "s3cret-word"


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the SQLite database (the file and any side files), by content."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.glob("games.sqlite3*"))
    }


def reminded(session: Session, people: list[UserRecord]) -> int:
    return sum(REMINDER in m.content for u in people for m in session.standin.dms(u))


async def test_a_sqlite_deployment_moves_to_postgresql_and_plays_on(
    tmp_path: Path, postgres: Server
):
    database = tmp_path / "games.sqlite3"
    url = (await postgres.database()).replace("postgres@", f"postgres:{SECRET}@", 1)
    async with Session(database) as session:
        alice, bob = session.user("alice"), session.user("bob")
        users = await session.open_game("not_on_my_block", alice, bob, seed=7)
        people = list(users.values())
        for _ in range(3):
            await step(session, users, seated(3))
        await session.advance(12.5)  # the player to move is reminded: a DM, its wait moved on
        assert reminded(session, people) == 1
        await session.command(alice, "game", "me", "settings", timezone="Europe/Paris")
        playing = session.channel
        session.channel = session.standin.add_text_channel("lobby")
        await session.command(bob, "game", "new", game="not_on_my_block")
        session.channel = playing
        before = await session.table()
        assert session.bot is not None
        log = await session.bot.store.action_log(before.row.id)
        await session.stop_bot()
        untouched = fingerprint(tmp_path)

        done = cli(database, "migrate-db", "--to", url)
        assert done.returncode == 0, done.stderr
        assert f"Copied 2 games ({len(log)} moves)" in done.stdout, done.stdout
        again = cli(database, "migrate-db", "--to", url)
        assert again.returncode == 0, again.stderr
        assert "Copied 0 games" in again.stdout and "2 were there already" in again.stdout
        for said in (done.stdout, done.stderr, again.stdout, again.stderr):
            assert SECRET not in said
        assert fingerprint(tmp_path) == untouched, "the SQLite file changed"

        database.rename(tmp_path / "moved-away.sqlite3")  # the bot must not read it any more
        session.settings["database_url"] = url
        await session.start_bot()
        after = await session.table()
        assert after.row.id == before.row.id and after.state == before.state
        assert await session.bot.store.action_log(after.row.id) == log
        await session.standin.wait_idle(quiet=0.3)
        assert reminded(session, people) == 1, "a post already sent went out again"
        assert (await step(session, users, seated(3))).startswith("✅")
        assert len(await session.bot.store.action_log(after.row.id)) == len(log) + 1
        shown = await session.command(alice, "game", "me", "settings")
        assert "Europe/Paris" in reply_text(shown)
        assert not (tmp_path / "games.sqlite3").exists()


async def test_a_running_bot_or_a_game_already_in_the_channel_stops_the_copy_with_a_line(
    tmp_path: Path, postgres: Server
):
    database = tmp_path / "games.sqlite3"
    source = SqliteStore(database)
    await source.open()
    for channel in (100, 101):
        await source.create_lobby(channel, 1, "not_on_my_block", 5)
    me = Holder(version="1.0", started_at=datetime.now(UTC))
    assert await source.hold(me, datetime.now(UTC), timedelta(seconds=60)) is None
    url = await postgres.database()
    running = cli(database, "migrate-db", "--to", url)
    assert running.returncode == 1 and "stop it first" in running.stderr
    await source.let_go(me)
    await source.aclose()

    target = PostgresStore(url)
    await target.open()
    try:
        await target.create_lobby(101, 2, "not_on_my_block", 9)  # someone started one there
    finally:
        await target.aclose()
    done = cli(database, "migrate-db", "--to", url)
    assert done.returncode == 1
    # Its id is taken by another game, and the other game's channel has a game open.
    assert done.stderr.strip().splitlines() == [
        f"game {n}: the PostgreSQL database has another game (id 1) under its id or in its "
        f"channel {channel}"
        for n, channel in ((1, 100), (2, 101))
    ]
    assert "Copied 0 games" in done.stdout
    assert "Copied" not in running.stdout
