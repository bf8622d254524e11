-- PostgreSQL twin of schema/0009_private_tables.sql (same tables and columns; BIGINT for
-- SQLite's 64-bit INTEGER).
-- Private tables (issue 21): kept out of the public lobby; only invited users
-- or holders of the table's code may join. NULL: a public table. The code is
-- random and shown only to the table's seated players (and in its link).
ALTER TABLE game_tables ADD COLUMN invite_code TEXT;
