"""The bot works when installed, not only when run from its source tree.

A regular install once shipped no migrations: started anywhere but the checkout, the bot applied
nothing and failed every command with `no such table`. These tests build a wheel from a copy of
the sources, install it (and, separately, an editable install) into a fresh virtual environment
that borrows this interpreter's packages instead of downloading any, and run the installed bot
from an unrelated directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "bot", "engine", "render", "migrations")
PACKAGES = ("bot", "engine", "render")
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "GUILD_IDS", "LOG_LEVEL", "PYTHONPATH", "PYTHONHOME")
TIMEOUT = 120

LIST_TABLES = """
import asyncio, json, sys
import bot
from bot.store.sqlite import SqliteStore

async def main() -> None:
    store = SqliteStore(sys.argv[1])
    await store.open()
    async with store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        tables = sorted(r[0] for r in await cur.fetchall())
    async with store.db.execute("SELECT name FROM schema_migrations ORDER BY name") as cur:
        applied = [r[0] for r in await cur.fetchall()]
    await store.aclose()
    print(json.dumps({"bot": bot.__file__, "tables": tables, "applied": applied}))

asyncio.run(main())
"""


@dataclass(frozen=True)
class Venv:
    root: Path
    python: Path
    site: Path
    source: Path
    """The copy of the sources it was installed from."""


def clean_env() -> dict[str, str]:
    """This environment without the bot's settings, so nothing leaks in from the developer's."""
    return {k: v for k, v in os.environ.items() if k not in SETTINGS}


def run(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def checked(*argv: str | Path, cwd: Path) -> str:
    done = run(*argv, cwd=cwd)
    assert done.returncode == 0, f"{argv} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def copy_sources(dest: Path) -> Path:
    """Build from a copy: an in-place build would leave build/ and egg-info in the checkout."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    dest.mkdir()
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)
    return dest


def make_venv(root: Path, source: Path) -> Venv:
    """A virtual environment that sees this interpreter's packages through a .pth file.

    `--system-site-packages` would show the base interpreter's packages, not those of the
    environment running the tests; plain path lines in a .pth add them without running any
    .pth file of theirs, such as the editable finder of the checkout's own install.
    """
    checked(sys.executable, "-m", "venv", "--without-pip", root, cwd=root.parent)
    python = root / "bin" / "python"
    site = Path(
        checked(
            python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=root
        ).strip()
    )
    outer = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "outer-packages.pth").write_text("".join(f"{p}\n" for p in outer))
    return Venv(root, python, site, source)


def pip(venv: Venv, *args: str | Path) -> None:
    checked(
        venv.python,
        "-m",
        "pip",
        "--disable-pip-version-check",
        "--no-cache-dir",
        *args,
        cwd=venv.root,
    )


@pytest.fixture(scope="module")
def wheel_install(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    work = tmp_path_factory.mktemp("wheel")
    source = copy_sources(work / "src")
    venv = make_venv(work / "venv", source)
    pip(
        venv,
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-w",
        work / "dist",
        source,
    )
    (wheel,) = (work / "dist").glob("*.whl")
    pip(venv, "install", "--no-deps", "--no-index", wheel)
    return venv


@pytest.fixture(scope="module")
def editable_install(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    work = tmp_path_factory.mktemp("editable")
    source = copy_sources(work / "src")
    venv = make_venv(work / "venv", source)
    pip(venv, "install", "--no-deps", "--no-build-isolation", "--no-index", "-e", source)
    return venv


def shipped(source: Path) -> set[str]:
    """Where each source file should land in site-packages: the packages as they are, and the
    migrations inside `bot`."""
    files = {
        path.relative_to(source).as_posix()
        for package in PACKAGES
        for path in (source / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    folder = source / "migrations"  # the SQLite ones, and their PostgreSQL twins in a folder
    return files | {
        f"bot/store/migrations/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*.sql")
    }


def test_the_wheel_carries_every_source_file_and_the_migrations(wheel_install: Venv) -> None:
    installed = {
        path.relative_to(wheel_install.site).as_posix()
        for package in PACKAGES
        for path in (wheel_install.site / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    missing = shipped(wheel_install.source) - installed
    assert not missing, (
        f"not installed: {sorted(missing)}; give a new package an __init__.py and list new "
        "kinds of data file in pyproject.toml's package-data"
    )


@pytest.mark.parametrize("kind", ["wheel_install", "editable_install"])
def test_the_installed_bot_applies_its_migrations_from_any_directory(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    venv: Venv = request.getfixturevalue(kind)
    out = checked(venv.python, "-c", LIST_TABLES, tmp_path / "games.sqlite3", cwd=tmp_path)
    found = json.loads(out)
    expected = sorted(p.name for p in (venv.source / "migrations").glob("*.sql"))
    home = venv.site if kind == "wheel_install" else venv.source
    assert Path(found["bot"]).is_relative_to(home), found["bot"]
    assert found["applied"] == expected
    assert {"games", "actions", "schema_migrations"} <= set(found["tables"])


def test_the_installed_bot_without_a_token_says_so_in_one_line(
    wheel_install: Venv, tmp_path: Path
) -> None:
    done = run(wheel_install.python, "-m", "bot", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0], done.stderr
