"""What `python -m bot` refuses before it comes online, and the defaults it works out itself.

A database the bot's user may read but not write, settings that would make a sweep spin, and
the number of drawing workers a container really has room for.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.config import Settings
from bot.cores import cpu_quota, drawing_workers, usable_cores
from bot.store.sqlite import SqliteStore
from tests.bot.child import API_BASE, GATEWAY_URL, ROOT

OTHER_USER = 65534
"""`nobody`: the owner of files this process may not write."""
PR_CAPBSET_DROP = 24
FILE_CAPABILITIES = (1, 2, 3)
"""CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER: what lets root ignore file modes."""


def clean_env() -> dict[str, str]:
    """This process's environment without any of the bot's settings, so only a test's count."""
    names = {name.upper() for name in Settings.model_fields}
    return {k: v for k, v in os.environ.items() if k not in names} | {"PYTHONPATH": str(ROOT)}


def bound_by_file_modes() -> None:
    """Run the child without the capabilities that let root write other users' files.

    Tests run as root here; dropping those capabilities makes the child as bound by file modes as
    any other user, while it can still reach the interpreter and the packages wherever they are
    installed (a `setuid` child could not run an interpreter kept in root's home folder).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in FILE_CAPABILITIES:
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def belongs_to_someone_else(path: Path) -> None:
    """Make `path` one this test's child may read but not write: as root, give it to another
    user (a backup restored by the wrong account); otherwise take away its write permission."""
    if os.geteuid() == 0:
        os.chown(path, OTHER_USER, OTHER_USER)
        path.chmod(0o755 if path.is_dir() else 0o644)
    else:
        path.chmod(0o555 if path.is_dir() else 0o444)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_bot(database: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot` as a user bound by file modes, pointed at an address where no Discord
    answers: a bot that got past its database could only fail to connect."""
    address = f"127.0.0.1:{closed_port()}"
    env = clean_env() | {
        "DISCORD_TOKEN": "x",
        "DATABASE_PATH": str(database),
        API_BASE: f"http://{address}/api/v10",
        GATEWAY_URL: f"ws://{address}/gateway",
    }
    return subprocess.run(
        [sys.executable, "-m", "tests.bot.child"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=bound_by_file_modes if os.geteuid() == 0 else None,
    )


async def migrated(path: Path) -> Path:
    path.parent.mkdir(exist_ok=True)
    store = SqliteStore(path)
    await store.open()
    await store.aclose()
    return path


async def database_of_another_user(tmp: Path) -> Path:
    database = await migrated(tmp / "games.sqlite3")
    belongs_to_someone_else(database)
    return database


async def wal_of_another_user(tmp: Path) -> Path:
    await migrated(tmp / "games.sqlite3")
    wal = tmp / "games.sqlite3-wal"
    wal.write_bytes(b"")
    belongs_to_someone_else(wal)
    return wal


async def folder_of_another_user(tmp: Path) -> Path:
    database = await migrated(tmp / "data" / "games.sqlite3")
    belongs_to_someone_else(database.parent)
    return database.parent


@pytest.mark.parametrize(
    "make", [database_of_another_user, wal_of_another_user, folder_of_another_user]
)
async def test_a_database_the_bot_may_not_write_stops_it_with_one_line(
    make: Callable[[Path], Awaitable[Path]], tmp_path: Path
) -> None:
    culprit = await make(tmp_path)
    database = next(culprit.glob("*.sqlite3")) if culprit.is_dir() else tmp_path / "games.sqlite3"
    before = database.read_bytes()
    done = await asyncio.to_thread(start_bot, database, tmp_path)
    lines = done.stderr.splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1, done.stderr
    assert f"{culprit} is not writable by this user (uid {os.getuid()}" in lines[0]
    assert "owner or permissions" in lines[0]
    assert database.read_bytes() == before


@pytest.mark.parametrize(
    "name", sorted(n.upper() for n in Settings.model_fields if n.endswith("_seconds"))
)
@pytest.mark.parametrize("value", ["0", "0.5", "-3"])
def test_an_interval_under_one_second_stops_the_bot_naming_the_setting_and_its_range(
    name: str, value: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean_env() | {name: value},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"Bad setting: {name} must be a number of seconds, at least 1 (got {value!r}) "
        "(see README.md, 'Run the bot')."
    ]


def test_settings_refusals_are_worded_by_the_bot_for_every_number() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        env=clean_env() | {"ORPHAN_AFTER_FAILURES": "0", "RENDER_WORKERS": "many"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "ORPHAN_AFTER_FAILURES must be a whole number, at least 1 (got '0')" in done.stderr
    assert "RENDER_WORKERS must be a whole number, at least 0 (got 'many')" in done.stderr
    assert "Input should" not in done.stderr


@pytest.mark.parametrize(
    ("files", "quota"),
    [
        ({}, None),
        ({"cpu.max": "max 100000\n"}, None),
        ({"cpu.max": "200000 100000\n"}, 2.0),
        ({"cpu.max": "150000 100000\n"}, 1.5),
        ({"cpu.max": "50000 100000\n"}, 0.5),
        ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
        ({"cpu/cpu.cfs_quota_us": "300000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 3.0),
        (
            {"cpu,cpuacct/cpu.cfs_quota_us": "50000\n", "cpu,cpuacct/cpu.cfs_period_us": "25000\n"},
            2.0,
        ),
        ({"cpu.max": "garbage\n"}, None),
    ],
    ids=[
        "none",
        "v2-max",
        "v2-two",
        "v2-one-and-a-half",
        "v2-half",
        "v1-none",
        "v1-three",
        "v1-joint",
        "unreadable",
    ],
)
def test_the_cgroup_cpu_limit_is_read_from_v2_and_v1_files(
    files: dict[str, str], quota: float | None, tmp_path: Path
) -> None:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert cpu_quota(tmp_path) == quota


@pytest.mark.parametrize(
    ("limit", "cpus", "workers"),
    [
        (None, 64, 64),
        ("200000 100000", 64, 2),  # `docker run --cpus 2` on a 64-core host
        ("150000 100000", 64, 2),  # a share of a core still keeps a worker busy
        ("50000 100000", 64, 1),  # never fewer than one
        ("800000 100000", 4, 4),  # pinned to four cores: the quota cannot add any
    ],
)
def test_the_default_worker_count_is_the_smaller_of_affinity_and_quota(
    limit: str | None, cpus: int, workers: int, tmp_path: Path
) -> None:
    if limit is not None:
        (tmp_path / "cpu.max").write_text(limit)
    assert usable_cores(tmp_path, cpus=cpus) == workers


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 1), (4, 3), (64, 63)])
def test_the_bot_keeps_a_core_and_its_drawing_workers_take_the_rest(
    cores: int, workers: int, tmp_path: Path
) -> None:
    assert drawing_workers(tmp_path, cpus=cores) == workers
    (tmp_path / "cpu.max").write_text(f"{cores * 100000} 100000")
    assert drawing_workers(tmp_path, cpus=128) == workers


@pytest.mark.parametrize(("pinned", "workers"), [({5}, 1), ({5, 6}, 1), ({1, 2, 3, 4}, 3)])
def test_render_workers_default_to_the_cores_this_process_may_use(
    pinned: set[int], workers: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process pinned to a few cores of a 64-core host starts drawing workers for those
    cores, one left to the bot, not 64."""
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.delenv("RENDER_WORKERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: pinned)
    assert Settings().render_workers == workers
