#include "server/tournament/round_writer.hpp"

#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/stored_text.hpp"
#include "server/security/fair_deal.hpp"
#include "server/table/table_deal.hpp"
#include "server/table/table_registry.hpp"
#include "server/table/table_start.hpp"
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
  TablePace pace = pace_of(tables);
  // Every seat is a registered player's: robots only stand in, after timeouts.
  pace.robots = 0;
  // A tournament's date holds: a player's floating vacation days are not spent here.
  pace.floating_vacation = false;
  const TableTerms terms{tables.rated, std::nullopt, std::nullopt, tables.bots_allowed};
  std::optional<RoundDeal> shared;
  if (t.duplicate) shared = round_deal_at_start(db, t.id, round, now);
  int number = 0;
  for (const tournament::Table& paired : pairing.tables) {
    ++number;
    TableRecord record;
    record.name = table_name(t, round, number);
    record.creator_id = t.creator_id;
    record.status = TableStatus::kOpen;
    record.player_count = static_cast<int>(paired.seats.size());
    record.options_json = protocol::stored_options_text(tables.options.value_or(engine::TableOptions{}));
    record.card_set_version = std::string(engine::card_set_version());
    if (shared) {
      // Every table of the round is dealt from the round's deal, which its
      // players contributed to before the round.
      record.deal_secret = shared->secret;
      record.shared_deal = shared_deal_of(*shared);
    } else {
      // The server's secret alone deals the table: its players were seated by
      // the pairing, not by joining, so none contributed.
      record.deal_secret = draw_deal_secret();
    }
    record.tournament = TableInTournament{t.id, round, number};
    const std::int64_t id = db.insert_table(record, now);
    for (std::size_t seat = 0; seat < paired.seats.size(); ++seat) {
      db.insert_seat(id, static_cast<int>(seat), paired.seats[seat]);
    }
    write_table_pace(db, id, pace, record.player_count);
    if (terms != TableTerms{}) db.set_table_terms(id, terms);
    TableRecord table = *db.load_table(id);
    table.seed = fair_seed(table);
    const auto state = engine::new_game(setup_of(table));
    // The tournament's options were dealt at its creation for every table size it can seat.
    if (!state) throw std::logic_error("a tournament's table could not be dealt: " + state.error().message);
    db.start_table(id, table.seed, engine::state_hash_hex(*state), now);
    for (StoredNotification& note : write_table_start(db, table, *state, now)) written.notes.push_back(std::move(note));
    for (const SeatRecord& seat : table.seats) {
      const NotificationDraft draft{seat.user_id, "tournament_round", id,
                                    "Round " + std::to_string(round) + " of " + t.name + " has started: your table is " +
                                        table.name + ".",
                                    protocol::TournamentRoundDetails{t.id, t.name, round, id}};
      if (auto stored = store_notification(db, draft, now)) written.notes.push_back(std::move(*stored));
    }
    written.started.push_back(*db.load_table(id));
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
