-- PostgreSQL twin of schema/0017_robot_levels.sql.
-- Robot levels on the site (issue 33, docs/robot.md "Levels on the site").

-- The level (1 to 3, engine/robot_level.hpp) a robot plays a seat at: a
-- robot's own seat's, chosen at the table's creation, or the stand-in's of a
-- person's seat taken over by a robot. NULL: no robot plays the seat.
ALTER TABLE seats ADD COLUMN robot_level BIGINT;

-- A level's rating identity (docs/ratings.md "Robots"): one account a level,
-- "Robot level 1" to "Robot level 3", is_robot = 1. Its rating in a table's
-- pool is shown at the level's seats and chooses a stand-in's level. NULL:
-- not a level's account.
ALTER TABLE users ADD COLUMN robot_level BIGINT;
