"""The store keeps setup + action log + snapshot together and refuses stale writes."""

import asyncio
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.models import ChannelBusy, GameRow, Post, Prefs, StaleVersion, Wait
from bot.store.sqlite import MIGRATIONS, SqliteStore


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


# ----- keeping games moving ----------------------------------------------------------------

NOW = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)


async def running(store: SqliteStore, channel: int = 5) -> GameRow:
    row = await store.create_lobby(channel, 1, "not_on_my_block", 7)
    return await store.start(row, {"players": 2}, 42, '{"s": 0}', [])


def owing(row: GameRow, seat: int, **times: Any) -> Wait:
    return Wait(
        game_id=row.id,
        seat=seat,
        user_id=7 + seat,
        decision=1,
        out_of_turn=False,
        since=NOW - timedelta(days=2),
        **times,
    )


async def test_due_waits_are_those_whose_time_has_come_earliest_first(store: SqliteStore):
    one, two = await running(store, 5), await running(store, 6)
    await store.put_waits(
        one.id,
        [
            owing(one, 0, remind_at=NOW - timedelta(hours=1)),
            owing(one, 1, remind_at=NOW + timedelta(hours=1)),
        ],
    )
    await store.put_waits(
        two.id,
        [
            owing(two, 0, limit_at=NOW - timedelta(hours=3), remind_at=NOW + timedelta(hours=2)),
            # The host was told of this limit already and no reminder is left: nothing due.
            owing(two, 1, limit_at=NOW - timedelta(hours=5), limit_told=True),
            owing(two, 2),  # nothing scheduled at all (a paused table)
        ],
    )
    due = await store.due_waits(NOW, 10)
    assert [(d.game_id, d.seat, d.channel_id) for d in due] == [(two.id, 0, 6), (one.id, 0, 5)]
    assert [(d.game_id, d.seat) for d in await store.due_waits(NOW, 1)] == [(two.id, 0)]
    later = await store.due_waits(NOW + timedelta(hours=1), 10)
    assert [(d.game_id, d.seat) for d in later] == [(two.id, 0), (one.id, 0), (one.id, 1)]
    assert await store.due_waits(NOW - timedelta(days=1), 10) == []


async def test_due_waits_reads_the_due_index(store: SqliteStore):
    row = await running(store)
    await store.put_waits(row.id, [owing(row, 0, remind_at=NOW)])
    statements: list[str] = []
    await store.db.set_trace_callback(statements.append)
    try:
        await store.due_waits(NOW, 100)
    finally:
        await store.db.set_trace_callback(None)
    (query,) = [s for s in statements if "FROM waits" in s]
    async with store.db.execute("EXPLAIN QUERY PLAN " + query) as cur:
        plan = " / ".join(str(r[3]) for r in await cur.fetchall())
    assert "USING INDEX waits_due" in plan, plan
    assert "SCAN w" not in plan and "TEMP B-TREE" not in plan, plan


async def test_finishing_or_abandoning_a_game_drops_its_waits(store: SqliteStore):
    finished, abandoned, going = [await running(store, c) for c in (5, 6, 7)]
    for row in (finished, abandoned, going):
        await store.put_waits(row.id, [owing(row, 0, remind_at=NOW), owing(row, 1, remind_at=NOW)])
    await store.record_action(
        finished,
        0,
        7,
        '{"kind":"end"}',
        '{"s": 1}',
        finished=True,
        posts=[],
        waits=[owing(finished, 1, remind_at=NOW)],
    )
    await store.close(abandoned, "abandoned", [])
    await store.record_action(
        going, 0, 7, '{"kind":"end"}', '{"s": 1}', False, [], waits=[owing(going, 1, remind_at=NOW)]
    )
    assert await store.waits(finished.id) == {}
    assert await store.waits(abandoned.id) == {}
    assert list(await store.waits(going.id)) == [1]  # replaced by exactly the new ones
    due = await store.due_waits(NOW, 10)
    assert [(d.game_id, d.seat) for d in due] == [(going.id, 1)]


