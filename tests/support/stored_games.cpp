#include "tests/support/stored_games.hpp"

#include <stdexcept>
#include <string>

#include "engine/legal_actions.hpp"
#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "server/store/records.hpp"

namespace sp::test {

namespace {

std::int64_t player_account(server::Records& db, int seat) {
  const std::string name = "player" + std::to_string(seat);
  if (const auto user = db.find_user_by_name(name)) return user->id;
  return db.insert_user(name, "!", 1700000000);
}

}  // namespace

StoredGame store_random_game(server::Records& db, int players, engine::Expansions expansions, std::uint64_t seed) {
  engine::GameSetup setup;
  setup.player_count = players;
  setup.options.expansions = expansions;
  setup.seed = seed;
  auto state = engine::new_game(setup);
  if (!state) throw std::runtime_error(state.error().message);

  server::TableRecord table;
  table.name = "random game " + std::to_string(seed);
  table.creator_id = player_account(db, 0);
  table.status = server::TableStatus::kOpen;
  table.player_count = players;
  table.options_json = protocol::encode_options(setup.options).dump();
  table.card_set_version = std::string(engine::card_set_version());
  const std::int64_t now = 1700000000;
  StoredGame game;
  game.table = db.insert_table(table, now);
  for (int seat = 0; seat < players; ++seat) db.insert_seat(game.table, seat, player_account(db, seat));
  db.start_table(game.table, seed, engine::state_hash_hex(*state), now);

  engine::RandomPlayer player(seed ^ 0x5DEECE66Dull);
  while (!state->is_finished()) {
    const engine::Seat seat = engine::seats_to_act(*state).front();
    const engine::Action action = player.choose(*state, seat);
    if (!engine::apply_in_place(*state, seat, action, nullptr)) throw std::runtime_error("a legal action was refused");
    ++game.moves;
    server::MoveRecord move;
    move.move_number = game.moves;
    move.seat = seat.value;
    move.action_json = protocol::encode_action(action).dump();
    move.state_hash = engine::state_hash_hex(*state);
    move.created_at = now + game.moves;
    db.append_move(game.table, move, state->is_finished() ? server::TableStatus::kFinished : server::TableStatus::kPlaying);
  }
  game.live = *state;
  return game;
}

std::int64_t store_empty_table(server::Records& db, std::int64_t creator, const std::string& name) {
  server::TableRecord t;
  t.name = name;
  t.creator_id = creator;
  t.player_count = 2;
  t.options_json = "{}";
  t.card_set_version = "test";
  return db.insert_table(t, 0);
}

}  // namespace sp::test
