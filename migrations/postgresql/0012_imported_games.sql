-- PostgreSQL twin of ../0012_imported_games.sql.
ALTER TABLE games ADD COLUMN imported BIGINT NOT NULL DEFAULT 0;

CREATE INDEX games_imports_by_host ON games (host_id) WHERE status = 'active' AND imported = 1;
CREATE INDEX games_imports_by_guild ON games (guild_id) WHERE status = 'active' AND imported = 1;
