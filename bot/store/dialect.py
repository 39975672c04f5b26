"""Where the store's SQL depends on the database: one small seam, so a second one fits.

Every statement in `bot.store` is written once, in plain SQL with `?` marks, and passes through
a `Dialect` on its way to the database; so do the values whose form differs between databases:

- placeholders: `sql` turns the `?` marks into the driver's style, `marks` writes a list's;
- upserts: `upsert` writes `INSERT ... ON CONFLICT`, for a replaced row or a kept one, instead
  of SQLite's `INSERT OR REPLACE` / `OR IGNORE`;
- new ids: `insert` ends with `RETURNING`, instead of reading the cursor's `lastrowid`;
- a write refused by a unique constraint: `conflict`, the driver's error;
- the start of a write: `begin` (SQLite takes its write lock up front with `BEGIN IMMEDIATE`,
  so two writers queue rather than fail at commit);
- moments: `moment` / `now` write them, `read_moment` reads them back (SQLite keeps ISO text);
- JSON columns: `to_json` / `from_json`, the two JSON edits done in place (`json_append`,
  `json_merge`) and the one test of a list (`json_filled`);
- comparing with a value that may be NULL: `same`, `differs`;
- claims shared by several processes: `skip_locked` ends the select of the rows a claim takes
  (another process's claim in flight is passed over, never waited for), and `lock_game` is the
  statement a game's version-checked write takes the game's own lock with;
- several processes on one database: `processes_share`, which the leases follow.

`SQLITE` is the dialect of `SqliteStore` and `POSTGRESQL` that of `PostgresStore`. What is one
database's alone (opening it, SQLite's PRAGMAs, the migration runners) stays in
`bot.store.schema` and `bot.store.pg_schema`.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any


class Dialect:
    """SQLite's way of saying each dialect-dependent thing (3.35 or newer, for `RETURNING`)."""

    name = "sqlite"
    begin = "BEGIN IMMEDIATE"
    """Starts a write transaction holding the write lock from its first statement."""
    skip_locked = ""
    """Ends the select of the rows a claim takes. SQLite has one writer, so a claim never
    meets another one in flight."""
    lock_game: str | None = None
    """The statement (given the game's id) that takes a game's lock until the transaction
    ends; SQLite's writer lock already holds the whole database."""
    processes_share = False
    """Whether several bot processes may run on the database at once, each on its own shards
    (`bot.store.lease`). A SQLite file is one process's."""

    @property
    def conflict(self) -> type[Exception]:
        """What the driver raises when a write breaks a unique constraint (a channel's one
        game)."""
        return sqlite3.IntegrityError

    def sql(self, text: str) -> str:
        """A statement written with `?` marks, in this database's placeholder style."""
        return text

    def marks(self, count: int) -> str:
        """The placeholders of an `IN (...)` list of `count` values."""
        return ", ".join("?" * count)

    def insert(self, table: str, columns: Sequence[str], returning: str | None = None) -> str:
        """An insert of one row of `columns`, handing back `returning` (the new id) if given."""
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({self.marks(len(columns))})"
        return sql if returning is None else f"{sql} RETURNING {returning}"

    def upsert(
        self,
        table: str,
        columns: Sequence[str],
        key: Sequence[str],
        *,
        keep: bool = False,
        returning: str | None = None,
    ) -> str:
        """An insert of one row that replaces the columns outside `key` of a row already there
        with the same key, or with `keep` leaves that row as it is (and hands back nothing
        through `returning`, which tells the caller the row was there)."""
        rest = [c for c in columns if c not in key]
        action = (
            "DO NOTHING"
            if keep or not rest
            else "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in rest)
        )
        sql = f"{self.insert(table, columns)} ON CONFLICT ({', '.join(key)}) {action}"
        return sql if returning is None else f"{sql} RETURNING {returning}"

    def same(self, column: str) -> str:
        """`column` equals the next value, NULL matching NULL."""
        return f"{column} IS ?"

    def differs(self, column: str) -> str:
        """`column` differs from the next value, NULL differing from any value but NULL."""
        return f"{column} IS NOT ?"

    def json_append(self, column: str) -> str:
        """The JSON list in `column` with the next value added at its end."""
        return f"json_insert({column}, '$[#]', ?)"

    def json_filled(self, column: str) -> str:
        """The JSON list in `column` holds something."""
        return f"{column} != '[]'"

    def json_merge(self, column: str) -> str:
        """The JSON object in `column` with the next value's keys set over it."""
        return f"json_patch({column}, ?)"

    def moment(self, when: datetime | None) -> Any:
        """A moment as the columns hold it: ISO text in UTC to the second, so that the text
        order the due indexes keep is the order in time."""
        return None if when is None else when.astimezone(UTC).isoformat(timespec="seconds")

    def now(self) -> Any:
        """This moment, as the columns hold it."""
        return self.moment(datetime.now(UTC))

    def read_moment(self, value: Any) -> datetime | None:
        """A moment read back from a column written by `moment`."""
        if value is None or isinstance(value, datetime):
            return value
        return datetime.fromisoformat(value)

    def to_json(self, value: Any) -> Any:
        """A value for a JSON column."""
        return json.dumps(value)

    def from_json(self, value: Any) -> Any:
        """A JSON column's value as Python data (None stays None)."""
        return None if value is None else json.loads(value) if isinstance(value, str) else value


SQLITE = Dialect()

PLACEHOLDER = re.compile(r"'[^']*'|\?")
"""A string literal (left as it is) or a `?` mark."""


@lru_cache(maxsize=1024)
def numbered(text: str) -> str:
    """`text` with its `?` marks numbered `$1`, `$2`, ... in order, outside string literals."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return PLACEHOLDER.sub(number, text)


class Postgres(Dialect):
    """PostgreSQL's way (asyncpg's numbered placeholders, `timestamptz` and `jsonb` columns),
    for a database that several bot processes share."""

    name = "postgresql"
    begin = "BEGIN"
    """Row locks and the game's lock order writers; READ COMMITTED gives each statement a
    fresh view, so a statement after a lock sees what the lock's last holder committed."""
    skip_locked = " FOR UPDATE SKIP LOCKED"
    """Rows another process's claim holds are passed over; one it committed meanwhile is read
    again as committed before it is taken, so a live lease is never taken over."""
    lock_game = "SELECT pg_advisory_xact_lock(?)"
    """The game's id is its key; the lock goes with the transaction's end."""
    processes_share = True

    @property
    def conflict(self) -> type[Exception]:
        """asyncpg's error, imported when first asked for: the dialects are loaded by every
        process that touches the store's models (drawing workers too), the driver only by a
        PostgreSQL store."""
        import asyncpg

        return asyncpg.UniqueViolationError

    def sql(self, text: str) -> str:
        return numbered(text)

    def same(self, column: str) -> str:
        return f"{column} IS NOT DISTINCT FROM ?"

    def differs(self, column: str) -> str:
        return f"{column} IS DISTINCT FROM ?"

    def json_append(self, column: str) -> str:
        """The next value is a whole number (a message id)."""
        return f"{column} || jsonb_build_array(?::bigint)"

    def json_merge(self, column: str) -> str:
        return f"{column} || ?::jsonb"

    def moment(self, when: datetime | None) -> Any:
        """A `timestamptz`, to the second like SQLite's text, so both order and compare the
        same moments alike."""
        return None if when is None else when.astimezone(UTC).replace(microsecond=0)


POSTGRESQL = Postgres()
