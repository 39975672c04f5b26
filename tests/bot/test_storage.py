"""The store keeps setup + action log + snapshot together and refuses stale writes."""

import shutil
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import MIGRATIONS, ChannelBusy, Post, SqliteStore, StaleVersion


@pytest.fixture
async def store(tmp_path: Path):
    s = SqliteStore(tmp_path / "games.sqlite3")
    await s.open()
    yield s
    await s.aclose()


async def test_database_uses_wal_and_records_applied_migrations(store: SqliteStore):
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store.db.execute("SELECT name FROM schema_migrations") as cur:
        names = [r[0] for r in await cur.fetchall()]
    assert names == sorted(p.name for p in MIGRATIONS.glob("*.sql"))
    assert await store.migrate() == []


async def test_a_newer_migration_applies_cleanly_to_an_existing_database(tmp_path: Path):
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, folder)
    db = tmp_path / "old.sqlite3"
    first = SqliteStore(db, folder)
    await first.open()
    row = await first.create_lobby(1, 2, "not_on_my_block", 10)
    await first.aclose()
    (folder / "9999_notes.sql").write_text("ALTER TABLE games ADD COLUMN note TEXT;")
    second = SqliteStore(db, folder)
    await second.open()
    async with second.db.execute("SELECT note FROM games WHERE id = ?", (row.id,)) as cur:
        assert (await cur.fetchone())[0] is None
    assert (await second.get(row.id)).host_id == 10
    await second.aclose()


async def test_a_channel_holds_one_live_game_at_a_time(store: SqliteStore):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    with pytest.raises(ChannelBusy):
        await store.create_lobby(5, 1, "not_on_my_block", 8)
    await store.close(row, "abandoned", [])
    again = await store.create_lobby(5, 1, "not_on_my_block", 8)
    assert (await store.live_game(5)).id == again.id


async def test_a_write_against_a_stale_version_is_refused(store: SqliteStore):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    await store.update_lobby(row, players=[7, 8])
    with pytest.raises(StaleVersion):
        await store.update_lobby(row, players=[7, 9])
    assert (await store.get(row.id)).players == [7, 8]


async def test_an_action_appends_to_the_log_and_replaces_the_snapshot_together(
    store: SqliteStore,
):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    row = await store.start(row, {"players": 2}, 42, '{"s": 0}', [])
    told = [Post(kind="turn", body={"header": "ended"}), Post(kind="private", recipient=7, body={})]
    row = await store.record_action(
        row, 0, 7, '{"kind":"end"}', '{"s": 1}', finished=False, posts=told
    )
    with pytest.raises(StaleVersion):
        stale = row.model_copy(update={"version": row.version - 1})
        await store.record_action(
            stale, 1, 8, '{"kind":"end"}', '{"s": 9}', finished=False, posts=told
        )
    log = await store.action_log(row.id)
    assert [(a.seq, a.seat, a.action) for a in log] == [(1, 0, '{"kind":"end"}')]
    saved = await store.get(row.id)
    assert saved.state == '{"s": 1}' and saved.seed == 42 and saved.status == "active"
    queued = await store.open_posts(row.id)
    assert [(p.seq, p.kind, p.recipient, p.body) for p in queued] == [
        (1, "turn", None, {"header": "ended"}),
        (1, "private", 7, {}),
    ]


async def test_a_failed_transaction_leaves_nothing_behind(store: SqliteStore, monkeypatch):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    row = await store.start(row, {"players": 2}, 42, '{"s": 0}', [])
    await store.db.execute("DROP TABLE actions")
    with pytest.raises(aiosqlite.OperationalError):
        told = [Post(kind="turn", body={"header": "lost"})]
        await store.record_action(row, 0, 7, "x", '{"s": 1}', finished=True, posts=told)
    saved = await store.get(row.id)
    assert saved.state == '{"s": 0}' and saved.version == row.version
    assert await store.open_posts(row.id) == []
