-- Work taken by one worker at a time, so that two processes can share one database: the outbox
-- posts a publisher is sending and the waits a due sweep is handling are marked with who took
-- them and until when (a lease). Rows whose lease is live are left alone by other workers; a
-- lease that ran out (its worker crashed or hung) is taken over. A finished post or wait gives
-- its lease back, so the index of claimed posts holds only the work under way (a claimed wait is
-- found through the due index like any other).
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until TEXT;
ALTER TABLE waits ADD COLUMN claimed_by TEXT;
ALTER TABLE waits ADD COLUMN lease_until TEXT;

CREATE INDEX outbox_claimed ON outbox (game_id, lease_until)
    WHERE claimed_by IS NOT NULL AND state IN ('pending', 'sending');
