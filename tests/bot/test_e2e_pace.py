"""Games that never stall, played through the stand-in with the bot's clock moved on: reminders
to exactly the players who owe a move, quiet hours, no burst after downtime, "remind me later",
the absent-player notice, turn limits, pauses and time away."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest

from tests.bot.harness import STEP_TIMEOUT, Session, reply_text
from tests.standin import UserRecord

REMINDER = "Your move as"


async def start_toy(session: Session) -> tuple[UserRecord, UserRecord]:
    """A 2-player sealed-bid game: both players owe a bid from the start."""
    host, guest = session.user("host"), session.user("guest")
    await session.open_game("sealed_bids", host, guest)
    return host, guest


def reminders(session: Session, user: UserRecord) -> list[str]:
    return [m.content for m in session.standin.dms(user) if REMINDER in m.content]


async def bid(session: Session, user: UserRecord) -> str:
    table = await session.table()
    card = table.state.hands[table.seats_of(user.id)[0]][0]
    return await session.play(user, "bids", "bid", card=card)


async def test_only_players_who_owe_a_move_are_reminded_and_only_once_due(session: Session):
    host, guest = await start_toy(session)
    await session.advance(11)
    assert reminders(session, host) == reminders(session, guest) == []
    await session.advance(1.5)
    assert len(reminders(session, host)) == len(reminders(session, guest)) == 1
    dm = next(m for m in session.standin.dms(host) if REMINDER in m.content)
    assert "Bid a card" in dm.content and f"<#{session.channel.id}>" in dm.content
    link = dm.find_button("Go to the game")
    assert link["url"].endswith(f"/{session.channel.id}/{session.posts()[-1].id}")
    assert dm.find_button("Remind me later")
    assert (await bid(session, guest)).startswith("✅")
    await session.advance(24.5)
    assert len(reminders(session, host)) == 2
    assert len(reminders(session, guest)) == 1  # never after they acted


async def test_after_downtime_a_player_gets_one_reminder_not_a_burst(session: Session):
    host, guest = await start_toy(session)
    await session.stop_bot()
    session.now += timedelta(days=4)
    await session.start_bot()
    await session.advance(0)
    await session.advance(0)
    assert len(reminders(session, host)) == 1 and len(reminders(session, guest)) == 1
    await session.advance(23)
    assert len(reminders(session, host)) == 1
    await session.advance(1.5)
    assert len(reminders(session, host)) == 2


async def test_quiet_hours_hold_reminders_until_they_end(session: Session):
    host, guest = await start_toy(session)
    asked = await session.command(
        host, "game", "me", "settings", timezone="UTC", quiet_from=22, quiet_to=7
    )
    assert "quiet from 22:00 to 7:00" in reply_text(asked)
    session.now = datetime(2026, 1, 5, 11, 0, tzinfo=UTC)  # game started at 12:00; due 00:00
    await session.advance(13.5)  # 00:30 UTC: inside the host's quiet hours
    assert reminders(session, host) == []
    assert len(reminders(session, guest)) == 1
    await session.advance(6)  # 06:30
    assert reminders(session, host) == []
    await session.advance(0.75)  # 07:15
    assert len(reminders(session, host)) == 1


async def test_remind_me_later_brings_the_next_reminder_sooner_and_only_for_its_player(
    session: Session,
):
    host, guest = await start_toy(session)
    await session.advance(12.5)
    dm = next(m for m in session.standin.dms(host) if REMINDER in m.content)
    stranger = session.user("stranger")
    refused = await session.click(stranger, dm, "Remind me later")
    assert "another player" in reply_text(refused)
    snoozed = await session.click(host, dm, "Remind me later")
    assert "remind you again" in reply_text(snoozed)
    await session.advance(4.5)
    assert len(reminders(session, host)) == 2
    assert len(reminders(session, guest)) == 1


async def test_the_table_is_told_when_a_player_ignored_every_reminder(session: Session):
    host, guest = await start_toy(session)
    await session.command(host, "game", "settings", reminders=2)
    await bid(session, host)
    await session.advance(12.5)
    assert not any("may be absent" in m.content for m in session.posts())
    await session.advance(24.5)
    notice = next(m for m in session.posts() if "may be absent" in m.content)
    assert f"<@{guest.id}>" in notice.content and host.id in notice.pinged_ids
    await session.advance(100)
    assert len(reminders(session, guest)) == 2


async def test_a_turn_limit_plays_the_default_and_says_so(session: Session):
    host, guest = await start_toy(session)
    answer = reply_text(
        await session.command(host, "game", "settings", turn_limit=24, on_limit="default")
    )
    assert "turn limit 24 h" in answer
    await bid(session, host)
    await session.restart()
    await session.advance(23)
    assert (await session.table()).state.bids[(await session.table()).seats_of(guest.id)[0]] is None
    await session.advance(1.5)
    table = await session.table()
    note = next(m for m in session.posts() if "24-hour limit" in m.content)
    assert "Default for" in note.content and f"<@{guest.id}>" in note.content
    # The default is a secret bid: the channel learns that it was played, not which card.
    assert "a secret bid" in note.content
    assert not any(f"bid {card}" in note.content for card in range(1, 10))
    assert table.state.round == 2 or table.state.pending_loser is not None


async def test_a_turn_limit_due_while_the_bot_shuts_down_is_played_after_the_restart(
    session: Session, caplog: pytest.LogCaptureFixture
):
    host, guest = await start_toy(session)
    await session.command(host, "game", "settings", turn_limit=24, on_limit="default")
    await bid(session, host)
    await session.advance(23)
    assert session.bot is not None
    session.bot.closing = True  # shutdown has begun: moves are refused from here on
    with caplog.at_level(logging.INFO, logger="bot.discord.deadlines"):
        assert await session.advance(1.5) == 0
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert "left wait for the next start" in caplog.text
    assert not any("24-hour limit" in m.content for m in session.posts())
    await session.restart()  # the bot's first sweep after starting finds the limit due
    note = await session.standin.wait_until(
        lambda: next((m for m in session.posts() if "24-hour limit" in m.content), None),
        timeout=STEP_TIMEOUT,
        what="the limit's note after the restart",
    )
    assert "Default for" in note.content and f"<@{guest.id}>" in note.content


async def test_a_turn_limit_tells_the_host_who_forces_it_with_a_confirmation(session: Session):
    host, guest = await start_toy(session)
    await session.command(host, "game", "settings", turn_limit=10)
    await bid(session, host)
    await session.advance(10.5)
    told = next(m for m in session.posts() if "this table's limit" in m.content)
    assert host.id in told.pinged_ids and "/game table force" in told.content
    seat = (await session.table()).seats_of(guest.id)[0]
    assert (await session.table()).state.bids[seat] is None
    await session.advance(30)  # told once, never twice
    assert sum("this table's limit" in m.content for m in session.posts()) == 1
    result = await session.confirm(host, "game", "table", "force")
    assert "Played 1 default." in result
    assert (await session.table()).state.bids[seat] is not None or (
        await session.table()
    ).state.round == 2


async def test_a_paused_game_reminds_nobody_until_it_resumes(session: Session):
    host, guest = await start_toy(session)
    refused = reply_text(await session.command(guest, "game", "table", "pause"))
    assert "Only the host" in refused
    await session.command(host, "game", "table", "pause")
    assert "paused the game" in session.posts()[-1].content
    await session.restart()
    await session.advance(200)
    assert reminders(session, host) == reminders(session, guest) == []
    await session.command(host, "game", "table", "resume")
    await session.advance(11)
    assert reminders(session, host) == []
    await session.advance(1.5)
    assert len(reminders(session, host)) == len(reminders(session, guest)) == 1


async def test_time_away_waits_or_plays_the_default_by_the_tables_choice(session: Session):
    host, guest = await start_toy(session)
    too_long = reply_text(await session.command(guest, "game", "seat", "vacation", days=30))
    assert "up to 14 days" in too_long
    await session.command(guest, "game", "seat", "vacation", days=2)
    assert "is away until" in session.posts()[-1].content
    await session.restart()
    await session.advance(12.5)
    assert reminders(session, guest) == [] and len(reminders(session, host)) == 1
    await session.advance(47)  # back after two days (48 h); their first reminder 12 h later
    assert reminders(session, guest) == []
    await session.advance(1)
    assert len(reminders(session, guest)) == 1

    await session.command(host, "game", "settings", on_vacation="default")
    await session.command(host, "game", "seat", "vacation", days=1)
    await session.advance(0.1)
    note = next(m for m in session.posts() if "is away." in m.content)
    assert "Default for" in note.content and f"<@{host.id}>" in note.content


async def test_a_player_with_closed_dms_is_reminded_in_the_channel(session: Session):
    host, guest = await start_toy(session)
    session.standin.close_dms(guest)
    await session.advance(12.5)
    pinged = [
        m for m in session.posts() if "your move as" in m.content and guest.id in m.pinged_ids
    ]
    assert len(pinged) == 1
    assert any("could not send you a direct message" in m.content for m in session.posts())
    assert len(reminders(session, host)) == 1
