-- PostgreSQL twin of ../0011_owed_answers.sql.
CREATE TABLE owed_answers (
    interaction_id BIGINT      PRIMARY KEY,
    application_id BIGINT      NOT NULL,
    token          TEXT        NOT NULL,
    expires_at     TIMESTAMPTZ NOT NULL,
    channel_id     BIGINT      NOT NULL,
    user_id        BIGINT      NOT NULL,
    run            BIGINT      NOT NULL,
    changed        BIGINT      NOT NULL DEFAULT 0,
    game_id        BIGINT,
    first_seq      BIGINT,
    last_seq       BIGINT
);

CREATE INDEX owed_answers_by_run ON owed_answers (run);
CREATE INDEX owed_answers_by_expiry ON owed_answers (expires_at);
