-- Nothing to do on SQLite: its PostgreSQL twin (schema/postgresql/
-- 0020_table_news.sql) makes each write of a table tell the other nodes what
-- it wrote, and a single SQLite server has no other nodes. The migration
-- exists so that a schema version means the same schema in both backends.
SELECT 1;
