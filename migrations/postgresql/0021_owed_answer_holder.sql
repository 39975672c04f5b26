-- PostgreSQL twin of ../0021_owed_answer_holder.sql.
ALTER TABLE owed_answers ADD COLUMN holder TEXT;
