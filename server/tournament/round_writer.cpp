#include "server/tournament/round_writer.hpp"

#include "protocol/notice_details.hpp"
#include "server/tournament/competition_table.hpp"
#include "server/tournament/round_deal.hpp"

namespace sp::server {

namespace {

std::string table_name(const TournamentRecord& t, int round, int number) {
  return t.name + ", round " + std::to_string(round) + ", table " + std::to_string(number);
}

}  // namespace

WrittenRound write_round(Records& db, const TournamentRecord& t, const protocol::client::CreateTable& tables,
                         int round, const tournament::RoundPairing& pairing, std::int64_t now) {
  WrittenRound written;
  std::optional<RoundDeal> shared;
  if (t.duplicate) shared = round_deal_at_start(db, t.id, round, now);
  int number = 0;
  for (const tournament::Table& paired : pairing.tables) {
    ++number;
    const CompetitionTable table{table_name(t, round, number), t.creator_id, paired.seats,
                                 TableInTournament{t.id, round, number}, std::nullopt, shared};
    StartedTable started = start_competition_table(db, tables, table, now);
    for (StoredNotification& note : started.notes) written.notes.push_back(std::move(note));
    const std::int64_t id = started.table.id;
    for (const SeatRecord& seat : started.table.seats) {
      const NotificationDraft draft{seat.user_id, "tournament_round", id,
                                    "Round " + std::to_string(round) + " of " + t.name + " has started: your table is " +
                                        started.table.name + ".",
                                    protocol::TournamentRoundDetails{t.id, t.name, round, id}};
      if (auto stored = store_notification(db, draft, now)) written.notes.push_back(std::move(*stored));
    }
    written.started.push_back(std::move(started.table));
  }
  for (tournament::PlayerId player : pairing.byes) {
    db.insert_bye(t.id, round, player);
    const NotificationDraft draft{player, "tournament_round", std::nullopt,
                                  "Round " + std::to_string(round) + " of " + t.name +
                                      " has started: you sit this round out (a bye) and score its points.",
                                  protocol::TournamentRoundDetails{t.id, t.name, round, std::nullopt}};
    if (auto stored = store_notification(db, draft, now)) written.notes.push_back(std::move(*stored));
  }
  // The next round's deal is drawn now, so that its commitment is public
  // while this round is played and its players may contribute.
  if (t.duplicate && round < t.rounds) draw_round_deal(db, t.id, round + 1, now);
  return written;
}

}  // namespace sp::server
