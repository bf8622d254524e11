#include "protocol/tournament_results.hpp"

#include "protocol/engine_json.hpp"
#include "protocol/half_points_json.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

json encode_entry(const TournamentEntry& entry) {
  json out = json::object();
  if (entry.min_rating) out["min_rating"] = *entry.min_rating;
  if (entry.max_timeout_rate) out["max_timeout_rate"] = *entry.max_timeout_rate;
  out["invitation_only"] = entry.invitation_only;
  return out;
}

json encode_player(const TournamentPlayerShown& p) {
  json out{{"name", p.name}};
  if (p.seed_rating) out["seed_rating"] = *p.seed_rating;
  if (p.left) out["left"] = *p.left;
  if (p.left_reason) out["left_reason"] = *p.left_reason;
  return out;
}

json encode_table(const TournamentTableShown& t) {
  json out{{"table", t.table}, {"number", t.number}, {"status", t.status}, {"seats", t.seats}};
  if (t.deadline_at) out["deadline_at"] = *t.deadline_at;
  if (!t.places.empty()) out["places"] = places_json(t.places);
  return out;
}

json encode_round(const TournamentRoundShown& r) {
  json tables = json::array();
  for (const TournamentTableShown& t : r.tables) tables.push_back(encode_table(t));
  json out{{"round", r.round}, {"status", r.status}, {"started_at", r.started_at}};
  if (r.finished_at) out["finished_at"] = *r.finished_at;
  out["tables"] = std::move(tables);
  out["byes"] = r.byes;
  return out;
}

json encode_deal(const RoundDealShown& d) {
  json given = json::array();
  for (const auto& c : d.contributions) given.push_back({{"player", c.player}, {"contribution", c.contribution}});
  json out{{"round", d.round}, {"commitment", d.commitment}, {"contributions", std::move(given)}, {"open", d.open}};
  if (d.secret) out["secret"] = *d.secret;
  return out;
}

json encode_standing(const StandingShown& s) {
  json out{{"rank", s.rank},
           {"name", s.name},
           {"points", half_points_json(s.points_half)},
           {"games", s.games},
           {"game_points", s.game_points},
           {"rubles", s.rubles},
           {"schedule_strength", half_points_json(s.schedule_strength_half)}};
  if (s.matchpoints_half) out["matchpoints"] = half_points_json(*s.matchpoints_half);
  out["byes"] = s.byes;
  out["left"] = s.left;
  return out;
}

}  // namespace

json encode_tournament_summary(const TournamentSummary& s) {
  json out{{"id", s.id},
           {"name", s.name},
           {"creator", s.creator},
           {"status", to_string(s.status)},
           {"format", to_string(s.format)},
           {"rounds", s.rounds},
           {"current_round", s.current_round},
           {"table_players", s.table_players},
           {"options", encode_options(s.options)}};
  // As a table summary's pace; a tournament's tables spend no floating vacation days.
  out["pace"] = json{{"move_deadline_hours", s.move_seconds ? json(*s.move_seconds / 3600) : json(nullptr)},
                     {"takeover_after", s.takeover_after ? json(*s.takeover_after) : json(nullptr)},
                     {"takeover_by", s.takeover_by},
                     {"floating_vacation", false},
                     {"timeout_vote", s.timeout_vote}};
  if (s.time_bank) out["pace"]["time_bank"] = encode(*s.time_bank);
  out["rated"] = s.rated;
  out["duplicate"] = s.duplicate;
  if (s.group_size) out["group_size"] = *s.group_size;
  if (s.advance) out["advance"] = *s.advance;
  out["registration_closes_at"] = s.registration_closes_at;
  out["starts_at"] = s.starts_at;
  if (s.finish_by) out["finish_by"] = *s.finish_by;
  if (s.projected_finish) out["projected_finish"] = *s.projected_finish;
  out["registered"] = s.registered;
  if (s.max_players) out["max_players"] = *s.max_players;
  out["entry"] = encode_entry(s.entry);
  if (s.you_registered) out["you_registered"] = *s.you_registered;
  out["created_at"] = s.created_at;
  return out;
}

std::string encode_data(const TournamentSummary& data) {
  return json{{"tournament", encode_tournament_summary(data)}}.dump();
}

std::string encode_data(const TournamentView& data) {
  json players = json::array();
  for (const TournamentPlayerShown& p : data.players) players.push_back(encode_player(p));
  json rounds = json::array();
  for (const TournamentRoundShown& r : data.rounds) rounds.push_back(encode_round(r));
  json standings = json::array();
  for (const StandingShown& s : data.standings) standings.push_back(encode_standing(s));
  json out{{"tournament", encode_tournament_summary(data.summary)},
           {"players", std::move(players)},
           {"rounds", std::move(rounds)},
           {"standings", std::move(standings)}};
  if (data.summary.entry.invitation_only) out["invited"] = data.invited;
  if (data.summary.duplicate) {
    json deals = json::array();
    for (const RoundDealShown& d : data.deals) deals.push_back(encode_deal(d));
    out["deals"] = std::move(deals);
  }
  return out.dump();
}

std::string encode_data(const DealContributed& data) {
  return json{{"tournament", data.tournament}, {"deal", encode_deal(data.deal)}}.dump();
}

std::string encode_data(const TournamentList& data) {
  json list = json::array();
  for (const TournamentSummary& s : data.tournaments) list.push_back(encode_tournament_summary(s));
  return json{{"tournaments", std::move(list)}}.dump();
}

}  // namespace sp::protocol
