"""Every click counts once and only for what it was posted for: stale, doubled and forged clicks
on every kind of button and menu, across two channels, are refused and change nothing."""

from __future__ import annotations

import asyncio
import copy
import gc
import io
import time
from pathlib import Path

import discord

from tests.bot.harness import Session, game_end, reply_text
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY
from tests.standin import ChannelRecord, MessageRecord, UserRecord

STALE = "already answered or is no longer open"


async def settle_message(session: Session) -> MessageRecord:
    """Publish the owed decision and return the message carrying its buttons."""
    await session.bot.publisher.publish(session.game_id or (await session.table()).row.id)
    return next(m for m in reversed(session.posts()) if "Accept" in str(m.components))


async def log_kinds(session: Session) -> list[str]:
    table = await session.table()
    return [entry.action for entry in await session.bot.store.action_log(table.row.id)]


def seen_in(message: MessageRecord, channel: ChannelRecord) -> MessageRecord:
    """The message as a client would still show it in `channel`: a frozen copy whose buttons
    stay clickable whatever the bot later does to the real one."""
    frozen = copy.deepcopy(message)
    frozen.channel_id = channel.id
    return frozen


async def click(session: Session, user: UserRecord, message: MessageRecord, label: str) -> str:
    return reply_text(await session.click(user, message, label))


async def test_a_double_click_applies_once(session: Session):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    message = await settle_message(session)
    button = message.find_button("Accept")["custom_id"]
    before = len(await log_kinds(session))
    first = await session.standin.click(loser, message, button)
    second = await session.standin.click(loser, seen_in(message, session.channel), button)
    answers = sorted(
        [reply_text(await first.done(timeout=20)), reply_text(await second.done(timeout=20))]
    )
    assert answers[0].startswith("⚠️") and STALE in answers[0]
    assert answers[1].startswith("✅")
    assert len(await log_kinds(session)) == before + 1
    assert session.standin.message(message.id).components == []


async def test_a_button_from_an_earlier_decision_cannot_answer_a_later_identical_one(
    session: Session,
):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    first = await settle_message(session)
    stale = seen_in(first, session.channel)
    assert (await click(session, loser, first, "Accept")).startswith("✅")
    # Round 2 ties again: the same seat owes the same "Accept" choice once more.
    table = await session.table()
    table.state.hands = [[2, 1], [2, 5]]
    for seat in (0, 1):
        await session.bot.tables.act(table, table.holder(seat), {"kind": "bid", "card": 2})
        table = await session.table()
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    current = await settle_message(session)
    log = await log_kinds(session)
    refused = await click(session, loser, stale, "Accept")
    assert STALE in refused and await log_kinds(session) == log
    assert (await session.table()).state.pending_loser is not None
    assert (await click(session, loser, current, "Accept")).startswith("✅")


async def test_buttons_posted_before_a_restart_are_retired_by_the_next_move(session: Session):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    message = await settle_message(session)
    stale = seen_in(message, session.channel)
    await session.restart()
    answer = await session.play(loser, TOY.short_name, "settle", choice="accept")
    assert answer.startswith("✅")
    assert session.standin.message(message.id).components == []
    refused = await click(session, loser, stale, "Re-roll")
    assert STALE in refused


async def test_only_the_seat_holder_may_answer_a_decision(session: Session):
    table, host, guest = await owe_a_decision(session)
    loser_id = table.holder(table.state.pending_loser)
    other = guest if loser_id == host.id else host
    message = await settle_message(session)
    refused = await click(session, other, message, "Accept")
    assert refused.startswith("⚠️") and "belongs to" in refused
    assert (await session.table()).state.pending_loser is not None


async def test_abandoning_retires_every_button_of_the_game(session: Session):
    _, host, _ = await owe_a_decision(session)
    message = await settle_message(session)
    assert await session.confirm(host, "game", "table", "abandon") == "Abandoned."
    assert session.standin.message(message.id).components == []
    assert "abandoned the game" in session.posts()[-1].content


async def test_an_abandoned_lobby_keeps_no_buttons(session: Session):
    host = session.user("host")
    await session.command(host, "game", "new", game=TOY.id)
    lobby = session.posts()[-1]
    stale = seen_in(lobby, session.channel)
    await session.confirm(host, "game", "table", "abandon")
    assert session.standin.message(lobby.id).components == []
    assert "Abandoned" in session.standin.message(lobby.id).embeds[0]["footer"]["text"]
    late = await click(session, session.user("late"), stale, "Join")
    assert "closed" in late


