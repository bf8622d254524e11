#include "server/league/league_view.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "protocol/stored_text.hpp"
#include "server/league/league_season.hpp"

namespace sp::server {

namespace {

protocol::LeagueStage stage_of(const std::vector<LeagueSeasonRecord>& seasons) {
  if (seasons.empty()) return protocol::LeagueStage::kWaiting;
  return seasons.back().status == RoundStatus::kPlaying ? protocol::LeagueStage::kPlaying
                                                         : protocol::LeagueStage::kBetween;
}

// The players placed in the league's season being played; none between seasons.
std::set<std::int64_t> playing_now(Records& db, const LeagueRecord& l, protocol::LeagueStage stage) {
  std::set<std::int64_t> placed;
  if (stage != protocol::LeagueStage::kPlaying) return placed;
  for (const LeaguePlaceRecord& p : db.league_places(l.id, l.current_season)) placed.insert(p.user_id);
  return placed;
}

std::string table_status(const LeagueTableRecord& t, bool season_over) {
  if (t.table_id && t.status) return std::string(to_string(*t.status));
  return season_over ? "unplayed" : "waiting";
}

protocol::LeagueDivisionShown division_shown(int division, const SeasonRows& rows,
                                             const std::vector<tournament::StandingRow>& standings,
                                             const std::map<std::int64_t, std::string>& names, bool season_over) {
  protocol::LeagueDivisionShown shown;
  shown.division = division + 1;
  const auto name = [&](std::int64_t user) {
    const auto it = names.find(user);
    return it == names.end() ? std::string() : it->second;
  };
  std::map<std::int64_t, std::optional<tournament::Move>> moved;
  for (const LeaguePlaceRecord& p : rows.places) moved[p.user_id] = p.moved;
  for (const tournament::StandingRow& row : standings) {
    protocol::LeagueStandingShown s;
    s.rank = row.rank;
    s.name = name(row.player);
    s.points_half = row.points.value;
    s.games = row.games;
    s.game_points = row.game_points;
    s.rubles = row.rubles;
    s.schedule_strength_half = row.schedule_strength.value;
    s.byes = row.byes;
    if (const auto& move = moved[row.player]) s.moved = std::string(to_string(*move));
    shown.standings.push_back(std::move(s));
  }
  std::map<std::pair<std::int64_t, int>, int> places;  // (table, seat) -> place
  for (const LeagueResultRecord& r : rows.results) places[{r.seat.table_id, r.seat.seat}] = r.seat.place;
  for (const LeagueTableRecord& t : rows.tables) {
    if (t.division != division) continue;
    protocol::LeagueTableShown table;
    table.round = t.round;
    table.number = t.number;
    table.status = table_status(t, season_over);
    table.table = t.table_id;
    table.deadline_at = t.deadline_at;
    for (std::size_t seat = 0; seat < t.seats.size(); ++seat) {
      table.seats.push_back(name(t.seats[seat]));
      if (t.table_id && t.status == TableStatus::kFinished) {
        const auto place = places.find({*t.table_id, static_cast<int>(seat)});
        table.places.push_back(place == places.end() ? std::nullopt : std::optional<int>(place->second));
      }
    }
    shown.tables.push_back(std::move(table));
  }
  for (const LeagueByeRecord& b : rows.byes) {
    if (b.division == division) shown.byes.push_back({b.round, name(b.user_id)});
  }
  return shown;
}

}  // namespace

namespace {

// What the summary reads besides the league's row, read once per answer.
struct LeagueNow {
  std::vector<LeagueSeasonRecord> seasons;
  protocol::LeagueStage stage = protocol::LeagueStage::kWaiting;
  std::vector<LeaguePlayerRecord> players;  // read only when needed
  std::set<std::int64_t> placed;            // the players of the season being played
};

LeagueNow read_now(Records& db, const LeagueRecord& l, bool with_players) {
  LeagueNow now;
  now.seasons = db.league_seasons(l.id);
  now.stage = stage_of(now.seasons);
  if (!with_players) return now;
  now.players = db.league_players(l.id);
  now.placed = playing_now(db, l, now.stage);
  return now;
}

protocol::LeagueSummary summary_of(const LeagueRecord& l, const LeagueNow& now, std::optional<std::int64_t> asker) {
  protocol::LeagueSummary s;
  s.id = l.id;
  s.name = l.name;
  s.creator = l.creator_name;
  if (const auto tables = protocol::decode_stored_table_request(l.table_request)) s.table = *tables;
  s.division_size = l.rules.division_size;
  s.promoted = l.rules.promoted;
  s.newcomers = l.rules.newcomers == tournament::NewcomerPlacement::kByRating ? protocol::LeagueNewcomers::kByRating
                                                                              : protocol::LeagueNewcomers::kBottom;
  s.tables_at_once = l.rules.tables_at_once;
  s.meetings = l.rules.meetings;
  s.season_days = l.season_days;
  s.season = l.current_season;
  s.stage = now.stage;
  if (s.stage != protocol::LeagueStage::kPlaying) s.next_season_at = l.next_season_at;
  s.players = l.players;
  if (asker) {
    const auto mine = std::find_if(now.players.begin(), now.players.end(),
                                   [&](const auto& p) { return p.user_id == *asker; });
    s.you_joined = mine != now.players.end() && !mine->left_at;
    s.you_leaving = mine != now.players.end() && mine->left_at && now.placed.count(*asker) > 0;
  }
  s.created_at = l.created_at;
  return s;
}

}  // namespace

protocol::LeagueSummary league_summary(Records& db, const LeagueRecord& l, std::optional<std::int64_t> asker) {
  return summary_of(l, read_now(db, l, asker.has_value()), asker);
}

protocol::LeagueView league_view(Records& db, const LeagueRecord& l, std::optional<int> season,
                                 std::optional<std::int64_t> asker) {
  protocol::LeagueView view;
  const LeagueNow now = read_now(db, l, true);
  view.summary = summary_of(l, now, asker);
  for (const LeaguePlayerRecord& p : now.players) {
    if (!p.left_at && !now.placed.count(p.user_id)) view.joining.push_back(p.name);
    if (p.left_at && now.placed.count(p.user_id)) view.leaving.push_back(p.name);
  }
  const int shown_season = season.value_or(l.current_season);
  const auto record = std::find_if(now.seasons.begin(), now.seasons.end(),
                                   [&](const auto& s) { return s.season == shown_season; });
  if (record == now.seasons.end()) return view;
  const SeasonRows rows = read_season(db, l.id, shown_season);
  std::map<std::int64_t, std::string> names;
  for (const LeaguePlaceRecord& p : rows.places) names[p.user_id] = p.name;
  protocol::LeagueView::Season shown;
  shown.season = record->season;
  shown.status = std::string(to_string(record->status));
  shown.started_at = record->started_at;
  shown.finish_by = record->finish_by;
  shown.finished_at = record->finished_at;
  const bool over = record->status == RoundStatus::kFinished;
  const auto standings = division_standings(rows, l.rules);
  for (std::size_t d = 0; d < standings.size(); ++d) {
    shown.divisions.push_back(division_shown(static_cast<int>(d), rows, standings[d], names, over));
  }
  view.season = std::move(shown);
  return view;
}

}  // namespace sp::server
