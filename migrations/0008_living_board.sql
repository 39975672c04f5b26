-- One living message per turn: the game's current turn message, edited in place while the same
-- players must act (its id, the narration it shows and who it shows acting), and the display
-- name of each player as they last showed it to the bot, for the board's seat labels.
ALTER TABLE games ADD COLUMN living TEXT;
ALTER TABLE games ADD COLUMN player_names TEXT NOT NULL DEFAULT '{}';
