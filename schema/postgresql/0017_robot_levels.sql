-- PostgreSQL twin of schema/0017_robot_levels.sql.
-- Robot levels on the site (issue 33, docs/robot.md "Levels on the site").

-- The level (1 to 3, engine/robot_level.hpp) a robot plays a seat at: a
-- robot's own seat's, chosen at the table's creation, or the stand-in's of a
-- person's seat taken over by a robot. NULL: no robot plays the seat.
ALTER TABLE seats ADD COLUMN robot_level BIGINT;

-- A level's rating identity (docs/ratings.md "Robots"): one account a level,
-- "Robot level 1" to "Robot level 3", is_robot = 1. Its ratings move with
-- the rated games its level's seats play and with `spb admin calibrate-robots`.
-- NULL: not a level's account.
ALTER TABLE users ADD COLUMN robot_level BIGINT;

-- The level a robot's own seat played at in a finished game, so that
-- `spb admin ratings` knows which level's rating it entered with. NULL: a
-- person's seat, or a robot seat of a game finished before levels.
ALTER TABLE game_results ADD COLUMN robot_level BIGINT;
