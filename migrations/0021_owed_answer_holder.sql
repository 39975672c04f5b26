-- The process working on each owed answer (its hold on the database, `bot_lease.holder`). Where
-- several processes share the database, one that restarts claims only the answers of processes
-- whose hold is gone: another live process is still working on its own. NULL (rows written
-- before this, or by a process without a hold) is claimed as before, by the next run.
ALTER TABLE owed_answers ADD COLUMN holder TEXT;
