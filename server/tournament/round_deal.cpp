#include "server/tournament/round_deal.hpp"

#include <algorithm>

namespace sp::server {

void draw_round_deal(Records& db, std::int64_t tournament_id, int round, std::int64_t now) {
  db.draw_tournament_deal(tournament_id, round, draw_deal_secret(), now);
}

RoundDeal round_deal_at_start(Records& db, std::int64_t tournament_id, int round, std::int64_t now) {
  draw_round_deal(db, tournament_id, round, now);
  for (const TournamentDealRecord& drawn : db.tournament_deals(tournament_id)) {
    if (drawn.round != round) continue;
    RoundDeal deal{drawn.secret, {}};
    for (const auto& given : drawn.contributions) deal.contributions.push_back(given.bytes);
    std::sort(deal.contributions.begin(), deal.contributions.end());
    return deal;
  }
  throw std::logic_error("tournament " + std::to_string(tournament_id) + ": round " + std::to_string(round) +
                         "'s deal was drawn but does not read back");
}

SharedDeal shared_deal_of(const RoundDeal& deal) { return SharedDeal{deal.contributions, true}; }

}  // namespace sp::server
