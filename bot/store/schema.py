"""The SQLite schema: which migrations this build ships, and whether a database file fits them.

The bot must never start against a database it cannot use: a damaged or unreadable file, a file
of some other program, or one that a newer version of the bot has already migrated. Each case
raises `StoreUnusable` with one line that names the file and says what to do, before the bot
connects to Discord, so an operator sees the reason instead of a traceback or a bot that answers
every command with an error.

Where the migrations live depends on how the bot was installed. A wheel carries them inside the
package, as `bot/store/migrations/*.sql` (pyproject maps the package `bot.store.migrations` onto the
top-level `migrations/` folder). A source checkout, editable installs included, has them only in
that top-level folder beside `bot/`: setuptools' editable finder cannot serve a sub-package that
lives outside its parent's folder, so the checkout is looked for explicitly.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import aiosqlite

from bot.store import batch
from bot.store.dialect import SQLITE

log = logging.getLogger(__name__)

NAME = re.compile(r"[0-9]{4}_[^/\\]+\.sql")
"""A migration file: four digits, an underscore, a name. They apply in file-name order."""

WAL_PAGES = 256
"""Pages the write-ahead log may gather before they are copied into the file (SQLite's default
is 1,000, about 4 MB, which a few hundred moves fill since each rewrites its game's snapshot)."""
WAL_LIMIT = 1 << 20
"""Bytes the write-ahead log is cut back to once copied, so it never keeps its high-water size."""

DAMAGED = {"SQLITE_NOTADB", "SQLITE_CORRUPT"}
LOCKED = {"SQLITE_BUSY", "SQLITE_LOCKED"}
SIDE_FILES = ("-journal", "-wal", "-shm")
"""What SQLite keeps beside a database file: a rollback journal, or the WAL and its index."""


class StoreUnusable(Exception):
    """The bot cannot use its database as it is; the message is one line for the operator."""


class MigrationsMissing(StoreUnusable):
    """This installation of the bot carries no schema, so it could only fail on every command."""


@dataclass(frozen=True)
class Migration:
    name: str
    sql: str


def _package() -> Path:
    root = resources.files(__package__ or "bot")
    return root if isinstance(root, Path) else Path(str(root))


def bundled() -> Path:
    """The folder this build's migrations are in; `load` complains loudly if it is empty.

    In a checkout `bot/store/migrations` is a link to the top-level `migrations/` folder; an
    installed bot carries the files themselves there."""
    return _package() / "migrations"


def load(folder: Traversable) -> list[Migration]:
    """Every migration in `folder`, in the order they apply."""
    names = (
        sorted(entry.name for entry in folder.iterdir() if NAME.fullmatch(entry.name))
        if folder.is_dir()
        else []
    )
    if not names:
        raise MigrationsMissing(
            f"This installation of the bot has no database migrations (looked in {folder}); "
            "reinstall it from a complete source tree or wheel."
        )
    return [Migration(n, folder.joinpath(n).read_text(encoding="utf-8")) for n in names]


def _advice(path: Path, exc: BaseException) -> str:
    """One line for `exc` met while opening `path`: what is wrong and what the operator can do."""
    code = getattr(exc, "sqlite_errorname", "")
    if code in DAMAGED:
        return (
            f"The database {path} is damaged or is not a SQLite database ({exc}); restore it "
            "from a backup, or move it aside to start with an empty one."
        )
    if code in LOCKED:
        return (
            f"The database {path} is locked by another program ({exc}); stop whatever else "
            "is using it (another copy of the bot?) and start again."
        )
    if isinstance(exc, OSError):
        return (
            f"Cannot create the folder for the database {path} ({exc}); point DATABASE_PATH "
            "at a place the bot's user may write to."
        )
    return (
        f"Cannot open the database {path} ({exc}); it must be a file that the bot's user may "
        "read and write, in a folder it may write to (or point DATABASE_PATH elsewhere)."
    )


async def connect(path: Path, migrations: Traversable) -> batch.Connection:
    """Open `path`, check it, and bring its schema up to date; `StoreUnusable` if it cannot be.

    The migrations are read first, so a broken installation is reported as such rather than
    as a problem with the database.
    """
    known = load(migrations)
    if str(path) != ":memory:":
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            writable(path)
            await asyncio.to_thread(_probe, path)
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnusable(_advice(path, exc)) from None
    db = await batch.connect(path, isolation_level=None)
    try:
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA busy_timeout=5000")
        await db.execute("PRAGMA foreign_keys=ON")
        await migrate(db, path, known)
        await db.execute("PRAGMA journal_mode=WAL")  # only once the file is known to be ours
        await db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
        await db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
    except BaseException as exc:
        await db.close()
        if isinstance(exc, sqlite3.Error):
            raise StoreUnusable(_advice(path, exc)) from None
        raise
    return db


def writable(path: Path) -> None:
    """`StoreUnusable` unless this user may write the database, the files SQLite keeps beside
    it and its folder.

    SQLite opens a file it may only read without a word, so a database restored as another user
    (a backup copied back as root) would let the bot come online and then fail every move. Its
    journal (`-journal`, or `-wal` and `-shm` in WAL mode) is created in the same folder and
    must be writable too, when it is there already.
    """
    for file in (path, *(path.with_name(path.name + end) for end in SIDE_FILES)):
        if file.exists() and not os.access(file, os.R_OK | os.W_OK):
            able = "writable" if os.access(file, os.R_OK) else "readable"
            raise StoreUnusable(
                f"{file} is not {able} by this user (uid {os.getuid()}; the file belongs to "
                f"uid {file.stat().st_uid}): fix its owner or permissions, e.g. "
                f"`chown {os.getuid()} {file}`."
            )
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreUnusable(
            f"{folder} is not writable by this user (uid {os.getuid()}; the folder belongs to "
            f"uid {folder.stat().st_uid}), and SQLite keeps the journal of the database "
            f"{path.name} there: fix its owner or permissions."
        )


def _probe(path: Path) -> None:
    """Find what is wrong with a file using plain sqlite3, before aiosqlite opens it; this
    only reads.

    When aiosqlite fails to open a file, its worker thread outlives the failure and reports
    to an event loop that `asyncio.run` has closed by then, printing a traceback at exit.
    Damage inside an otherwise valid file would otherwise show up later, one game at a time.
    """
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA busy_timeout=5000")
        row = db.execute("PRAGMA quick_check(1)").fetchone()
    finally:
        db.close()
    verdict = row[0] if row is not None else "ok"
    if verdict != "ok":
        raise StoreUnusable(
            f"The database {path} is damaged ({verdict}); restore it from a backup, or move "
            "it aside to start with an empty one."
        )


async def migrate(db: aiosqlite.Connection, path: Path, known: list[Migration]) -> list[str]:
    """Apply every migration not yet recorded, in order, each in its own transaction.

    A database that records a migration this build does not know was written by a newer bot;
    running on it would misread or damage its games, so nothing is applied and it is refused.
    """
    async with db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ) as cur:
        tables = {r[0] for r in await cur.fetchall()}
    if not tables:
        # A new database is the bot's from the start: in WAL mode each migration's commit
        # syncs the disk once, where the rollback journal syncs it several times (a fresh
        # database took three times as long to set up).
        await db.execute("PRAGMA journal_mode=WAL")
    elif "schema_migrations" not in tables:
        raise StoreUnusable(
            f"The database {path} holds tables but no schema_migrations table, so it is not "
            "one of this bot's databases; point DATABASE_PATH at the right file."
        )
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT)"
    )
    done = await _recorded(db)
    newer = sorted(done - {m.name for m in known})
    if newer:
        raise StoreUnusable(
            f"The database {path} was migrated by a newer version of the bot (it records "
            f"{newer[-1]}, which this version does not know); upgrade the bot, or restore a "
            "backup taken before the upgrade."
        )
    applied = []
    for migration in known:
        if migration.name in done:
            continue
        if await _apply(db, path, migration):
            log.info("applied migration %s", migration.name)
            applied.append(migration.name)
    return applied


async def _recorded(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT name FROM schema_migrations") as cur:
        return {r[0] for r in await cur.fetchall()}


async def _apply(db: aiosqlite.Connection, path: Path, migration: Migration) -> bool:
    """Apply one migration with its record, or nothing of it; False if another process did.

    The record is written first, under an immediate (write) lock, so two bots starting on one
    file cannot both apply the same migration: the second one's insert fails and it moves on.
    """
    name = migration.name.replace("'", "''")
    applied_at = SQLITE.now()
    try:
        await db.executescript(
            f"{SQLITE.begin};\n"
            f"INSERT INTO schema_migrations (name, applied_at) VALUES ('{name}', '{applied_at}');\n"
            f"{migration.sql}\n;\nCOMMIT;"
        )
    except sqlite3.Error as exc:
        if db.in_transaction:
            await db.execute("ROLLBACK")
        if migration.name in await _recorded(db):
            return False
        if getattr(exc, "sqlite_errorname", "") in DAMAGED | LOCKED:
            raise
        raise StoreUnusable(
            f"Could not apply the migration {migration.name} to the database {path} ({exc}); "
            "the file was left as it was. Restore a backup if it was edited by hand, or "
            "report this as a bug."
        ) from None
    return True
