"""What the SQLite store does beyond the contract every store keeps (`tests/store`): its file,
its migrations, its transactions undone whole, and its queries read through indexes."""

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.models import Post
from bot.store.sqlite import MIGRATIONS, SqliteStore
from tests.store.helpers import NOW, owing, running


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


async def test_a_failed_transaction_leaves_nothing_behind(store: SqliteStore, monkeypatch):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    row = await store.start(row, {"players": 2}, 42, '{"s": 0}', [])
    await store.db.execute("DROP TABLE drafts")
    with pytest.raises(aiosqlite.OperationalError):
        told = [Post(kind="turn", body={"header": "lost"})]
        await store.record_action(row, 0, 7, "x", '{"s": 1}', finished=True, posts=told)
    saved = await store.get(row.id)
    assert saved.steps == 0
    assert saved.state == '{"s": 0}' and saved.version == row.version
    assert await store.open_posts(row.id) == []


# ----- keeping games moving ----------------------------------------------------------------


async def plans(store: SqliteStore, work: Any, table: str) -> list[str]:
    """The query plans of the statements `work` sends that read `table`."""
    statements: list[str] = []
    await store.db.set_trace_callback(statements.append)
    try:
        await work
    finally:
        await store.db.set_trace_callback(None)
    found = []
    for query in [s for s in statements if f"FROM {table}" in s]:
        async with store.db.execute("EXPLAIN QUERY PLAN " + query) as cur:
            found.append(" / ".join(str(r[3]) for r in await cur.fetchall()))
    return found


async def test_due_waits_and_their_claims_read_the_due_index(store: SqliteStore):
    row = await running(store)
    await store.put_waits(row.id, [owing(row, 0, remind_at=NOW)])
    lease = timedelta(minutes=5)
    for plan in [
        *await plans(store, store.due_waits(NOW, 100), "waits"),
        *await plans(store, store.claim_due_waits("a", NOW, lease, 100), "waits"),
    ]:
        assert "USING INDEX waits_due" in plan, plan
        assert "SCAN w" not in plan and "TEMP B-TREE" not in plan, plan


async def test_claiming_posts_reads_the_due_index_and_each_game_s_open_posts(store: SqliteStore):
    row = await running(store)
    await store.record_action(row, 0, 7, '"x"', "{}", False, [Post(kind="turn", body={})])
    now = datetime.now(UTC) + timedelta(minutes=1)
    (plan,) = await plans(store, store.claim_posts("a", now, timedelta(minutes=5), 100), "outbox")
    assert "USING INDEX outbox_due" in plan and "USING INDEX outbox_open_by_game" in plan, plan
    assert "SCAN outbox " not in plan + " " and "SCAN left_out" not in plan, plan


async def test_a_reminder_whose_post_cannot_be_queued_is_not_stored(store: SqliteStore):
    row = await running(store)
    wait = owing(row, 1, remind_at=NOW - timedelta(hours=1), limit_at=NOW + timedelta(hours=30))
    await store.put_waits(row.id, [wait])
    told = Post(kind="private", recipient=8, body={"text": "⏰ Your move is waiting"})
    await store.db.execute(
        "CREATE TRIGGER outbox_down BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'down'); END"
    )
    again = wait.model_copy(update={"reminders": 1, "remind_at": NOW + timedelta(hours=24)})
    with pytest.raises(aiosqlite.Error):
        await store.update_wait(again, [told])
    stored = (await store.waits(row.id))[1]
    assert stored.reminders == 0 and stored.remind_at == NOW - timedelta(hours=1)
    assert await store.open_posts(row.id) == []


async def test_migration_0006_gives_a_game_running_from_before_a_due_wait(tmp_path: Path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    for sql in sorted(MIGRATIONS.glob("*.sql")):
        if sql.name < "0006":
            shutil.copy(sql, folder)
    path = tmp_path / "old.sqlite3"
    old = SqliteStore(path, folder)
    await old.open()
    # One game running, one still in its lobby, one over: only the running one must be looked at.
    playing, _lobby, done = [await old.create_lobby(c, 1, "not_on_my_block", 7) for c in (5, 6, 7)]
    await old.db.execute(
        "UPDATE games SET status = 'active', seed = 1, state = '{}', default_since = updated_at"
        " WHERE id = ?",
        (playing.id,),
    )
    await old.db.execute("UPDATE games SET status = 'finished' WHERE id = ?", (done.id,))
    await old.aclose()

    shutil.copy(MIGRATIONS / "0006_pace.sql", folder)
    new = SqliteStore(path, folder)
    await new.open()
    try:
        due = await new.due_waits(datetime.now(UTC), 10)
        assert [(d.game_id, d.seat, d.channel_id) for d in due] == [(playing.id, -1, 5)]
        assert await new.waits(playing.id) == {}  # seat -1 only asks the sweep to look
        async with new.db.execute("SELECT name FROM pragma_table_info('games')") as cur:
            columns = {r[0] for r in await cur.fetchall()}
        assert "default_since" not in columns and {"pace", "paused_at"} <= columns
        assert (await new.get(playing.id)).pace == {}
    finally:
        await new.aclose()
