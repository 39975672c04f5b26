"""A game's record through the stand-in: `/game log` paged with its step numbers, the board at
any past step, what happened since you last acted, export and import (and what import
refuses), the offline replay, and `/game list` / `/game mine` with their links."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.discord import record_commands
from bot.table import record
from bot.table.model import Table
from engine import history
from engine.messages import ENGLISH
from render import board_png
from tests.bot.harness import STEP_TIMEOUT, Session, reply_text
from tests.bot.test_table_spanish import leftovers
from tests.engine.toy_words import words
from tests.standin import (
    AttachmentRecord,
    ChannelRecord,
    InteractionRecord,
    UserRecord,
    actions,
    payloads,
)
from tests.standin.model import MessageRecord, snowflake

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def real(tmp_path: Path):
    """A session for the real games (the toy one is the `session` fixture)."""
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


# ----- helpers -----------------------------------------------------------------------------------
async def run(
    session: Session, user: UserRecord, channel: ChannelRecord, *path: str, **options: Any
) -> InteractionRecord:
    """A slash command in any channel of the session's server."""
    record_ = await session.standin.slash(user, channel, *path, **options)
    return await record_.done(timeout=STEP_TIMEOUT)


async def import_file(
    session: Session,
    user: UserRecord,
    channel: ChannelRecord,
    data: bytes,
    **players: UserRecord,
) -> str:
    """`/game import` with `data` attached, as Discord sends an attachment option: the file is
    uploaded, and the interaction names it in `resolved.attachments`."""
    world = session.standin.world
    upload = AttachmentRecord(snowflake(), "record.json", data, "application/json")
    holder = MessageRecord(snowflake(), channel.id, user.id, attachments=[upload])
    world.messages[holder.id] = holder  # where the stand-in serves attachments from
    body = actions.command_data(world, ["game", "import"], {"file": upload.id, **players})
    url = payloads.attachment_url(world, channel.id, upload.id, upload.filename)
    body.setdefault("resolved", {}).setdefault("attachments", {})[str(upload.id)] = {
        "id": str(upload.id),
        "filename": upload.filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": "application/json",
    }
    payload = actions.base_payload(world, actions.APPLICATION_COMMAND, user, channel, body)
    sent = session.standin._send(payload, user)
    return reply_text(await sent.done(timeout=STEP_TIMEOUT))


async def play_defaults(session: Session, count: int | None = None) -> None:
    """Play the default of whoever must act, `count` times (None: until the game is over), the
    way the bot plays one for an absent player (the channel's lock, the commit, then the post),
    so that the games a standstill ends for absent players end."""
    bot = session.bot
    assert bot is not None
    done = 0
    while count is None or done < count:
        table = await bot.tables.by_id(session.game_id)
        assert table is not None
        if table.row.status != "active":
            assert count is None, "the game ended before the moves asked for"
            return
        seat = min(table.prompts())
        async with bot.tables.lock(table.row.channel_id):
            await bot.tables.force(table, seat, words("⏰ Time is up."))
        await bot.publisher.publish(session.game_id)
        done += 1


async def toy(session: Session) -> tuple[UserRecord, UserRecord]:
    host, guest = session.user("host"), session.user("guest")
    await session.open_game("sealed_bids", host, guest, seed=5)
    return host, guest


async def bid(session: Session, user: UserRecord) -> str:
    table = await session.table()
    card = table.state.hands[table.seats_of(user.id)[0]][0]
    return await session.play(user, "bids", "bid", card=card)


def png_of(message: MessageRecord) -> bytes:
    assert message.attachments, f"no image in: {message.content}"
    return message.attachments[0].data


async def exported(session: Session, user: UserRecord, channel: ChannelRecord) -> bytes:
    answer = (await run(session, user, channel, "game", "export")).reply
    assert answer is not None and answer.ephemeral and answer.attachments, answer
    return answer.attachments[0].data


def resign(data: bytes, change) -> bytes:
    """The record with `change` applied and its digest made right again."""
    content = json.loads(data)
    change(content)
    content["digest"] = record.digest(content)
    return json.dumps(content).encode()


