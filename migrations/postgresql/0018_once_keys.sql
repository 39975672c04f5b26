-- PostgreSQL twin of ../0018_once_keys.sql. An insert meeting the key of a post another
-- process's transaction is writing waits for that transaction, then is refused if it committed.
ALTER TABLE outbox ADD COLUMN once_key TEXT;

CREATE UNIQUE INDEX outbox_once ON outbox (game_id, once_key);
