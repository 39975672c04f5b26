-- PostgreSQL twin of ../0003_default_due.sql (the column goes again in 0006).
ALTER TABLE games ADD COLUMN default_since TIMESTAMPTZ;

UPDATE games SET default_since = updated_at WHERE status = 'active';

CREATE INDEX games_default_due ON games (default_since)
    WHERE default_since IS NOT NULL AND status = 'active';
