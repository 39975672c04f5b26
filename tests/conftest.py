"""Marks the long tests `slow`, by where they live, so the quick loop is one flag away.

`python -m pytest` runs everything (as CI does); `python -m pytest -m "not slow"` leaves out
whole games through the stand-in, the crash suite, the install test and the long seeded
playouts.

It also holds the PostgreSQL server the tests that run on PostgreSQL share (`postgres`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.postgres import NoServer, Server, binaries
from tests.postgres import start as start_postgres

SLOW_FILES = (
    "test_e2e_",
    "test_crash.py",
    "test_install.py",
    "playouts.py",
    "test_lifecycle.py",
    "test_two_processes.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the slow tests and puts them first. The workers split the tests in order and take
    work from each other's queues' ends as they run out (`--dist worksteal`), so the long tests
    are shared out early and the last ones left are short: no worker starts a two-minute test
    as the other runs out of work."""
    for item in items:
        name = item.path.name
        if name.startswith(SLOW_FILES[0]) or name.endswith(SLOW_FILES[1:]):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """This test process's PostgreSQL server, started on first use (see `tests.postgres`).
    In CI a server that cannot start fails the test; elsewhere the test is skipped only when
    the machine has no PostgreSQL programs at all."""
    try:
        server = start_postgres()
    except NoServer as exc:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes") or binaries() is not None:
            pytest.fail(f"PostgreSQL tests need a server: {exc}")
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    yield server
    server.stop()
