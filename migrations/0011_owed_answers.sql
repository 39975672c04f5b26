-- Answers owed to players. A row is written when a command's work begins (before Discord is
-- told that the bot is thinking) and deleted once the player has their answer, so the table
-- holds only interactions in progress and those a crash cut off. Each write a command makes is
-- marked here in its own transaction (`changed`, and a move's steps), so after a restart the
-- player is told the truth: the move counted, and what it did, or nothing was changed.
-- The token lets the bot edit the player's "thinking…" reply for 15 minutes (`expires_at`);
-- it is never logged, and the row goes once answered or expired. `run` tells a restarted bot
-- which rows a previous run left behind: it claims them by taking them into its own run.
CREATE TABLE owed_answers (
    interaction_id INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL,
    token          TEXT    NOT NULL,
    expires_at     TEXT    NOT NULL,
    channel_id     INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    run            INTEGER NOT NULL,
    changed        INTEGER NOT NULL DEFAULT 0,
    game_id        INTEGER,
    first_seq      INTEGER,
    last_seq       INTEGER
);

CREATE INDEX owed_answers_by_run ON owed_answers (run);
CREATE INDEX owed_answers_by_expiry ON owed_answers (expires_at);
