-- Keeping games moving: a table's pace settings, pauses, take-backs, and one row per seat that
-- owes a decision with the next time something is due for it (a reminder, a turn limit, the
-- deadline of a decision asked out of turn). The due sweep reads `waits` through its index only.

ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN paused_at TEXT;

-- Whether the move may be taken back by its player: nothing random or hidden came out of it.
ALTER TABLE actions ADD COLUMN reversible INTEGER NOT NULL DEFAULT 0;

CREATE TABLE waits (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    decision   INTEGER NOT NULL,
    out_of_turn INTEGER NOT NULL,
    since      TEXT    NOT NULL,
    reminders  INTEGER NOT NULL DEFAULT 0,
    remind_at  TEXT,
    limit_at   TEXT,
    limit_told INTEGER NOT NULL DEFAULT 0,
    due_at     TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX waits_due ON waits (due_at) WHERE due_at IS NOT NULL;

-- Running games from before this table get their waits worked out by the first sweep: a row
-- for seat -1 asks for exactly that.
INSERT INTO waits (game_id, seat, user_id, decision, out_of_turn, since, due_at)
    SELECT id, -1, 0, 0, 0, updated_at, updated_at FROM games WHERE status = 'active';

-- The deadline of an out-of-turn decision is now one kind of wait.
DROP INDEX games_default_due;
ALTER TABLE games DROP COLUMN default_since;

-- What each person chose for themselves, in every game they play.
CREATE TABLE players (
    user_id    INTEGER PRIMARY KEY,
    timezone   TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from INTEGER,
    quiet_to   INTEGER,
    on_deck    INTEGER NOT NULL DEFAULT 0
);

-- A player away from one game until a time.
CREATE TABLE away (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    until   TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A rewind the host asked for, waiting for every player's agreement.
CREATE TABLE rewinds (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seqs       TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    asked_by   INTEGER NOT NULL,
    agreed     TEXT    NOT NULL DEFAULT '[]',
    state      TEXT    NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'refused', 'stale')),
    created_at TEXT    NOT NULL
);
