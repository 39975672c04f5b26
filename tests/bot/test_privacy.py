"""The privacy path as a player walks it: `/game me data` shows what is kept, `/game me forget`
asks, then takes the player out of ended games while their running game keeps the seat; and
ended games expire after the admin's retention."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta

from bot.store.privacy import seat_label
from tests.bot.harness import Session, reply_text
from tests.bot.test_startup import clean_env
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY


async def test_me_data_answers_privately_with_a_file_of_what_is_kept(session: Session) -> None:
    table, host, _guest = await owe_a_decision(session)
    await session.command(host, "game", "me", "settings", timezone="Europe/Berlin")
    record = await session.command(host, "game", "me", "data")
    assert record.ephemeral
    summary, attached = record.messages[0], record.messages[-1]
    assert "What I keep about you" in summary.content and "Europe/Berlin" in summary.content
    assert attached.ephemeral and attached.attachments
    kept = json.loads(attached.attachments[0].data)
    assert kept["user_id"] == host.id and kept["settings"]["timezone"] == "Europe/Berlin"
    (game,) = kept["games"]
    assert (game["game_id"], game["hosted"], game["status"]) == (table.row.id, True, "active")
    assert game["moves"] >= 1


async def test_forget_relabels_ended_games_and_leaves_the_running_one(session: Session) -> None:
    _table, host, guest = await owe_a_decision(session)
    ended_id = session.game_id = (await session.table()).row.id
    await session.command(guest, "game", "me", "settings", on_deck=True)
    assert await session.confirm(host, "game", "table", "abandon") == "Abandoned."
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    running = (await session.table()).row
    assert session.bot is not None
    store = session.bot.store

    asked = await session.command(guest, "game", "me", "forget")
    question = reply_text(asked)
    assert "1 game(s) that have ended" in question
    assert f"<#{session.channel.id}>" in question  # the running game is named: it stays
    message = asked.reply
    assert message is not None
    assert (await store.kept_about(guest.id)).settings is not None  # asking changed nothing

    await session.click(guest, message, "Forget me")
    done = session.standin.message(message.id).content
    assert "your settings deleted" in done and "1 ended game(s)" in done
    assert "stays as it is" in done

    kept = await store.kept_about(guest.id)
    assert kept.settings is None
    assert [g.game_id for g in kept.games] == [running.id]  # only the running game knows them
    ended = await store.get(ended_id)
    assert ended is not None and guest.id not in ended.players
    label_id = next(p for p in ended.players if p != host.id)
    assert ended.player_names.get(str(label_id)) == seat_label(label_id)
    assert {a.user_id for a in await store.action_log(ended_id)} <= {host.id, label_id, 0}
    told = "\n".join(t.text for t in await store.narration(ended_id))
    assert f"<@{guest.id}>" not in told
    still = await store.get(running.id)
    assert still is not None and guest.id in still.players


async def test_ended_games_expire_after_the_retention_and_running_ones_stay(
    session: Session,
) -> None:
    _table, host, _guest = await owe_a_decision(session)
    ended_id = (await session.table()).row.id
    assert await session.confirm(host, "game", "table", "abandon") == "Abandoned."
    assert session.bot is not None
    store = session.bot.store
    assert await store.expire(datetime.now(UTC) - timedelta(days=1), 10) == 0  # too recent
    assert await store.expire(datetime.now(UTC) + timedelta(seconds=1), 10) == 1
    assert await store.get(ended_id) is None
    assert await store.action_log(ended_id) == []


async def test_the_operator_forgets_a_person_who_asked_them(session: Session) -> None:
    """A deletion request that reached the operator by other means: `python -m bot forget`."""
    _table, host, guest = await owe_a_decision(session)
    ended_id = (await session.table()).row.id
    assert await session.confirm(host, "game", "table", "abandon") == "Abandoned."
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "forget", str(guest.id)],
        env=clean_env() | {"DATABASE_PATH": str(session.database)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"User {guest.id}: settings deleted, 1 ended game(s) now show a seat label." in (
        done.stdout
    )
    assert session.bot is not None
    ended = await session.bot.store.get(ended_id)
    assert ended is not None and guest.id not in ended.players
