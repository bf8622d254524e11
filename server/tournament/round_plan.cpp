#include "server/tournament/round_plan.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "engine/tournament/duplicate.hpp"
#include "engine/tournament/elimination.hpp"
#include "engine/tournament/history.hpp"
#include "engine/tournament/round_robin.hpp"
#include "engine/tournament/swiss.hpp"

namespace sp::server {

namespace {

tournament::Format format_of(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::kSwiss:
      return tournament::Format::kSwiss;
    case TournamentFormat::kRoundRobin:
      return tournament::Format::kRoundRobin;
    case TournamentFormat::kElimination:
      return tournament::Format::kElimination;
  }
  return tournament::Format::kSwiss;
}

// The engine's places with abandoned seats moved last: the others keep their
// order (ties included), the abandoned share the last place they cover.
void place_abandoned_last(std::vector<tournament::SeatResult>& seats) {
  if (std::none_of(seats.begin(), seats.end(), [](const auto& s) { return s.absent; })) return;
  std::vector<tournament::SeatResult*> present;
  for (auto& s : seats) {
    if (!s.absent) present.push_back(&s);
  }
  std::stable_sort(present.begin(), present.end(), [](const auto* a, const auto* b) { return a->place < b->place; });
  for (std::size_t i = 0; i < present.size(); ++i) {
    // A place shared in the engine stays shared: the first place the tie covers.
    const bool tied_with_previous = i > 0 && present[i]->place == present[i - 1]->place;
    present[i]->place = tied_with_previous ? present[i - 1]->place : static_cast<int>(i) + 1;
  }
  for (auto& s : seats) {
    if (s.absent) s.place = static_cast<int>(present.size()) + 1;
  }
}

// The entrants still in, best seed first.
std::vector<tournament::PlayerId> seeded_still_in(const TournamentPast& past) {
  std::vector<tournament::Entrant> in;
  for (const auto& e : past.entrants) {
    if (past.still_in.count(e.player)) in.push_back(e);
  }
  const tournament::StandingOrder order = tournament::seeding_order(in);
  return order.players;
}

tournament::Groups groups_of(const TournamentRecord& t, const TournamentPast& past) {
  return tournament::round_robin_groups(past.entrants, t.group_size.value_or(t.table_players));
}

// The round's pairing minus the players who left since it was paired.
tournament::RoundPairing without_left(tournament::RoundPairing pairing, const std::set<std::int64_t>& still_in) {
  for (auto& table : pairing.tables) {
    std::erase_if(table.seats, [&](tournament::PlayerId p) { return !still_in.count(p); });
  }
  std::erase_if(pairing.tables, [](const tournament::Table& table) { return table.seats.size() < 2; });
  std::erase_if(pairing.byes, [&](tournament::PlayerId p) { return !still_in.count(p); });
  return pairing;
}

// An elimination's field entering round `round`: the seeds, then those who
// went through each round played.
std::vector<tournament::PlayerId> elimination_field(const TournamentRecord& t, const TournamentPast& past, int round) {
  std::vector<tournament::PlayerId> field = seeded_still_in(past);
  for (int played = 1; played < round && played <= static_cast<int>(past.rounds.size()); ++played) {
    std::vector<tournament::TableResult> results;
    for (const auto& r : past.results) {
      if (r.round == played) results.push_back(r);
    }
    const tournament::RoundPairing& pairing = past.rounds[static_cast<std::size_t>(played - 1)];
    field = tournament::elimination_advancing(field, pairing, results, t.advance.value_or(1));
    std::erase_if(field, [&](tournament::PlayerId p) { return !past.still_in.count(p); });
  }
  return field;
}

}  // namespace

std::uint64_t pairing_seed(std::int64_t tournament_id, int round) {
  return static_cast<std::uint64_t>(tournament_id) * 1000003u + static_cast<std::uint64_t>(round);
}

int seed_value(std::optional<double> displayed_rating) {
  return displayed_rating ? static_cast<int>(std::lround(*displayed_rating * 100)) : 0;
}

