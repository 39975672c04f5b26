-- PostgreSQL twin of ../0010_outbox_pruning.sql.
ALTER TABLE outbox ADD COLUMN delivered_at TIMESTAMPTZ;

CREATE INDEX outbox_prune_due ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;

UPDATE outbox SET delivered_at = date_trunc('second', now())
    WHERE state IN ('sent', 'undeliverable') AND (pieces IS NOT NULL OR recipient IS NOT NULL);
