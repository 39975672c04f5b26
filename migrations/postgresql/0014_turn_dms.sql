-- PostgreSQL twin of ../0014_turn_dms.sql.
ALTER TABLE players ADD COLUMN turn_dm BIGINT NOT NULL DEFAULT 0;