async def open_second_lobby(session: Session, host: UserRecord) -> ChannelRecord:
    other = session.standin.add_text_channel("other-games")
    record = await session.standin.slash(host, other, "game", "new", game="bloc_by_bloc")
    await record.done(timeout=20)
    return other


async def test_lobby_buttons_and_menus_only_act_in_their_own_channel(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    here = session.posts()[-1]
    other = await open_second_lobby(session, session.user("other-host"))
    there = session.standin.messages(other)[-1]
    there_table = await session.bot.tables.current(other.id)
    forged_join = await click(session, guest, seen_in(there, session.channel), "Join")
    assert "another channel" in forged_join
    forged_start = await click(session, guest, seen_in(here, other), "Start")
    assert "another channel" in forged_start
    menu = next(c for c in there.custom_ids if c.startswith("option:"))
    forged = seen_in(there, session.channel)
    options = next(c for c in forged.iter_components() if c.get("custom_id") == menu)["options"]
    record = await session.standin.select(guest, forged, menu, [options[-1]["value"]])
    assert "another channel" in reply_text(await record.done(timeout=20))
    after = await session.bot.tables.current(other.id)
    assert after.row.players == there_table.row.players
    assert after.row.options == there_table.row.options
    assert (await session.table()).row.players == [host.id]


async def test_a_decision_button_only_acts_in_its_own_channel(session: Session):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    message = await settle_message(session)
    other = await open_second_lobby(session, session.user("other-host"))
    forged = await click(session, loser, seen_in(message, other), "Accept")
    assert "another channel" in forged
    assert (await session.table()).state.pending_loser is not None


async def test_malformed_custom_ids_get_a_specific_refusal(session: Session):
    host = session.user("host")
    await session.command(host, "game", "new", game=TOY.id)
    lobby = session.posts()[-1]
    join = lobby.find_button("Join")["custom_id"]
    for bad in (
        "choice:1:0:0:nothex!",
        "lobby:1:explode",
        "lobby:0:join",
        "choice:" + "9" * 30 + ":0:0:deadbeef",
        join.replace("lobby:", "lobby:x"),
        "",
    ):
        forged = seen_in(lobby, session.channel)
        next(c for c in forged.iter_components() if c.get("custom_id") == join)["custom_id"] = bad
        record = await session.standin.click(host, forged, bad)
        text = reply_text(await record.done(timeout=20))
        assert record.ephemeral and "not one I can act on" in text, (bad, text)
    assert (await session.table()).row.players == [host.id]


async def test_a_finished_game_leaves_no_button_anywhere(session: Session):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    await click(session, loser, await settle_message(session), "Accept")
    while (table := await session.bot.tables.by_id(table.row.id)).row.status == "active":
        seat = min(table.prompts())
        user = session.standin.world.users[table.holder(seat)]
        prompt = table.prompts()[seat]
        if prompt.choices:
            await session.play(user, TOY.short_name, "settle", choice="accept")
        else:
            await session.play(user, TOY.short_name, "bid", card=table.state.hands[seat][0])
    await session.standin.wait_idle(quiet=0.3)
    # Its hands were dealt by hand (`owe_a_decision`), so its record does not replay from its
    # seed, and the timelapse, drawn from that record, cannot be.
    end, _ = await game_end(session, drawn=False)
    assert "Game over" in end.content
    assert all(m.components == [] for m in session.posts() if m.id != session.posts()[0].id)


async def place_first(session: Session) -> str:
    """The seat to move in a game of Not On My Block places its first legal piece, typed as a
    player would; the answer."""
    table = await session.table()
    seat = min(table.prompts())
    user = session.standin.world.users[table.holder(seat)]
    place = table.game.legal_actions(table.state, seat)[0].model_dump()
    fields = {k: v for k, v in place.items() if k != "kind"}
    return await session.play(user, "nomb", "place", **fields)


async def test_commands_menus_and_clicks_leave_no_interaction_behind(tmp_path: Path):
    """discord.py's interaction and its response refer to each other, so every command,
    autocomplete request and click used to leave its interaction, with the member, user and
    options it carries, for the cyclic collector: about a thousand objects a second at 50 busy
    channels, walked while every table waits. Once each is handled, none is left."""

    def interactions(earlier: frozenset[int] = frozenset()) -> list[object]:
        return [
            o
            for o in gc.get_objects()
            if isinstance(o, discord.Interaction) and id(o) not in earlier
        ]

    async with Session(tmp_path / "games.sqlite3") as session:
        gc.collect()
        earlier = frozenset(id(o) for o in interactions())
        gc.disable()
        try:
            alice, bob = session.user("alice"), session.user("bob")
            await session.open_game("not_on_my_block", alice, bob, seed=7)
            assert "✅" in await place_first(session)
            asked = await session.confirm(alice, "game", "table", "rewind", moves=1)
            assert "once everyone agrees" in asked
            vote = next(m for m in reversed(session.posts()) if "Agree" in str(m.components))
            assert "rewound" in await click(session, bob, vote, "Agree")
            await asyncio.sleep(0)  # each handling task's end is seen to
            left = interactions(earlier)
        finally:
            gc.enable()
    assert left == []


async def handlers_over(timeout: float = 30.0) -> None:
    """Until no task discord.py started for a command or a click is left running (a handler
    still running after `timeout` is left to the count, which then names what it holds)."""
    ours = ("CommandTree-invoker", "discord-ui-")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
        not task.done() and task.get_name().startswith(ours) for task in asyncio.all_tasks()
    ):
        await asyncio.sleep(0.01)


