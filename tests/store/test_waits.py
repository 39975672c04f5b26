"""What every store does with waits: found when due, earliest first, replaced with each change,
and each due wait taken by one worker at a time under a lease that runs out."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.store.models import Post
from bot.store.protocol import GameStore
from tests.store.helpers import NOW, owing, running

LEASE = timedelta(minutes=5)


async def test_due_waits_are_those_whose_time_has_come_earliest_first(store: GameStore):
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
    claimed = await store.claim_due_waits("a", NOW, LEASE, 10)
    assert [(d.game_id, d.seat, d.channel_id) for d in claimed] == [(two.id, 0, 6), (one.id, 0, 5)]


async def test_finishing_or_abandoning_a_game_drops_its_waits(store: GameStore):
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


async def test_a_reminder_is_stored_with_its_post(store: GameStore):
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


async def test_two_workers_claiming_at_once_never_take_the_same_wait(
    store: GameStore, other: GameStore
):
    rows = [await running(store, channel) for channel in range(5, 15)]
    for n, row in enumerate(rows):
        due = NOW - timedelta(minutes=n)
        await store.put_waits(row.id, [owing(row, 0, remind_at=due), owing(row, 1, limit_at=due)])
    taken = await asyncio.gather(
        *(s.claim_due_waits(f"worker-{n}", NOW, LEASE, 4) for n, s in enumerate([store, other] * 3))
    )
    claimed = [(d.game_id, d.seat) for batch in taken for d in batch]
    assert len(claimed) == len(set(claimed)) == 20
    assert await other.claim_due_waits("late", NOW, LEASE, 100) == []
    assert len(await other.due_waits(NOW, 100)) == 20  # still due: only taken


async def test_an_expired_lease_on_a_wait_is_taken_over(store: GameStore, other: GameStore):
    row = await running(store)
    await store.put_waits(row.id, [owing(row, 0, remind_at=NOW)])
    (mine,) = await store.claim_due_waits("a", NOW, LEASE, 10)
    assert await other.claim_due_waits("b", NOW + LEASE - timedelta(seconds=1), LEASE, 10) == []
    (theirs,) = await other.claim_due_waits("b", NOW + LEASE, LEASE, 10)
    assert (theirs.game_id, theirs.seat) == (mine.game_id, mine.seat)


async def test_a_handled_or_released_wait_is_free_again(store: GameStore, other: GameStore):
    one, two, three = [await running(store, c) for c in (5, 6, 7)]
    for row in (one, two, three):
        await store.put_waits(row.id, [owing(row, 0, remind_at=NOW)])
    taken = await store.claim_due_waits("a", NOW, LEASE, 10)
    assert len(taken) == 3
    # One reminder is sent (due again later), one game moves on (its waits replaced), and the
    # sweep gives back the one it could not handle.
    (wait,) = (await store.waits(one.id)).values()
    await store.update_wait(wait.model_copy(update={"remind_at": NOW + timedelta(minutes=1)}), [])
    await store.put_waits(two.id, [owing(two, 1, remind_at=NOW)])
    await store.release_waits("a", [d for d in taken if d.game_id == three.id])
    later = NOW + timedelta(minutes=1)
    claimed = await other.claim_due_waits("b", later, LEASE, 10)
    assert sorted((d.game_id, d.seat) for d in claimed) == [(one.id, 0), (two.id, 1), (three.id, 0)]
