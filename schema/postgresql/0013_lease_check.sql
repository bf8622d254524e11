-- PostgreSQL only; schema/0013_lease_check.sql is its SQLite twin, which has
-- nothing to do (a single SQLite server holds no leases).
-- The fencing check of every write of a table (docs/scaling.md, "Fencing")
-- as a function that fails, rather than a query that returns no row: the
-- store sends it down libpq's pipeline with the write's other statements
-- without waiting for its answer, and a failure is what comes back from a
-- pipeline (pg_connection.hpp). SQLSTATE SPB01 names a lost lease; the store
-- reports it as LeaseLost, not as a database failure.
CREATE FUNCTION spb_check_lease(p_table BIGINT, p_node TEXT, p_epoch BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE until the transaction ends: a node taking the table (an
  -- UPDATE of this row) waits for this write, and then loads it.
  -- clock_timestamp(), not now(): now() is when the transaction began.
  PERFORM 1 FROM table_leases
   WHERE table_id = p_table AND node = p_node AND epoch = p_epoch
     AND expires_at_ms > (extract(epoch FROM clock_timestamp()) * 1000)::bigint
     FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'table %: the lease of epoch % is no longer %''s', p_table, p_epoch, p_node
      USING ERRCODE = 'SPB01';
  END IF;
  -- Sent only if the write commits (and not if its job's savepoint is undone).
  PERFORM pg_notify('spb_table', p_table::text);
END
$$;
