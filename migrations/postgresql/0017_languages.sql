-- PostgreSQL twin of ../0017_languages.sql.
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN client_locale TEXT;
