#include "server/tournament/tournament_view.hpp"

#include <algorithm>
#include <map>

#include "protocol/stored_text.hpp"
#include "server/security/fair_deal.hpp"
#include "server/table/table_start.hpp"
#include "server/tournament/round_plan.hpp"

namespace sp::server {

namespace {

std::string name_of(const std::vector<TournamentPlayerRecord>& players, std::int64_t user) {
  for (const TournamentPlayerRecord& p : players) {
    if (p.user_id == user) return p.name;
  }
  return "";
}

}  // namespace

protocol::TournamentSummary tournament_summary(Records& db, const TournamentRecord& t,
                                               std::optional<std::int64_t> asker) {
  protocol::TournamentSummary s;
  s.id = t.id;
  s.name = t.name;
  s.creator = t.creator_name;
  s.status = t.status;
  s.format = t.format;
  s.rounds = t.rounds;
  s.current_round = t.current_round;
  s.table_players = t.table_players;
  if (const auto tables = protocol::decode_stored_table_request(t.table_request)) {
    s.options = tables->options.value_or(engine::TableOptions{});
    const TablePace pace = pace_of(*tables);
    s.move_seconds = pace.move_seconds;
    s.time_bank = tables->time_bank;
    s.takeover_after = pace.takeover_after;
    s.takeover_by = std::string(to_string(pace.takeover_by));
    s.timeout_vote = pace.timeout_vote;
    s.rated = tables->rated;
  }
  s.duplicate = t.duplicate;
  s.group_size = t.group_size;
  s.advance = t.advance;
  s.registration_closes_at = t.registration_closes_at;
  s.starts_at = t.starts_at;
  s.finish_by = t.finish_by;
  s.projected_finish = t.projected_finish;
  s.registered = t.registered;
  s.max_players = t.max_players;
  s.entry = protocol::TournamentEntry{t.min_rating, t.max_timeout_rate, t.invitation_only};
  if (asker) {
    const auto players = db.tournament_players(t.id);
    s.you_registered = std::any_of(players.begin(), players.end(), [&](const TournamentPlayerRecord& p) {
      return p.user_id == *asker && !p.left_at;
    });
  }
  s.created_at = t.created_at;
  return s;
}

std::vector<protocol::RoundDealShown> round_deals_shown(Records& db, const TournamentRecord& t) {
  std::vector<protocol::RoundDealShown> shown;
  if (!t.duplicate) return shown;
  const auto rounds = db.tournament_rounds(t.id);
  const bool going = t.status == TournamentStatus::kRegistering || t.status == TournamentStatus::kPlaying;
  for (const TournamentDealRecord& deal : db.tournament_deals(t.id)) {
    protocol::RoundDealShown d;
    d.round = deal.round;
    d.commitment = deal_commitment(deal.secret);
    for (const auto& given : deal.contributions) d.contributions.push_back({given.name, protocol::to_hex(given.bytes)});
    const auto round = std::find_if(rounds.begin(), rounds.end(), [&](const auto& r) { return r.round == deal.round; });
    if (round != rounds.end() && round->status == RoundStatus::kFinished) d.secret = protocol::to_hex(deal.secret);
    d.open = going && deal.round > t.current_round;
    shown.push_back(std::move(d));
  }
  return shown;
}

protocol::TournamentView tournament_view(Records& db, const TournamentRecord& t, std::optional<std::int64_t> asker) {
  protocol::TournamentView view;
  view.summary = tournament_summary(db, t, asker);
  const auto players = db.tournament_players(t.id);
  for (const TournamentPlayerRecord& p : players) {
    protocol::TournamentPlayerShown shown;
    shown.name = p.name;
    shown.seed_rating = p.seed_rating;
    if (p.left_how) shown.left = std::string(to_string(*p.left_how));
    shown.left_reason = p.left_reason;
    view.players.push_back(std::move(shown));
  }
  const auto tables = db.tournament_tables(t.id);
  const auto results = db.tournament_results(t.id);
  const auto byes = db.tournament_byes(t.id);
  std::map<std::pair<std::int64_t, int>, int> places;  // (table, seat) -> place
  for (const TournamentResultRecord& r : results) places[{r.table_id, r.seat}] = r.place;
  for (const TournamentRoundRecord& round : db.tournament_rounds(t.id)) {
    protocol::TournamentRoundShown shown;
    shown.round = round.round;
    shown.status = std::string(to_string(round.status));
    shown.started_at = round.started_at;
    shown.finished_at = round.finished_at;
    for (const TournamentTableRecord& table : tables) {
      if (table.round != round.round) continue;
      protocol::TournamentTableShown row;
      row.table = table.table_id;
      row.number = table.number;
      row.status = std::string(to_string(table.status));
      row.deadline_at = table.deadline_at;
      for (const auto& seat : table.seats) {
        row.seats.push_back(seat.name);
        if (table.status == TableStatus::kFinished) {
          const auto place = places.find({table.table_id, seat.seat});
          row.places.push_back(place == places.end() ? std::nullopt : std::optional<int>(place->second));
        }
      }
      shown.tables.push_back(std::move(row));
    }
    for (const TournamentByeRecord& bye : byes) {
      if (bye.round == round.round) shown.byes.push_back(bye.name);
    }
    view.rounds.push_back(std::move(shown));
  }
  const TournamentPast past = past_of(players, results, byes, tables, t.duplicate);
  for (const tournament::StandingRow& row : standings_of(t, past)) {
    protocol::StandingShown shown;
    shown.rank = row.rank;
    shown.name = name_of(players, row.player);
    shown.points_half = row.points.value;
    shown.games = row.games;
    shown.game_points = row.game_points;
    shown.rubles = row.rubles;
    shown.schedule_strength_half = row.schedule_strength.value;
    if (t.duplicate) shown.matchpoints_half = row.matchpoints.value;
    shown.byes = row.byes;
    shown.left = !past.still_in.count(row.player);
    view.standings.push_back(std::move(shown));
  }
  view.deals = round_deals_shown(db, t);
  if (t.invitation_only) view.invited = db.tournament_invitees(t.id);
  return view;
}

}  // namespace sp::server
