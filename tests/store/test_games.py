"""What every store does with games: one live game per channel, an append-only log with
versions (a stale write is refused, never merged), settings, time away, rewinds and drafts."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store.models import ChannelBusy, Post, Prefs, StaleVersion
from bot.store.protocol import GameStore
from tests.store.helpers import NOW, owing, running


async def test_a_channel_holds_one_live_game_at_a_time(store: GameStore):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    with pytest.raises(ChannelBusy):
        await store.create_lobby(5, 1, "not_on_my_block", 8)
    await store.close(row, "abandoned", [])
    again = await store.create_lobby(5, 1, "not_on_my_block", 8)
    assert (await store.live_game(5)).id == again.id
    assert (await store.get(again.id)).players == [8]


async def test_a_write_against_a_stale_version_is_refused(store: GameStore):
    row = await store.create_lobby(5, 1, "not_on_my_block", 7)
    await store.update_lobby(row, players=[7, 8])
    with pytest.raises(StaleVersion):
        await store.update_lobby(row, players=[7, 9])
    assert (await store.get(row.id)).players == [7, 8]


async def test_an_action_appends_to_the_log_and_replaces_the_snapshot_together(
    store: GameStore,
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
    assert saved.version == row.version and await store.steps(row.id) == 1
    queued = await store.open_posts(row.id)
    assert [(p.seq, p.kind, p.recipient, p.body) for p in queued] == [
        (1, "turn", None, {"header": "ended"}),
        (1, "private", 7, {}),
    ]


async def test_two_processes_moving_the_same_game_from_one_read_log_one_move(
    store: GameStore, other: GameStore
):
    row = await running(store)
    seen = await other.get(row.id)
    results = await asyncio.gather(
        store.record_action(row, 0, 7, '"a"', '{"s": "a"}', finished=False, posts=[]),
        other.record_action(seen, 1, 8, '"b"', '{"s": "b"}', finished=False, posts=[]),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["GameRow", "StaleVersion"]
    (logged,) = await other.action_log(row.id)
    assert (await store.get(row.id)).state == f'{{"s": {logged.action}}}'


async def test_prefs_default_for_strangers_and_round_trip(store: GameStore):
    assert await store.prefs([]) == {}
    assert await store.prefs([7, 8]) == {7: Prefs(), 8: Prefs()}
    chosen = Prefs(
        timezone="America/New_York",
        quiet_from=22,
        quiet_to=7,
        on_deck=True,
        language="es",
        client_locale="en-GB",
    )
    await store.set_prefs(8, chosen)
    assert await store.prefs([7, 8]) == {7: Prefs(), 8: chosen}
    await store.set_prefs(8, Prefs(timezone="Europe/Paris"))
    assert (await store.prefs([8]))[8] == Prefs(timezone="Europe/Paris")


def test_a_person_reads_their_choice_then_their_client_then_the_table() -> None:
    assert Prefs(language="es", client_locale="en-US").reads() == "es"
    assert Prefs(client_locale="es-419").reads() == "es"
    assert Prefs(client_locale="ja").reads() == "en"
    assert Prefs().reads() is None


async def test_time_away_is_set_told_and_cleared_per_game_with_its_waits(store: GameStore):
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


async def test_a_player_who_leaves_the_game_is_no_longer_away(store: GameStore):
    row = await running(store)
    await store.set_away(row, 8, NOW + timedelta(days=3), [], [])
    await store.set_away(row, 7, NOW + timedelta(days=2), [], [])
    await store.update_game(row, [], None, back=8, players=[7, 9])
    assert await store.away(row.id) == {7: NOW + timedelta(days=2)}
    assert (await store.get(row.id)).players == [7, 9]


async def test_a_rewind_takes_one_answer_at_a_time(store: GameStore):
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


async def test_a_new_rewind_makes_the_open_one_stale(store: GameStore):
    row = await running(store)
    old = await store.open_rewind(row, [4], 7, lambda _: [])
    new = await store.open_rewind(row, [3, 4], 7, lambda _: [])
    assert (await store.rewind(old.id)).state == "stale"
    assert not await store.settle_rewind(old, agreed=[7, 8], state="done")
    assert await store.settle_rewind(new, agreed=[7, 8], state="open")
    assert (await store.rewind(new.id)).agreed == [7, 8]
    assert not await store.settle_rewind(new, agreed=[7, 9], state="open")  # read before 8


async def test_a_draft_is_the_seats_own_for_its_decision_until_dropped(
    store: GameStore, other: GameStore
):
    row = await running(store)
    await store.put_draft(row.id, 0, 3, {"red-1": "hill"})
    await store.put_draft(row.id, 1, 3, {"blue-1": "camp"})
    await store.put_draft(row.id, 0, 3, {"red-1": "ford", "red-2": "hill"})
    assert await other.draft(row.id, 0, 3) == {"red-1": "ford", "red-2": "hill"}
    assert await other.draft(row.id, 0, 4) == {}  # written for an older decision
    row = await other.record_action(row, 1, 8, '"y"', '{"s": 1}', finished=False, posts=[])
    assert await store.draft(row.id, 1, 3) == {}, "a seat's move takes its draft with it"
    assert await store.draft(row.id, 0, 3) == {"red-1": "ford", "red-2": "hill"}
    await store.record_action(row, 0, 7, '"x"', '{"s": 2}', finished=True, posts=[])
    assert await other.draft(row.id, 0, 3) == {}  # a game that ends keeps no drafts


async def test_display_names_merge_without_a_new_version(store: GameStore):
    row = await running(store)
    await store.name_players(row.id, {7: "Ann"})
    await store.name_players(row.id, {8: "Bo", 7: "Ann B."})
    saved = await store.get(row.id)
    assert saved.player_names == {"7": "Ann B.", "8": "Bo"} and saved.version == row.version


async def test_a_running_game_is_read_with_its_log_length_waits_and_time_away(
    store: GameStore, other: GameStore
):
    """What a move goes on from comes with the game: nobody reads it again on the move."""
    row = await running(store)
    row = await store.record_action(row, 0, 7, '"x"', '{"s": 1}', finished=False, posts=[])
    assert row.steps == 1
    wait = owing(row, 1, remind_at=NOW)
    await store.put_waits(row.id, [wait])
    await store.set_away(row, 8, NOW + timedelta(days=3), [], [wait])
    read = await other.get(row.id)
    assert read is not None and read == await other.live_game(read.channel_id)
    assert (read.steps, read.waits, read.away) == (1, {1: wait}, {8: NOW + timedelta(days=3)})
