"""Clicks on buttons the bot has already replaced, as Discord delivers them: the interaction
carries the message as it is now, without the button the client still showed. Each gets one
private answer ("already answered", with what stands now) instead of "This interaction failed",
changes nothing, and never rewrites the clicked message with it; a public message of the bot's
that still shows buttons answering nothing loses them."""

from __future__ import annotations

import copy

from tests.bot.harness import Session, reply_text
from tests.bot.test_clicks import log_kinds, settle_message
from tests.bot.test_e2e_orders import orders, start
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY
from tests.standin import InteractionRecord, MessageRecord, UserRecord

ANSWERED = "already answered"


async def late(
    session: Session, user: UserRecord, seen: MessageRecord, label: str
) -> InteractionRecord:
    """Press `label` as `user`'s client still shows it on `seen`, an earlier copy."""
    custom_id = seen.find_button(label)["custom_id"]
    record = await session.standin.click_stale(user, seen, custom_id)
    return await record.done(timeout=10)


def refused_privately(record: InteractionRecord, clicked: MessageRecord) -> str:
    """The stale click's answer: a new private message, not an edit of the clicked one."""
    reply = record.reply
    assert reply is not None and reply.ephemeral and reply.id != clicked.id
    assert ANSWERED in reply.content and "nothing was changed" in reply.content
    return reply.content


async def test_a_client_behind_on_an_answered_decision_is_told_so(session: Session):
    table, host, guest = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    other = guest if loser.id == host.id else host
    message = await settle_message(session)
    seen = copy.deepcopy(message)
    assert (reply_text(await session.click(loser, message, "Accept"))).startswith("✅")
    shown = session.standin.message(message.id)
    assert shown.components == [] and "Accept" in shown.content
    before = await log_kinds(session)
    text = refused_privately(await late(session, other, seen, "Re-roll"), message)
    assert "waits for" in text
    assert await log_kinds(session) == before
    assert session.standin.message(message.id).content == shown.content


async def test_a_second_submit_on_an_order_panel_is_told_and_leaves_the_first_answer(
    scouts: Session,
):
    red, _blue = await start(scouts)
    panel = await orders(scouts, red)
    seen = copy.deepcopy(panel)
    await scouts.click(red, panel, "Submit orders")
    submitted = scouts.standin.message(panel.id).content
    assert submitted.startswith("✅ Orders submitted")
    text = refused_privately(await late(scouts, red, seen, "Submit orders"), panel)
    assert "waits for Blue" in text
    assert scouts.standin.message(panel.id).content == submitted
    assert len(await scouts.bot.store.action_log(scouts.game_id)) == 1


async def test_a_second_undo_confirm_is_told_and_takes_back_once(scouts: Session):
    red, _blue = await start(scouts)
    panel = await orders(scouts, red)
    await scouts.click(red, panel, "Submit orders")
    await scouts.click(red, scouts.standin.message(panel.id), "Undo")
    asked = scouts.standin.message(panel.id)
    assert asked.content.startswith("Take back:")
    seen = copy.deepcopy(asked)
    await scouts.click(red, asked, "Confirm")
    done = scouts.standin.message(panel.id).content
    assert "Taken back" in done
    refused_privately(await late(scouts, red, seen, "Confirm"), panel)
    assert scouts.standin.message(panel.id).content == done
    entries = await scouts.bot.store.action_log(scouts.game_id)
    assert [e.seat for e in entries] == [entries[0].seat, -1]


async def test_a_join_on_a_lobby_that_has_started_is_told_the_game_began(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    lobby = session.posts()[-1]
    await session.click(guest, lobby, "Join")
    seen = copy.deepcopy(session.standin.message(lobby.id))
    await session.click(host, session.standin.message(lobby.id), "Start")
    assert session.standin.message(lobby.id).components == []
    text = refused_privately(await late(session, session.user("late"), seen, "Join"), lobby)
    assert "The game has started" in text
    assert sorted((await session.table()).row.players) == sorted([host.id, guest.id])
    assert "Started" in session.standin.message(lobby.id).embeds[0]["footer"]["text"]


async def test_stale_buttons_left_on_a_public_message_are_retired_by_a_late_click(
    session: Session,
):
    table, host, guest = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    other = guest if loser.id == host.id else host
    message = await settle_message(session)
    path = f"/channels/{session.channel.id}/messages/{message.id}"
    session.standin.fail("PATCH", path, status=403, code=50001, times=None)
    assert (reply_text(await session.click(loser, message, "Accept"))).startswith("✅")
    session.standin.clear_faults()
    assert session.standin.message(message.id).find_button("Re-roll")  # could not be retired
    # A client showing an earlier version of the message, with the previous decision's button.
    seen = copy.deepcopy(session.standin.message(message.id))
    button = seen.find_button("Accept")
    game, seat, decision, key = button["custom_id"].split(":")[1:]
    button["custom_id"] = f"choice:{game}:{seat}:{int(decision) - 1}:{key}"
    refused_privately(await late(session, other, seen, "Accept"), message)
    assert session.standin.message(message.id).components == []
