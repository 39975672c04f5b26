-- A post that must go out at most once whoever writes it: a reminder, the host told that a
-- limit passed. Two processes' sweeps that take the same wait (one's lease ran out while it
-- worked, or a move elsewhere gave the wait back) both compose the post under the same key;
-- the second insert is refused by this index, and that sweep's whole write is dropped.
-- Posts without a key (NULL) are never refused.
ALTER TABLE outbox ADD COLUMN once_key TEXT;

CREATE UNIQUE INDEX outbox_once ON outbox (game_id, once_key);
