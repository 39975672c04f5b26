"""Two bot processes' worth of shards on one database: each gets the events of the servers on
its shards, and the shard-0 one answers every DM, for a game in any server.

Both bots run in this process (each on its own shards, through the stand-in's gateway
sharding), on one SQLite file; `tests/bot/test_two_processes.py` does it with two real
processes on PostgreSQL.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings, explain
from bot.discord.app import GameBot
from tests.bot.harness import STEP_TIMEOUT, QuickSettings, Session, reply_text

REMINDER = "Your move as"


def test_a_process_runs_a_subset_of_shards_only_within_the_count():
    assert Settings(shard_count=4, shard_ids=[3, 1]).shard_ids == [1, 3]
    for wrong, said in [
        ({"shard_ids": [0]}, "SHARD_IDS is not valid"),
        ({"shard_count": 2, "shard_ids": [2]}, "SHARD_IDS is not valid"),
        ({"shard_count": 2, "shard_ids": []}, "SHARD_IDS is not valid"),
        ({"shard_count": 0}, "SHARD_COUNT is not valid"),
    ]:
        with pytest.raises(ValidationError) as refused:
            Settings(**wrong)
        assert said in explain(Settings, refused.value)


@pytest.mark.usefixtures("toy_installed")
async def test_each_shard_serves_its_servers_and_shard_0_answers_a_dm_of_a_game_on_shard_1(
    tmp_path: Path,
):
    async with Session(tmp_path / "games.sqlite3", shard_count=2, shard_ids=[0]) as session:
        standin = session.standin
        zero, one = standin.add_guild("zero", shard=(0, 2)), standin.add_guild("one", (1, 2))
        settings = QuickSettings(
            discord_token="standin-token",
            database_path=session.database,
            guild_ids=[standin.guild.id],
            **{**session.settings, "shard_ids": [1]},
        )
        second = GameBot(settings)
        second.tables.clock = lambda: session.now
        running = asyncio.create_task(second.start("standin-token"))
        try:
            await standin.wait_until(
                lambda: standin.shard_connected(1), timeout=STEP_TIMEOUT, what="shard 1"
            )
            first = session.bot
            assert first is not None
            await standin.wait_until(
                lambda: first.get_guild(zero) and second.get_guild(one),
                timeout=STEP_TIMEOUT,
                what="each shard's servers",
            )
            assert first.get_guild(one) is None and second.get_guild(zero) is None
            assert first.shard_ids == [0] and second.shard_ids == [1]

            session.channel = standin.add_text_channel("games-one", one)
            host, guest = session.user("host"), session.user("guest")
            await session.open_game("sealed_bids", host, guest)
            on_one = standin.interactions_sent_to(1)
            assert on_one >= 3 and standin.interactions_sent_to(0) == 0

            await session.advance(12.5)  # the shard-0 process's sweep reminds both players
            dm = await standin.wait_until(
                lambda: next((m for m in standin.dms(host) if REMINDER in m.content), None),
                timeout=STEP_TIMEOUT,
                what="the reminder",
            )
            snoozed = await session.click(host, dm, "Remind me later")
            assert "remind you again" in reply_text(snoozed)
            assert standin.interactions_sent_to(0) == 1  # the DM's button went to shard 0
            assert standin.interactions_sent_to(1) == on_one
            standin.assert_clean()
        finally:
            await second.close()
            await running
