-- The latest post of a game to one place (its channel, or one player's DMs) is read on every
-- recovery check and every /game status: through this index it costs the same however many
-- posts the game, or all games together, have made.
CREATE INDEX outbox_by_place ON outbox (game_id, recipient, id);
