-- The record commands read only through indexes: a channel's latest game (`/game log`, `board`,
-- `since` and `export` also answer for a game that is over), a server's running games
-- (`/game list`) and the games in which one person owes a move (`/game mine`).
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_live_by_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active');
CREATE INDEX waits_by_user ON waits (user_id, game_id) WHERE seat >= 0;
