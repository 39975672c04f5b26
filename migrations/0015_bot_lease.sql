-- One bot per database: the process that runs the games holds this one row and renews it (a
-- heartbeat) while it lives. Another process finds a lease still live and refuses to start,
-- naming the holder; a holder that crashed stops renewing, and its lease is taken over once it
-- has run out. Maintenance commands (a restore) read it to tell whether a bot is running.
CREATE TABLE bot_lease (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    holder       TEXT NOT NULL,
    host         TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    version      TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    heartbeat_at TEXT NOT NULL,
    lease_until  TEXT NOT NULL
);
