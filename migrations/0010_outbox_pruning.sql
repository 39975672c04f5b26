-- Delivered posts are trimmed once they are old enough that nothing can still need their
-- composed messages: `delivered_at` is when a post was sent (or given up as undeliverable),
-- and is cleared when pruning has trimmed it, so the index holds only the work still due.
-- The channel's posts stay as the game's record, without their composed messages; a player's
-- DMs go, all but the latest one sent to each player, which publication still reads.
ALTER TABLE outbox ADD COLUMN delivered_at TEXT;

CREATE INDEX outbox_prune_due ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;

-- Posts delivered before this column existed are trimmed by the first sweeps after the safe
-- delay, counted from now; imported narration has nothing to trim.
UPDATE outbox SET delivered_at = strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
    WHERE state IN ('sent', 'undeliverable') AND (pieces IS NOT NULL OR recipient IS NOT NULL);
