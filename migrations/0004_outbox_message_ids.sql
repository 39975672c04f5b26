-- The Discord messages each post became, so a message of unknown fate is looked for only after
-- the last one known to have gone out, never confused with an earlier post that read the same.
ALTER TABLE outbox ADD COLUMN message_ids TEXT NOT NULL DEFAULT '[]';