# ----- /game log, /game since ---------------------------------------------------------------------
async def test_the_log_is_paged_with_step_numbers_and_never_shows_a_dm(
    session: Session, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(record, "PAGE", 160)  # toy narration is short: small pages show paging
    host, guest = await toy(session)
    await bid(session, host)
    await bid(session, guest)
    await bid(session, host)
    answer = (await session.command(guest, "game", "log")).reply
    assert answer is not None and answer.ephemeral
    first = answer.content
    assert "**#0**" in first and "begins" in first and "page 1/" in first
    count = int(first.split("page 1/")[1].split()[0].strip("*"))
    assert count >= 2
    assert answer.find_button("◀ Previous").get("disabled")
    seen = [first]
    for _ in range(count - 1):
        await session.click(guest, session.standin.message(answer.id), "Next ▶")
        seen.append(session.standin.message(answer.id).content)
    assert f"page {count}/{count}" in seen[-1]
    whole = "\n".join(seen)
    for step in (1, 2, 3):
        assert f"**#{step}**" in whole
    assert whole.index("**#1**") < whole.index("**#2**") < whole.index("**#3**")
    assert "You bid your" not in whole  # the DM each bidder got stays private
    await session.click(guest, session.standin.message(answer.id), "◀ Previous")
    assert f"page {count - 1}/{count}" in session.standin.message(answer.id).content
    # A range of steps, and a range that does not exist.
    one = reply_text(await session.command(guest, "game", "log", **{"from": 2, "to": 2}))
    assert "**#2**" in one and "**#1**" not in one and "**#3**" not in one
    refused = reply_text(await session.command(guest, "game", "log", **{"from": 5}))
    assert "from 0 to 3" in refused


async def test_since_tells_what_happened_after_your_own_last_move(session: Session):
    host, guest = await toy(session)
    session.standin.close_dms(guest)
    await bid(session, host)  # step 1
    await bid(session, guest)  # step 2: the round is resolved; the guest's DM of it fails
    closed = "could not send you a direct message"
    await session.standin.wait_until(
        lambda: any(closed in m.content for m in session.posts()), what="the DM-closed notice"
    )
    mine = reply_text(await session.command(host, "game", "since"))
    assert "**#2**" in mine and "**#1**" not in mine and "Bids revealed" in mine
    assert closed not in mine  # the guest's notice is the guest's business
    theirs = reply_text(await session.command(guest, "game", "since"))
    # The guest's own bid is left out, not what it set off: the reveal and the next round.
    assert "Bids revealed" in theirs and "has bid" not in theirs and "**#1**" not in theirs
    assert closed in theirs
    await session.command(host, "game", "settings", remind_after=3)  # a notice, still step 2
    told = reply_text(await session.command(guest, "game", "since"))
    assert "**#2**" in told and "pace" in told and "has bid" not in told
    stranger = session.user("stranger")
    assert "You have not played" in reply_text(await session.command(stranger, "game", "since"))


async def test_since_after_a_move_that_set_nothing_else_off_says_nothing_happened(
    session: Session,
):
    host, _guest = await toy(session)
    await bid(session, host)  # step 1: only "Host has bid."
    nothing = reply_text(await session.command(host, "game", "since"))
    assert "Nothing has happened since your last move (step 1)" in nothing


async def narrated(session: Session, language: str) -> list[str]:
    """Every line of the game's steps (after its start) as a reader of `language` reads them,
    from its log replayed: what its channel was told of each move, less who was pinged."""
    table = await session.table()
    entries = await session.bot.store.action_log(table.row.id)
    start = session.bot.tables.initial(table)
    told, _ = record.narrate(table.game, start, entries, language=language)
    return [line for _seq, text in told[1:] for line in text.splitlines()]


async def test_an_english_tables_log_and_since_read_in_the_askers_language(real: Session):
    """History keeps its words as messages: a Spanish client reads an English table's log and
    what happened since in Spanish, an English one in English, whatever the channel was told."""
    ana, ben = real.user("ana"), real.user("ben")
    ana.locale = "es-ES"
    await real.open_game("not_on_my_block", ana, ben, seed=2)  # an English server's table
    await play_defaults(real, 4)
    spanish, english = await narrated(real, "es"), await narrated(real, ENGLISH)
    only_english = [line for line in english if line not in spanish]
    assert only_english, "the game's narration reads the same in both languages"
    channel = "\n".join(p.content for p in real.posts())
    assert all(line in channel for line in english)  # the channel itself still reads English

    log = reply_text(await real.command(ana, "game", "log"))
    assert all(line in log for line in spanish), log
    assert [line for line in only_english if line in log] == [] and leftovers(log) == []
    assert "Por defecto para" in log and "apartment" not in log  # a default and what it played
    since = reply_text(await real.command(ana, "game", "since"))  # she has not moved: all of it
    assert all(line in since for line in spanish) and leftovers(since) == []
    theirs = reply_text(await real.command(ben, "game", "log"))
    assert all(line in theirs for line in english)
    at = reply_text(await real.command(ana, "game", "board", step=2))
    assert [line for line in only_english if line in at] == []


async def test_an_english_tables_deadline_notices_read_in_the_askers_language(session: Session):
    """The turn limit's notice to the host and the reminder said in the channel for a player
    whose DMs are closed keep their words as messages: the Spanish player reads them in
    `/game log` in Spanish while the channel read English."""
    host, guest = await toy(session)
    guest.locale = "es-ES"
    session.standin.close_dms(guest)
    await session.command(host, "game", "settings", turn_limit=10)
    await bid(session, host)
    await session.advance(10.5)
    await session.advance(2)
    channel = "\n".join(p.content for p in session.posts())
    assert "this table's limit" in channel and "your move as" in channel
    log = reply_text(await session.command(guest, "game", "log"))
    assert "el límite de esta mesa" in log and "tu jugada como" in log, log
    assert "this table's limit" not in log and "your move as" not in log
    assert leftovers(log) == []


# ----- /game board step: --------------------------------------------------------------------------
async def test_the_board_at_a_step_is_the_replayed_game_and_only_the_asker_sees_it(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    await play_defaults(real, 4)
    table = await real.table()
    entries = await real.bot.store.action_log(table.row.id)
    before = len(real.posts())
    answer = (await real.command(bob, "game", "board", step=2)).reply
    assert answer is not None and answer.ephemeral and "step 2 of 4" in answer.content
    assert len(real.posts()) == before  # nothing posted in the channel
    fresh = history.rebuild(table.game, real.bot.tables.initial(table), entries[:2])
    drawn = await real.bot.drawing.board(Table(row=table.row, game=table.game, state=fresh))
    assert png_of(answer) == drawn.fp.read()
    now = (await real.command(bob, "game", "board", step=4)).reply
    assert png_of(now) != png_of(answer)
    assert png_of(now) == board_png(table.game.id, table.game.view(table.state, None))
    for wrong in (5, -1):
        refused = reply_text(await real.command(bob, "game", "board", step=wrong))
        assert "from 0 to 4" in refused
    # Without a step, /game board is what it always was: the current board, for everyone.
    assert "posted" in reply_text(await real.command(bob, "game", "board"))
    assert len(real.posts()) == before + 1 and real.posts()[-1].attachments


async def test_a_finished_game_still_answers_log_board_since_and_export(session: Session):
    host, guest = await toy(session)
    await play_defaults(session)
    table = await session.bot.tables.by_id(session.game_id)
    assert table.row.status == "finished"
    assert await session.bot.store.live_game(session.channel.id) is None
    latest = await session.bot.store.steps(session.game_id)
    log = reply_text(await session.command(host, "game", "log"))
    assert "**#0**" in log
    board = (await session.command(host, "game", "board", step=latest)).reply
    assert board.attachments and f"step {latest} of {latest}" in board.content
    data = await exported(session, guest, session.channel)
    content = json.loads(data)
    assert content["status"] == "finished" and len(content["log"]) == latest
    # A lobby opened afterwards does not hide the last game that was played.
    await session.command(host, "game", "new", game="sealed_bids")
    assert "**#0**" in reply_text(await session.command(host, "game", "log"))


async def test_status_after_the_end_tells_the_result_and_where_to_read_it(session: Session):
    host, _guest = await toy(session)
    await play_defaults(session)
    table = await session.bot.tables.by_id(session.game_id)
    outcome = table.game.outcome(table.state)
    status = reply_text(await session.command(host, "game", "status"))
    assert "no game in this channel" not in status
    assert "over" in status and "win" in status.lower()
    for seat in outcome.winners:
        assert f"<@{table.holder(seat)}> ({table.state.seat_names[seat]})" in status
    assert "/game log" in status and "/game export" in status


# ----- /game export, /game import ----------------------------------------------------------------
@pytest.mark.parametrize("key", ["not_on_my_block", "bloc_by_bloc", "space_insurrection"])
async def test_export_then_import_reproduces_the_game_and_its_board(real: Session, key: str):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game(key, alice, bob, seed=11)
    await play_defaults(real)
    original = await real.bot.tables.by_id(real.game_id)
    assert original.row.status == "finished"
    data = await exported(real, bob, real.channel)
    content = json.loads(data)
    assert content["format"] == record.FORMAT and content["version"] == record.VERSION
    assert content["game"] == key and content["seed"] == 11 and content["players"] == 2
    assert str(alice.id) not in data.decode() and str(bob.id) not in data.decode()
    assert content["digest"] == record.digest(content)
    assert all(step["absent"] for step in content["log"]), "each a default for an absent player"

    there = real.standin.add_text_channel("elsewhere")
    carol = real.user("carol")
    told = await import_file(real, carol, there, data)
    assert told.startswith("✅") and "Imported" in told, told
    imported = await real.bot.tables.by_id((await real.bot.store.latest_game(there.id)).id)
    assert imported.row.status == "finished" and imported.row.host_id == carol.id
    assert imported.state.model_dump_json() == original.state.model_dump_json()
    last = len(content["log"])
    here = (await real.command(bob, "game", "board", step=last)).reply
    away = (await run(real, carol, there, "game", "board", step=last)).reply
    assert png_of(here) == png_of(away)
    # The imported game has the same record: its log and its file.
    log = reply_text(await run(real, carol, there, "game", "log", **{"from": last, "to": last}))
    assert f"**#{last}**" in log
    again = json.loads(await exported(real, carol, there))
    assert again["log"] == content["log"] and again["options"] == content["options"]
    announced = real.standin.messages(there)[-1]
    assert "imported a game" in announced.content and announced.attachments


async def test_an_abandoned_game_is_imported_live_with_the_players_named(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    await play_defaults(real, 1)
    table = await real.table()
    seat = min(table.prompts())
    mover = {alice.id: alice, bob.id: bob}[table.holder(seat)]
    action = table.game.legal_actions(table.state, seat)[0]
    await real.command(mover, "nomb", "place", **action.model_dump(exclude={"kind"}))
    asked = await real.command(mover, "game", "undo")
    await real.click(mover, asked.reply, "Confirm")  # a take-back in the log
    assert "abandoned" in (await real.confirm(alice, "game", "table", "abandon")).lower()
    live = await real.bot.tables.by_id(real.game_id)
    data = await exported(real, alice, real.channel)
    assert any(e["seat"] == -1 for e in json.loads(data)["log"])

    there = real.standin.add_text_channel("continued")
    dave = real.user("dave")
    told = await import_file(real, alice, there, data, player2=dave)
    assert told.startswith("✅"), told
    assert f"): <@{dave.id}>" in told and "player 2 (" in told
    table = await real.bot.tables.current(there.id)
    assert table is not None and table.row.status == "active"
    assert table.row.players == [alice.id, dave.id]
    assert table.state.model_dump_json() == live.state.model_dump_json()
    # The game goes on there: whoever owes the move can make it.
    seat = min(table.prompts())
    user = {alice.id: alice, dave.id: dave}[table.holder(seat)]
    action = table.game.legal_actions(table.state, seat)[0]
    fields = {k: v for k, v in action.model_dump(exclude={"kind"}).items() if v != ""}
    moved = await run(real, user, there, "nomb", action.kind, **fields)
    assert reply_text(moved).startswith("✅"), reply_text(moved)
    assert "imported a game" in real.standin.messages(there)[0].content


async def test_import_seats_players_in_the_records_seat_order_and_a_finished_one_pings_nobody(
    real: Session,
):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=2)
    assert (await real.table()).state.holders == [1, 0]  # the second to join holds seat 1
    await play_defaults(real)
    content = json.loads(await exported(real, alice, real.channel))
    first, second = content["seats"]

    there = real.standin.add_text_channel("replayed")
    carol, dave = real.user("carol"), real.user("dave")
    told = await import_file(
        real, carol, there, json.dumps(content).encode(), player1=carol, player2=dave
    )
    assert told.startswith("✅"), told
    assert f"player 1 ({first}): <@{carol.id}> and player 2 ({second}): <@{dave.id}>" in told
    imported = await real.bot.tables.by_id((await real.bot.store.latest_game(there.id)).id)
    assert imported.holder(0) == carol.id and imported.holder(1) == dave.id
    posted = real.standin.messages(there)
    assert posted and "imported a game" in posted[-1].content
    assert all(m.pinged_ids == [] for m in posted)


async def test_import_refuses_bad_files_with_the_reason(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    await play_defaults(real)
    data = await exported(real, alice, real.channel)
    there = real.standin.add_text_channel("imports")

    forged = json.loads(data)
    forged["log"][0]["seat"] = 1 - forged["log"][0]["seat"]
    cases = {
        "digest does not match": json.dumps(forged).encode(),
        "not installed": resign(data, lambda c: c.update(game="chess")),
        "newer than this bot reads": resign(data, lambda c: c.update(version=record.VERSION + 1)),
        "not a legal move": resign(
            data, lambda c: c["log"][0].update(seat=1 - c["log"][0]["seat"])
        ),
        "not ones Bloc by Bloc accepts": resign(data, lambda c: c.update(game="bloc_by_bloc")),
        "players and seats are not those": resign(data, lambda c: c.update(players=3)),
        "not JSON": b"\x89PNG not a record",
        "not a game record": json.dumps({"hello": "world"}).encode(),
    }
    for reason, bad in cases.items():
        told = await import_file(real, alice, there, bad)
        assert "cannot be imported" in told and reason in told, (reason, told)
    assert await real.bot.store.latest_game(there.id) is None
    # A good file, but the channel already plays a game.
    await run(real, alice, there, "game", "new", game="not_on_my_block")
    busy = await import_file(real, alice, there, data)
    assert "already has a game" in busy


async def test_a_running_game_is_not_exported(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    refused = reply_text(await real.command(alice, "game", "export"))
    assert "once it is over" in refused


# ----- python -m bot replay -----------------------------------------------------------------------
async def test_the_offline_replay_draws_every_step_and_refuses_a_bad_file(
    real: Session, tmp_path: Path
):
    alice, bob = real.user("alice"), real.user("bob")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    await play_defaults(real)
    data = await exported(real, alice, real.channel)
    steps = len(json.loads(data)["log"])
    good = tmp_path / "game.json"
    good.write_bytes(data)
    out = tmp_path / "out"
    env = {**os.environ, "DISCORD_TOKEN": ""}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(good), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.glob("*.png")) == [
        f"step-{n:04d}.png" for n in range(steps + 1)
    ]
    table = await real.bot.tables.by_id(real.game_id)
    last = (out / f"step-{steps:04d}.png").read_bytes()
    assert last == board_png(table.game.id, table.game.view(table.state, None))
    transcript = (out / "transcript.md").read_text()
    assert "**#0**" in transcript and f"**#{steps}**" in transcript
    bad = tmp_path / "bad.json"
    bad.write_bytes(resign(data, lambda c: c["log"][0].update(action='{"kind":"nonsense"}')))
    refused = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(bad), "--out", str(tmp_path / "no")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "Step 1 is not a legal move" in refused.stderr
    assert not (tmp_path / "no").exists()
    # `python -m bot` itself still runs the bot (here: says it has no token).
    bare = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert bare.returncode == 2 and "No bot token" in bare.stderr


# ----- /game list, /game mine --------------------------------------------------------------------
async def test_list_and_mine_show_the_right_games_with_links_and_whose_turn(
    real: Session, monkeypatch: pytest.MonkeyPatch
):
    alice, bob, carol = real.user("alice"), real.user("bob"), real.user("carol")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    table = await real.table()
    owing = table.holder(min(table.prompts()))
    waiting = alice if owing == alice.id else bob
    other = bob if waiting is alice else alice
    lobby = real.standin.add_text_channel("lobby")
    await run(real, carol, lobby, "game", "new", game="bloc_by_bloc")
    gone = real.standin.add_text_channel("gone")
    await run(real, carol, gone, "game", "new", game="not_on_my_block")
    asked = await run(real, carol, gone, "game", "table", "abandon")
    await real.click(carol, asked.reply, "Confirm")  # an abandoned lobby is not listed
    listed = reply_text(await real.command(carol, "game", "list"))
    assert f"<#{real.channel.id}> **Not On My Block**" in listed
    assert f"waiting for <@{waiting.id}> since <t:" in listed and ":R>" in listed
    assert f"<#{lobby.id}> **Bloc by Bloc**" in listed and "lobby, 1 joined" in listed
    assert "Games in this server**: 2" in listed and f"<#{gone.id}>" not in listed

    mine = reply_text(await real.command(waiting, "game", "mine"))
    assert f"<#{real.channel.id}>" in mine and "Not On My Block" in mine
    assert mine.startswith("⏳ **You owe a move in 1 game** · page 1/1")
    assert f"discord.com/channels/{real.standin.guild.id}/{real.channel.id}" in mine
    assert "no move" in reply_text(await real.command(other, "game", "mine"))

    monkeypatch.setattr(record_commands, "PER_PAGE", 1)
    paged = (await real.command(carol, "game", "list")).reply
    assert "page 1/2" in paged.content and f"<#{real.channel.id}>" in paged.content
    await real.click(carol, paged, "Next ▶")
    assert "page 2/2" in real.standin.message(paged.id).content
    assert f"<#{lobby.id}>" in real.standin.message(paged.id).content


async def test_export_import_list_and_mine_answer_a_spanish_reader_in_spanish(real: Session):
    """A Spanish client reads the export, import, list and mine answers, their counts and page
    buttons in Spanish; an import into a Spanish server's channel tells the channel in Spanish."""
    real.standin.world.guild_locales[real.standin.guild.id] = "es-ES"
    ana, bea = real.user("ana"), real.user("bea")
    ana.locale = bea.locale = "es-ES"
    await real.open_game("not_on_my_block", ana, bea, seed=2)
    table = await real.table()
    owing = {ana.id: ana, bea.id: bea}[table.holder(min(table.prompts()))]
    lobby = real.standin.add_text_channel("sala")
    await run(real, bea, lobby, "game", "new", game="bloc_by_bloc")

    listed = reply_text(await real.command(ana, "game", "list"))
    assert listed.startswith("🎲 **Partidas en este servidor**: 2 · página 1/1"), listed
    assert "esperando a <@" in listed and " desde <t:" in listed and "sala, 1 apuntado" in listed
    mine = reply_text(await real.command(owing, "game", "mine"))
    assert mine.startswith("⏳ **Debes una jugada en 1 partida** · página 1/1"), mine
    assert "tu jugada desde <t:" in mine and "([abrir](https://discord.com/" in mine
    other = bea if owing is ana else ana
    assert "No debes ninguna jugada" in reply_text(await real.command(other, "game", "mine"))
    original = record_commands.PER_PAGE
    record_commands.PER_PAGE = 1
    try:
        paged = (await real.command(ana, "game", "list")).reply
    finally:
        record_commands.PER_PAGE = original
    assert paged.button_labels == ["◀ Anterior", "Siguiente ▶"], paged.button_labels

    await play_defaults(real)
    answer = (await run(real, ana, real.channel, "game", "export")).reply
    assert answer.content.startswith("📦 El registro de esta partida de **Not On My Block** (")
    assert " pasos, terminada). `/partida importar`" in answer.content, answer.content
    there = real.standin.add_text_channel("importada")
    told = await import_file(real, ana, there, answer.attachments[0].data, player2=bea)
    assert told.startswith("✅ Partida de Not On My Block importada en el paso "), told
    assert "jugador 1 (" in told and " y jugador 2 (" in told and "player" not in told, told
    announced = real.standin.messages(there)[-1].content
    assert "importó una partida de **Not On My Block**" in announced, announced
    assert "(la partida ha terminado). Asientos:" in announced
    refused = await import_file(real, ana, there, b"not a record")
    assert refused.startswith("⚠️ Ese archivo no se puede importar: "), refused
