// The ratings computed again (docs/ratings.md): every finished game's places
// replayed from its log, the rated seats and places chosen again, and the
// Weng-Lin update run over the games in the order they finished, from
// newcomers (a robot level's account from the starting point calibrate-robots
// --from-history --apply logged for it); each stored result's before and
// after and each account's stored rating must come out the same.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/store/records.hpp"

namespace sp::server {

struct RatingsCheck {
  std::int64_t games = 0;    // finished games with results
  std::int64_t rated = 0;    // of those, rated
  std::vector<std::string> problems;  // one sentence each; empty: the ratings agree
};

RatingsCheck check_ratings(Records& db);

}  // namespace sp::server
