"""Drafts of secret orders in the store: one per seat, bound to the decision they were written
for, kept across restarts, read as empty once that decision has moved on."""

from pathlib import Path

import pytest

from bot.store.sqlite import SqliteStore


@pytest.fixture
async def store(tmp_path: Path):
    s = SqliteStore(tmp_path / "games.sqlite3")
    await s.open()
    yield s
    await s.aclose()


async def game(store: SqliteStore, channel: int = 5) -> int:
    row = await store.create_lobby(channel, 1, "scouts", 7)
    return (await store.start(row, {"players": 2}, 42, "{}", [])).id


async def test_a_draft_is_kept_per_seat_and_replaced_whole(store: SqliteStore):
    game_id = await game(store)
    assert await store.draft(game_id, 0, 3) == {}
    await store.put_draft(game_id, 0, 3, {"red-1": "hill"})
    await store.put_draft(game_id, 1, 4, {"blue-1": "camp"})
    await store.put_draft(game_id, 0, 3, {"red-1": "ford", "red-2": "hill"})
    assert await store.draft(game_id, 0, 3) == {"red-1": "ford", "red-2": "hill"}
    assert await store.draft(game_id, 1, 4) == {"blue-1": "camp"}


async def test_a_draft_for_an_older_decision_is_ignored_and_then_replaced(store: SqliteStore):
    game_id = await game(store)
    await store.put_draft(game_id, 0, 3, {"red-1": "hill"})
    assert await store.draft(game_id, 0, 4) == {}  # the sheet was submitted or replaced since
    await store.put_draft(game_id, 0, 4, {"red-2": "ford"})
    assert await store.draft(game_id, 0, 4) == {"red-2": "ford"}
    assert await store.draft(game_id, 0, 3) == {}
    async with store.db.execute("SELECT COUNT(*) FROM drafts") as cur:
        assert (await cur.fetchone())[0] == 1


async def test_a_submitted_draft_is_dropped_and_drafts_survive_a_restart(tmp_path: Path):
    path = tmp_path / "games.sqlite3"
    first = SqliteStore(path)
    await first.open()
    game_id = await game(first)
    await first.put_draft(game_id, 0, 1, {"red-1": "hill"})
    await first.put_draft(game_id, 1, 1, {"blue-1": "camp"})
    row = await first.get(game_id)
    await first.record_action(row, 1, 8, '"y"', "{}", finished=False, posts=[])
    await first.aclose()
    again = SqliteStore(path)
    await again.open()
    try:
        assert await again.draft(game_id, 0, 1) == {"red-1": "hill"}
        assert await again.draft(game_id, 1, 1) == {}
    finally:
        await again.aclose()


@pytest.mark.parametrize("end", ["finished", "abandoned", "orphaned"])
async def test_a_game_that_ends_keeps_no_drafts(store: SqliteStore, end: str):
    game_id = await game(store)
    other = await game(store, channel=6)
    for gid in (game_id, other):
        await store.put_draft(gid, 0, 1, {"red-1": "hill"})
    row = await store.get(game_id)
    if end == "finished":
        await store.record_action(row, 0, 1, "{}", "{}", finished=True, posts=[])
    elif end == "abandoned":
        await store.close(row, "abandoned", [])
    else:
        await store.orphan(game_id)
    assert await store.draft(game_id, 0, 1) == {}
    assert await store.draft(other, 0, 1) == {"red-1": "hill"}, "other games keep theirs"
