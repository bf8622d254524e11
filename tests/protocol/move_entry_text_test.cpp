// A move's entry written without a document is byte for byte the dump of
// encode_move_entry's document: for every move of random games (2 to 5
// players, with and without each expansion), as every receiver sees it, under
// public and hidden hands and money.
#include "protocol/move_entry_text.hpp"

#include <doctest/doctest.h>

#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"

using namespace sp;

namespace {

void check_move(const protocol::MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer) {
  const std::string expected = protocol::encode_move_entry(move, options, viewer).dump();
  REQUIRE_MESSAGE(protocol::encode_move_entry_text(move, options, viewer) == expected, expected);
}

}  // namespace

TEST_CASE("every move of random games is written as its entry's document, for every receiver") {
  for (int players = 2; players <= 5; ++players) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      engine::GameSetup setup;
      setup.player_count = players;
      setup.seed = seed * 103 + static_cast<std::uint64_t>(players);
      setup.options.expansions = engine::Expansions{seed % 2 == 0, players == 5 || seed % 3 != 0};
      // Hidden hands and money change what a seat's events show of the others'.
      setup.options.public_hands = seed != 3;
      setup.options.public_money = seed != 4;
      // Forced passes need public money and hands (engine/setup.cpp): off otherwise.
      setup.options.auto_pass_forced = setup.options.public_hands && setup.options.public_money;
      auto state = engine::new_game(setup);
      REQUIRE(state.has_value());
      engine::GameState replay = *state;
      std::vector<engine::LoggedAction> log;
      engine::RandomPlayer player(seed);
      engine::RandomGameStats stats;
      REQUIRE(engine::play_randomly(*state, player, stats, &log));
      for (std::size_t i = 0; i < log.size(); ++i) {
        engine::Events events;
        REQUIRE(engine::apply_in_place(replay, log[i].seat, log[i].action, &events));
        const auto number = static_cast<std::int64_t>(i) + 1;
        check_move(protocol::MoveEntry{number, log[i], events, "player"}, setup.options, engine::Viewer::spectator());
        check_move(protocol::MoveEntry{number, log[i], events, std::nullopt}, setup.options,
                   engine::Viewer::administrator());
        for (int seat = 0; seat < players; ++seat) {
          check_move(protocol::MoveEntry{number, log[i], events, "robot"}, setup.options,
                     engine::Viewer::of_seat(engine::Seat{static_cast<std::uint8_t>(seat)}));
        }
      }
    }
  }
}

TEST_CASE("an entry that is no action is written as its document") {
  const engine::Events none;
  for (const engine::LogKind kind : {engine::LogKind::kResign, engine::LogKind::kAbortProposed, engine::LogKind::kUndo}) {
    const engine::LoggedAction entry{engine::Seat{1}, engine::Action{}, kind};
    check_move(protocol::MoveEntry{7, entry, none, "absent"}, engine::TableOptions{}, engine::Viewer::spectator());
  }
}
