// A duplicate tournament's round deals (docs/fairness.md, "Duplicate deals"):
// each round's secret is drawn when the round before it starts (round 1's at
// the tournament's creation), so its commitment is public while the players
// contribute, and every table of the round is dealt from it.
#pragma once

#include <cstdint>
#include <vector>

#include "server/security/fair_deal.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// Draws round `round`'s deal unless one is drawn already.
void draw_round_deal(Records& db, std::int64_t tournament_id, int round, std::int64_t now);

// What the round's tables are dealt from: its secret and the contributions
// given before it started (drawn now if it never was: then none was given).
// REQUIRES: the round was claimed in this job (Records::start_round), so no
// contribution can come in after this read.
struct RoundDeal {
  DealSecret secret{};
  std::vector<Contribution> contributions;  // sorted bytewise
};
RoundDeal round_deal_at_start(Records& db, std::int64_t tournament_id, int round, std::int64_t now);

// The shared deal a table of that round holds.
SharedDeal shared_deal_of(const RoundDeal& deal);

}  // namespace sp::server
