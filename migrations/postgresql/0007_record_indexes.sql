-- PostgreSQL twin of ../0007_record_indexes.sql.
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_live_by_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active');
CREATE INDEX waits_by_user ON waits (user_id, game_id) WHERE seat >= 0;
