"""Backups of the SQLite database, and putting one back.

A running bot keeps its database in WAL mode: the latest moves may sit in the `-wal` file beside
it, so a plain copy of the database file can miss them or catch a page half written. `backup`
copies through SQLite's online backup API instead, inside one read transaction: the copy holds
every move committed before it began, while the bot goes on writing. The copy is one
self-contained file (not in WAL mode), checked before it is put in place under its final name.

`restore` refuses, with one line, a file it cannot vouch for: one that is not a SQLite database
or is damaged, one that is not this bot's, one that a newer version of the bot has migrated, and
any restore while a bot holds the database (`bot.store.lease`). It keeps the database it
replaces beside it, and makes the restored file the bot's own (owner and permissions of the file
it replaces), so a restore run as root does not leave the bot a file it may not write.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from bot.store import schema
from bot.store.schema import SIDE_FILES, StoreUnusable

HELD = "The database {path} is in use by a running bot ({holder}); stop it first."


def backup(database: Path, target: Path) -> str:
    """Copy `database` to `target` (replaced if it exists); one line saying what was copied."""
    if not database.is_file():
        raise StoreUnusable(f"There is no database at {database} to back up (DATABASE_PATH).")
    started = time.monotonic()
    partial = target.with_name(f".{target.name}.partial")
    sides = [database.with_name(database.name + end) for end in SIDE_FILES]
    present = [side.exists() for side in sides]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Read-only, so a backup run as another user (root) leaves no side file of its own.
        with (
            closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as source,
            closing(sqlite3.connect(partial)) as copy,
        ):
            source.execute("PRAGMA busy_timeout=5000")
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
        games, moves, latest = check(partial)
        os.replace(partial, target)
        _give_back(database, [side for side, was in zip(sides, present, strict=True) if not was])
    except (OSError, sqlite3.Error) as exc:
        partial.unlink(missing_ok=True)
        raise StoreUnusable(f"Could not back up {database} to {target}: {exc}.") from None
    except StoreUnusable:
        partial.unlink(missing_ok=True)
        raise
    seconds = time.monotonic() - started
    return (
        f"Backed up {database} to {target}: {games} games, {moves} moves, schema {latest}, "
        f"{target.stat().st_size / 1e6:.1f} MB in {seconds:.1f} s."
    )


def _give_back(database: Path, made: list[Path]) -> None:
    """A read-only reader of a database in WAL mode with no bot running creates its `-wal` and
    `-shm` and cannot remove them; made by root (a backup run in the container as root), the
    bot could not open them. They go to the database's owner."""
    if os.geteuid() != 0:
        return
    owner = database.stat()
    for side in made:
        if side.exists():
            os.chown(side, owner.st_uid, owner.st_gid)


def check(path: Path) -> tuple[int, int, str]:
    """`StoreUnusable` unless `path` is a sound database of this bot that this build can run;
    else its games, moves and latest migration. Only reads (immutable: no lock, no side file)."""
    if not path.is_file():
        raise StoreUnusable(f"There is no file at {path}.")
    if not os.access(path, os.R_OK):
        raise StoreUnusable(f"{path} is not readable by this user (uid {os.getuid()}).")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)) as db:
            verdict = db.execute("PRAGMA integrity_check(1)").fetchone()[0]
            if verdict != "ok":
                verdict = " ".join(str(verdict).replace("*** in database main ***", "").split())
                raise StoreUnusable(f"{path} is damaged ({verdict}).")
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            if "schema_migrations" not in tables:
                raise StoreUnusable(f"{path} is not a database of this bot (no schema_migrations).")
            recorded = {r[0] for r in db.execute("SELECT name FROM schema_migrations")}
            games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            moves = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise StoreUnusable(f"{path} is damaged or is not a SQLite database ({exc}).") from None
    known = {m.name for m in schema.load(schema.bundled())}
    newer = sorted(recorded - known)
    if newer:
        raise StoreUnusable(
            f"{path} was written by a newer version of the bot (it records {newer[-1]}); "
            "upgrade the bot before restoring it."
        )
    return games, moves, max(recorded, default="(none)")


def holder(database: Path) -> str | None:
    """Who holds `database` now, from its lease (`bot.store.lease`), or None."""
    if not database.is_file():
        return None
    try:  # read-write, so that closing it removes the side files it may have created
        with closing(sqlite3.connect(f"file:{database}?mode=rw", uri=True)) as db:
            db.execute("PRAGMA busy_timeout=5000")
            row = db.execute(
                "SELECT host, pid, lease_until FROM bot_lease ORDER BY lease_until DESC LIMIT 1"
            ).fetchone()
    except sqlite3.OperationalError:  # no lease table yet: no bot of this version ran on it
        return None
    if row is None or datetime.fromisoformat(row[2]) <= datetime.now(UTC):
        return None
    return f"process {row[1]} on host {row[0]}"


def restore(source: Path, database: Path) -> str:
    """Check `source` and put a copy of it in place of `database`; one line saying what was
    restored and where the replaced database was kept."""
    try:
        games, moves, latest = check(source)
    except StoreUnusable as exc:
        raise StoreUnusable(f"{exc} Nothing was restored.") from None
    held = holder(database)
    if held is not None:
        raise StoreUnusable(HELD.format(path=database, holder=held))
    database.parent.mkdir(parents=True, exist_ok=True)
    schema.writable(database)
    owner = database if database.exists() else database.parent
    stat = owner.stat()
    incoming = database.with_name(f".{database.name}.restoring")
    kept = database.with_name(f"{database.name}.before-restore-{int(time.time())}")
    try:
        shutil.copyfile(source, incoming)
        if os.geteuid() == 0:
            os.chown(incoming, stat.st_uid, stat.st_gid)
        os.chmod(incoming, 0o600 if owner.is_dir() else stat.st_mode & 0o777)
        if database.exists():
            os.replace(database, kept)
        # Whatever journal the replaced database left belongs to it, never to the restored one.
        for end in SIDE_FILES:
            side = database.with_name(database.name + end)
            if side.exists():
                os.replace(side, kept.with_name(kept.name + end))
        os.replace(incoming, database)
    except OSError as exc:
        incoming.unlink(missing_ok=True)
        raise StoreUnusable(f"Could not restore {source} to {database}: {exc}.") from None
    before = f"; the database it replaced is kept as {kept}" if kept.exists() else ""
    return (
        f"Restored {source} to {database}: {games} games, {moves} moves, schema {latest}"
        f"{before}. Start the bot to use it."
    )
