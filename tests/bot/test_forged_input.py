"""Hand-made payloads: a control id or an option value no Discord client would send. Each gets
a private refusal naming what was wrong (never the generic apology), changes nothing, and never
rewrites the message the click names, however public."""

from __future__ import annotations

import copy

import pytest

from bot.discord.game_commands import cannot_post
from tests.bot.harness import Session, reply_text
from tests.bot.test_clicks import log_kinds, settle_message
from tests.bot.toy import owe_a_decision
from tests.standin import InteractionRecord, MessageRecord, UserRecord

APOLOGY = "something went wrong"
ON_A_PRIVATE_ANSWER = "only works on the private answer that showed it"

FORGED = {
    "undo": lambda game, version: f"undo:{game}:{version}",
    "confirm": lambda game, version: f"confirm:{game}:undo:1:0:{version}",
    "page": lambda game, version: f"page:log:{game}:1:99:0",
}


async def forged(
    session: Session, user: UserRecord, message: MessageRecord, custom_id: str
) -> InteractionRecord:
    record = await session.standin.click_forged(user, message, custom_id)
    await record.done(timeout=20)
    await session.standin.wait_idle(quiet=0.3)
    return record


def refused_privately(record: InteractionRecord, clicked: MessageRecord, reason: str) -> None:
    """A new private message carries the refusal; the clicked one is not its vehicle."""
    reply = record.reply
    assert reply is not None and reply.ephemeral and reply.id != clicked.id, reply
    assert reason in reply.content and APOLOGY not in reply.content, reply.content
    assert "Nothing was changed" in reply.content


@pytest.mark.parametrize("kind", sorted(FORGED))
async def test_a_forged_click_on_the_turn_message_leaves_it_as_it_was(session: Session, kind: str):
    table, _host, guest = await owe_a_decision(session)
    message = await settle_message(session)
    before = copy.deepcopy(session.standin.message(message.id))
    kinds = await log_kinds(session)
    # The guest made the latest move, so a real Undo of theirs would be allowed.
    custom_id = FORGED[kind](table.row.id, table.row.version)
    record = await forged(session, guest, message, custom_id)
    now = session.standin.message(message.id)
    assert (now.content, now.components) == (before.content, before.components)
    refused_privately(record, message, ON_A_PRIVATE_ANSWER)
    assert await log_kinds(session) == kinds


async def test_a_page_id_with_a_twenty_digit_number_is_refused_by_name(session: Session):
    _table, host, _guest = await owe_a_decision(session)
    page = (await session.command(host, "game", "log")).reply
    assert page is not None and page.ephemeral
    shown = page.content
    record = await forged(session, host, page, "page:log:" + "9" * 20 + ":1:99:0")
    refused_privately(record, page, "99999999999")
    assert "larger than any game" in reply_text(record)
    assert session.standin.message(page.id).content == shown


async def test_an_oversized_player_number_in_a_confirm_id_is_refused_by_name(session: Session):
    table, _host, guest = await owe_a_decision(session)
    asked = (await session.command(guest, "game", "log")).reply
    assert asked is not None and asked.ephemeral
    huge = 2**64 - 1
    custom_id = f"confirm:{table.row.id}:replace:{huge}:{guest.id}:{table.row.version}"
    kinds = await log_kinds(session)
    record = await forged(session, guest, asked, custom_id)
    refused_privately(record, asked, "larger than any game")
    assert await log_kinds(session) == kinds
    assert (await session.table()).row.players == table.row.players


async def test_an_option_outside_its_range_is_refused_by_name(session: Session):
    table, host, _guest = await owe_a_decision(session)
    for days in (float("nan"), 10.0**300):
        record = await session.command(host, "game", "seat", "vacation", days=days)
        text = reply_text(record)
        assert record.ephemeral and "`days` must be a number from 0 to 60" in text, text
        assert APOLOGY not in text and "Nothing was changed" in text
    quiet = await session.command(host, "game", "me", "settings", quiet_from=10**20)
    assert "`quiet_from` must be a number from 0 to 23" in reply_text(quiet)
    assert await session.bot.store.away(table.row.id) == {}


async def test_board_where_the_bot_may_not_attach_files_says_what_to_grant(session: Session):
    _table, host, _guest = await owe_a_decision(session)
    await session.standin.wait_idle(quiet=0.3)
    posts = len(session.posts())
    session.standin.revoke(session.channel, "attach_files")
    record = await session.command(host, "game", "board")
    text = reply_text(record)
    assert record.ephemeral and "may not post the board" in text, text
    assert "I need the **Attach Files** permission here. Ask a server admin to grant it;" in text
    assert APOLOGY not in text
    assert len(session.posts()) == posts


def test_several_missing_permissions_are_named_in_one_agreeing_phrase():
    text = str(cannot_post(["View Channel", "Attach Files"]))
    assert "I need the **View Channel** and **Attach Files** permissions here." in text
    assert "Ask a server admin to grant them;" in text and "(s)" not in text


async def test_a_forged_undo_on_the_turn_message_as_discord_delivers_it_is_no_late_click(
    session: Session,
):
    """Discord sends the message as it is, without the forged button: that is not a click
    that came too late ("already answered") but one that never belonged there."""
    table, _host, guest = await owe_a_decision(session)
    message = await settle_message(session)
    before = copy.deepcopy(session.standin.message(message.id))
    custom_id = FORGED["undo"](table.row.id, table.row.version)
    seen = copy.deepcopy(message)
    seen.find_button("Accept")["custom_id"] = custom_id
    record = await session.standin.click_stale(guest, seen, custom_id)
    await record.done(timeout=20)
    refused_privately(record, message, ON_A_PRIVATE_ANSWER)
    assert "already answered" not in reply_text(record)
    now = session.standin.message(message.id)
    assert (now.content, now.components) == (before.content, before.components)
