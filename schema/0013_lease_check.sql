-- Nothing to do on SQLite: its PostgreSQL twin (schema/postgresql/
-- 0013_lease_check.sql) adds the function that checks a table's lease inside
-- each write, and a single SQLite server holds no leases. The migration
-- exists so that a schema version means the same schema in both backends.
SELECT 1;
