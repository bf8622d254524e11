#include "server/league/league_season.hpp"

#include <algorithm>

#include "server/tournament/round_plan.hpp"

namespace sp::server {

SeasonRows read_season(Records& db, std::int64_t league_id, int season) {
  return SeasonRows{db.league_places(league_id, season), db.league_tables(league_id, season),
                    db.league_byes(league_id, season), db.league_results(league_id, season)};
}

int division_count(const SeasonRows& season) {
  int count = 0;
  for (const LeaguePlaceRecord& p : season.places) count = std::max(count, p.division + 1);
  return count;
}

tournament::TableState table_state(const LeagueTableRecord& table) {
  if (!table.table_id) return tournament::TableState::kWaiting;
  if (table.status == protocol::TableStatus::kFinished || table.status == protocol::TableStatus::kAborted) {
    return tournament::TableState::kFinished;
  }
  return tournament::TableState::kPlaying;
}

std::vector<std::vector<tournament::StandingRow>> division_standings(const SeasonRows& season,
                                                                     const tournament::LeagueRules& rules) {
  std::vector<std::vector<tournament::StandingRow>> out;
  for (int division = 0; division < division_count(season); ++division) {
    // The division's rows in a tournament's shapes, so that they are counted
    // exactly as a round robin tournament's group is (round_plan.hpp).
    std::vector<TournamentPlayerRecord> players;
    for (const LeaguePlaceRecord& p : season.places) {
      if (p.division != division) continue;
      TournamentPlayerRecord player;
      player.user_id = p.user_id;
      // Seeding by the order at the start: the first place the highest.
      player.seed_rating = -static_cast<double>(p.place);
      players.push_back(std::move(player));
    }
    std::vector<TournamentResultRecord> results;
    for (const LeagueResultRecord& r : season.results) {
      if (r.division == division) results.push_back(r.seat);
    }
    std::vector<TournamentByeRecord> byes;
    for (const LeagueByeRecord& b : season.byes) {
      if (b.division == division) byes.push_back(TournamentByeRecord{b.round, b.user_id, ""});
    }
    std::vector<TournamentTableRecord> tables;
    for (const LeagueTableRecord& t : season.tables) {
      if (t.division != division || !t.table_id) continue;
      TournamentTableRecord table;
      table.table_id = *t.table_id;
      table.round = t.round;
      table.number = t.number;
      table.status = t.status.value_or(protocol::TableStatus::kPlaying);
      for (std::size_t seat = 0; seat < t.seats.size(); ++seat) {
        table.seats.push_back(TournamentTableRecord::Seat{static_cast<int>(seat), t.seats[seat], ""});
      }
      tables.push_back(std::move(table));
    }
    const TournamentPast past = past_of(players, results, byes, tables, false);
    out.push_back(tournament::standings(past.entrants, past.results, past.byes, rules.standings));
  }
  return out;
}

std::vector<std::size_t> tables_to_start(const SeasonRows& season, const tournament::LeagueRules& rules) {
  std::vector<std::size_t> starting;
  for (int division = 0; division < division_count(season); ++division) {
    std::vector<std::size_t> index;
    std::vector<tournament::SeasonTable> tables;
    std::vector<tournament::TableState> states;
    for (std::size_t i = 0; i < season.tables.size(); ++i) {
      const LeagueTableRecord& t = season.tables[i];
      if (t.division != division) continue;
      index.push_back(i);
      tables.push_back(tournament::SeasonTable{t.round, t.number, tournament::Table{t.seats}});
      states.push_back(table_state(t));
    }
    for (int at : tournament::tables_to_start(tables, states, rules.tables_at_once)) {
      starting.push_back(index[static_cast<std::size_t>(at)]);
    }
  }
  return starting;
}

}  // namespace sp::server
