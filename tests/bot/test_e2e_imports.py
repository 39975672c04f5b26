"""`/game import` through the stand-in stays bounded: hostile files are refused with their own
reason and change nothing, a slow replay is refused, a record full of take-backs comes back as
the game it recorded, and running imports count against the same caps as lobbies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.table import record
from engine import history
from tests.bench.imports import build
from tests.bot.harness import Session, reply_text
from tests.bot.test_e2e_record import import_file, resign, run
from tests.standin import ChannelRecord


def quiet(session: Session, channel: ChannelRecord) -> None:
    """Nothing was posted in the channel and no game was stored for it."""
    assert [m for m in session.standin.messages(channel) if not m.ephemeral] == []


async def no_game(session: Session, channel: ChannelRecord) -> None:
    quiet(session, channel)
    assert await session.bot.store.latest_game(channel.id) is None


@pytest.fixture
async def capped(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3", lobbies_per_user=2, lobbies_per_server=3) as s:
        yield s


async def test_hostile_records_are_refused_with_their_own_reason_and_change_nothing(
    capped: Session,
):
    ok = build(30, 0.25)
    alice = capped.user("alice")
    there = capped.standin.add_text_channel("hostile")
    deep = b'{"format": "boardgame-bot/game-record", "options": ' + b"[" * 50_000
    cases = {
        "nests its data more than 16 levels deep": deep + b"]" * 50_000 + b"}",
        "a number 5,000 digits long": ok.replace(b'"seed": 1', b'"seed": ' + b"9" * 5000),
        "seed (1208925819614629174706176) is not one the bot deals": resign(
            ok, lambda c: c.update(seed=2**80)
        ),
        "seed (-1) is not one the bot deals": resign(ok, lambda c: c.update(seed=-1)),
        "a record may hold at most 10,000": resign(ok, lambda c: c.update(log=c["log"] * 400)),
        "a record may be at most 4 MB": ok + b" " * record.MAX_FILE_BYTES,
    }
    for reason, bad in cases.items():
        told = await import_file(capped, alice, there, bad)
        assert "That file cannot be imported: " in told and reason in told, (reason, told)
    await no_game(capped, there)


async def test_a_replay_past_its_time_budget_is_refused_and_changes_nothing(
    capped: Session, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(record, "REPLAY_SECONDS", 0.0)
    there = capped.standin.add_text_channel("slow")
    told = await import_file(capped, capped.user("alice"), there, build(30, 0.0))
    assert "took longer than this bot allows (0 s)" in told, told
    await no_game(capped, there)


async def test_a_record_full_of_take_backs_imports_as_the_game_it_recorded(capped: Session):
    data = build(300, 0.4, seed=4, most_back=5)
    rec, game, start = record.read(data)
    assert sum(1 for e in rec.log if e.seat == history.TABLE_SEAT) > 50
    there = capped.standin.add_text_channel("rewound")
    told = await import_file(capped, capped.user("alice"), there, data)
    assert told.startswith("✅") and "at step 300" in told, told
    table = await capped.bot.tables.current(there.id)
    assert table is not None and table.row.status == "active"
    # The game a replay from step 0 gives, take-backs and their decision ids included.
    assert table.state == history.rebuild(game, start, rec.log)
    assert await capped.bot.store.steps(table.row.id) == 300


async def test_running_imports_count_with_lobbies_against_the_member_and_server_caps(
    capped: Session,
):
    alice, bob, carol = capped.user("alice"), capped.user("bob"), capped.user("carol")
    data = build(20, 0.0)
    assert json.loads(data)["status"] == "abandoned"  # it imports as a running game
    mine = [capped.standin.add_text_channel(f"alice-{n}") for n in range(2)]
    for channel in mine:
        told = await import_file(capped, alice, channel, data)
        assert told.startswith("✅"), told
    third = capped.standin.add_text_channel("third")
    refused = await import_file(capped, alice, third, data)
    assert "You already host 2 open lobbies and running imported games together" in refused
    assert "before importing another running game" in refused
    await no_game(capped, third)
    lobby = reply_text(await run(capped, alice, third, "game", "new", game="not_on_my_block"))
    assert "You already host 2 open lobbies and running imported games" in lobby
    await no_game(capped, third)
    # The server holds Alice's two imported games; a lobby of Bob's fills it up.
    bobs = capped.standin.add_text_channel("bob")
    opened = reply_text(await run(capped, bob, bobs, "game", "new", game="not_on_my_block"))
    assert await capped.bot.store.held(host_id=None, guild_id=bobs.guild_id) == 3, opened
    refused = await import_file(capped, carol, third, data)
    assert "This server already has 3 open lobbies and running imported games" in refused
    await no_game(capped, third)
    # Once one of Alice's imported games is over, she may import again.
    capped.channel = mine[0]
    assert "abandoned" in (await capped.confirm(alice, "game", "table", "abandon")).lower()
    again = await import_file(capped, alice, third, data)
    assert again.startswith("✅"), again
