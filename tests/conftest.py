"""Marks the long tests `slow`, by where they live, so the quick loop is one flag away.

`python -m pytest` runs everything (as CI does); `python -m pytest -m "not slow"` leaves out
whole games through the stand-in, the crash suite, the install test and the long seeded
playouts.

It also holds the PostgreSQL server the tests that run on PostgreSQL share (`postgres`).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cores import usable_cores
from tests.postgres import NoServer, Server, binaries
from tests.postgres import start as start_postgres

SLOW_FILES = (
    "test_e2e_",
    "test_crash.py",
    "test_crash_postgres.py",
    "test_install.py",
    "playouts.py",
    "test_lifecycle.py",
    "test_two_processes.py",
)


BYTECODE = Path(tempfile.gettempdir()) / f"game-bot-tests-bytecode-{os.getuid()}"
"""Where every process the tests start keeps the bytecode it compiles, outside the tree."""


def pytest_configure(config: pytest.Config) -> None:
    """Processes the tests start (the bot in its own process, forty times in a crash run, its
    drawing workers, the command-line tools) read the modules' bytecode from one cache outside
    the tree. Where writing bytecode is switched off, each of them compiled some 200 of the
    project's modules from source: a second of every child bot's start."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(BYTECODE)


LONGEST = ("test_crash.py", "test_crash_postgres.py", "test_two_processes.py")
"""The suites that kill and restart the bot in child processes through whole games, for two
to five minutes each, waiting on those processes much of the time (one alone kept 62% of a
core busy)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the slow tests and orders the run longest first: the suites in `LONGEST`, then
    the other slow tests, then the rest. The workers take tests one or two at a time from the
    front as they finish (`--dist load --maxschedchunk 2`), so the longest start at once on
    every worker and the short ones fill in at the end; no worker starts a five-minute test
    as the others run out of work."""
    for item in items:
        name = item.path.name
        if name.startswith(SLOW_FILES[0]) or name.endswith(SLOW_FILES[1:]):
            item.add_marker(pytest.mark.slow)
    items.sort(key=_start_order)


def _start_order(item: pytest.Item) -> int:
    if item.path.name in LONGEST:
        return 0
    return 1 if item.get_closest_marker("slow") is not None else 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers more than the usable cores (`-n auto`). The seven `LONGEST` suites start
    at once and wait on their child bots much of the time: with one worker more than the
    cores, on two cores, they kept 1.2 cores busy for their first ten minutes."""
    return usable_cores() + 2


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