TournamentPast past_of(const std::vector<TournamentPlayerRecord>& players,
                       const std::vector<TournamentResultRecord>& results,
                       const std::vector<TournamentByeRecord>& byes,
                       const std::vector<TournamentTableRecord>& tables, bool duplicate) {
  TournamentPast past;
  for (const TournamentPlayerRecord& p : players) {
    past.entrants.push_back(tournament::Entrant{p.user_id, seed_value(p.seed_rating)});
    if (!p.left_at) past.still_in.insert(p.user_id);
  }
  std::map<std::int64_t, tournament::TableResult> by_table;
  for (const TournamentResultRecord& r : results) {
    auto& table = by_table[r.table_id];
    table.round = r.round;
    table.table = r.number;
    table.table_size = r.table_size;
    table.duplicate_deal = duplicate;
    table.seats.push_back(tournament::SeatResult{r.user_id, r.place, r.points, r.rubles, r.abandoned});
  }
  for (auto& [id, table] : by_table) {
    place_abandoned_last(table.seats);
    past.results.push_back(std::move(table));
  }
  for (const TournamentByeRecord& b : byes) past.byes.push_back(tournament::Bye{b.round, b.user_id});
  for (const TournamentTableRecord& table : tables) {
    while (static_cast<int>(past.rounds.size()) < table.round) past.rounds.emplace_back();
    tournament::Table seated;
    for (const auto& seat : table.seats) seated.seats.push_back(seat.user_id);
    past.rounds[static_cast<std::size_t>(table.round - 1)].tables.push_back(seated);
    if (table.status == protocol::TableStatus::kAborted) {
      for (const auto& seat : table.seats) past.byes.push_back(tournament::Bye{table.round, seat.user_id});
    }
  }
  for (const TournamentByeRecord& b : byes) {
    while (static_cast<int>(past.rounds.size()) < b.round) past.rounds.emplace_back();
    past.rounds[static_cast<std::size_t>(b.round - 1)].byes.push_back(b.user_id);
  }
  return past;
}

tournament::StandingsRules standings_rules(const TournamentRecord& t) {
  tournament::StandingsRules rules;
  rules.format = format_of(t.format);
  rules.duplicate = t.duplicate;
  return rules;
}

std::vector<tournament::StandingRow> standings_of(const TournamentRecord& t, const TournamentPast& past) {
  return tournament::standings(past.entrants, past.results, past.byes, standings_rules(t));
}

int elimination_rounds(int field, int table_players, int advance) {
  // Each round keeps `advance` of each table, and its byes: count them down.
  int rounds = 1;
  while (field > table_players) {
    const int advancing = field / table_players * advance + field % table_players;
    if (advancing >= field) break;
    field = advancing;
    ++rounds;
  }
  return rounds;
}

int planned_rounds(const TournamentRecord& t, const TournamentPast& past) {
  switch (t.format) {
    case TournamentFormat::kSwiss:
      return t.rounds;
    case TournamentFormat::kRoundRobin:
      return tournament::round_robin_rounds(groups_of(t, past), t.table_players);
    case TournamentFormat::kElimination: {
      return elimination_rounds(static_cast<int>(past.still_in.size()), t.table_players, t.advance.value_or(1));
    }
  }
  return t.rounds;
}

namespace {

// A duplicate round's tables of one size share a deal: each is seated by
// duplicate_seating, numbered among the tables of its size.
tournament::RoundPairing seated_for_shared_deal(tournament::RoundPairing pairing) {
  std::map<std::size_t, int> seen_of_size;
  for (tournament::Table& table : pairing.tables) {
    const int index = seen_of_size[table.seats.size()]++;
    table.seats = tournament::duplicate_seating(table, index);
  }
  return pairing;
}

std::optional<tournament::RoundPairing> paired_round(const TournamentRecord& t, const TournamentPast& past, int round) {
  switch (t.format) {
    case TournamentFormat::kSwiss: {
      if (past.still_in.size() < 3) return std::nullopt;
      std::vector<tournament::PlayerId> order;
      std::vector<int> ranks;
      if (round == 1) {
        std::vector<tournament::Entrant> in;
        for (const auto& e : past.entrants) {
          if (past.still_in.count(e.player)) in.push_back(e);
        }
        const tournament::StandingOrder seeding = tournament::seeding_order(in);
        order = seeding.players;
        ranks = seeding.ranks;
      } else {
        for (const tournament::StandingRow& row : standings_of(t, past)) {
          if (!past.still_in.count(row.player)) continue;
          order.push_back(row.player);
          ranks.push_back(row.rank);
        }
      }
      const tournament::History history = tournament::History::of(past.results, past.byes);
      return tournament::swiss_round(order, history, t.table_players, pairing_seed(t.id, round), ranks);
    }
    case TournamentFormat::kRoundRobin: {
      tournament::RoundPairing pairing = tournament::round_robin_round(groups_of(t, past), round - 1, t.table_players);
      return without_left(std::move(pairing), past.still_in);
    }
    case TournamentFormat::kElimination: {
      const std::vector<tournament::PlayerId> field = elimination_field(t, past, round);
      if (field.size() < 2) return std::nullopt;
      return tournament::elimination_round(field, t.table_players);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<tournament::RoundPairing> plan_round(const TournamentRecord& t, const TournamentPast& past, int round) {
  if (round > t.rounds) return std::nullopt;
  auto pairing = paired_round(t, past, round);
  if (pairing && t.duplicate) return seated_for_shared_deal(std::move(*pairing));
  return pairing;
}

}  // namespace sp::server
