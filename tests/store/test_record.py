"""What every store does for the record of a game and the answers owed to players: pages of
live and owed games, the channel's narration, imports under caps, and owed answers claimed by
one run."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.store.lease import Holder
from bot.store.models import ChannelBusy, LoggedAction, Post
from bot.store.protocol import GameStore
from bot.store.record import Crowded
from tests.store.helpers import NOW, owing, running, turn


async def test_the_servers_live_games_and_a_players_owed_games_come_in_pages(store: GameStore):
    rows = [await running(store, channel) for channel in (5, 6, 7)]
    await store.create_lobby(8, 1, "not_on_my_block", 9)
    await store.create_lobby(9, 2, "not_on_my_block", 9)  # another server
    for n, row in enumerate(rows):
        since = NOW - timedelta(hours=n)
        await store.put_waits(row.id, [owing(row, 1).model_copy(update={"since": since})])
    total, page = await store.live_games(1, 1, 2)
    assert total == 4
    assert [(g.channel_id, g.status) for g in page] == [(6, "active"), (7, "active")]
    assert [(w.seat, w.user_id, w.since) for w in page[0].waiting] == [
        (1, 8, NOW - timedelta(hours=1))
    ]
    total, owed = await store.owed_by(8, 0, 2)
    assert total == 3
    assert [(g.channel_id, g.seats, g.since) for g in owed] == [
        (7, 1, NOW - timedelta(hours=2)),
        (6, 1, NOW - timedelta(hours=1)),
    ]


async def test_the_narration_is_the_channels_turns_and_notices_by_step(store: GameStore):
    row = await running(store)
    row = await store.record_action(row, 0, 7, '"a"', "{}", False, [turn("Ann builds")])
    await store.add_posts(row.id, [Post(kind="private", recipient=8, body={"text": "psst"})])
    await store.add_posts(row.id, [Post(kind="notice", body={"text": "Bo is away", "to": 8})])
    row = await store.record_action(row, 1, 8, '"b"', "{}", False, [turn("Bo moves")])
    told = await store.narration(row.id)
    assert [(t.seq, t.kind, t.text, t.to) for t in told] == [
        (1, "turn", "Ann builds", None),
        (1, "notice", "Bo is away", 8),
        (2, "turn", "Bo moves", None),
    ]
    assert [t.text for t in await store.narration(row.id, first_seq=2)] == ["Bo moves"]
    assert [t.text for t in await store.narration(row.id, upto_id=told[1].id)] == [
        "Ann builds",
        "Bo is away",
    ]
    assert await store.last_acted(row.id, 8) == 2 and await store.last_acted(row.id, 9) is None
    assert (await store.latest_game(5)).id == row.id


async def test_an_imported_game_is_stored_whole_and_counts_against_its_caps(store: GameStore):
    row = (await running(store, 5)).model_copy(update={"channel_id": 6})
    log = [LoggedAction(seq=1, seat=0, user_id=-1, action='"a"')]
    told = [(1, turn("Ann built"))]
    stored = await store.import_game(row, log, told, [turn("Imported")], [owing(row, 1)], (2, 9))
    assert (stored.channel_id, stored.status, stored.state) == (6, "active", row.state)
    assert [a.action for a in await store.action_log(stored.id)] == ['"a"']
    assert [t.text for t in await store.narration(stored.id)] == ["Ann built", "Imported"]
    assert [p.body["header"] for p in await store.open_posts(stored.id)] == ["Imported"]
    assert list(await store.waits(stored.id)) == [1]
    assert await store.held(host_id=7, guild_id=None) == 1
    with pytest.raises(ChannelBusy):
        await store.import_game(row, log, told, [], [])
    with pytest.raises(Crowded):
        await store.import_game(row.model_copy(update={"channel_id": 7}), log, told, [], [], (1, 9))


async def test_an_owed_answer_is_claimed_by_one_run_until_settled(
    store: GameStore, other: GameStore
):
    now = datetime.now(UTC)
    await store.owe(1, 9, "stale", now - timedelta(seconds=1), 5, 6, "en")
    await store.owe(2, 9, "fresh", now + timedelta(minutes=10), 5, 6, "es")
    await store.owe(2, 9, "again", now + timedelta(minutes=10), 5, 6, "en")  # the first stands
    claimed = await other.claim_owed(now)
    assert [(p.interaction_id, p.token, p.changed) for p in claimed] == [(2, "fresh", False)]
    assert claimed[0].language == "es"  # the asker's language, to tell them in
    assert [p.interaction_id for p in await store.claim_owed(now)] == [2]  # that run died
    await store.settle(2)
    assert await other.claim_owed(now) == []


async def test_an_answer_another_live_process_owes_is_left_to_it(
    store: GameStore, other: GameStore
):
    """Two processes share a database: one that restarts claims what its dead predecessor
    owed, never what the other, still running, is working on (it would tell that player
    "nothing was changed" while the move was being made)."""
    now = datetime.now(UTC)
    alive = Holder(version="1", started_at=now, shards=[1], shard_count=2)
    assert await store.hold(alive, now, timedelta(minutes=1)) is None
    await store.owe(1, 9, "working", now + timedelta(minutes=10), 5, 6, "en", alive.holder)
    await store.owe(2, 9, "cut off", now + timedelta(minutes=10), 5, 7, "en", "dead")
    restarted = Holder(version="1", started_at=now, shards=[0], shard_count=2)
    claimed = await other.claim_owed(now, restarted.holder)
    assert [p.interaction_id for p in claimed] == [2]
    await store.let_go(alive)  # that process stopped without answering
    assert await other.hold(restarted, now, timedelta(minutes=1)) is None
    assert [p.interaction_id for p in await other.claim_owed(now, restarted.holder)] == [1]
