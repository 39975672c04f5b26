-- PostgreSQL twin of ../0013_leases.sql. Claims select the rows they take with
-- FOR UPDATE SKIP LOCKED, so two processes claiming at once pass over each other's rows.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until TIMESTAMPTZ;
ALTER TABLE waits ADD COLUMN claimed_by TEXT;
ALTER TABLE waits ADD COLUMN lease_until TIMESTAMPTZ;

CREATE INDEX outbox_claimed ON outbox (game_id, lease_until)
    WHERE claimed_by IS NOT NULL AND state IN ('pending', 'sending');
