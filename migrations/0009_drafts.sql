-- Secret orders being written: per seat, the lines of its open order sheet written so far (JSON,
-- line key to value) and the decision they were written for. A draft for an older decision is
-- read as empty and replaced; a submitted draft is deleted. Nothing here reaches the channel.
CREATE TABLE drafts (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    decision   INTEGER NOT NULL,
    lines      TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
