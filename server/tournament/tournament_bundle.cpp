#include "server/tournament/tournament_bundle.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "engine/tournament/standings.hpp"
#include "protocol/record_lines.hpp"
#include "server/security/fair_deal.hpp"
#include "server/table/game_record.hpp"
#include "server/tournament/round_plan.hpp"

namespace sp::server {
namespace {

using protocol::TournamentBundle;

std::vector<std::string> lines_of(const GameRecord& record) {
  std::ostringstream out;
  record.write_lines(out);
  std::istringstream in(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
  return lines;
}

std::string name_of(const TournamentBundle& b, std::int64_t player) {
  for (const auto& e : b.entrants) {
    if (e.player == player) return e.name;
  }
  return "player " + std::to_string(player);
}

std::string where(const protocol::BundleTable& t) {
  return "Round " + std::to_string(t.round) + ", table " + std::to_string(t.number) + " (table " +
         std::to_string(t.table) + ")";
}

std::string names(const TournamentBundle& b, const std::vector<std::int64_t>& players) {
  std::string out;
  for (std::int64_t p : players) out += (out.empty() ? "" : ", ") + name_of(b, p);
  return out.empty() ? "nobody" : out;
}

// The tournament's own row, as the rules read it, from the bundle.
TournamentRecord tournament_of(const TournamentBundle& b) {
  TournamentRecord t;
  t.id = b.id;
  t.name = b.name;
  t.status = b.status;
  t.format = b.format;
  t.rounds = b.rounds;
  t.table_players = b.table_players;
  t.duplicate = b.duplicate;
  t.group_size = b.group_size;
  t.advance = b.advance;
  return t;
}

tournament::StandingsRules rules_of(const TournamentBundle& b) {
  tournament::StandingsRules rules = standings_rules(tournament_of(b));
  for (std::size_t size = 0; size < b.points_half.size() && size <= tournament::kMaxTableSize; ++size) {
    if (b.points_half[size].empty()) continue;
    std::vector<tournament::HalfPoints> row;
    for (int half : b.points_half[size]) row.push_back(tournament::HalfPoints{half});
    rules.points.by_size[size] = std::move(row);
  }
  rules.bye_points = tournament::HalfPoints{b.bye_points_half};
  return rules;
}

// The store's rows rebuilt from the bundle, as past_of reads them: the rounds
// before `before` only (all of them: 0), and the players as they stood then.
struct Rows {
  std::vector<TournamentPlayerRecord> players;
  std::vector<TournamentResultRecord> results;
  std::vector<TournamentByeRecord> byes;
  std::vector<TournamentTableRecord> tables;
};

Rows rows_of(const TournamentBundle& b, const std::vector<std::optional<GameEnd>>& ends, int before = 0) {
  Rows rows;
  for (const auto& e : b.entrants) {
    TournamentPlayerRecord p;
    p.user_id = e.player;
    p.name = e.name;
    p.seed_rating = e.seed_rating;
    p.left_at = e.left_at;
    if (e.left) p.left_how = parse_left_how(*e.left);
    rows.players.push_back(std::move(p));
  }
  for (const auto& bye : b.byes) {
    if (before == 0 || bye.round < before) rows.byes.push_back(TournamentByeRecord{bye.round, bye.player, {}});
  }
  for (std::size_t i = 0; i < b.tables.size(); ++i) {
    const protocol::BundleTable& t = b.tables[i];
    if (before != 0 && t.round >= before) continue;
    TournamentTableRecord table;
    table.table_id = t.table;
    table.round = t.round;
    table.number = t.number;
    table.status = protocol::parse_table_status(t.status).value_or(TableStatus::kPlaying);
    for (const auto& s : t.seats) table.seats.push_back(TournamentTableRecord::Seat{s.seat, s.player, s.name});
    rows.tables.push_back(table);
    if (table.status != TableStatus::kFinished || i >= ends.size() || !ends[i]) continue;
    for (const auto& s : t.seats) {
      const GameEnd::Seat& end = ends[i]->seats.at(static_cast<std::size_t>(s.seat));
      const bool abandoned = std::find(t.abandoned.begin(), t.abandoned.end(), s.seat) != t.abandoned.end();
      rows.results.push_back(TournamentResultRecord{t.table, t.round, t.number, static_cast<int>(t.seats.size()), s.seat,
                                                    s.player, end.place, abandoned, end.total, end.rubles});
    }
  }
  return rows;
}

// Each finished table's game is over, with a seat for each of its players.
std::optional<std::string> check_ends(const TournamentBundle& b, const std::vector<std::optional<GameEnd>>& ends) {
  for (std::size_t i = 0; i < b.tables.size(); ++i) {
    const protocol::BundleTable& t = b.tables[i];
    const bool finished = t.status == "finished";
    const bool over = i < ends.size() && ends[i].has_value();
    if (finished && !over) return where(t) + " is marked finished, but its game is not over.";
    if (over && ends[i]->seats.size() != t.seats.size()) return where(t) + ": its game has another number of seats.";
  }
  return std::nullopt;
}

std::string points_text(int half) { return std::to_string(half / 2) + (half % 2 ? ".5" : ""); }

}  // namespace

TournamentRows read_tournament_rows(Records& db, const TournamentRecord& t) {
  TournamentRows rows;
  rows.tournament = t;
  rows.players = db.tournament_players(t.id);
  rows.rounds = db.tournament_rounds(t.id);
  rows.byes = db.tournament_byes(t.id);
  rows.tables = db.tournament_tables(t.id);
  rows.results = db.tournament_results(t.id);
  if (t.duplicate) rows.deals = db.tournament_deals(t.id);
  for (const TournamentTableRecord& table : rows.tables) {
    TournamentRows::Game game;
    game.table = db.load_table(table.table_id);
    if (game.table) game.moves = db.load_moves(table.table_id);
    rows.games.push_back(std::move(game));
  }
  return rows;
}

Expected<protocol::TournamentBundle, std::string> bundle_of(const TournamentRows& rows) {
  const TournamentRecord& t = rows.tournament;
  if (t.status != TournamentStatus::kFinished) {
    return unexpected("tournament " + std::to_string(t.id) + " has not finished: its games' records are not public yet");
  }
  TournamentBundle b;
  b.id = t.id;
  b.name = t.name;
  b.creator = t.creator_name;
  b.status = t.status;
  b.format = t.format;
  b.rounds = t.rounds;
  b.table_players = t.table_players;
  b.group_size = t.group_size;
  b.advance = t.advance;
  b.duplicate = t.duplicate;
  b.created_at = t.created_at;
  b.starts_at = t.starts_at;
  b.finished_at = t.finished_at;
  const tournament::StandingsRules rules = standings_rules(t);
  b.points_half.resize(tournament::kMaxTableSize + 1);
  for (int size = tournament::kMinTableSize; size <= tournament::kMaxTableSize; ++size) {
    for (tournament::HalfPoints p : rules.points.by_size[static_cast<std::size_t>(size)]) {
      b.points_half[static_cast<std::size_t>(size)].push_back(p.value);
    }
  }
  b.bye_points_half = rules.bye_points.value;
  for (const TournamentPlayerRecord& p : rows.players) {
    b.entrants.push_back(protocol::BundleEntrant{
        p.user_id, p.name, p.seed_rating, p.left_at,
        p.left_how ? std::optional<std::string>(std::string(to_string(*p.left_how))) : std::nullopt, p.left_reason});
  }
  for (const TournamentRoundRecord& r : rows.rounds) {
    protocol::BundleRound played{r.round, r.started_at, r.finished_at, std::nullopt};
    for (const TournamentDealRecord& deal : rows.deals) {
      if (deal.round != r.round) continue;
      played.deal = protocol::BundleDeal{deal_commitment(deal.secret), protocol::to_hex(deal.secret), {}};
      for (const auto& given : deal.contributions) {
        played.deal->contributions.push_back({given.user_id, protocol::to_hex(given.bytes), given.given_at});
      }
    }
    b.played.push_back(std::move(played));
  }
  for (const TournamentByeRecord& bye : rows.byes) b.byes.push_back(protocol::BundleBye{bye.round, bye.user_id});
  const TournamentPast past = past_of(rows.players, rows.results, rows.byes, rows.tables, t.duplicate);
  for (const tournament::StandingRow& row : standings_of(t, past)) {
    b.standings.push_back(protocol::BundleStanding{row.rank, row.player, name_of(b, row.player), row.points.value,
                                                   row.games, row.game_points, row.rubles, row.schedule_strength.value,
                                                   row.matchpoints.value, row.byes, row.last_round, row.last_place,
                                                   !past.still_in.count(row.player)});
  }
  for (std::size_t i = 0; i < rows.tables.size(); ++i) {
    const TournamentTableRecord& table = rows.tables[i];
    const TournamentRows::Game& game = rows.games.at(i);
    protocol::BundleTable entry;
    entry.round = table.round;
    entry.number = table.number;
    entry.table = table.table_id;
    entry.status = std::string(to_string(table.status));
    for (const auto& seat : table.seats) entry.seats.push_back(protocol::BundleSeat{seat.seat, seat.user_id, seat.name});
    for (const TournamentResultRecord& r : rows.results) {
      if (r.table_id == table.table_id && r.abandoned) entry.abandoned.push_back(r.seat);
    }
    if (!game.table) return unexpected("table " + std::to_string(table.table_id) + " is missing");
    const auto record = record_of(*game.table, game.moves);
    if (!record) return unexpected("table " + std::to_string(table.table_id) + " does not replay: " + record.error().describe());
    entry.record = lines_of(*record);
    b.tables.push_back(std::move(entry));
  }
  return b;
}

std::optional<GameEnd> game_end(const engine::GameState& state) {
  if (!state.is_finished()) return std::nullopt;
  GameEnd end;
  for (int seat = 0; seat < state.player_count; ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    end.seats.push_back(GameEnd::Seat{state.final_scores[at].place, state.final_scores[at].total, state.players[at].rubles});
  }
  return end;
}

namespace {

// See check_tables.
std::optional<std::string> check_shared_deals(const TournamentBundle& b) {
  std::set<std::int64_t> entrants;
  for (const auto& e : b.entrants) entrants.insert(e.player);
  for (const protocol::BundleRound& played : b.played) {
    const std::string at = "Round " + std::to_string(played.round);
    if (!played.deal) return at + " has no deal, yet the tournament was played with duplicate deals.";
    const protocol::BundleDeal& deal = *played.deal;
    const auto secret = protocol::deal_bytes_from_hex(deal.secret);
    if (!secret || deal_commitment(*secret) != deal.commitment) {
      return at + "'s secret does not match the commitment published before the round.";
    }
    std::vector<protocol::DealBytes> given;
    std::set<std::int64_t> gave;
    for (const auto& c : deal.contributions) {
      if (!entrants.count(c.player)) return at + ": a contribution comes from someone not entered.";
      if (!gave.insert(c.player).second) return at + ": " + name_of(b, c.player) + " contributed twice.";
      if (c.given_at > played.started_at) {
        return at + ": " + name_of(b, c.player) + "'s contribution is dated after the round started.";
      }
      const auto bytes = protocol::deal_bytes_from_hex(c.contribution);
      if (!bytes) return at + ": " + name_of(b, c.player) + "'s contribution is not 64 hexadecimal digits.";
      given.push_back(*bytes);
    }
    std::sort(given.begin(), given.end());
    for (const protocol::BundleTable& t : b.tables) {
      if (t.round != played.round || t.record.empty()) continue;
      const auto line = protocol::read_record_line(t.record.front());
      if (!line || line->kind != protocol::RecordLineKind::kHeader) continue;  // check_tables names it
      const auto& header = std::get<protocol::HeaderLine>(line->fields);
      if (!header.deal || header.deal->scheme != protocol::kSharedDealScheme) {
        return where(t) + " was not dealt from its round's shared deal.";
      }
      if (header.deal->commitment != deal.commitment || header.deal->secret != secret) {
        return where(t) + ": its deal's commitment or secret is not its round's.";
      }
      std::vector<protocol::DealBytes> listed = header.deal->round_contributions.value_or(std::vector<protocol::DealBytes>{});
      std::sort(listed.begin(), listed.end());
      if (listed != given) return where(t) + ": its deal lists other contributions than its round's.";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_tables(const TournamentBundle& b) {
  if (b.status != TournamentStatus::kFinished) return "The bundle's tournament has not finished.";
  std::set<std::int64_t> entrants;
  for (const auto& e : b.entrants) {
    if (!entrants.insert(e.player).second) return "Entrant " + e.name + " is listed twice.";
  }
  for (const auto& bye : b.byes) {
    if (!entrants.count(bye.player)) return "A bye of round " + std::to_string(bye.round) + " goes to someone not entered.";
  }
  for (const auto& row : b.standings) {
    if (!entrants.count(row.player)) return "The standings list " + row.name + ", who is not entered.";
  }
  int round = 0;
  int number = 0;
  for (const protocol::BundleTable& t : b.tables) {
    if (t.round < 1 || t.round > static_cast<int>(b.played.size())) {
      return where(t) + " is of a round the tournament did not play.";
    }
    if (t.round < round || (t.round == round && t.number != number + 1) || (t.round > round && t.number != 1)) {
      return where(t) + " is out of order: tables go in round order, numbered from 1 in each round.";
    }
    round = t.round;
    number = t.number;
    const auto status = protocol::parse_table_status(t.status);
    if (status != TableStatus::kFinished && status != TableStatus::kAborted) {
      return where(t) + " is " + t.status + ": a finished tournament's tables are finished or aborted.";
    }
    for (std::size_t seat = 0; seat < t.seats.size(); ++seat) {
      const protocol::BundleSeat& s = t.seats[seat];
      if (s.seat != static_cast<int>(seat)) return where(t) + ": its seats are not in seat order from 0.";
      if (!entrants.count(s.player) || name_of(b, s.player) != s.name) {
        return where(t) + ": seat " + std::to_string(seat) + " is " + s.name + ", who is not an entrant of that id.";
      }
    }
    for (int seat : t.abandoned) {
      if (seat < 0 || seat >= static_cast<int>(t.seats.size())) return where(t) + ": an abandoned seat it does not have.";
    }
    if (t.record.empty()) return where(t) + " has no game record.";
    const auto line = protocol::read_record_line(t.record.front());
    if (!line || line->kind != protocol::RecordLineKind::kHeader || line->fault) {
      return where(t) + ": its record's header does not read" + (line && line->fault ? ": " + *line->fault : "") + ".";
    }
    const auto& header = std::get<protocol::HeaderLine>(line->fields);
    if (header.table != t.table) {
      return where(t) + ": its record is of table " + std::to_string(header.table) + ".";
    }
    if (to_string(header.status) != t.status) {
      return where(t) + " is " + t.status + ", but its record says " + std::string(to_string(header.status)) + ".";
    }
    if (header.players != static_cast<int>(t.seats.size())) {
      return where(t) + " seats " + std::to_string(t.seats.size()) + " players, its record " +
             std::to_string(header.players) + ".";
    }
    for (const auto& [seat, name] : header.seats) {
      if (seat < 0 || seat >= static_cast<int>(t.seats.size()) || t.seats[static_cast<std::size_t>(seat)].name != name) {
        return where(t) + ": its record seats " + name + " at seat " + std::to_string(seat) + ", the tournament " +
               (seat >= 0 && seat < static_cast<int>(t.seats.size()) ? t.seats[static_cast<std::size_t>(seat)].name
                                                                     : std::string("nobody")) +
               ".";
      }
    }
  }
  if (b.duplicate) return check_shared_deals(b);
  return std::nullopt;
}

std::optional<std::string> check_standings(const TournamentBundle& b, const std::vector<std::optional<GameEnd>>& ends) {
  if (auto wrong = check_ends(b, ends)) return wrong;
  const Rows rows = rows_of(b, ends);
  const TournamentPast past = past_of(rows.players, rows.results, rows.byes, rows.tables, b.duplicate);
  const auto recomputed = tournament::standings(past.entrants, past.results, past.byes, rules_of(b));
  if (recomputed.size() != b.standings.size()) {
    return "The standings have " + std::to_string(b.standings.size()) + " rows; the records give " +
           std::to_string(recomputed.size()) + ".";
  }
  for (std::size_t i = 0; i < recomputed.size(); ++i) {
    const tournament::StandingRow& want = recomputed[i];
    const protocol::BundleStanding& got = b.standings[i];
    const std::string row = "Standings row " + std::to_string(i + 1);
    if (got.player != want.player) {
      return row + " is " + got.name + "; the records put " + name_of(b, want.player) + " there.";
    }
    const std::string who = row + " (" + got.name + "): the bundle gives ";
    const auto differ = [&](const std::string& what, const std::string& given, const std::string& computed) {
      return who + given + " " + what + ", the records give " + computed + ".";
    };
    if (got.name != name_of(b, want.player)) return row + ": the name " + got.name + " is not the entrant's.";
    if (got.points_half != want.points.value) {
      return differ("points", points_text(got.points_half), points_text(want.points.value));
    }
    if (got.games != want.games) return differ("games", std::to_string(got.games), std::to_string(want.games));
    if (got.game_points != want.game_points) {
      return differ("game points", std::to_string(got.game_points), std::to_string(want.game_points));
    }
    if (got.rubles != want.rubles) return differ("rubles", std::to_string(got.rubles), std::to_string(want.rubles));
    if (got.schedule_strength_half != want.schedule_strength.value) {
      return differ("as schedule strength", points_text(got.schedule_strength_half),
                    points_text(want.schedule_strength.value));
    }
    if (got.matchpoints_half != want.matchpoints.value) {
      return differ("matchpoints", points_text(got.matchpoints_half), points_text(want.matchpoints.value));
    }
    if (got.byes != want.byes) return differ("byes", std::to_string(got.byes), std::to_string(want.byes));
    if (got.last_round != want.last_round || got.last_place != want.last_place) {
      return differ("as last round and place", std::to_string(got.last_round) + "/" + std::to_string(got.last_place),
                    std::to_string(want.last_round) + "/" + std::to_string(want.last_place));
    }
    if (got.rank != want.rank) return differ("as rank", std::to_string(got.rank), std::to_string(want.rank));
    if (got.left != !past.still_in.count(want.player)) {
      return row + " (" + got.name + ") is marked " + (got.left ? "as left" : "as still in") +
             ", against the entrants' list.";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_pairings(const TournamentBundle& b, const std::vector<std::optional<GameEnd>>& ends) {
  if (auto wrong = check_ends(b, ends)) return wrong;
  const TournamentRecord t = tournament_of(b);
  if (!(rules_of(b) == standings_rules(t))) {
    return "The bundle's points rules are not the ones this program pairs Swiss rounds with, so its pairings cannot be "
           "recomputed.";
  }
  for (const protocol::BundleRound& played : b.played) {
    const int round = played.round;
    if (round != static_cast<int>(&played - b.played.data()) + 1) return "The rounds are not numbered from 1 in order.";
    std::vector<const protocol::BundleTable*> tables;
    std::set<std::int64_t> in_round;
    for (const auto& table : b.tables) {
      if (table.round != round) continue;
      tables.push_back(&table);
      for (const auto& s : table.seats) in_round.insert(s.player);
    }
    std::vector<std::int64_t> byes;
    for (const auto& bye : b.byes) {
      if (bye.round == round) {
        byes.push_back(bye.player);
        in_round.insert(bye.player);
      }
    }
    const std::string at = "Round " + std::to_string(round);
    // Who was still in when the round was paired: the round's players, each
    // of whom must not have left before it started, and nobody else, each of
    // whom must have left by then.
    Rows rows = rows_of(b, ends, round);
    for (TournamentPlayerRecord& p : rows.players) {
      const std::string name = p.name;
      if (in_round.count(p.user_id)) {
        if (p.left_at && *p.left_at < played.started_at) {
          return at + " seats " + name + ", who had left the tournament before it started.";
        }
        p.left_at.reset();
      } else {
        if (!p.left_at || *p.left_at > played.started_at) {
          return at + " leaves out " + name + ", who had not left the tournament: no table and no bye.";
        }
      }
    }
    const TournamentPast past = past_of(rows.players, rows.results, rows.byes, rows.tables, b.duplicate);
    const auto planned = plan_round(t, past, round);
    if (!planned) return at + " cannot be paired from the rounds before it, yet the bundle has it.";
    for (std::size_t k = 0; k < std::max(planned->tables.size(), tables.size()); ++k) {
      const std::vector<std::int64_t> want = k < planned->tables.size() ? planned->tables[k].seats : std::vector<std::int64_t>{};
      std::vector<std::int64_t> got;
      if (k < tables.size()) {
        for (const auto& s : tables[k]->seats) got.push_back(s.player);
      }
      if (want != got) {
        return at + ", table " + std::to_string(k + 1) + ": the pairing gives " + names(b, want) + "; the bundle seats " +
               names(b, got) + ".";
      }
    }
    std::vector<std::int64_t> want_byes = planned->byes;
    std::sort(want_byes.begin(), want_byes.end());
    std::sort(byes.begin(), byes.end());
    if (want_byes != byes) {
      return at + ": the pairing gives byes to " + names(b, want_byes) + "; the bundle to " + names(b, byes) + ".";
    }
  }
  return std::nullopt;
}

}  // namespace sp::server