async def test_a_reminder_and_its_post_are_stored_together_or_not_at_all(store: SqliteStore):
    row = await running(store)
    wait = owing(row, 1, remind_at=NOW - timedelta(hours=1), limit_at=NOW + timedelta(hours=30))
    await store.put_waits(row.id, [wait])
    sent = wait.model_copy(update={"reminders": 1, "remind_at": NOW + timedelta(hours=24)})
    told = Post(kind="private", recipient=8, body={"text": "⏰ Your move is waiting"})
    await store.update_wait(sent, [told])
    stored = (await store.waits(row.id))[1]
    assert stored.reminders == 1 and stored.remind_at == NOW + timedelta(hours=24)
    assert stored.limit_at == NOW + timedelta(hours=30)
    assert [(p.kind, p.recipient, p.body) for p in await store.open_posts(row.id)] == [
        ("private", 8, told.body)
    ]
    assert await store.due_waits(NOW, 10) == []  # its due time moved with it

    await store.db.execute(
        "CREATE TRIGGER outbox_down BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'down'); END"
    )
    again = sent.model_copy(update={"reminders": 2, "remind_at": NOW + timedelta(hours=48)})
    with pytest.raises(aiosqlite.Error):
        await store.update_wait(again, [told])
    stored = (await store.waits(row.id))[1]
    assert stored.reminders == 1 and stored.remind_at == NOW + timedelta(hours=24)
    assert len(await store.open_posts(row.id)) == 1


async def test_prefs_default_for_strangers_and_round_trip(store: SqliteStore):
    assert await store.prefs([]) == {}
    assert await store.prefs([7, 8]) == {7: Prefs(), 8: Prefs()}
    chosen = Prefs(timezone="America/New_York", quiet_from=22, quiet_to=7, on_deck=True)
    await store.set_prefs(8, chosen)
    assert await store.prefs([7, 8]) == {7: Prefs(), 8: chosen}
    await store.set_prefs(8, Prefs(timezone="Europe/Paris"))
    assert (await store.prefs([8]))[8] == Prefs(timezone="Europe/Paris")


async def test_time_away_is_set_told_and_cleared_per_game_with_its_waits(store: SqliteStore):
    row, other = await running(store, 5), await running(store, 6)
    await store.put_waits(row.id, [owing(row, 1, remind_at=NOW)])
    until = NOW + timedelta(days=3)
    clocks_wait = [owing(row, 1, remind_at=until + timedelta(hours=12))]
    await store.set_away(
        row, 8, until, [Post(kind="notice", body={"text": "🌴 away"})], clocks_wait
    )
    assert await store.away(row.id) == {8: until}
    assert await store.away(other.id) == {}
    assert [p.body for p in await store.open_posts(row.id)] == [{"text": "🌴 away"}]
    assert (await store.waits(row.id))[1].remind_at == until + timedelta(hours=12)
    assert await store.due_waits(NOW, 10) == []  # no reminder while they are away

    later = until + timedelta(days=1)
    await store.set_away(row, 8, later, [], clocks_wait)
    assert await store.away(row.id) == {8: later}
    await store.set_away(row, 8, None, [], [owing(row, 1, remind_at=NOW)])
    assert await store.away(row.id) == {}
    assert [(d.game_id, d.seat) for d in await store.due_waits(NOW, 10)] == [(row.id, 1)]


async def test_a_player_who_leaves_the_game_is_no_longer_away(store: SqliteStore):
    row = await running(store)
    await store.set_away(row, 8, NOW + timedelta(days=3), [], [])
    await store.set_away(row, 7, NOW + timedelta(days=2), [], [])
    await store.update_game(row, [], None, back=8, players=[7, 9])
    assert await store.away(row.id) == {7: NOW + timedelta(days=2)}
    assert (await store.get(row.id)).players == [7, 9]


async def test_a_rewind_takes_one_answer_at_a_time(store: SqliteStore):
    row = await running(store)
    asked = await store.open_rewind(
        row, [3, 4], 7, lambda rewind_id: [Post(kind="notice", body={"rewind": rewind_id})]
    )
    assert (asked.state, asked.agreed, asked.seqs, asked.version) == (
        "open",
        [7],
        [3, 4],
        row.version,
    )
    assert [p.body for p in await store.open_posts(row.id)] == [{"rewind": asked.id}]

    # Two players answer from the same read: only the first answer counts.
    first, second = await asyncio.gather(
        store.settle_rewind(asked, agreed=[7, 8], state="done"),
        store.settle_rewind(asked, agreed=[7], state="refused"),
    )
    assert (first, second) == (True, False)
    settled = await store.rewind(asked.id)
    assert (settled.state, settled.agreed) == ("done", [7, 8])
    assert await store.rewind(asked.id + 100) is None


async def test_a_new_rewind_makes_the_open_one_stale(store: SqliteStore):
    row = await running(store)
    old = await store.open_rewind(row, [4], 7, lambda _: [])
    new = await store.open_rewind(row, [3, 4], 7, lambda _: [])
    assert (await store.rewind(old.id)).state == "stale"
    assert not await store.settle_rewind(old, agreed=[7, 8], state="done")
    assert await store.settle_rewind(new, agreed=[7, 8], state="open")
    assert (await store.rewind(new.id)).agreed == [7, 8]
    assert not await store.settle_rewind(new, agreed=[7, 9], state="open")  # read before 8


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
