-- PostgreSQL twin of ../0009_drafts.sql.
CREATE TABLE drafts (
    game_id    BIGINT      NOT NULL REFERENCES games (id),
    seat       BIGINT      NOT NULL,
    decision   BIGINT      NOT NULL,
    lines      JSONB       NOT NULL DEFAULT '{}',
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seat)
);
