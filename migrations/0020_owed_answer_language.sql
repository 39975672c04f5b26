-- The language the asker reads (their /game me choice, else their Discord client's, as seen when
-- the command came in), kept with the answer owed to them: a bot restarted after a crash tells
-- them what became of their command in their own words. NULL (rows written before this) reads
-- English.
ALTER TABLE owed_answers ADD COLUMN language TEXT;
