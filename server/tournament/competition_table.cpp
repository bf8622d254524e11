#include "server/tournament/competition_table.hpp"

#include <stdexcept>

#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/stored_text.hpp"
#include "server/security/fair_deal.hpp"
#include "server/table/table_deal.hpp"
#include "server/table/table_registry.hpp"
#include "server/table/table_start.hpp"

namespace sp::server {

StartedTable start_competition_table(Records& db, const protocol::client::CreateTable& tables,
                                     const CompetitionTable& table, std::int64_t now) {
  TablePace pace = pace_of(tables);
  // Every seat is a player's the competition seated: robots only stand in, after timeouts.
  pace.robots = 0;
  // A competition's dates hold: a player's floating vacation days are not spent here.
  pace.floating_vacation = false;
  const TableTerms terms{tables.rated, std::nullopt, std::nullopt, tables.bots_allowed};
  TableRecord record;
  record.name = table.name;
  record.creator_id = table.creator_id;
  record.status = TableStatus::kOpen;
  record.player_count = static_cast<int>(table.seats.size());
  record.options_json = protocol::stored_options_text(tables.options.value_or(engine::TableOptions{}));
  record.card_set_version = std::string(engine::card_set_version());
  if (table.shared_deal) {
    // Every table of the round is dealt from the round's deal, which its
    // players contributed to before the round.
    record.deal_secret = table.shared_deal->secret;
    record.shared_deal = shared_deal_of(*table.shared_deal);
  } else {
    // The server's secret alone deals the table: its players were seated by
    // the competition, not by joining, so none contributed.
    record.deal_secret = draw_deal_secret();
  }
  record.tournament = table.tournament;
  record.league = table.league;
  const std::int64_t id = db.insert_table(record, now);
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    db.insert_seat(id, static_cast<int>(seat), table.seats[seat]);
  }
  write_table_pace(db, id, pace, record.player_count);
  if (terms != TableTerms{}) db.set_table_terms(id, terms);
  TableRecord written = *db.load_table(id);
  written.seed = fair_seed(written);
  const auto state = engine::new_game(setup_of(written));
  // A competition's options were dealt at its creation for every table size it can seat.
  if (!state) throw std::logic_error("a competition's table could not be dealt: " + state.error().message);
  db.start_table(id, written.seed, engine::state_hash_hex(*state), now);
  StartedTable started;
  // Each player is told by the competition's own notice (round_writer, advance_league).
  started.notes = write_table_start(db, written, *state, now, StartNotice::kNobody);
  started.table = *db.load_table(id);
  return started;
}

}  // namespace sp::server
