#include "protocol/view_text.hpp"

#include <doctest/doctest.h>

#include <utility>

#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "protocol/engine_json.hpp"
#include "tests/support/view_changes.hpp"

using namespace sp;
using nlohmann::json;

namespace {

// Plays a random game and checks, after every move, that the kept text of
// the viewer's view parses to what encode_view gives, and that its changes,
// applied to the view after the move before, give the same. Every
// `skip_every`th move is not shown to the kept text, as when a viewer class
// has no watcher: the next changes must then carry every part.
void check_every_move(engine::GameSetup setup, engine::Viewer viewer, std::uint64_t seed, int skip_every = 0) {
  auto state = engine::new_game(setup);
  REQUIRE(state.has_value());
  const engine::GameState start = *state;
  std::vector<engine::LoggedAction> log;
  engine::RandomPlayer player(seed);
  engine::RandomGameStats stats;
  REQUIRE(engine::play_randomly(*state, player, stats, &log));

  const std::vector<std::string> names{"Ann", "Bob", "Cyril", "Dasha", "Egor"};
  protocol::ViewText kept(names);
  engine::GameState replay = start;
  json before = protocol::encode_view(engine::view_for(replay, viewer), names);
  bool skipped = false;
  std::size_t players_sent = 0;
  for (const engine::LoggedAction& move : log) {
    REQUIRE(engine::apply_in_place(replay, move.seat, move.action, nullptr));
    const engine::TableView view = engine::view_for(replay, viewer);
    const json expected = protocol::encode_view(view, names);
    if (skip_every > 0 && view.move_number % skip_every == 0) {
      skipped = true;
      before = expected;
      continue;
    }
    kept.update(view);
    const json text = json::parse(kept.whole());
    REQUIRE_MESSAGE(text == expected, "move ", view.move_number, ": ", text.dump(), " != ", expected.dump());
    const json changes = json::parse(kept.changes());
    if (std::exchange(skipped, false)) CHECK(changes.at("players").size() == view.players.size());
    players_sent += changes.at("players").size();
    const json applied = test::apply_view_changes(before, changes);
    REQUIRE_MESSAGE(applied == expected, "move ", view.move_number, ": ", applied.dump(), " != ", expected.dump());
    before = expected;
  }
  // Most moves change one or two players' parts, not all of them.
  CHECK(players_sent * 4 < log.size() * setup.player_count * 3);
  CHECK(replay.is_finished());
}

}  // namespace

TEST_CASE("a view's kept text always reads as the whole view encoded afresh") {
  engine::GameSetup setup;
  setup.options.expansions = engine::Expansions{true, true};
  for (int players = 2; players <= 5; ++players) {
    setup.player_count = players;
    setup.seed = static_cast<std::uint64_t>(players) * 17;
    check_every_move(setup, engine::Viewer::spectator(), setup.seed + 1);
  }
}

TEST_CASE("a seat's kept view text hides the others' money and hands as the whole view does") {
  engine::GameSetup setup;
  setup.player_count = 3;
  setup.seed = 5;
  setup.options.public_money = false;
  setup.options.public_hands = false;
  setup.options.auto_pass_forced = false;
  check_every_move(setup, engine::Viewer::of_seat(engine::Seat{1}), 6);
}

TEST_CASE("the administrator's kept view text keeps the stacks' order and drops stack contents when peeking is off") {
  engine::GameSetup setup;
  setup.player_count = 4;
  setup.seed = 9;
  setup.options.stack_peek = false;
  check_every_move(setup, engine::Viewer::administrator(), 10);
}

TEST_CASE("a view's changes apply after a move the kept text was not shown") {
  engine::GameSetup setup;
  setup.player_count = 4;
  setup.seed = 21;
  setup.options.expansions = engine::Expansions{true, true};
  check_every_move(setup, engine::Viewer::spectator(), 22, 7);
}
