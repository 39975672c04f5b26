-- PostgreSQL twin of ../0016_spectator_links.sql.
CREATE TABLE spectator_links (
    game_id    BIGINT      PRIMARY KEY REFERENCES games (id),
    token      TEXT        UNIQUE,
    updated_at TIMESTAMPTZ NOT NULL
);
