// A player's seeding in a competition: their displayed rating (docs/ratings.md,
// mu - 3 sigma) in the pool of the competition's table size, to hundredths, as
// the tournament and league pages show it; a player never rated there has a
// newcomer's.
#pragma once

#include <cstdint>

#include "server/store/records.hpp"

namespace sp::server {

double seed_rating(Records& db, std::int64_t user_id, int table_players);

}  // namespace sp::server
