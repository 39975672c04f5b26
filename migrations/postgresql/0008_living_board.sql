-- PostgreSQL twin of ../0008_living_board.sql.
ALTER TABLE games ADD COLUMN living JSONB;
ALTER TABLE games ADD COLUMN player_names JSONB NOT NULL DEFAULT '{}';
