// contribute_deal: a registered player's share of a duplicate round's deal
// (docs/fairness.md, "Duplicate deals"), taken until the round starts. The
// store holds the tournament's row while it adds it (Records::
// add_deal_contribution), so a contribution is either in the deal the round
// starts with or refused deal_closed, on any number of nodes.
#include <algorithm>

#include "protocol/tournament_results.hpp"
#include "server/requests/request.hpp"
#include "server/tournament/tournament_view.hpp"

namespace sp::server {

using protocol::ErrorCode;

void on_contribute_deal(const Request& r, const protocol::client::ContributeDeal& c) {
  store_job(r, [c, user = *r.state().user_id, now = r.services.correspondence.clock.now()](Records& db) {
    const auto t = db.load_tournament(c.tournament);
    if (!t) return Reply::error(ErrorCode::kNoSuchTournament, "There is no tournament " + std::to_string(c.tournament) + ".");
    const std::string round = "round " + std::to_string(c.round) + " of " + t->name;
    if (!t->duplicate) {
      return Reply::error(ErrorCode::kDealClosed, t->name + " is not played with duplicate deals: its tables are dealt "
                                                            "as any table is, and take their players' contributions there.");
    }
    const auto players = db.tournament_players(t->id);
    if (std::none_of(players.begin(), players.end(),
                     [user](const TournamentPlayerRecord& p) { return p.user_id == user && !p.left_at; })) {
      return Reply::error(ErrorCode::kNotRegistered, "Only " + t->name + "'s players contribute to its deals.");
    }
    switch (db.add_deal_contribution(t->id, c.round, user, c.contribution, now)) {
      case ContributionOutcome::kAdded: break;
      case ContributionOutcome::kAlreadyGiven:
        return Reply::error(ErrorCode::kAlreadyContributed, "You have contributed to the deal of " + round + " already.");
      case ContributionOutcome::kClosed:
        return Reply::error(ErrorCode::kDealClosed,
                            c.round <= t->current_round
                                ? "The deal of " + round + " takes no more contributions: the round has started."
                                : "The deal of " + round + " is not drawn yet: it is drawn when the round before it starts.");
    }
    for (protocol::RoundDealShown& deal : round_deals_shown(db, *t)) {
      if (deal.round == c.round) return Reply::result(protocol::encode_data(protocol::DealContributed{t->id, std::move(deal)}));
    }
    throw std::logic_error("a contribution was added to a deal that does not read back");
  });
}

}  // namespace sp::server
