#include "server/league/advance_league.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "protocol/notice_details.hpp"
#include "protocol/stored_text.hpp"
#include "server/league/league_season.hpp"
#include "server/tournament/competition_table.hpp"
#include "server/tournament/round_plan.hpp"
#include "server/tournament/seed_rating.hpp"

namespace sp::server {

namespace {

constexpr std::int64_t kDay = 24 * 3600;

void tell(Records& db, const NotificationDraft& draft, std::int64_t now, Advanced& advanced) {
  if (auto stored = store_notification(db, draft, now)) advanced.notes.push_back(std::move(*stored));
}

std::string table_name(const LeagueRecord& l, int season, int division, int round, int number) {
  return l.name + ", season " + std::to_string(season) + ", division " + std::to_string(division + 1) + ", round " +
         std::to_string(round) + ", table " + std::to_string(number);
}

tournament::Entrant entrant(Records& db, const LeagueRecord& l, std::int64_t user) {
  return tournament::Entrant{user, seed_value(seed_rating(db, user, l.rules.table_size))};
}

// Who plays the next season, and where (docs/leagues.md "Divisions").
tournament::Divisions next_divisions(Records& db, const LeagueRecord& l, const std::vector<LeaguePlayerRecord>& members) {
  std::set<std::int64_t> staying;
  for (const LeaguePlayerRecord& m : members) {
    if (!m.left_at) staying.insert(m.user_id);
  }
  if (l.current_season == 0) {
    std::vector<tournament::Entrant> entrants;
    for (std::int64_t user : staying) entrants.push_back(entrant(db, l, user));
    return tournament::first_season(entrants, l.rules);
  }
  const SeasonRows last = read_season(db, l.id, l.current_season);
  tournament::SeasonEnd end;
  std::set<std::int64_t> played;
  for (const auto& rows : division_standings(last, l.rules)) {
    end.final_order.push_back(tournament::final_order(rows));
    for (const auto& row : rows) played.insert(row.player);
  }
  for (std::int64_t user : played) {
    if (!staying.count(user)) {
      end.leavers.push_back(user);
    } else if (l.rules.newcomers == tournament::NewcomerPlacement::kByRating) {
      end.ratings.push_back(entrant(db, l, user));
    }
  }
  for (std::int64_t user : staying) {
    if (!played.count(user)) end.newcomers.push_back(entrant(db, l, user));
  }
  return tournament::next_season(end, l.rules);
}

void start_tables(Records& db, const LeagueRecord& l, int season, std::int64_t now, Advanced& advanced) {
  const SeasonRows rows = read_season(db, l.id, season);
  const auto starting = tables_to_start(rows, l.rules);
  if (starting.empty()) return;
  const auto tables = protocol::decode_stored_table_request(l.table_request);
  // Stored by create_league from a request it had read: a bug if it does not read back.
  if (!tables) throw std::logic_error("league " + std::to_string(l.id) + ": its tables' request does not read");
  for (std::size_t i : starting) {
    const LeagueTableRecord& scheduled = rows.tables[i];
    const CompetitionTable table{table_name(l, season, scheduled.division, scheduled.round, scheduled.number),
                                 l.creator_id, scheduled.seats, std::nullopt,
                                 TableInLeague{l.id, season, scheduled.division}, std::nullopt};
    StartedTable started = start_competition_table(db, *tables, table, now);
    // The league's row is held, so nobody else starts it; the claim keeps a restart from starting it twice.
    if (!db.set_league_table_started(l.id, season, scheduled.division, scheduled.round, scheduled.number,
                                     started.table.id)) {
      throw std::logic_error("league " + std::to_string(l.id) + ": a table started twice in one held job");
    }
    for (StoredNotification& note : started.notes) advanced.notes.push_back(std::move(note));
    for (std::int64_t user : scheduled.seats) {
      tell(db,
           NotificationDraft{user, "league_table", started.table.id,
                             "A new table of " + l.name + " has started with you at it: " + started.table.name + ".",
                             protocol::LeagueTableDetails{l.id, l.name, season, started.table.id}},
           now, advanced);
    }
    advanced.started.push_back(std::move(started.table));
  }
}

void begin_season(Records& db, const LeagueRecord& l, std::int64_t now, Advanced& advanced) {
  const tournament::Divisions divisions = next_divisions(db, l, db.league_players(l.id));
  // Fewer than 3 players make no division: the league waits for more to join.
  if (divisions.empty()) return;
  const int season = l.current_season + 1;
  const std::int64_t finish_by = now + static_cast<std::int64_t>(l.season_days) * kDay;
  if (!db.start_season(l.id, season, finish_by, now)) return;
  for (std::size_t d = 0; d < divisions.size(); ++d) {
    const int division = static_cast<int>(d);
    for (std::size_t place = 0; place < divisions[d].size(); ++place) {
      const std::int64_t user = divisions[d][place];
      db.insert_league_place(l.id, season, LeaguePlaceRecord{division, static_cast<int>(place), user, "", std::nullopt});
      tell(db,
           NotificationDraft{user, "league_season", std::nullopt,
                             "Season " + std::to_string(season) + " of " + l.name + " has started: you play in division " +
                                 std::to_string(division + 1) + ".",
                             protocol::LeagueSeasonDetails{l.id, l.name, season, division + 1}},
           now, advanced);
    }
    const tournament::DivisionSchedule schedule = tournament::division_schedule(divisions[d], l.rules);
    for (const tournament::SeasonTable& t : schedule.tables) {
      LeagueTableRecord scheduled;
      scheduled.division = division;
      scheduled.round = t.round;
      scheduled.number = t.table + 1;  // numbered from 1, as a tournament's tables
      scheduled.seats = t.seats.seats;
      db.insert_league_table(l.id, season, scheduled);
    }
    for (const tournament::Bye& bye : schedule.byes) {
      db.insert_league_bye(l.id, season, LeagueByeRecord{division, bye.round, bye.player});
    }
  }
  start_tables(db, l, season, now, advanced);
  advanced.check_at = finish_by;
}

// The season's last table has ended (or its date came and none is played):
// the tables never started count as byes, each division's places decide the
// moves, and every player is told.
void end_season(Records& db, const LeagueRecord& l, const LeagueSeasonRecord& season, SeasonRows rows,
                std::int64_t now, Advanced& advanced) {
  // The next season keeps the calendar: it starts at this one's finish date, or now if that has passed.
  const std::int64_t next_at = std::max(season.finish_by, now);
  if (!db.finish_season(l.id, season.season, next_at, now)) return;
  for (const LeagueTableRecord& t : rows.tables) {
    if (t.table_id) continue;
    for (std::int64_t user : t.seats) {
      const LeagueByeRecord bye{t.division, t.round, user};
      db.insert_league_bye(l.id, season.season, bye);
      rows.byes.push_back(bye);
    }
  }
  const auto standings = division_standings(rows, l.rules);
  const int divisions = static_cast<int>(standings.size());
  for (int division = 0; division < divisions; ++division) {
    const auto& table = standings[static_cast<std::size_t>(division)];
    const auto moves = tournament::division_moves(static_cast<int>(table.size()), division, divisions, l.rules);
    for (std::size_t place = 0; place < table.size(); ++place) {
      const tournament::StandingRow& row = table[place];
      const tournament::Move move = moves[place];
      db.set_league_move(l.id, season.season, row.player, move);
      const std::string moved(to_string(move));
      tell(db,
           NotificationDraft{row.player, "league_season_finished", std::nullopt,
                             "Season " + std::to_string(season.season) + " of " + l.name + " has finished: you finished " +
                                 std::to_string(row.rank) + " of " + std::to_string(table.size()) + " in division " +
                                 std::to_string(division + 1) + ".",
                             protocol::LeagueSeasonFinishedDetails{l.id, l.name, season.season, division + 1, row.rank,
                                                                   static_cast<int>(table.size()), moved}},
           now, advanced);
    }
  }
  advanced.check_at = next_at;
}

// A season being played: its tables started as players have room, until its
// finish date; then the seats people still play go to the robot at every
// table alike, as at a tournament's (docs/tournaments.md "The finish date").
// Returns whether the season has ended.
bool play_season(Records& db, const LeagueRecord& l, const LeagueSeasonRecord& season, std::int64_t now,
                 Advanced& advanced) {
  const bool date_came = now >= season.finish_by;
  if (!date_came) start_tables(db, l, season.season, now, advanced);
  SeasonRows rows = read_season(db, l.id, season.season);
  std::vector<std::int64_t> playing;
  for (const LeagueTableRecord& t : rows.tables) {
    if (table_state(t) == tournament::TableState::kPlaying) playing.push_back(*t.table_id);
  }
  const bool waiting = std::any_of(rows.tables.begin(), rows.tables.end(), [](const LeagueTableRecord& t) {
    return table_state(t) == tournament::TableState::kWaiting;
  });
  if (!playing.empty() || (waiting && !date_came)) {
    if (date_came) {
      for (std::int64_t id : playing) {
        const auto record = db.load_table(id);
        if (!record) continue;
        for (const SeatRecord& seat : record->seats) {
          if (!seat.robot && seat.controller == SeatController::kHuman) {
            advanced.to_robots.push_back(Advanced::Seat{id, seat.seat});
          }
        }
      }
    } else {
      advanced.check_at = season.finish_by;
    }
    return false;
  }
  end_season(db, l, season, std::move(rows), now, advanced);
  return true;
}

}  // namespace

Advanced advance_league(Records& db, std::int64_t league_id, std::int64_t now) {
  Advanced advanced;
  if (!db.hold_league(league_id)) return advanced;
  auto league = db.load_league(league_id);
  const auto seasons = db.league_seasons(league_id);
  if (!seasons.empty() && seasons.back().status == RoundStatus::kPlaying) {
    if (!play_season(db, *league, seasons.back(), now, advanced)) return advanced;
    league = db.load_league(league_id);
  }
  if (now < league->next_season_at) {
    advanced.check_at = league->next_season_at;
    return advanced;
  }
  begin_season(db, *league, now, advanced);
  return advanced;
}

}  // namespace sp::server
