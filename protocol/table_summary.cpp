#include "protocol/table_summary.hpp"

#include "protocol/engine_json.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

json optional_json(const std::optional<std::int64_t>& value) { return value ? json(*value) : json(nullptr); }

json options_json(const std::variant<engine::TableOptions, std::string>& options) {
  if (const auto* live = std::get_if<engine::TableOptions>(&options)) return encode_options(*live);
  json stored = json::parse(std::get<std::string>(options), nullptr, false);
  if (const auto decoded = decode_options(stored)) return encode_options(*decoded);
  return stored;
}

}  // namespace

json encode_seat_summary(const SeatSummary& seat) {
  json out{{"seat", seat.seat},
           {"name", seat.name},
           {"controller", seat.controller},
           {"robot", seat.robot},
           {"timeouts", seat.timeouts}};
  if (seat.bot) out["bot"] = true;
  if (seat.robot_level) out["robot_level"] = *seat.robot_level;
  if (seat.robot_rating) out["robot_rating"] = *seat.robot_rating;
  return out;
}

json encode_deal(const PublicDeal& deal) {
  json contributions = json::array();
  for (const auto& [seat, contribution] : deal.contributions) {
    contributions.push_back(json{{"seat", seat}, {"contribution", contribution ? json(to_hex(*contribution)) : json(nullptr)}});
  }
  json out{{"scheme", deal.scheme}, {"commitment", deal.commitment}, {"contributions", contributions}};
  if (deal.round_contributions) {
    json round = json::array();
    for (const DealBytes& given : *deal.round_contributions) round.push_back(to_hex(given));
    out["round_contributions"] = std::move(round);
  }
  if (deal.secret) out["secret"] = to_hex(*deal.secret);
  return out;
}

json encode_table_summary(const TableSummary& s) {
  json seats = json::array();
  for (const SeatSummary& seat : s.seats) seats.push_back(encode_seat_summary(seat));
  json summary{{"id", s.id},
               {"name", s.name},
               {"status", s.status},
               {"players", s.players},
               {"seats", seats},
               {"options", options_json(s.options)},
               {"creator", s.creator},
               {"move_number", s.move_number},
               {"to_act", s.to_act},
               {"created_at", s.created_at}};
  summary["pace"] = json{{"move_deadline_hours", s.move_seconds ? json(*s.move_seconds / 3600) : json(nullptr)},
                         {"takeover_after", s.takeover_after ? json(*s.takeover_after) : json(nullptr)},
                         {"takeover_by", s.takeover_by},
                         {"floating_vacation", s.floating_vacation},
                         {"timeout_vote", s.timeout_vote}};
  if (s.time_bank) summary["pace"]["time_bank"] = encode(*s.time_bank);
  if (s.clocks) summary["clocks"] = encode(*s.clocks);
  summary["deadline_at"] = optional_json(s.deadline_at);
  summary["deadline_paused_left"] = optional_json(s.deadline_paused_left);
  if (s.deal) summary["deal"] = encode_deal(*s.deal);
  summary["private"] = s.is_private;
  if (s.abort_reason) summary["abort_reason"] = *s.abort_reason;
  if (s.stand_in_wait_seconds) summary["stand_in_wait_seconds"] = *s.stand_in_wait_seconds;
  if (s.tournament) {
    summary["tournament"] = json{{"id", s.tournament->id}, {"round", s.tournament->round}, {"table", s.tournament->table}};
  }
  if (s.league) {
    summary["league"] = json{{"id", s.league->id}, {"season", s.league->season}, {"division", s.league->division}};
  }
  return summary;
}

}  // namespace sp::protocol
