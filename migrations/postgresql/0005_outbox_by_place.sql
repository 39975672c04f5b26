-- PostgreSQL twin of ../0005_outbox_by_place.sql.
CREATE INDEX outbox_by_place ON outbox (game_id, recipient, id);
