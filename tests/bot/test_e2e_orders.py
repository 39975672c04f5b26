"""Secret order sheets, played through the stand-in with the test-only Scouts game: orders are
written, changed and submitted in private; the channel hears only who has submitted until the
last seat does, then everything; drafts survive a restart; a seat that never submits gets its
default at the turn limit; and every wrong order or stale click is refused, changing nothing."""

from __future__ import annotations

import copy

from bot.table import binding
from tests.bot.harness import Session, reply_text
from tests.standin import MessageRecord, UserRecord
from tests.standin.model import snowflake

SUBMITTED = "already submitted, or revealed"


async def start(session: Session) -> tuple[UserRecord, UserRecord]:
    """A 2-player game of Scouts; returns the users holding Red (seat 0) and Blue (seat 1)."""
    ana, ben = session.user("ana"), session.user("ben")
    await session.open_game("scouts", ana, ben, seed=3)
    table = await session.table()
    users = {ana.id: ana, ben.id: ben}
    return users[table.holder(0)], users[table.holder(1)]


async def order(session: Session, user: UserRecord, unit: str, to: str) -> MessageRecord:
    """`/game order`, picking both options from autocomplete when it offers them; the answer."""
    record = await session.command(user, "game", "order", unit=unit, to=to)
    assert record.reply is not None and record.reply.ephemeral
    return record.reply


async def orders(session: Session, user: UserRecord) -> MessageRecord:
    record = await session.command(user, "game", "orders")
    assert record.reply is not None and record.reply.ephemeral
    return record.reply


async def press(session: Session, user: UserRecord, panel: MessageRecord, label: str) -> str:
    """Press a button of a private panel; what the panel says afterwards."""
    await session.click(user, panel, label)
    return session.standin.message(panel.id).content


def frozen(panel: MessageRecord) -> MessageRecord:
    """The panel as its player's client still shows it, whatever the bot later does to it."""
    return copy.deepcopy(panel)


def channel_text(session: Session) -> str:
    """Everything the channel has ever shown: every message with every earlier version."""
    out = []
    for message in session.standin.messages(session.channel):
        if message.ephemeral:
            continue
        out += [str(v.get("content") or "") for v in message.history] + [message.content]
    return "\n".join(out)


def channel_writes(session: Session) -> list[tuple[int, str, int]]:
    return [
        (m.id, m.content, len(m.history))
        for m in session.standin.messages(session.channel)
        if not m.ephemeral
    ]


async def test_orders_are_written_changed_and_submitted_in_secret_until_the_reveal(
    scouts: Session,
):
    red, blue = await start(scouts)
    assert "/game order" in scouts.posts()[-1].content  # the turn message says how
    units = await scouts.offered(red, ["game", "order"], {}, "unit")
    assert [binding.bare(u) for u in units] == ["red-1", "red-2", "red-3"]
    places = await scouts.offered(red, ["game", "order"], {"unit": units[0]}, "to")
    assert [binding.bare(p) for p in places] == ["camp", "hill", "ford"]
    quiet = channel_writes(scouts)

    first = await order(scouts, red, "red-1", "hill")
    assert "Red scout 1: Hill" in first.content and first.find_button("Submit orders")
    changed = await order(scouts, red, "Red scout 1", "Ford")  # labels work as well as keys
    assert "**Red scout 1**: Ford" in changed.content
    assert "Red scout 2: stays at the Camp (default)" in changed.content
    assert "Red scout 3: stays at the Tower (declared 🔒)" in changed.content
    labels = await scouts.standin.autocomplete(
        red, scouts.channel, ["game", "order"], {}, focused="unit"
    )
    assert labels[0]["name"] == "Red scout 1: Ford"
    shown = await orders(scouts, red)
    assert "**Red scout 1**: Ford" in shown.content and shown.find_button("Clear")
    assert channel_writes(scouts) == quiet  # writing orders posts and edits nothing

    answer = await press(scouts, red, shown, "Submit orders")
    assert answer.startswith("✅ Orders submitted") and "Red scout 1**: Ford" in answer
    assert "Red has submitted orders." in channel_text(scouts)
    assert "Ford" not in channel_text(scouts) and "→" not in channel_text(scouts)
    told = next(m for m in scouts.posts() if "Red has submitted orders." in m.content)
    # Told by editing the turn's message that already asked both (no new message, no new
    # ping): Blue was already asked, and nobody new is.
    assert told.id in {message_id for message_id, _, _ in quiet}

    await order(scouts, blue, "blue-1", "camp")
    answer = await press(scouts, blue, await orders(scouts, blue), "Submit orders")
    assert answer.startswith("✅")
    text = channel_text(scouts)
    assert "Orders revealed: Red scout 1 Camp → Ford; Blue scout 1 Ford → Camp." in text
    table = await scouts.table()
    assert table.state.at["red-1"] == "ford" and table.state.at["blue-1"] == "camp"

    # Round 2: a fresh sheet; nothing written in round 1 carries over.
    await scouts.click(table_user(scouts, red, blue, table.holder(0)), scouts.posts()[-1], "Muster")
    fresh = await orders(scouts, red)
    assert "Movement orders, round 2" in fresh.content
    assert "Red scout 1: stays at the Ford (default)" in fresh.content
    scouts.standin.assert_clean()


def table_user(session: Session, red: UserRecord, blue: UserRecord, user_id: int) -> UserRecord:
    return red if red.id == user_id else blue


