-- Games set up by /game import rather than started from a lobby. While such a game runs it
-- counts against its host's and its server's caps together with their open lobbies
-- (LOBBIES_PER_USER, LOBBIES_PER_SERVER), so imports cannot hold more tables than lobbies may.
ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;

CREATE INDEX games_imports_by_host ON games (host_id) WHERE status = 'active' AND imported = 1;
CREATE INDEX games_imports_by_guild ON games (guild_id) WHERE status = 'active' AND imported = 1;
