"""The database grows with the game's record, not with what publishing needed for a while:
delivered posts lose their composed messages after a safe delay, a player's old DMs go, and the
write-ahead log is cut back. What is still being published, what was delivered recently, the
channel's narration and what crash recovery reads all stay."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import schema
from bot.store.dialect import SQLITE
from bot.store.models import GameRow, Post
from bot.store.sqlite import SqliteStore
from bot.table import posts
from tests.bot.harness import Session
from tests.engine.toy_game import GAME as TOY

ALICE, BOB = 7, 8
KEEP = timedelta(hours=1)


@pytest.fixture
async def store(tmp_path: Path):
    s = SqliteStore(tmp_path / "games.sqlite3")
    await s.open()
    yield s
    await s.aclose()


async def running(store: SqliteStore) -> GameRow:
    row = await store.create_lobby(5, 1, "not_on_my_block", ALICE)
    return await store.start(row, {"players": 2}, 42, '{"s": 0}', [])


async def move(store: SqliteStore, row: GameRow, to: list[int]) -> GameRow:
    """One move telling the channel and a DM to each of `to`."""
    step = row.version
    told = [Post(kind="turn", body={"header": f"Step {step}.", "final": False, "version": step})]
    told += [Post(kind="private", recipient=r, body={"text": f"Hand {step}."}) for r in to]
    return await store.record_action(
        row, 0, ALICE, '{"kind":"end"}', f'{{"s": {step}}}', finished=False, posts=told
    )


async def deliver(store: SqliteStore, game_id: int, *, ago: timedelta, size: int = 0) -> None:
    """Send every open post as one message each (of `size` characters more), as if it had
    gone out `ago`."""
    for post in await store.open_posts(game_id):
        await store.mark_sending(post.id, [{"content": f"post {post.id}" + "x" * size}])
        await store.mark_part_sent(post.id, 1, done=True, message_id=1000 + post.id)
        await store.db.execute(
            "UPDATE outbox SET delivered_at = ? WHERE id = ?",
            (SQLITE.moment(datetime.now(UTC) - ago), post.id),
        )


async def outbox(store: SqliteStore) -> dict[int, dict]:
    async with store.db.execute("SELECT * FROM outbox ORDER BY id") as cur:
        return {r["id"]: dict(r) for r in await cur.fetchall()}


async def test_pruning_trims_only_what_was_delivered_before_the_safe_delay(store: SqliteStore):
    row = await running(store)
    for _ in range(3):  # three old moves, each told to the channel and both players
        row = await move(store, row, [ALICE, BOB])
        await deliver(store, row.id, ago=2 * KEEP)
    row = await move(store, row, [ALICE])  # a recent one, Alice's DM only
    await deliver(store, row.id, ago=timedelta(minutes=5))
    row = await move(store, row, [ALICE, BOB])  # still being published: crash recovery's
    sending = (await store.open_posts(row.id))[1]
    await store.mark_sending(sending.id, [{"content": "unknown fate"}])
    before = await outbox(store)
    told = await store.narration(row.id)
    places = [await store.last_message(row.id, p) for p in (None, ALICE, BOB)]
    open_before = await store.open_posts(row.id)

    assert await store.prune(datetime.now(UTC) - KEEP, limit=100) == 9
    after = await outbox(store)

    assert await store.open_posts(row.id) == open_before  # nothing undelivered is touched
    recent = [i for i, r in before.items() if r["state"] == "sent" and r["seq"] == 4]
    assert [after[i] for i in recent] == [before[i] for i in recent]
    assert await store.narration(row.id) == told  # the channel's record is whole
    assert [await store.last_message(row.id, p) for p in (None, ALICE, BOB)] == places
    old = {i: r for i, r in before.items() if r["seq"] in (1, 2, 3)}
    for i, r in old.items():
        if r["recipient"] is None:
            assert after[i]["pieces"] is None and after[i]["body"] == r["body"]
    kept_dms = {(after[i]["recipient"], after[i]["seq"]) for i in old if i in after}
    assert kept_dms == {(None, 1), (None, 2), (None, 3), (BOB, 3)}  # Bob's latest DM
    assert await store.prune(datetime.now(UTC) - KEEP, limit=100) == 0

    # Bob's held-back DM goes once a later one to him is old enough to trim in turn.
    await deliver(store, row.id, ago=2 * KEEP)
    await store.prune(datetime.now(UTC) - KEEP, limit=100)
    bobs = [r["seq"] for r in (await outbox(store)).values() if r["recipient"] == BOB]
    assert bobs == [5]


async def test_pruning_reads_only_the_posts_that_are_due(store: SqliteStore):
    row = await running(store)
    row = await move(store, row, [ALICE])
    await deliver(store, row.id, ago=2 * KEEP)
    statements: list[str] = []
    await store.db.set_trace_callback(statements.append)
    try:
        await store.prune(datetime.now(UTC) - KEEP, limit=100)
    finally:
        await store.db.set_trace_callback(None)
    plans = []
    for query in (s for s in statements if "outbox" in s and not s.startswith("UPDATE")):
        async with store.db.execute("EXPLAIN QUERY PLAN " + query) as cur:
            plans.append(" / ".join(str(r[3]) for r in await cur.fetchall()))
    assert any("USING INDEX outbox_prune_due" in p for p in plans), plans
    assert any(p.startswith("SEARCH outbox USING INDEX outbox_by_place") for p in plans), plans
    assert not any("SCAN outbox" in p or "TEMP B-TREE" in p for p in plans), plans


async def test_the_room_of_trimmed_posts_is_used_again(store: SqliteStore):
    row = await running(store)

    async def pages_after_a_hundred_moves() -> int:
        nonlocal row
        for _ in range(100):  # each told to the channel and both players, 1.5 KB a message
            row = await move(store, row, [ALICE, BOB])
            await deliver(store, row.id, ago=2 * KEEP, size=1500)
        await store.prune(datetime.now(UTC) - KEEP, limit=1000)
        async with store.db.execute("PRAGMA page_count") as cur:
            pages = int((await cur.fetchone())[0])
        async with store.db.execute("PRAGMA freelist_count") as cur:
            return pages - int((await cur.fetchone())[0])

    await pages_after_a_hundred_moves()
    first = await pages_after_a_hundred_moves()
    second = await pages_after_a_hundred_moves()
    # The composed messages of a hundred moves fill 110 pages; their narration a few.
    assert second - first < 20, (first, second)


async def test_the_write_ahead_log_stays_bounded(store: SqliteStore):
    row = await running(store)
    wal = store.path.with_name(store.path.name + "-wal")
    biggest = 0
    for n in range(300):  # each move rewrites a 16 KB snapshot
        state = json.dumps({"s": n, "board": "x" * 16_000})
        row = await store.record_action(row, 0, ALICE, "{}", state, finished=False, posts=[])
        biggest = max(biggest, wal.stat().st_size)
    assert biggest <= schema.WAL_LIMIT + (512 << 10), biggest


async def test_after_pruning_a_restart_posts_nothing_twice_and_loses_nothing(
    tmp_path: Path, toy_installed
):
    fast = {"publish_check_seconds": 0.1, "outbox_keep_minutes": 0}
    async with Session(tmp_path / "games.sqlite3", **fast) as session:
        host, guest = session.user("host"), session.user("guest")
        await session.command(host, "game", "new", game=TOY.id)
        await session.command(guest, "game", "join")
        await session.command(host, "game", "start")
        game_id = (await session.table()).row.id
        words = "The same words."
        told = [posts.notice(words), Post(kind="private", recipient=host.id, body={"text": words})]
        store = session.bot.store
        await store.add_posts(game_id, told)
        assert await session.bot.publisher.publish(game_id)

        async def trimmed() -> bool:
            async with store.db.execute(
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL"
            ) as cur:
                return int((await cur.fetchone())[0]) == 0

        for _ in range(100):  # the sweep prunes everything delivered (the delay is 0 here)
            if await trimmed():
                break
            await asyncio.sleep(0.1)
        assert await trimmed()

        # The same words again, and the bot dies right after each attempt began: the channel's
        # message went out, the DM did not.
        await store.add_posts(game_id, told)
        notice, dm = await store.open_posts(game_id)
        notice_text = posts.compose(await session.table(), notice, current=True, show=posts.Show())
        dm_text = posts.compose(await session.table(), dm, current=True, show=posts.Show())
        await store.mark_sending(notice.id, posts.dump(notice_text))
        await store.mark_sending(dm.id, posts.dump(dm_text))
        await session.bot.get_partial_messageable(session.channel.id).send(words)
        session.standin.nonce_window = 0  # no help from Discord's own duplicate check
        await session.restart()
        store = session.bot.store
        for _ in range(100):
            if not await store.open_posts(game_id):
                break
            await asyncio.sleep(0.1)
        await session.standin.wait_idle(quiet=0.3, timeout=5)
        in_channel = [m for m in session.posts() if m.content == words]
        in_dms = [m for m in session.standin.dms(host) if m.content.endswith(words)]
        assert (len(in_channel), len(in_dms)) == (2, 2)
