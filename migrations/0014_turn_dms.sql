-- A player may ask to be told by direct message when it becomes their turn after they have
-- been away from the table (the channel then keeps editing one turn message instead of posting
-- a new one to ping them).
ALTER TABLE players ADD COLUMN turn_dm INTEGER NOT NULL DEFAULT 0;
