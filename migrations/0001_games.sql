-- One row per game. A channel holds at most one game that is still in its lobby or running.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id       INTEGER NOT NULL,
    guild_id         INTEGER,
    game             TEXT    NOT NULL,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options          TEXT    NOT NULL,
    players          TEXT    NOT NULL,
    seed             INTEGER,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');

-- The append-only truth: replaying these on setup(options, seed) rebuilds games.state.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
