#include "protocol/notice_details.hpp"

#include "protocol/standing_order_json.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

json encode(std::monostate) { return json::object(); }

json encode(const YourTurnDetails& d) { return json{{"move_number", d.move_number}}; }

json encode(const TimedOutDetails& d) {
  json out{{"seat", d.seat}, {"name", d.name}, {"timeouts", d.timeouts}, {"controller", d.controller}};
  if (d.reclaim) out["reclaim"] = true;
  return out;
}

json encode(const GameEndedDetails& d) { return json{{"place", d.place}, {"points", d.points}}; }

json encode(const DeadlineNearDetails& d) { return json{{"hours", d.hours}, {"deadline_at", d.deadline_at}}; }

json encode(const ChatMentionDetails& d) { return json{{"from", d.from}}; }

json encode(const OrdersLapsedDetails& d) { return json{{"lapsed", encode_orders(d.lapsed)}}; }

json encode(const InvitedDetails& d) { return json{{"from", d.from}}; }

json encode(const VacationDaySpentDetails& d) { return json{{"ends_at", d.ends_at}, {"days_left", d.days_left}}; }

json encode(const LateVoteDetails& d) { return json{{"seat", d.seat}, {"name", d.name}, {"expires_at", d.expires_at}}; }

json encode(const TournamentRoundDetails& d) {
  json out{{"tournament", d.tournament}, {"tournament_name", d.tournament_name}, {"round", d.round}};
  if (d.table) out["table"] = *d.table;
  return out;
}

json encode(const TournamentRegistrationClosingDetails& d) {
  return json{{"tournament", d.tournament}, {"tournament_name", d.tournament_name}, {"closes_at", d.closes_at}};
}

json encode(const TournamentFinishedDetails& d) {
  return json{{"tournament", d.tournament}, {"tournament_name", d.tournament_name}, {"rank", d.rank}, {"players", d.players}};
}

json encode(const TournamentInvitedDetails& d) {
  return json{{"tournament", d.tournament}, {"tournament_name", d.tournament_name}, {"from", d.from}};
}

json encode(const LeagueSeasonDetails& d) {
  return json{{"league", d.league}, {"league_name", d.league_name}, {"season", d.season}, {"division", d.division}};
}

json encode(const LeagueTableDetails& d) {
  return json{{"league", d.league}, {"league_name", d.league_name}, {"season", d.season}, {"table", d.table}};
}

json encode(const LeagueSeasonFinishedDetails& d) {
  return json{{"league", d.league},     {"league_name", d.league_name}, {"season", d.season},
              {"division", d.division}, {"rank", d.rank},               {"players", d.players},
              {"moved", d.moved}};
}

}  // namespace

json encode_details(const NoticeDetails& details) {
  return std::visit([](const auto& d) { return encode(d); }, details);
}

}  // namespace sp::protocol
