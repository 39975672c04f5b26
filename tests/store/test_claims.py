"""Claims under contention: two stores on one database (two processes, each with its own
connections) claiming due waits and games' posts at the same moment, round after round. Each
item goes to one worker only, never in parts, and what a dead worker held is taken over once
its lease runs out, by one worker again."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.store.models import Post
from bot.store.protocol import GameStore
from tests.store.helpers import NOW, owing, running, turn
from tests.store.test_outbox import LEASE, moved, soon

WORKERS = 8


async def test_many_workers_take_each_due_wait_once_and_a_dead_ones_once_more(
    store: GameStore, other: GameStore
):
    rows = [await running(store, channel) for channel in range(5, 35)]
    for n, row in enumerate(rows):
        due = NOW - timedelta(seconds=n)
        await store.put_waits(row.id, [owing(row, s, remind_at=due) for s in range(3)])
    everything = {(row.id, seat) for row in rows for seat in range(3)}

    async def sweep(moment, prefix):
        taken: dict[tuple[int, int], list[str]] = {}
        for round in range(6):  # rounds of new workers, until nothing is left to take
            names = [f"{prefix}{round}.{n}" for n in range(WORKERS)]
            batches = await asyncio.gather(
                *(
                    (store, other)[n % 2].claim_due_waits(name, moment, LEASE, 7)
                    for n, name in enumerate(names)
                )
            )
            for name, batch in zip(names, batches, strict=True):
                for due in batch:
                    taken.setdefault((due.game_id, due.seat), []).append(name)
        return taken

    first = await sweep(NOW, "a")
    assert set(first) == everything
    assert all(len(names) == 1 for names in first.values()), "a wait taken twice"
    # Every one of those workers dies: their leases run out, and the waits are taken over.
    again = await sweep(NOW + LEASE, "b")
    assert set(again) == everything
    assert all(len(names) == 1 for names in again.values()), "a wait taken over twice"


async def test_many_workers_take_each_game_s_posts_whole_and_once(
    store: GameStore, other: GameStore
):
    games = []
    for channel in range(5, 25):
        game_id = await moved(store, channel, f"move {channel}")
        row = await store.get(game_id)
        assert row is not None
        await store.add_posts(game_id, [turn("more"), turn("and more")])
        games.append(game_id)
    now = soon()
    holders: dict[int, list[str]] = {}
    for round in range(6):  # rounds of new workers, until nothing is left to take
        takers = [f"w{round}.{n}" for n in range(WORKERS)]
        calls = []
        for n, name in enumerate(takers):
            mine = (store, other)[n % 2]
            if n % 4 == 3:  # some publish one game directly, as a move's own publish does
                calls.append(mine.take_posts(name, games[n % len(games)], now, LEASE))
            else:
                calls.append(mine.claim_posts(name, now, LEASE, 3))
        results = await asyncio.gather(*calls)
        for name, got in zip(takers, results, strict=True):
            ids = [got.row.id] if not isinstance(got, list) and got is not None else got or []
            for game_id in ids:
                if name not in holders.get(game_id, []):
                    holders.setdefault(game_id, []).append(name)
    assert set(holders) == set(games)
    assert all(len(names) == 1 for names in holders.values()), "a game taken by two workers"
    for game_id in games:
        # Whoever holds a game holds all of it: nobody else may take any of its posts.
        for n in range(WORKERS):
            late = (store, other)[n % 2]
            assert await late.take_posts(f"late{n}", game_id, now, LEASE) is None


async def test_a_reminder_two_processes_both_compose_reaches_the_player_once(
    store: GameStore, other: GameStore
):
    """The first process's lease runs out while it works, so a second takes the same wait;
    both compose the same reminder at the same moment, and one of them is stored."""
    rows = [await running(store, channel) for channel in range(5, 15)]
    for row in rows:
        await store.put_waits(row.id, [owing(row, 0, remind_at=NOW)])
    slow = await store.claim_due_waits("slow", NOW, LEASE, 100)
    late = await other.claim_due_waits("late", NOW + LEASE, LEASE, 100)
    assert len(slow) == len(late) == len(rows)

    def reminder(row_id: int, by: str) -> Post:
        body = {"text": f"your move, from {by}", "controls": [], "fallback": "move"}
        return Post(kind="private", recipient=7, body=body, once_key="reminder:0:7:1:1")

    async def remind(mine: GameStore, row_id: int, by: str) -> bool:
        wait = owing(rows[0], 0, reminders=1).model_copy(update={"game_id": row_id})
        return await mine.update_wait(wait, [reminder(row_id, by)])

    stored = await asyncio.gather(
        *(remind(mine, row.id, by) for row in rows for mine, by in ((store, "a"), (other, "b")))
    )
    for n, row in enumerate(rows):
        assert sorted(stored[2 * n : 2 * n + 2]) == [False, True]
        sent = [p for p in await store.open_posts(row.id) if p.kind == "private"]
        assert len(sent) == 1, "the player would get the reminder twice"
        assert (await other.waits(row.id))[0].reminders == 1
    # The next reminder is another key, and is told.
    again = owing(rows[0], 0, reminders=2)
    nxt = reminder(rows[0].id, "a").model_copy(update={"once_key": "reminder:0:7:1:2"})
    assert await other.update_wait(again, [nxt])
    assert len([p for p in await store.open_posts(rows[0].id) if p.kind == "private"]) == 2
