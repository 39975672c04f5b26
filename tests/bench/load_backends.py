"""The bots `tests.bench.load` plays against: one process on SQLite, or two processes on
shards 0 and 1 of one PostgreSQL database.

SQLite is the embedded default: one `python -m bot` on a file, every server on it. PostgreSQL is
the moved-up deployment (README, *Moving up*): `SHARD_COUNT=2`, one process on each shard, both
on one database of the loopback server `tests.postgres` starts, the busy channels split between
a server of each shard. The drawing workers are shared out between the processes, so both
deployments draw with as many workers in all.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.store.postgres import PostgresStore
from bot.store.protocol import GameStore
from bot.store.sqlite import SqliteStore
from tests.bot.child import ChildBot
from tests.postgres import Server
from tests.standin import StandIn

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
LABELS = {SQLITE: "SQLite, 1 process", POSTGRESQL: "PostgreSQL, 2 processes"}
PROCESSES = {SQLITE: 1, POSTGRESQL: 2}


@dataclass
class Deployment:
    """The running bot processes, the servers their channels go in, and a view of the store."""

    children: list[ChildBot]
    guilds: list[int | None]
    """Where channel i is opened: `guilds[i % len(guilds)]` (None: the stand-in's first)."""
    store: GameStore

    @property
    def stderr(self) -> str:
        return "".join(child.stderr for child in self.children)


@asynccontextmanager
async def deployed(
    backend: str,
    standin: StandIn,
    folder: Path,
    settings: dict[str, str],
    workers: int,
    server: Server | None,
) -> AsyncIterator[Deployment]:
    """Starts the backend's processes with `settings`, yields them, and stops them."""
    if backend == SQLITE:
        database = folder / "games.sqlite3"
        children = [
            ChildBot(
                standin,
                database,
                settings={**settings, "RENDER_WORKERS": str(workers)},
                fresh=True,
            )
        ]
        store: GameStore = SqliteStore(database)
        guilds: list[int | None] = [None]
    else:
        assert server is not None, "PostgreSQL needs its server"
        url = await server.database()
        guilds = [standin.add_guild(f"shard-{shard}", (shard, 2)) for shard in (0, 1)]
        children = [
            ChildBot(
                standin,
                folder / f"shard-{shard}" / "unused.sqlite3",
                settings={
                    **settings,
                    "DATABASE_URL": url,
                    "SHARD_COUNT": "2",
                    "SHARD_IDS": f"[{shard}]",
                    "RENDER_WORKERS": str(max(1, workers // 2)),
                },
                fresh=True,
            )
            for shard in range(PROCESSES[POSTGRESQL])
        ]
        store = PostgresStore(url, pool_size=4)
    try:
        for child in children:
            await child.start()
        await store.open()
        yield Deployment(children, guilds, store)
    finally:
        for child in children:
            await child.aclose()
        await store.aclose()
