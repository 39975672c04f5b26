-- One hold per gateway shard a bot process runs, instead of one for the whole database: on
-- PostgreSQL several processes share the database, each on its own shards, and a second
-- process asking for a shard that a live one holds is refused as before. `shard` -1 is a
-- process that runs every shard (no SHARD_IDS; `shard_count` 0 when Discord picks the count).
-- A SQLite file still serves one process: any live hold refuses every other process. The hold
-- a running bot had is dropped with the old table: a bot is stopped for an upgrade.
DROP TABLE bot_lease;

CREATE TABLE bot_lease (
    shard        INTEGER PRIMARY KEY,
    shard_count  INTEGER NOT NULL,
    holder       TEXT NOT NULL,
    host         TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    version      TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    heartbeat_at TEXT NOT NULL,
    lease_until  TEXT NOT NULL
);

CREATE INDEX bot_lease_by_holder ON bot_lease (holder);
