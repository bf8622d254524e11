#include "protocol/league_results.hpp"

#include "protocol/half_points_json.hpp"
#include "protocol/request_codecs.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string_view to_string(LeagueStage stage) {
  switch (stage) {
    case LeagueStage::kWaiting:
      return "waiting";
    case LeagueStage::kPlaying:
      return "playing";
    case LeagueStage::kBetween:
      return "between";
  }
  return "waiting";
}

namespace {

json encode_standing(const LeagueStandingShown& s) {
  json out{{"rank", s.rank},
           {"name", s.name},
           {"points", half_points_json(s.points_half)},
           {"games", s.games},
           {"game_points", s.game_points},
           {"rubles", s.rubles},
           {"schedule_strength", half_points_json(s.schedule_strength_half)},
           {"byes", s.byes}};
  if (s.moved) out["moved"] = *s.moved;
  return out;
}

json encode_table(const LeagueTableShown& t) {
  json out{{"round", t.round}, {"number", t.number}, {"status", t.status}, {"seats", t.seats}};
  if (t.table) out["table"] = *t.table;
  if (t.deadline_at) out["deadline_at"] = *t.deadline_at;
  if (!t.places.empty()) out["places"] = places_json(t.places);
  return out;
}

json encode_division(const LeagueDivisionShown& d) {
  json standings = json::array();
  for (const auto& s : d.standings) standings.push_back(encode_standing(s));
  json tables = json::array();
  for (const auto& t : d.tables) tables.push_back(encode_table(t));
  json byes = json::array();
  for (const auto& b : d.byes) byes.push_back({{"round", b.round}, {"name", b.name}});
  return json{{"division", d.division},
              {"standings", std::move(standings)},
              {"tables", std::move(tables)},
              {"byes", std::move(byes)}};
}

}  // namespace

json encode_league_summary(const LeagueSummary& s) {
  json out{{"id", s.id}, {"name", s.name}, {"creator", s.creator}};
  put_competition_table(s.table, out);
  out["division_size"] = s.division_size;
  out["promoted"] = s.promoted;
  out["newcomers"] = to_string(s.newcomers);
  out["tables_at_once"] = s.tables_at_once;
  out["meetings"] = s.meetings;
  out["season_days"] = s.season_days;
  out["season"] = s.season;
  out["stage"] = to_string(s.stage);
  if (s.next_season_at) out["next_season_at"] = *s.next_season_at;
  out["players"] = s.players;
  if (s.you_joined) out["you_joined"] = *s.you_joined;
  if (s.you_leaving) out["you_leaving"] = *s.you_leaving;
  out["created_at"] = s.created_at;
  return out;
}

std::string encode_data(const LeagueSummary& data) { return json{{"league", encode_league_summary(data)}}.dump(); }

std::string encode_data(const LeagueView& data) {
  json out{{"league", encode_league_summary(data.summary)}};
  if (data.season) {
    const LeagueView::Season& s = *data.season;
    json divisions = json::array();
    for (const auto& d : s.divisions) divisions.push_back(encode_division(d));
    json season{{"season", s.season}, {"status", s.status}, {"started_at", s.started_at}, {"finish_by", s.finish_by}};
    if (s.finished_at) season["finished_at"] = *s.finished_at;
    season["divisions"] = std::move(divisions);
    out["season"] = std::move(season);
  }
  out["joining"] = data.joining;
  out["leaving"] = data.leaving;
  return out.dump();
}

std::string encode_data(const LeagueList& data) {
  json list = json::array();
  for (const LeagueSummary& s : data.leagues) list.push_back(encode_league_summary(s));
  return json{{"leagues", std::move(list)}}.dump();
}

}  // namespace sp::protocol
