#include "server/table/stand_in.hpp"

#include <algorithm>
#include <cmath>

#include "server/ratings/plackett_luce.hpp"

namespace sp::server {

RatingPool pool_of(const TableRecord& table) {
  const bool bot_seated = std::any_of(table.seats.begin(), table.seats.end(), [](const SeatRecord& s) { return s.bot; });
  return pool_for(table.player_count, bot_seated);
}

std::optional<RatingRecord> robot_level_rating(Records& db, const TableRecord& table, engine::RobotLevel level) {
  return db.rating_of(db.robot_level_user(level), pool_of(table));
}

double displayed(const std::optional<RatingRecord>& rating) {
  const ratings::Rating r = rating ? ratings::Rating{rating->mu, rating->sigma} : ratings::newcomer();
  return std::round(ratings::conservative(r) * 100.0) / 100.0 + 0.0;
}

engine::RobotLevel stand_in_level(Records& db, const TableRecord& table, std::int64_t user_id) {
  const auto person = db.rating_of(user_id, pool_of(table));
  if (!person) return engine::RobotLevel::kWorth;
  const double rating = displayed(person);
  engine::RobotLevel nearest = engine::RobotLevel::kWorth;
  double distance = std::fabs(displayed(robot_level_rating(db, table, nearest)) - rating);
  for (const engine::RobotLevel level : {engine::RobotLevel::kQuickSearch, engine::RobotLevel::kDeepSearch}) {
    const double d = std::fabs(displayed(robot_level_rating(db, table, level)) - rating);
    if (d < distance) {
      nearest = level;
      distance = d;
    }
  }
  return nearest;
}

}  // namespace sp::server
