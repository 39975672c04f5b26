-- PostgreSQL twin of ../0019_shard_leases.sql: here several processes hold the database at
-- once, each on its own shards.
DROP TABLE bot_lease;

CREATE TABLE bot_lease (
    shard        BIGINT      PRIMARY KEY,
    shard_count  BIGINT      NOT NULL,
    holder       TEXT        NOT NULL,
    host         TEXT        NOT NULL,
    pid          BIGINT      NOT NULL,
    version      TEXT        NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL,
    heartbeat_at TIMESTAMPTZ NOT NULL,
    lease_until  TIMESTAMPTZ NOT NULL
);

CREATE INDEX bot_lease_by_holder ON bot_lease (holder);