async def test_buttons_sent_and_clicked_leave_no_view_behind(tmp_path: Path):
    """A table posts and clicks buttons all game long, for weeks. discord.py keeps a sent view
    of plain buttons (a rewind's vote) in its view store for the life of the process, and a
    view and its items refer to each other, so a view left to itself is kept for good or
    waits for the cyclic collector, which stalls every table while it walks them. Once a
    message is sent and once a click is handled, no view and no button object is left."""

    async def views(earlier: frozenset[int] = frozenset()) -> list[object]:
        """Views and items alive once the bot's handlers are over, but for `earlier` (ids of
        those made before). A player has their answer before its handler ends, so on a busy
        machine the test can be there first."""
        await handlers_over()
        return [
            o
            for o in gc.get_objects()
            if isinstance(o, discord.ui.View | discord.ui.Item) and id(o) not in earlier
        ]

    async with Session(tmp_path / "games.sqlite3") as session:
        gc.collect()
        earlier = frozenset(id(o) for o in await views())  # made by other tests and still held
        gc.disable()
        try:
            alice, bob = session.user("alice"), session.user("bob")
            await session.open_game("not_on_my_block", alice, bob, seed=7)
            left = await views(earlier)
            for _ in range(4):
                table = await session.table()
                seat = min(table.prompts())
                action = table.game.legal_actions(table.state, seat)[0].model_dump()
                await session.bot.tables.act(table, table.holder(seat), action, seat)
                await session.bot.publisher.publish(table.row.id)
                left += await views(earlier)
            asked = await session.confirm(alice, "game", "table", "rewind", moves=2)
            assert "once everyone agrees" in asked
            vote = next(m for m in reversed(session.posts()) if "Agree" in str(m.components))
            left += await views(earlier)
            assert "rewound" in await click(session, bob, vote, "Agree")
            left += await views(earlier)
        finally:
            gc.enable()
    assert left == []


def boards(session: Session) -> set[int]:
    """The attachments the channel shows now, by id (an edit with a new board gives a new id)."""
    return {a.id for m in session.posts() for a in m.attachments}


async def test_boards_sent_with_moves_leave_no_buffer_behind(tmp_path: Path):
    """Every move sends a board, and discord.py leaves each sent file's buffer referring to
    itself (its `close`, put back as the buffer's own attribute), for the cyclic collector to
    find while every table waits. Once sent, no buffer is left."""

    async def buffers(earlier: frozenset[int] = frozenset()) -> list[object]:
        await handlers_over()
        return [o for o in gc.get_objects() if isinstance(o, io.BytesIO) and id(o) not in earlier]

    async with Session(tmp_path / "games.sqlite3") as session:
        gc.collect()
        earlier = frozenset(id(o) for o in await buffers())
        gc.disable()
        try:
            alice, bob = session.user("alice"), session.user("bob")
            await session.open_game("not_on_my_block", alice, bob, seed=7)
            before, shown = boards(session), set()
            for _ in range(3):
                assert "✅" in await place_first(session)
                shown |= boards(session)
            assert len(shown - before) == 3, "a move showed no new board"
            left = await buffers(earlier)
        finally:
            gc.enable()
    assert left == []
