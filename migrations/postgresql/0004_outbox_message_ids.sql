-- PostgreSQL twin of ../0004_outbox_message_ids.sql.
ALTER TABLE outbox ADD COLUMN message_ids JSONB NOT NULL DEFAULT '[]';
