-- Each game's spectator page link (issue: a web page per game). `token` is the unguessable part
-- of the link; NULL once the host turned the page off, so a game whose link was turned off
-- stays off until its host makes a new one. Finished games keep their row, and so their page.
CREATE TABLE spectator_links (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    token      TEXT UNIQUE,
    updated_at TEXT NOT NULL
);
