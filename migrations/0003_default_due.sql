-- When a decision with a default (one owed out of turn) started waiting, so the deadline sweep
-- reads only the games that are due, through an index, and never parses a state to find out.
ALTER TABLE games ADD COLUMN default_since TEXT;

-- Games stored before this column existed are looked at once by the sweep, which clears the
-- mark where nothing is waiting.
UPDATE games SET default_since = updated_at WHERE status = 'active';

CREATE INDEX games_default_due ON games (default_since)
    WHERE default_since IS NOT NULL AND status = 'active';
