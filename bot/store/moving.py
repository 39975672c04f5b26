"""Moving up: every game of a SQLite file copied into a PostgreSQL database.

`python -m bot migrate-db --to postgresql://…` calls `copy_games`, then checks each copied game
by replay (`bot.table.moving`). The SQLite file is only read (opened read-only), so it stays as
it was and can be gone back to. Each game goes over in one transaction with everything that
belongs to it: its row (setup, snapshot, pace, living message), its log, its outbox and how far
each post got, waits, time away, rewinds, drafts and spectator link; then the people's own
settings and the answers a stopped bot still owes. Leases are not copied: they belong to the
processes that will run on the new database.

Running it twice is safe: a game already in the target (same id, same channel) is left as it
is there, since a bot may have played on since; a different game under the same id or in the
same channel stops that game's copy with a line saying so, and the others go on.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from bot.store.postgres import PostgresStore
from bot.store.schema import StoreUnusable

if TYPE_CHECKING:
    from asyncpg import Record
    from asyncpg.pool import PoolConnectionProxy

GAME_PARTS = (
    "actions",
    "outbox",
    "live_buttons",
    "dm_closed_told",
    "waits",
    "away",
    "rewinds",
    "drafts",
    "spectator_links",
)
"""The tables whose rows belong to one game (by `game_id`), copied with it."""
PEOPLE = ("players", "owed_answers")
"""Rows of no one game, copied after the games; one already there is kept."""
IDENTITIES = (("games", "id"), ("outbox", "id"), ("rewinds", "id"))
"""Ids the target hands out next: they continue after the copied ones."""


class Copied(BaseModel):
    """What a copy did, game by game."""

    copied: list[int] = []
    already: list[int] = []
    """Games the target held already (an earlier run copied them): left as they are there."""
    refused: dict[int, str] = {}
    """Games not copied, and why."""
    moves: int = 0
    """Moves copied, over every game copied now."""


@contextmanager
def reading(source: Path) -> Iterator[sqlite3.Connection]:
    """The SQLite file, only read (`query_only`): nothing this process does changes what it
    holds. It is opened read-write all the same, as `bot.store.backup` opens it, so that the
    last connection's close removes the side files it made (a read-only one leaves them)."""
    if not source.is_file():
        raise StoreUnusable(f"There is no SQLite file at {source} (DATABASE_PATH).")
    with closing(sqlite3.connect(f"file:{source}?mode=rw", uri=True)) as db:
        db.execute("PRAGMA query_only = 1")
        db.row_factory = sqlite3.Row
        yield db


def _rows(db: sqlite3.Connection, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    return [dict(r) for r in db.execute(sql, args).fetchall()]


async def _types(conn: PoolConnectionProxy[Record]) -> dict[str, dict[str, str]]:
    """Each table's columns in the target, with their types."""
    found: dict[str, dict[str, str]] = {}
    for r in await conn.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema()"
    ):
        found.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
    return found


def _value(value: Any, kind: str) -> Any:
    """A SQLite value as the target's column takes it: moments from ISO text, JSON as text."""
    if value is None:
        return None
    if kind.startswith("timestamp"):
        return datetime.fromisoformat(value) if isinstance(value, str) else value
    if kind in ("bigint", "integer", "smallint"):
        return int(value)
    if kind == "boolean":
        return bool(value)
    return value


async def _insert(
    conn: PoolConnectionProxy[Record],
    table: str,
    columns: dict[str, str],
    rows: list[dict[str, Any]],
) -> None:
    """The rows into the target's table, in the columns both have; a row whose key is there
    already is kept as it is."""
    if not rows:
        return
    names = [c for c in rows[0] if c in columns]
    marks = ", ".join(f"${n}" for n in range(1, len(names) + 1))
    await conn.executemany(
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks}) ON CONFLICT DO NOTHING",
        [[_value(r[c], columns[c]) for c in names] for r in rows],
    )


async def copy_games(source: Path, target: PostgresStore) -> Copied:
    """Copy every game of the SQLite file `source` into `target` (open), each in its own
    transaction; see the module's docstring for what goes and what is kept."""
    done = Copied()
    with reading(source) as db:
        async with target.pool.acquire() as conn:
            types = await _types(conn)
            for (game_id,) in db.execute("SELECT id FROM games ORDER BY id").fetchall():
                (row,) = _rows(db, "SELECT * FROM games WHERE id = ?", (game_id,))
                there = await conn.fetchrow(
                    "SELECT id, channel_id FROM games WHERE id = $1 OR (channel_id = $2"
                    " AND status IN ('lobby', 'active')) ORDER BY id = $1 DESC LIMIT 1",
                    game_id,
                    row["channel_id"],
                )
                if there is not None:
                    if there["id"] == game_id and there["channel_id"] == row["channel_id"]:
                        done.already.append(game_id)
                    else:
                        done.refused[game_id] = (
                            f"game {game_id}: the PostgreSQL database has another game "
                            f"(id {there['id']}) under its id or in its channel {row['channel_id']}"
                        )
                    continue
                async with conn.transaction():
                    await _insert(conn, "games", types["games"], [row])
                    for part in GAME_PARTS:
                        rows = _rows(db, f"SELECT * FROM {part} WHERE game_id = ?", (game_id,))
                        await _insert(conn, part, types[part], rows)
                        if part == "actions":
                            done.moves += len(rows)
                done.copied.append(game_id)
            for table in PEOPLE:
                await _insert(conn, table, types[table], _rows(db, f"SELECT * FROM {table}"))
            for table, column in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" GREATEST((SELECT MAX({column}) FROM {table}), 1))"
                )
    return done


def source_logs(source: Path, game_ids: list[int]) -> dict[int, list[tuple[int, int, str]]]:
    """Each game's log in the SQLite file (step, seat, action), to hold the copy to."""
    with reading(source) as db:
        return {
            game_id: [
                (int(r["seq"]), int(r["seat"]), str(r["action"]))
                for r in _rows(
                    db,
                    "SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq",
                    (game_id,),
                )
            ]
            for game_id in game_ids
        }
