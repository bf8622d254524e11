// The records' leagues: the league, its players, each season's divisions,
// schedule and byes, and its tables' results as the standings read them
// (sql_records.hpp; schema/0027_leagues.sql).
#include <charconv>

#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {

namespace {

constexpr const char* kLeagueColumns =
    "l.id, l.name, l.creator_id, u.name, l.table_request, l.division_size, l.table_players, l.promoted, l.newcomers, "
    "l.tables_at_once, l.meetings, l.season_days, l.current_season, l.next_season_at, l.created_at, "
    "(SELECT count(*) FROM league_players p WHERE p.league_id = l.id AND p.left_at IS NULL) "
    "FROM leagues l JOIN users u ON u.id = l.creator_id ";

LeagueRecord read_league(const auto& s) {
  LeagueRecord l;
  l.id = s.column_int(0);
  l.name = s.column_text(1);
  l.creator_id = s.column_int(2);
  l.creator_name = s.column_text(3);
  l.table_request = s.column_text(4);
  l.rules.division_size = static_cast<int>(s.column_int(5));
  l.rules.table_size = static_cast<int>(s.column_int(6));
  l.rules.promoted = static_cast<int>(s.column_int(7));
  l.rules.newcomers = parse_newcomer_placement(s.column_text(8)).value_or(tournament::NewcomerPlacement::kBottom);
  l.rules.tables_at_once = static_cast<int>(s.column_int(9));
  l.rules.meetings = static_cast<int>(s.column_int(10));
  l.season_days = static_cast<int>(s.column_int(11));
  l.current_season = static_cast<int>(s.column_int(12));
  l.next_season_at = s.column_int(13);
  l.created_at = s.column_int(14);
  l.players = static_cast<int>(s.column_int(15));
  return l;
}

std::string seats_text(const std::vector<std::int64_t>& seats) {
  std::string text;
  for (std::int64_t user : seats) {
    if (!text.empty()) text += ',';
    text += std::to_string(user);
  }
  return text;
}

std::vector<std::int64_t> read_seats(const std::string& text) {
  std::vector<std::int64_t> seats;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    std::int64_t user = 0;
    std::from_chars(text.data() + at, text.data() + comma, user);
    seats.push_back(user);
    at = comma + 1;
  }
  return seats;
}

}  // namespace

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_league(const LeagueRecord& l) {
  auto s = db_.prepare(
      "INSERT INTO leagues (name, creator_id, table_request, division_size, table_players, promoted, newcomers, "
      "tables_at_once, meetings, season_days, current_season, next_season_at, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id");
  s.bind(1, l.name)
      .bind(2, l.creator_id)
      .bind(3, l.table_request)
      .bind(4, static_cast<std::int64_t>(l.rules.division_size))
      .bind(5, static_cast<std::int64_t>(l.rules.table_size))
      .bind(6, static_cast<std::int64_t>(l.rules.promoted))
      .bind(7, to_string(l.rules.newcomers))
      .bind(8, static_cast<std::int64_t>(l.rules.tables_at_once))
      .bind(9, static_cast<std::int64_t>(l.rules.meetings))
      .bind(10, static_cast<std::int64_t>(l.season_days))
      .bind(11, l.next_season_at)
      .bind(12, l.created_at);
  return s.returned_id();
}

