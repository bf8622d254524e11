#include "server/tournament/advance.hpp"

#include <algorithm>

#include "protocol/notice_details.hpp"
#include "protocol/stored_text.hpp"
#include "server/tournament/round_plan.hpp"
#include "server/tournament/round_writer.hpp"
#include "server/tournament/seed_rating.hpp"

namespace sp::server {

namespace {

// A Swiss or round robin tournament needs a table of three; an elimination too.
constexpr std::size_t kFewestPlayers = 3;

TournamentPast read_past(Records& db, const TournamentRecord& t) {
  return past_of(db.tournament_players(t.id), db.tournament_results(t.id), db.tournament_byes(t.id),
                 db.tournament_tables(t.id), t.duplicate);
}

// Writes the round's tables. REQUIRES: the round was claimed (Records::start_round) in this job.
void write_planned_round(Records& db, const TournamentRecord& t, const tournament::RoundPairing& pairing, int round,
                         std::int64_t now, Advanced& advanced) {
  const auto tables = protocol::decode_stored_table_request(t.table_request);
  // Stored by create_tournament from a request it had read: a bug if it does not read back.
  if (!tables) throw std::logic_error("tournament " + std::to_string(t.id) + ": its tables' request does not read");
  WrittenRound written = write_round(db, t, *tables, round, pairing, now);
  advanced.started = std::move(written.started);
  advanced.notes = std::move(written.notes);
}

void finish(Records& db, const TournamentRecord& t, const TournamentPast& past, std::int64_t now, Advanced& advanced) {
  if (!db.end_tournament(t.id, TournamentStatus::kFinished, now)) return;
  const auto rows = standings_of(t, past);
  for (const tournament::StandingRow& row : rows) {
    const NotificationDraft draft{row.player, "tournament_finished", std::nullopt,
                                  t.name + " has finished: you are " + std::to_string(row.rank) + " of " +
                                      std::to_string(rows.size()) + ".",
                                  protocol::TournamentFinishedDetails{t.id, t.name, row.rank,
                                                                      static_cast<int>(rows.size())}};
    if (auto stored = store_notification(db, draft, now)) advanced.notes.push_back(std::move(*stored));
  }
}

// A day before the registration closes, its players are told once
// (docs/tournaments.md "A tournament's life"); a tournament created later
// than that tells nobody.
constexpr std::int64_t kClosingNotice = 24 * 3600;

void tell_registration_closing(Records& db, const TournamentRecord& t, std::int64_t now, Advanced& advanced) {
  if (!db.claim_closing_notice(t.id)) return;
  for (const TournamentPlayerRecord& p : db.tournament_players(t.id)) {
    const NotificationDraft draft{p.user_id, "tournament_registration_closing", std::nullopt,
                                  "Registration for " + t.name + " closes within a day.",
                                  protocol::TournamentRegistrationClosingDetails{t.id, t.name, t.registration_closes_at}};
    if (auto stored = store_notification(db, draft, now)) advanced.notes.push_back(std::move(*stored));
  }
}

void begin(Records& db, TournamentRecord t, std::int64_t now, Advanced& advanced) {
  if (now < t.starts_at) {
    const std::int64_t notice_at = t.registration_closes_at - kClosingNotice;
    if (t.created_at < notice_at && now < notice_at) {
      advanced.check_at = notice_at;
      return;
    }
    if (t.created_at < notice_at && now < t.registration_closes_at) tell_registration_closing(db, t, now, advanced);
    advanced.check_at = t.starts_at;
    return;
  }
  if (db.tournament_players(t.id).size() < kFewestPlayers) {
    db.end_tournament(t.id, TournamentStatus::kCancelled, now);
    return;
  }
  // The claim comes first: a node that finds the round begun writes nothing.
  if (!db.start_round(t.id, 1, now)) return;
  // The seeding: each player's displayed rating (docs/ratings.md) in the pool of the tournament's tables.
  for (const TournamentPlayerRecord& p : db.tournament_players(t.id)) {
    db.set_seed_rating(t.id, p.user_id, seed_rating(db, p.user_id, t.table_players));
  }
  const TournamentPast past = read_past(db, t);
  const int rounds = planned_rounds(t, past);
  if (rounds != t.rounds) {
    db.set_tournament_rounds(t.id, rounds);
    t.rounds = rounds;
  }
  if (const auto pairing = plan_round(t, past, 1)) write_planned_round(db, t, *pairing, 1, now, advanced);
  if (t.finish_by) advanced.check_at = *t.finish_by;
}

// The finish date came with tables still being played: every seat a person
// still plays goes to the robot, at every such table alike.
void settle(Records& db, const std::vector<TournamentTableRecord>& playing, Advanced& advanced) {
  for (const TournamentTableRecord& table : playing) {
    const auto record = db.load_table(table.table_id);
    if (!record) continue;
    for (const SeatRecord& seat : record->seats) {
      if (!seat.robot && seat.controller == SeatController::kHuman) {
        advanced.to_robots.push_back(Advanced::Seat{table.table_id, seat.seat});
      }
    }
  }
}

void next_round(Records& db, const TournamentRecord& t, std::int64_t now, Advanced& advanced) {
  const int round = t.current_round;
  const bool date_came = t.finish_by && now >= *t.finish_by;
  std::vector<TournamentTableRecord> playing;
  for (const TournamentTableRecord& table : db.tournament_tables(t.id)) {
    if (table.round == round && (table.status == TableStatus::kPlaying || table.status == TableStatus::kOpen)) {
      playing.push_back(table);
    }
  }
  if (!playing.empty()) {
    if (date_came) {
      settle(db, playing, advanced);
    } else if (t.finish_by) {
      advanced.check_at = *t.finish_by;
    }
    return;
  }
  // Finishing the round is the claim: of several nodes, one finishes it and pairs the next.
  if (!db.finish_round(t.id, round, now)) return;
  const TournamentPast past = read_past(db, t);
  const auto pairing = round < t.rounds && !date_came ? plan_round(t, past, round + 1) : std::nullopt;
  if (pairing && db.start_round(t.id, round + 1, now)) {
    write_planned_round(db, t, *pairing, round + 1, now, advanced);
    if (t.finish_by) advanced.check_at = *t.finish_by;
  } else {
    finish(db, t, past, now, advanced);
  }
}

}  // namespace

Advanced advance_tournament(Records& db, std::int64_t tournament_id, std::int64_t now) {
  Advanced advanced;
  const auto t = db.load_tournament(tournament_id);
  if (!t) return advanced;
  if (t->status == TournamentStatus::kRegistering) begin(db, *t, now, advanced);
  if (t->status == TournamentStatus::kPlaying) next_round(db, *t, now, advanced);
  return advanced;
}

}  // namespace sp::server