async def test_drafts_and_their_buttons_survive_a_restart_between_submissions(scouts: Session):
    red, blue = await start(scouts)
    await order(scouts, blue, "blue-2", "hill")
    panel = await order(scouts, blue, "blue-1", "camp")
    await order(scouts, red, "red-2", "hill")
    await press(scouts, red, await orders(scouts, red), "Submit orders")
    await scouts.restart()
    kept = await orders(scouts, blue)
    assert "**Blue scout 1**: Camp" in kept.content and "**Blue scout 2**: Hill" in kept.content
    answer = await press(scouts, blue, panel, "Submit orders")  # posted before the restart
    assert answer.startswith("✅")
    assert "Orders revealed:" in channel_text(scouts)
    at = (await scouts.table()).state.at
    assert (at["red-2"], at["blue-1"], at["blue-2"]) == ("hill", "camp", "hill")
    assert await scouts.bot.store.draft(scouts.game_id, 1, 0) == {}  # dropped once submitted


async def test_a_seat_that_never_submits_gets_its_default_at_the_turn_limit(scouts: Session):
    red, blue = await start(scouts)
    await scouts.command(red, "game", "settings", turn_limit=24, on_limit="default")
    await order(scouts, red, "red-1", "hill")  # written, never submitted
    await press(scouts, blue, await order(scouts, blue, "blue-1", "woods"), "Submit orders")
    await scouts.advance(23)
    assert "Orders revealed" not in channel_text(scouts)
    await scouts.advance(1.5)
    text = channel_text(scouts)
    assert f"Default for <@{red.id}> (Red): sealed orders." in text
    assert "Orders revealed: Blue scout 1 Ford → Woods." in text
    assert "Hill" not in text  # the unsent draft never reaches the channel
    at = (await scouts.table()).state.at
    assert at["red-1"] == "camp" and at["blue-1"] == "woods"


async def test_wrong_orders_and_stale_or_foreign_clicks_are_refused_and_change_nothing(
    scouts: Session,
):
    red, blue = await start(scouts)
    stranger = scouts.user("stranger")
    refused = (await order(scouts, stranger, "red-1", "hill")).content
    assert "not playing in this game" in refused
    refused = (await order(scouts, red, "blue-1", "camp")).content
    assert "Blue scout 1 is Blue's, not one of yours to order" in refused
    refused = (await order(scouts, red, "red-9", "camp")).content
    assert 'no "red-9" to order' in refused and "Red scout 1" in refused
    refused = (await order(scouts, red, "red-1", "tower")).content
    assert 'cannot go to "tower"' in refused and "stays at the Camp, Hill, Ford" in refused
    refused = (await order(scouts, red, "red-3", "hill")).content
    assert "order was already declared" in refused
    assert "Red scout 1: stays at the Camp (default)" in (await orders(scouts, red)).content

    # The game refuses the submission: two scouts into one place. Nothing is sent.
    await order(scouts, red, "red-1", "hill")
    panel = await order(scouts, red, "red-2", "hill")
    answer = await press(scouts, red, panel, "Submit orders")
    assert "cannot both go to the Hill" in answer and "Nothing was submitted" in answer
    assert "has submitted" not in channel_text(scouts)
    panel = scouts.standin.message(panel.id)
    assert panel.find_button("Submit orders")  # shown again, ready once fixed

    # A button shown with an older draft never sends the newer one.
    stale = frozen(panel)
    await order(scouts, red, "red-2", "ford")
    answer = await press(scouts, red, stale, "Submit orders")
    assert "changed after that button was shown" in answer and "**Red scout 2**: Ford" in answer
    assert "has submitted" not in channel_text(scouts)

    # Clear is bound the same way, and puts every open line back to its default.
    current = await orders(scouts, red)
    before_clear = frozen(current)
    cleared = await press(scouts, red, current, "Clear")
    assert "Cleared" in cleared and "Red scout 1: stays at the Camp (default)" in cleared
    stale_clear = await press(scouts, red, before_clear, "Clear")
    assert "changed after that button was shown" in stale_clear
    await order(scouts, red, "red-1", "hill")
    current = await orders(scouts, red)

    # Someone else pressing Red's Submit (a forged copy: they cannot see Red's panel).
    for someone in (stranger, blue):
        forged = frozen(current)
        forged.id, forged.ephemeral_for = snowflake(), someone.id
        scouts.standin.world.messages[forged.id] = forged
        answer = await press(scouts, someone, forged, "Submit orders")
        assert f"only <@{red.id}> can submit" in answer
    assert "has submitted" not in channel_text(scouts)

    copy_of = frozen(current)
    assert (await press(scouts, red, current, "Submit orders")).startswith("✅")
    assert SUBMITTED in await press(scouts, red, copy_of, "Submit orders")  # twice: once only
    refused = (await order(scouts, red, "red-2", "hill")).content
    assert "already submitted your orders" in refused and "Blue" in refused
    log = await scouts.bot.store.action_log(scouts.game_id)
    assert len(log) == 1

    # After the reveal nobody has orders to write until the next round's sheets.
    await press(scouts, blue, await orders(scouts, blue), "Submit orders")
    assert "Orders revealed" in channel_text(scouts)
    refused = (await order(scouts, blue, "blue-1", "camp")).content
    assert "no orders to write now" in refused and "not taking secret orders" in refused
    assert "no orders to write now" in (await orders(scouts, red)).content
    assert "Hill" not in channel_text(scouts).split("Orders revealed")[0]
    scouts.standin.assert_clean()


async def test_help_names_the_order_commands_and_sheets_get_no_command_of_their_own(
    scouts: Session,
):
    red, _ = await start(scouts)
    record = await scouts.command(red, "game", "help")
    help_text = record.reply.embeds[0]["description"]
    assert "`/game order`" in help_text and "**Submit orders**" in help_text
    assert "`/scouts muster`" in help_text and "/scouts orders" not in help_text
    names = {c["name"] for c in scouts.standin.commands(guild=True)}
    assert "scouts" in names
    assert reply_text(record) == ""