template <NodePolicy Nodes>
std::optional<LeagueRecord> SqlRecords<Nodes>::load_league(std::int64_t id) {
  auto s = db_.prepare(std::string("SELECT ") + kLeagueColumns + "WHERE l.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_league(s);
}

template <NodePolicy Nodes>
std::vector<LeagueRecord> SqlRecords<Nodes>::list_leagues(int limit) {
  auto s = db_.prepare(std::string("SELECT ") + kLeagueColumns + "ORDER BY l.id DESC LIMIT ?");
  s.bind(1, static_cast<std::int64_t>(limit));
  std::vector<LeagueRecord> out;
  while (s.step()) out.push_back(read_league(s));
  return out;
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::league_ids() {
  auto s = db_.prepare("SELECT id FROM leagues ORDER BY id");
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::hold_league(std::int64_t league_id) {
  db_.prepare("UPDATE leagues SET current_season = current_season WHERE id = ?").bind(1, league_id).run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::join_league(std::int64_t league_id, std::int64_t user_id, std::int64_t now) {
  db_.prepare(
         "INSERT INTO league_players (league_id, user_id, joined_at) VALUES (?, ?, ?) "
         "ON CONFLICT (league_id, user_id) DO UPDATE SET left_at = NULL, joined_at = excluded.joined_at "
         "WHERE league_players.left_at IS NOT NULL")
      .bind(1, league_id)
      .bind(2, user_id)
      .bind(3, now)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::leave_league(std::int64_t league_id, std::int64_t user_id, bool before_first_season,
                                     std::int64_t now) {
  if (before_first_season) {
    db_.prepare("DELETE FROM league_players WHERE league_id = ? AND user_id = ?").bind(1, league_id).bind(2, user_id).run();
  } else {
    db_.prepare("UPDATE league_players SET left_at = ? WHERE league_id = ? AND user_id = ? AND left_at IS NULL")
        .bind(1, now)
        .bind(2, league_id)
        .bind(3, user_id)
        .run();
  }
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
std::vector<LeaguePlayerRecord> SqlRecords<Nodes>::league_players(std::int64_t league_id) {
  auto s = db_.prepare(
      "SELECT p.user_id, u.name, p.joined_at, p.left_at FROM league_players p JOIN users u ON u.id = p.user_id "
      "WHERE p.league_id = ? ORDER BY p.joined_at, p.user_id");
  s.bind(1, league_id);
  std::vector<LeaguePlayerRecord> out;
  while (s.step()) out.push_back(LeaguePlayerRecord{s.column_int(0), s.column_text(1), s.column_int(2), optional_int(s, 3)});
  return out;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::start_season(std::int64_t league_id, int season, std::int64_t finish_by, std::int64_t now) {
  // The claim: one UPDATE of the league's row, as a tournament's round starts
  // (sql_records_tournaments.ipp, start_round).
  db_.prepare(
         "UPDATE leagues SET current_season = ? WHERE id = ? AND current_season = ? AND NOT EXISTS "
         "(SELECT 1 FROM league_seasons s WHERE s.league_id = leagues.id AND s.status = 'playing')")
      .bind(1, static_cast<std::int64_t>(season))
      .bind(2, league_id)
      .bind(3, static_cast<std::int64_t>(season - 1))
      .run();
  if (db_.changes() != 1) return false;
  db_.prepare(
         "INSERT INTO league_seasons (league_id, season, status, started_at, finish_by) VALUES (?, ?, 'playing', ?, ?)")
      .bind(1, league_id)
      .bind(2, static_cast<std::int64_t>(season))
      .bind(3, now)
      .bind(4, finish_by)
      .run();
  return true;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::finish_season(std::int64_t league_id, int season, std::int64_t next_season_at,
                                      std::int64_t now) {
  db_.prepare(
         "UPDATE league_seasons SET status = 'finished', finished_at = ? "
         "WHERE league_id = ? AND season = ? AND status = 'playing'")
      .bind(1, now)
      .bind(2, league_id)
      .bind(3, static_cast<std::int64_t>(season))
      .run();
  if (db_.changes() != 1) return false;
  db_.prepare("UPDATE leagues SET next_season_at = ? WHERE id = ?").bind(1, next_season_at).bind(2, league_id).run();
  return true;
}

template <NodePolicy Nodes>
std::vector<LeagueSeasonRecord> SqlRecords<Nodes>::league_seasons(std::int64_t league_id) {
  auto s = db_.prepare(
      "SELECT season, status, started_at, finish_by, finished_at FROM league_seasons WHERE league_id = ? "
      "ORDER BY season");
  s.bind(1, league_id);
  std::vector<LeagueSeasonRecord> out;
  while (s.step()) {
    out.push_back(LeagueSeasonRecord{static_cast<int>(s.column_int(0)),
                                     s.column_text(1) == "finished" ? RoundStatus::kFinished : RoundStatus::kPlaying,
                                     s.column_int(2), s.column_int(3), optional_int(s, 4)});
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_league_place(std::int64_t league_id, int season, const LeaguePlaceRecord& place) {
  db_.prepare("INSERT INTO league_places (league_id, season, division, place, user_id) VALUES (?, ?, ?, ?, ?)")
      .bind(1, league_id)
      .bind(2, static_cast<std::int64_t>(season))
      .bind(3, static_cast<std::int64_t>(place.division))
      .bind(4, static_cast<std::int64_t>(place.place))
      .bind(5, place.user_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_league_move(std::int64_t league_id, int season, std::int64_t user_id,
                                        tournament::Move move) {
  db_.prepare("UPDATE league_places SET moved = ? WHERE league_id = ? AND season = ? AND user_id = ?")
      .bind(1, to_string(move))
      .bind(2, league_id)
      .bind(3, static_cast<std::int64_t>(season))
      .bind(4, user_id)
      .run();
}

template <NodePolicy Nodes>
std::vector<LeaguePlaceRecord> SqlRecords<Nodes>::league_places(std::int64_t league_id, int season) {
  auto s = db_.prepare(
      "SELECT p.division, p.place, p.user_id, u.name, p.moved FROM league_places p JOIN users u ON u.id = p.user_id "
      "WHERE p.league_id = ? AND p.season = ? ORDER BY p.division, p.place");
  s.bind(1, league_id).bind(2, static_cast<std::int64_t>(season));
  std::vector<LeaguePlaceRecord> out;
  while (s.step()) {
    LeaguePlaceRecord p{static_cast<int>(s.column_int(0)), static_cast<int>(s.column_int(1)), s.column_int(2),
                        s.column_text(3), std::nullopt};
    if (!s.column_is_null(4)) p.moved = parse_move(s.column_text(4));
    out.push_back(std::move(p));
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_league_table(std::int64_t league_id, int season, const LeagueTableRecord& table) {
  db_.prepare(
         "INSERT INTO league_tables (league_id, season, division, round, number, seats) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, league_id)
      .bind(2, static_cast<std::int64_t>(season))
      .bind(3, static_cast<std::int64_t>(table.division))
      .bind(4, static_cast<std::int64_t>(table.round))
      .bind(5, static_cast<std::int64_t>(table.number))
      .bind(6, seats_text(table.seats))
      .run();
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::set_league_table_started(std::int64_t league_id, int season, int division, int round,
                                                 int number, std::int64_t table_id) {
  db_.prepare(
         "UPDATE league_tables SET table_id = ? "
         "WHERE league_id = ? AND season = ? AND division = ? AND round = ? AND number = ? AND table_id IS NULL")
      .bind(1, table_id)
      .bind(2, league_id)
      .bind(3, static_cast<std::int64_t>(season))
      .bind(4, static_cast<std::int64_t>(division))
      .bind(5, static_cast<std::int64_t>(round))
      .bind(6, static_cast<std::int64_t>(number))
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
std::vector<LeagueTableRecord> SqlRecords<Nodes>::league_tables(std::int64_t league_id, int season) {
  auto s = db_.prepare(
      "SELECT l.division, l.round, l.number, l.seats, l.table_id, t.status, t.deadline_at "
      "FROM league_tables l LEFT JOIN game_tables t ON t.id = l.table_id "
      "WHERE l.league_id = ? AND l.season = ? ORDER BY l.division, l.round, l.number");
  s.bind(1, league_id).bind(2, static_cast<std::int64_t>(season));
  std::vector<LeagueTableRecord> out;
  while (s.step()) {
    LeagueTableRecord table;
    table.division = static_cast<int>(s.column_int(0));
    table.round = static_cast<int>(s.column_int(1));
    table.number = static_cast<int>(s.column_int(2));
    table.seats = read_seats(s.column_text(3));
    table.table_id = optional_int(s, 4);
    if (!s.column_is_null(5)) table.status = parse_table_status(s.column_text(5));
    table.deadline_at = optional_int(s, 6);
    out.push_back(std::move(table));
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_league_bye(std::int64_t league_id, int season, const LeagueByeRecord& bye) {
  db_.prepare("INSERT INTO league_byes (league_id, season, division, round, user_id) VALUES (?, ?, ?, ?, ?)")
      .bind(1, league_id)
      .bind(2, static_cast<std::int64_t>(season))
      .bind(3, static_cast<std::int64_t>(bye.division))
      .bind(4, static_cast<std::int64_t>(bye.round))
      .bind(5, bye.user_id)
      .run();
}

template <NodePolicy Nodes>
std::vector<LeagueByeRecord> SqlRecords<Nodes>::league_byes(std::int64_t league_id, int season) {
  auto s = db_.prepare(
      "SELECT division, round, user_id FROM league_byes WHERE league_id = ? AND season = ? "
      "ORDER BY division, round, user_id");
  s.bind(1, league_id).bind(2, static_cast<std::int64_t>(season));
  std::vector<LeagueByeRecord> out;
  while (s.step()) {
    out.push_back(LeagueByeRecord{static_cast<int>(s.column_int(0)), static_cast<int>(s.column_int(1)), s.column_int(2)});
  }
  return out;
}

template <NodePolicy Nodes>
std::vector<LeagueResultRecord> SqlRecords<Nodes>::league_results(std::int64_t league_id, int season) {
  auto s = db_.prepare(
      "SELECT l.division, t.id, l.round, l.number, t.player_count, r.seat, r.user_id, r.place, r.abandoned, "
      "coalesce(r.points, 0), coalesce(r.rubles, 0) "
      "FROM league_tables l JOIN game_tables t ON t.id = l.table_id JOIN game_results r ON r.table_id = t.id "
      "WHERE l.league_id = ? AND l.season = ? AND t.status = 'finished' "
      "ORDER BY l.division, l.round, l.number, r.seat");
  s.bind(1, league_id).bind(2, static_cast<std::int64_t>(season));
  std::vector<LeagueResultRecord> out;
  while (s.step()) {
    out.push_back(LeagueResultRecord{
        static_cast<int>(s.column_int(0)),
        TournamentResultRecord{s.column_int(1), static_cast<int>(s.column_int(2)), static_cast<int>(s.column_int(3)),
                               static_cast<int>(s.column_int(4)), static_cast<int>(s.column_int(5)), s.column_int(6),
                               static_cast<int>(s.column_int(7)), s.column_int(8) != 0,
                               static_cast<int>(s.column_int(9)), static_cast<int>(s.column_int(10))}});
  }
  return out;
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::leagues_of(std::int64_t user_id) {
  auto s = db_.prepare("SELECT league_id FROM league_players WHERE user_id = ? AND left_at IS NULL ORDER BY league_id");
  s.bind(1, user_id);
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

}  // namespace sp::server
