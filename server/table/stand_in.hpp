// Robot levels at a table (docs/robot.md "Levels on the site"): the rating of
// a level's account in a table's pool, and the level a robot plays at when it
// stands in for a person who ran out of time.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/robot_level.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// The pool the table's game is rated in (docs/ratings.md).
RatingPool pool_of(const TableRecord& table);

// The rating of `level`'s account in the table's pool; nothing: never rated.
std::optional<RatingRecord> robot_level_rating(Records& db, const TableRecord& table, engine::RobotLevel level);

// The displayed rating (docs/ratings.md) of a rating; nothing is a newcomer's.
double displayed(const std::optional<RatingRecord>& rating);

// The level whose account's displayed rating in the table's pool is nearest
// the person's there, the lower level on a tie; level 1 for a person never
// rated in that pool, who is rated as a newcomer.
engine::RobotLevel stand_in_level(Records& db, const TableRecord& table, std::int64_t user_id);

}  // namespace sp::server
