"""The store contract: every implementation of `GameStore` is held to the same tests.

`STORES` lists how to make each implementation on a fresh database at a place (a folder the
test owns): two calls with the same place give two stores on one database, as two processes
sharing it would hold. Today that is SQLite alone; a PostgreSQL store joins by adding its
factory here, and every test in this folder then runs against it too.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.store.protocol import GameStore
from bot.store.sqlite import SqliteStore

Factory = Callable[[Path], Awaitable[GameStore]]


async def sqlite_store(place: Path) -> GameStore:
    store = SqliteStore(place / "games.sqlite3")
    await store.open()
    return store


STORES: dict[str, Factory] = {"sqlite": sqlite_store}


@pytest.fixture(params=sorted(STORES))
def factory(request: pytest.FixtureRequest) -> Factory:
    return STORES[request.param]


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
