"""Platform behaviour every game shares, shown through the stand-in on a tiny test-only game:
lobby rules, secret hands by DM with the closed-DM fallback, status, help, force and abandon."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from tests.bot.harness import Session, reply_text
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY


async def test_lobby_mistakes_are_answered_privately_and_change_nothing(session: Session):
    host, guest, third, fourth = (session.user(n) for n in ("host", "guest", "third", "fourth"))
    await session.command(host, "game", "new", game=TOY.id)
    again = await session.command(guest, "game", "new", game=TOY.id)
    assert again.ephemeral and "already has a game" in reply_text(again)
    early = await session.command(host, "game", "start")
    assert early.ephemeral and "needs 2 or 3 players; 1 joined" in reply_text(early)
    await session.command(guest, "game", "join")
    twice = await session.command(guest, "game", "join")
    assert "already in this game" in reply_text(twice)
    not_host = await session.command(guest, "game", "start")
    assert "Only the host" in reply_text(not_host)
    await session.command(third, "game", "join")
    full = await session.command(fourth, "game", "join")
    assert "at most 3" in reply_text(full)
    lobby = session.standin.message(session.posts()[0].id)
    assert all(f"<@{u.id}>" in lobby.embeds[0]["description"] for u in (host, guest, third))
    assert (await session.table()).row.players == [host.id, guest.id, third.id]


async def test_secret_hands_go_by_dm_and_closed_dms_fall_back_to_the_hand_command(
    session: Session,
):
    host, guest = session.user("host"), session.user("guest")
    session.standin.close_dms(guest)
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    table = await session.table()
    host_seat, guest_seat = table.seats_of(host.id)[0], table.seats_of(guest.id)[0]
    host_hand = str(TOY.hand_text(table.state, host_seat))
    guest_hand = str(TOY.hand_text(table.state, guest_seat))

    assert [m.content.split("\n", 1)[1] for m in session.standin.dms(host)] == [host_hand]
    assert session.standin.dms(guest) == []
    notice = next(m for m in session.posts() if "could not send you a direct message" in m.content)
    assert notice.pinged_ids == [guest.id]
    channel_text = "\n".join(m.content for m in session.posts())
    for card in table.state.hands[guest_seat] + table.state.hands[host_seat]:
        assert f"hand: {card}" not in channel_text and host_hand not in channel_text

    hand = await session.command(guest, "game", "hand")
    assert hand.ephemeral and guest_hand in reply_text(hand)

    card = table.state.hands[guest_seat][0]
    answer = await session.play(guest, TOY.short_name, "bid", card=card)
    assert answer.startswith("✅")
    assert f"bid your {card}" not in "\n".join(m.content for m in session.posts())
    assert "has bid" in session.posts()[-2].content or "has bid" in session.posts()[-1].content


async def test_refusals_stay_private_and_commands_are_declared_for_servers_only(
    session: Session,
):
    stranger = session.user("stranger")
    board = await session.command(stranger, "game", "board")
    assert board.ephemeral and "no game in this channel" in reply_text(board)
    assert session.posts() == []
    for command in session.standin.commands():
        assert command.get("contexts") == [0], command["name"]


async def test_status_help_and_board_describe_the_game_in_this_channel(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    status = reply_text(await session.command(guest, "game", "status"))
    assert TOY.title in status and "Bid a card." in status
    shown = (await session.command(guest, "game", "help")).reply
    help_text = shown.embeds[0]["description"]
    assert f"/{TOY.short_name} bid" in help_text and "/nomb" not in help_text
    board = await session.command(guest, "game", "board")
    assert board.ephemeral and reply_text(board) == "Board posted."
    assert session.posts()[-1].attachments


async def test_status_tells_a_player_whose_answer_was_lost_what_their_move_did(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    table = await session.table()
    seat = table.seats_of(guest.id)[0]
    # The move is stored, then the bot dies before answering or posting anything.
    await session.bot.tables.act(
        table, guest.id, {"kind": "bid", "card": table.state.hands[seat][0]}
    )
    status = reply_text(await session.command(guest, "game", "status"))
    assert f"**Last move:** {table.state.seat_names[seat]} has bid." in status


async def test_the_host_forces_an_unanswered_decision_and_may_abandon(session: Session):
    _, host, guest = await owe_a_decision(session)
    stranger = session.user("x")
    refused = await session.command(guest, "game", "table", "abandon")
    assert refused.ephemeral and "Only the host" in reply_text(refused)
    not_host = await session.command(stranger, "game", "table", "force")
    assert "Only the host" in reply_text(not_host)
    asked = await session.command(host, "game", "table", "force")
    assert "Play the default" in reply_text(asked)
    assert (await session.table()).state.pending_loser is not None  # nothing before Confirm
    await session.click(host, asked.reply, "Confirm")
    assert "Played 1 default." in session.standin.message(asked.reply.id).content
    assert "played the default for the table" in session.posts()[-1].content
    assert (await session.table()).state.pending_loser is None
    assert await session.confirm(host, "game", "table", "abandon") == "Abandoned."
    assert await session.bot.tables.current(session.channel.id) is None


async def test_a_decision_past_its_deadline_takes_its_default(tmp_path: Path, toy_installed):
    settings = {"decision_deadline_hours": 0.5 / 3600, "deadline_check_seconds": 0.2}
    async with Session(tmp_path / "games.sqlite3", **settings) as session:
        await owe_a_decision(session)
        session.now += timedelta(hours=1)  # the bot's own sweep finds it due
        note = await session.standin.wait_until(
            lambda: next((m for m in session.posts() if "⏰" in m.content), None),
            timeout=10,
            what="the deadline to pass",
        )
        assert "Default for" in note.content
        assert (await session.table()).state.pending_loser is None


def test_the_bot_without_a_token_explains_itself_in_one_line(tmp_path: Path):
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).parents[2])},
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "DISCORD_TOKEN" in result.stderr


async def test_lobby_buttons_keep_working_after_a_restart(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    lobby = session.posts()[-1]
    await session.restart()
    joined = await session.click(guest, session.standin.message(lobby.id), "Join")
    assert "You joined" in reply_text(joined)
    await session.click(host, session.standin.message(lobby.id), "Start")
    table = await session.table()
    assert table.row.status == "active" and table.row.players == [host.id, guest.id]
    assert session.standin.message(lobby.id).components == []
