-- PostgreSQL twin of ../0015_bot_lease.sql.
CREATE TABLE bot_lease (
    id           BIGINT      PRIMARY KEY CHECK (id = 1),
    holder       TEXT        NOT NULL,
    host         TEXT        NOT NULL,
    pid          BIGINT      NOT NULL,
    version      TEXT        NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL,
    heartbeat_at TIMESTAMPTZ NOT NULL,
    lease_until  TIMESTAMPTZ NOT NULL
);
