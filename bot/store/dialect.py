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
- comparing with a value that may be NULL: `same`, `differs`.

`SQLITE` is the dialect of `SqliteStore`; a PostgreSQL store passes its own. What is SQLite's
alone (opening the file, its PRAGMAs, the migration runner) stays in `bot.store.schema`, which
another database replaces rather than shares.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any


class Dialect:
    """SQLite's way of saying each dialect-dependent thing (3.35 or newer, for `RETURNING`)."""

    name = "sqlite"
    begin = "BEGIN IMMEDIATE"
    """Starts a write transaction holding the write lock from its first statement."""
    conflict: type[Exception] = sqlite3.IntegrityError
    """What the driver raises when a write breaks a unique constraint (a channel's one game)."""

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
