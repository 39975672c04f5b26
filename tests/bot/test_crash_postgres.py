"""The crash suite on PostgreSQL: two real bot processes, on shards 0 and 1 of one database,
SIGKILLed 100 times between them while games in servers of both shards are played.

Players play, and each kill is judged and counted, exactly as in the SQLite suite
(`test_crash`: `play_with_kills`, `account`); the processes are those of `test_two_processes`.
The servers of each shard have their games played at the same time as the other shard's, and
each process is killed at moments drawn from a seeded generator while a move of its shard is in
flight (cut off before, during or after its commit, or with a post Discord took but never
confirmed), so each also dies at random moments of the other shard's play, holding whatever due
work or owed post of either game it had claimed; it comes back under its own name and takes its
claims up again. Once every game has had its share of the kills (a game is played for its share,
not to its end, which the SQLite suite does for every game), the posts of all of them are
counted: lost 0, doubled 0, unannounced 0, untrue answers 0 in every game.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.store.postgres import PostgresStore
from bot.table.tables import Tables
from engine.games import REGISTRY
from tests.bot.child import ChildBot
from tests.bot.driver import seated
from tests.bot.test_crash import CrashTable, Figures, account, open_game, play_with_kills
from tests.bot.test_two_processes import child, standin
from tests.postgres import Server
from tests.standin import StandIn

SEED = 5
KILLS = 100
GAMES = {0: ("not_on_my_block", "bloc_by_bloc"), 1: ("bloc_by_bloc", "not_on_my_block")}
"""The games played, one after the other, in servers of each shard; each game takes an equal
share of the kills."""
SHARE = KILLS // sum(len(games) for games in GAMES.values())
NAMES = ["ana", "ben", "cy", "dee"]
READY_SECONDS = 90.0
"""How long a restart may take: both processes may be coming back at once, on cores shared
with other tests."""

__all__ = ["standin"]  # the stand-in fixture of `test_two_processes`, sharded gateway and all
pytestmark = pytest.mark.slow  # 100 restarts of a bot process: minutes


async def play_shard(
    shard: int, process: ChildBot, standin: StandIn, store: PostgresStore, tmp_path: Path
) -> list[tuple[CrashTable, Figures]]:
    """The games of servers on `shard`, one after the other, each for its share of kills of
    the shard's process."""
    played = []
    for n, game in enumerate(GAMES[shard]):
        guild = standin.add_guild(f"shard-{shard}-server-{n}", (shard, 2))
        crash = CrashTable(tmp_path, seed=SEED)
        crash.standin, crash.store, crash.tables = standin, store, Tables(store)
        crash.channel = standin.add_text_channel(f"table-{shard}-{n}", guild)
        crash.child = process
        players = [f"{name}{shard}{n}" for name in NAMES[: REGISTRY[game].player_counts[0]]]
        users = await open_game(crash, game, players)
        figures = Figures(f"{REGISTRY[game].title} in a server of shard {shard}")
        rnd = random.Random(f"{game}-{shard}-{SEED}")
        await play_with_kills(crash, users, seated(SEED + n), figures, rnd, SHARE, False)
        played.append((crash, figures))
    return played


async def test_two_processes_on_postgresql_survive_being_killed_at_random(
    tmp_path: Path, postgres: Server, standin: StandIn
) -> None:
    url = await postgres.database()
    processes = [child(standin, tmp_path, url, f"[{shard}]") for shard in GAMES]
    for process in processes:
        process.ready_timeout = READY_SECONDS
        await process.start()
    store = PostgresStore(url, pool_size=4)
    await store.open()
    try:
        lanes = await asyncio.gather(
            *(play_shard(s, processes[s], standin, store, tmp_path) for s in GAMES)
        )
        for crash, figures in (each for lane in lanes for each in lane):
            await account(crash, figures, SHARE)
        played = [figures for lane in lanes for _, figures in lane]
        kills = [sum(figures.kills for _, figures in lane) for lane in lanes]
        retries = sum(f.retries.retries for f in played)
        print(
            f"\n{len(played)} games, {sum(f.moves for f in played)} moves, {sum(kills)} kills "
            f"(shard 0's process {kills[0]}, shard 1's {kills[1]}; "
            f"{sum(f.in_flight_kills for f in played)} with a post made but unconfirmed), "
            f"{retries} natural retries: lost {sum(f.lost for f in played)}, doubled "
            f"{sum(f.doubled for f in played)}, unannounced {sum(f.unannounced for f in played)}, "
            f"untrue answers {sum(f.lies + f.retries.untrue for f in played)}"
        )
        assert sum(kills) >= KILLS and min(kills) > 0, kills
        assert retries > 0
        standin.assert_clean()
    finally:
        for process in processes:
            await process.aclose()
        await store.aclose()
