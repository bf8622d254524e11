-- PostgreSQL twin of schema/0016_bot_accounts.sql.
-- Third-party bots (issue 33, docs/bots.md): an account flagged as a bot, by
-- an administrator or by its owner (for good: a flag its owner could drop
-- would let a bot's games leak into people's ratings). 1: a bot.
ALTER TABLE users ADD COLUMN is_bot BIGINT NOT NULL DEFAULT 0;

-- A table's term (table_terms, 0010): 1 lets bots' accounts sit at it. By
-- default a table is for people only, as lichess's games are unless they
-- invite bots. No row: people only.
ALTER TABLE table_terms ADD COLUMN bots_allowed BIGINT NOT NULL DEFAULT 0;
