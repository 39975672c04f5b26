-- The language a person reads the bot in: the one they chose with /game me (NULL: follow their
-- Discord client), and the client's language as last seen, for the DMs sent while they are away.
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN client_locale TEXT;
