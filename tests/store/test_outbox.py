"""What every store does with the outbox: posts queued with their change, delivered once, and
each game's posts taken by one worker at a time under a lease that runs out."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.store.models import Shown
from bot.store.protocol import GameStore
from tests.store.helpers import running, turn

LEASE = timedelta(minutes=5)


def soon() -> datetime:
    """A moment just after the posts queued so far fell due (they are due when queued)."""
    return datetime.now(UTC) + timedelta(seconds=5)


async def moved(store: GameStore, channel: int, header: str) -> int:
    """A running game with one move whose turn post is still to be sent."""
    row = await running(store, channel)
    await store.record_action(row, 0, 7, '"x"', '{"s": 1}', finished=False, posts=[turn(header)])
    return row.id


async def deliver(store: GameStore, game_id: int, message_id: int) -> None:
    for post in await store.open_posts(game_id):
        await store.mark_sending(post.id, [{"content": post.body["header"]}])
        await store.mark_part_sent(post.id, 1, True, message_id)


async def test_a_post_is_sent_once_and_remembered_as_the_places_last_message(store: GameStore):
    game_id = await moved(store, 5, "Ann builds")
    (post,) = await store.open_posts(game_id)
    assert (post.state, post.seq, post.pieces, post.message_ids) == ("pending", 1, None, [])
    await store.mark_sending(post.id, [{"content": "one"}, {"content": "two"}])
    await store.mark_part_sent(post.id, 1, False, 101)
    (half,) = await store.open_posts(game_id)
    assert (half.state, half.parts_sent, half.message_ids) == ("sending", 1, [101])
    await store.mark_part_sent(post.id, 2, True, 102)
    assert await store.open_posts(game_id) == []
    assert await store.last_message(game_id, None) == 102
    assert await store.last_message(game_id, 7) is None
    assert await store.last_narration(game_id) == "Ann builds"


async def test_two_workers_claiming_at_once_never_take_the_same_game(
    store: GameStore, other: GameStore
):
    games = [await moved(store, channel, f"move {channel}") for channel in range(5, 25)]
    taken = await asyncio.gather(
        *(s.claim_posts(f"worker-{n}", soon(), LEASE, 3) for n, s in enumerate([store, other] * 4))
    )
    claimed = [g for batch in taken for g in batch]
    assert len(claimed) == len(set(claimed)) == len(games)
    assert set(claimed) == set(games)
    assert await store.claim_posts("late", soon(), LEASE, 100) == []


async def test_a_live_lease_keeps_a_game_from_others_and_an_expired_one_is_taken_over(
    store: GameStore, other: GameStore
):
    game_id = await moved(store, 5, "Ann builds")
    now = soon()
    assert await store.claim_posts("a", now, LEASE, 10) == [game_id]
    # A later move's post joins a game whose posts a worker holds: still that worker's.
    row = await store.get(game_id)
    await store.record_action(row, 1, 8, '"y"', '{"s": 2}', finished=False, posts=[turn("Bo")])
    assert await other.claim_posts("b", now + LEASE - timedelta(seconds=1), LEASE, 10) == []
    # Worker a stopped without a word: once its lease ran out, b takes every open post over.
    assert await other.claim_posts("b", now + LEASE, LEASE, 10) == [game_id]
    assert await store.claim_posts("a", now + LEASE, LEASE, 10) == []


async def test_a_delivered_or_postponed_post_gives_its_lease_back(store: GameStore):
    now = soon()
    sent, failed, stopped = [await moved(store, c, f"move {c}") for c in (5, 6, 7)]
    assert sorted(await store.claim_posts("a", now, LEASE, 10)) == sorted([sent, failed, stopped])
    await deliver(store, sent, 201)
    (post,) = await store.open_posts(failed)
    await store.postpone(post.id, 1, now + timedelta(seconds=30))
    await store.release_posts("a", stopped)
    # A new post of the delivered game, the retry once due, and the released game are b's now,
    # long before a's lease would have run out.
    row = await store.get(sent)
    await store.record_action(row, 1, 8, '"y"', '{"s": 2}', finished=False, posts=[turn("Bo")])
    later = now + timedelta(minutes=1)
    assert sorted(await store.claim_posts("b", later, LEASE, 10)) == sorted([sent, failed, stopped])


async def test_a_fresh_post_is_left_to_the_move_publishing_it(store: GameStore):
    game_id = await moved(store, 5, "Ann builds")
    (post,) = await store.open_posts(game_id)
    now, grace = soon(), timedelta(seconds=2)
    await store.postpone(post.id, 0, now)
    assert await store.claim_posts("a", now, LEASE, 10, grace=grace) == []
    assert await store.due_games(now, 10) == [game_id]
    assert await store.claim_posts("a", now + grace, LEASE, 10, grace=grace) == [game_id]


async def test_an_orphaned_game_has_nothing_left_to_send_or_claim(store: GameStore):
    game_id = await moved(store, 5, "Ann builds")
    (post,) = await store.open_posts(game_id)
    await store.mark_sending(post.id, [{"content": "one"}, {"content": "two"}])
    await store.mark_part_sent(post.id, 1, False, 301, buttons=(game_id, 5))
    await store.mark_part_sent(post.id, 2, False, 302, buttons=(game_id, 5))
    await store.mark_part_sent(post.id, 2, False, 302, buttons=(game_id, 5))
    assert await store.live_buttons(game_id) == [301, 302]
    await store.orphan(game_id)
    assert await store.open_posts(game_id) == []
    assert await store.live_buttons(game_id) == []
    assert await store.claim_posts("a", soon(), LEASE, 10) == []
    assert (await store.get(game_id)).status == "abandoned"


async def test_a_closed_dm_is_told_once_and_channel_failures_count_up_until_one_works(
    store: GameStore,
):
    row = await running(store)
    assert await store.note_dm_closed(row.id, 8)
    assert not await store.note_dm_closed(row.id, 8)
    assert [await store.channel_failed(row.id) for _ in range(3)] == [1, 2, 3]
    await store.channel_worked(row.id)
    assert (await store.get(row.id)).channel_failures == 0


async def test_a_game_s_posts_are_taken_with_the_game_and_its_newest_channel_message(
    store: GameStore, other: GameStore
):
    game_id = await moved(store, 5, "Ann builds")
    await deliver(store, game_id, 500)
    row = await store.get(game_id)
    await store.record_action(row, 1, 8, '"y"', '{"s": 2}', finished=False, posts=[turn("Bo")])
    taken = await store.take_posts("a", game_id, soon(), LEASE)
    assert taken is not None
    assert [p.body["header"] for p in taken.posts] == ["Bo"]
    assert (taken.row.version, taken.row.steps, taken.last_message) == (3, 2, 500)
    assert await other.take_posts("b", game_id, soon(), LEASE) is None, "a's lease is live"
    assert await store.claim_posts("b", soon(), LEASE, 10) == []
    later = soon() + LEASE + timedelta(seconds=1)
    assert await other.take_posts("b", game_id, later, LEASE) is not None, "an expired lease"
    await deliver(other, game_id, 501)
    assert await store.take_posts("a", game_id, later, LEASE) is None, "nothing left to send"


async def test_the_last_message_of_a_turn_post_says_what_the_channel_shows(store: GameStore):
    game_id = await moved(store, 5, "Ann builds")
    assert [await store.channel_failed(game_id) for _ in range(2)] == [1, 2]
    (post,) = await store.open_posts(game_id)
    await store.mark_sending(post.id, [{"content": "one"}, {"content": "two"}])
    await store.mark_part_sent(post.id, 1, False, 301, buttons=(game_id, 5))
    shown = Shown(announced=[(0, 2)], living={"message": 302})
    live = await store.mark_part_sent(post.id, 2, True, 302, buttons=(game_id, 5), shown=shown)
    assert live == [301, 302], "every message with buttons, for the publisher to retire"
    row = await store.get(game_id)
    assert (row.announced, row.living, row.channel_failures) == ([(0, 2)], {"message": 302}, 0)
    assert await store.open_posts(game_id) == []
