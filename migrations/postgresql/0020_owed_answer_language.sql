-- PostgreSQL twin of ../0020_owed_answer_language.sql.
ALTER TABLE owed_answers ADD COLUMN language TEXT;
