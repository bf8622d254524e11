-- Time banks and the seats' clocks (issue 35, docs/correspondence.md "Pace").

-- A table's Fischer time bank (seconds): each seat starts with the initial
-- time, and each of its moves adds the increment, up to the cap. NULL: the
-- table's pace is its move deadline (move_seconds), or none.
ALTER TABLE game_tables ADD COLUMN bank_initial INTEGER;
ALTER TABLE game_tables ADD COLUMN bank_increment INTEGER;
ALTER TABLE game_tables ADD COLUMN bank_cap INTEGER;

-- The seat whose clock runs and since when (unix seconds); NULL: no clock
-- runs. deadline_at stays the moment it runs out, as server/clock computes it.
ALTER TABLE game_tables ADD COLUMN clock_seat INTEGER;
ALTER TABLE game_tables ADD COLUMN clock_since INTEGER;

-- A seat's time left (seconds) when its clock last stopped, or, while it
-- runs, when it started. NULL: the table's starting time.
ALTER TABLE seats ADD COLUMN clock_left INTEGER;

-- Deadlines running or paused before this migration become the same clocks.
UPDATE game_tables
   SET clock_seat = (SELECT s.seat FROM seats s WHERE s.table_id = game_tables.id AND s.user_id = game_tables.waiting_user_id),
       clock_since = deadline_at - move_seconds
 WHERE deadline_at IS NOT NULL AND move_seconds IS NOT NULL;
UPDATE seats
   SET clock_left = (SELECT t.deadline_left FROM game_tables t WHERE t.id = seats.table_id)
 WHERE EXISTS (SELECT 1 FROM game_tables t
                WHERE t.id = seats.table_id AND t.deadline_left IS NOT NULL AND t.waiting_user_id = seats.user_id);
