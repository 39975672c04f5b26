-- Exactly-once publication. Everything the channel and the players' DMs must be told is written
-- here in the same transaction as the change it tells of, then sent and marked; a post whose
-- fate a crash left unknown ('sending') is looked up in the channel before it is sent again.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('turn', 'private', 'notice')),
    recipient   INTEGER,
    body        TEXT    NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'pending'
                        CHECK (state IN ('pending', 'sending', 'sent', 'undeliverable')),
    pieces      TEXT,
    parts_sent  INTEGER NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 0,
    due_at      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    sending_at  TEXT
);

CREATE INDEX outbox_due ON outbox (due_at) WHERE state IN ('pending', 'sending');
CREATE INDEX outbox_open_by_game ON outbox (game_id, id) WHERE state IN ('pending', 'sending');

-- Messages whose buttons are still clickable, so a restart can still retire them.
CREATE TABLE live_buttons (
    message_id INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    channel_id INTEGER NOT NULL
);

CREATE INDEX live_buttons_by_game ON live_buttons (game_id);

-- (game, user) pairs whose closed DMs the channel was already told about.
CREATE TABLE dm_closed_told (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Seats the channel last showed as owing a move: they are not pinged again for the same wait.
ALTER TABLE games ADD COLUMN announced_seats TEXT NOT NULL DEFAULT '[]';
-- Consecutive refusals from the game's channel (gone, no access); reset by any success.
ALTER TABLE games ADD COLUMN channel_failures INTEGER NOT NULL DEFAULT 0;
-- Why a game ended without a result ('abandoned' by a person, or 'orphaned' channel).
ALTER TABLE games ADD COLUMN closed_reason TEXT;

CREATE INDEX games_lobbies_by_host ON games (host_id) WHERE status = 'lobby';
CREATE INDEX games_lobbies_by_guild ON games (guild_id) WHERE status = 'lobby';
