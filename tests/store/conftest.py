"""The store contract: every implementation of `GameStore` is held to the same tests.

`STORES` lists how to make each implementation on a fresh database at a place (a folder the
test owns): two calls with the same place give two stores on one database, as two processes
sharing it would hold. SQLite makes its file there; PostgreSQL makes a database of its own on
the test process's server (`postgres` in `tests/conftest.py`), one per place, and each store
has its own pool of connections, as each process would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.store.postgres import PostgresStore
from bot.store.protocol import GameStore
from bot.store.sqlite import SqliteStore
from tests.postgres import Server

Factory = Callable[[Path], Awaitable[GameStore]]


async def sqlite_store(place: Path) -> GameStore:
    store = SqliteStore(place / "games.sqlite3")
    await store.open()
    return store


def postgres_stores(server: Server) -> Factory:
    """Stores on `server`: the first at a place makes its database, later ones share it."""

    async def make(place: Path) -> GameStore:
        url_file = place / "postgres-url"
        if not url_file.exists():
            url_file.write_text(await server.database())
        store = PostgresStore(url_file.read_text(), pool_size=4)
        await store.open()
        return store

    return make


STORES = ("sqlite", "postgresql")


@pytest.fixture(params=STORES)
def factory(request: pytest.FixtureRequest) -> Factory:
    if request.param == "postgresql":
        return postgres_stores(request.getfixturevalue("postgres"))
    return sqlite_store


@pytest.fixture
async def store(factory: Factory, tmp_path: Path) -> AsyncIterator[GameStore]:
    made = await factory(tmp_path)
    yield made
    await made.aclose()


@pytest.fixture
async def other(factory: Factory, tmp_path: Path, store: GameStore) -> AsyncIterator[GameStore]:
    """A second store on the same database as `store`: another process sharing it."""
    made = await factory(tmp_path)
    yield made
    await made.aclose()
