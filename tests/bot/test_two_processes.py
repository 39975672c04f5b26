"""Two real bot processes, on shards 0 and 1 of one PostgreSQL database, through the stand-in's
sharded gateway: a game in a server of each shard, a reminder's button of the shard-1 game
pressed in DMs (which reach shard 0's process only), limits passing while both processes sweep
(each default played and announced once), a player's move racing the default of the same
decision across the two processes, and both games played to their end with SIGKILLs spread
over both processes, mid-move: lost 0, doubled 0, unannounced 0, untrue answers 0. A third
process asking for shard 1 is refused."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store.postgres import PostgresStore
from bot.table.tables import Tables
from tests.bot.child import GAME_SEED, ChildBot, ChildExited
from tests.bot.driver import seated
from tests.bot.test_crash import CrashTable, Figures, account, act, open_game, play_with_kills
from tests.postgres import Server
from tests.standin import StandIn

SEED = 2
GAME = "not_on_my_block"
KILLS = 6
"""Kills per game, each of a process picked at random."""
REMINDER = "Your move as"


@dataclass
class Either:
    """Both processes, for the crash suite's `crash.child`: each kill takes one of them, picked
    at random, and its restart brings that one back."""

    children: list[ChildBot]
    rnd: random.Random
    last: ChildBot | None = None
    kills: list[int] = field(default_factory=lambda: [0, 0])
    """Kills of each process (shard 0's, shard 1's)."""

    async def kill(self) -> int:
        self.last = self.rnd.choice(self.children)
        self.kills[self.children.index(self.last)] += 1
        return await self.last.kill()

    async def start(self) -> None:
        assert self.last is not None
        await self.last.start()


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    made = StandIn(server_error_backoff=0.01)
    made.nonce_window = 0  # only the bot's own bookkeeping may keep a post from going twice
    await made.start()
    yield made
    await made.stop()


def child(standin: StandIn, tmp_path: Path, url: str, shards: str) -> ChildBot:
    return ChildBot(
        standin,
        tmp_path / f"shards-{shards}" / "unused.sqlite3",
        settings={
            "DATABASE_URL": url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": shards,
            "GUILD_IDS": json.dumps([standin.guild.id]),
            "DEADLINE_CHECK_SECONDS": "0.2",
            "PUBLISH_CHECK_SECONDS": "0.3",
            "RENDER_WORKERS": "1",
            GAME_SEED: str(SEED),
        },
    )


async def due_now(crash: CrashTable, **times: datetime) -> None:
    """The game's waits fall due now (a reminder or a limit), as if the hours had passed."""
    table = await crash.table()
    waits = [w.model_copy(update={**times, "due_at": _now()}) for w in table.row.waits.values()]
    await crash.store.put_waits(table.row.id, waits)


def _now() -> datetime:
    return datetime.now(UTC) - timedelta(seconds=1)


async def test_two_processes_on_shards_0_and_1_share_one_postgresql_database(
    tmp_path: Path, postgres: Server, standin: StandIn
):
    url = await postgres.database()
    zero, one = standin.add_guild("zero", (0, 2)), standin.add_guild("one", (1, 2))
    first, second = (child(standin, tmp_path, url, s) for s in ("[0]", "[1]"))
    await first.start()
    await second.start()
    third = child(standin, tmp_path, url, "[1]")
    with pytest.raises(ChildExited):
        await third.start()
    refused = third.stderr.strip().splitlines()
    assert len(refused) == 1 and "Another bot already runs" in refused[0], third.stderr
    assert f"process {second.pid} on host" in refused[0] and "shard 1 of 2" in refused[0]

    store = PostgresStore(url, pool_size=4)
    await store.open()
    tables = Tables(store)
    places = []
    either = Either([first, second], random.Random(SEED))
    for guild, names in ((zero, ["ana", "ben"]), (one, ["cy", "dee"])):
        crash = CrashTable(tmp_path, seed=SEED)
        crash.standin, crash.store, crash.tables = standin, store, tables
        crash.channel = standin.add_text_channel(f"table-{guild}", guild)
        crash.child = either  # type: ignore[assignment]
        places.append((crash, await open_game(crash, GAME, names)))
    try:
        on_zero = standin.interactions_sent_to(0)
        assert standin.interactions_sent_to(1) > 0 and on_zero > 0

        # A reminder of the shard-1 game: both processes sweep, the player is told once, and
        # the button in their DMs goes to shard 0's process, which answers for that game.
        crash, users = places[1]
        await due_now(crash, remind_at=_now())
        table = await crash.table()
        owing = users[table.holder(next(iter(table.prompts())))]
        dm = await standin.wait_until(
            lambda: next((m for m in standin.dms(owing) if REMINDER in m.content), None),
            timeout=30,
            what="the reminder",
        )
        pressed = await standin.click(owing, dm, dm.find_button("Remind me later")["custom_id"])
        await pressed.done(timeout=30)
        assert pressed.reply is not None and "remind you again" in pressed.reply.content
        assert standin.interactions_sent_to(0) == on_zero + 1
        await standin.wait_idle(quiet=1.0, timeout=30)
        assert sum(REMINDER in m.content for m in standin.dms(owing)) == 1

        # Limits pass in both games at once, each table playing the default: each is played
        # once, whichever process's sweep took it. On the shard-1 game the player moves at the
        # same moment, through the other process: one of the two counts for that decision,
        # and the player is told which. (That every post of it went out once is counted with
        # the rest of the game's, at its end.)
        for crash, players in places:
            host = next(iter(players.values()))
            await crash.send(host, "game", "settings", turn_limit=1, on_limit="default")
        racing, rival = places[1]
        before = [await crash.log() for crash, _ in places]
        table = await racing.table()
        seat, action = seated(SEED)(table)
        for crash, _ in places:
            await due_now(crash, limit_at=_now())
        sent = await act(racing, rival, table, seat, action)
        assert sent is not None
        await sent.record.done(timeout=30)
        await standin.wait_until(
            lambda: "Thinking" not in (sent.record.original_content or "Thinking"),
            timeout=30,
            what="the racing move's answer",
        )
        for n, (crash, _) in enumerate(places):
            for _ in range(150):
                if len(await crash.log()) > len(before[n]):
                    break
                await asyncio.sleep(0.2)
            assert len(await crash.log()) > len(before[n]), "a limit passed and nothing moved"
        moved = (await racing.log())[len(before[1])] == (seat, action.to_text())
        answer = sent.record.original_content or ""
        assert answer.startswith("✅") == moved, (answer, moved)
        await standin.wait_idle(quiet=1.0, timeout=30)

        # Both games to their end, with kills spread over both processes.
        for n, (crash, users) in enumerate(places):
            figures = Figures(f"{GAME} on shard {n}")
            rnd = random.Random(f"{GAME}-{n}")
            await play_with_kills(crash, users, seated(SEED), figures, rnd, KILLS)
            await account(crash, figures, KILLS)
        print(f"kills of shard 0's process: {either.kills[0]}, of shard 1's: {either.kills[1]}")
        assert min(either.kills) > 0
        standin.assert_clean()
    finally:
        await first.aclose()
        await second.aclose()
        await store.aclose()
