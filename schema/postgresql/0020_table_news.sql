-- PostgreSQL twin of schema/0020_table_news.sql.
-- A node that follows a table for its watchers (docs/scaling.md, "Table
-- news") used to read the table's row, its seats and its new moves after
-- every write another node made: three queries and a transaction on its
-- store for each move. Now the write itself says what it wrote, in the
-- notification: the moves after the ones the table had, the status and the
-- clocks. A follower that has every move before those applies them without
-- reading anything.

-- The lease check no longer notifies: spb_table_news does, at the end of the
-- write, when what the write changed can be read.
CREATE OR REPLACE FUNCTION spb_check_lease(p_table BIGINT, p_node TEXT, p_epoch BIGINT) RETURNS void
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
END
$$;

-- NOTIFY spb_table with the table's news: a JSON object (server/table/
-- table_news.hpp reads it), or the table's id alone when the news would not
-- fit a notification (8000 bytes at most): the other nodes then read it.
-- Sent only if the write commits (and not if its job's savepoint is undone).
CREATE FUNCTION spb_table_news(p_table BIGINT, p_moves_before BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  news TEXT;
BEGIN
  SELECT json_build_object(
           'table', t.id, 'status', t.status,
           'deadline_at', t.deadline_at, 'deadline_left', t.deadline_left,
           'clock_seat', t.clock_seat, 'clock_since', t.clock_since,
           'seats', (SELECT coalesce(json_agg(json_build_array(s.seat, s.controller, s.timeouts, s.clock_left)
                                              ORDER BY s.seat), '[]')
                       FROM seats s WHERE s.table_id = t.id),
           'moves', (SELECT coalesce(json_agg(json_build_array(m.move_number, m.seat, m.action_json, m.state_hash,
                                                               m.created_at, m.actor) ORDER BY m.move_number), '[]')
                       FROM moves m WHERE m.table_id = t.id AND m.move_number > p_moves_before))::text
    INTO news
    FROM game_tables t WHERE t.id = p_table;
  IF news IS NULL OR octet_length(news) >= 8000 THEN
    news := p_table::text;
  END IF;
  PERFORM pg_notify('spb_table', news);
END
$$;
