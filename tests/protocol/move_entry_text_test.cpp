// A move's entry written without a document is byte for byte the dump of
// encode_move_entry's document: for every move of random games (2 to 5
// players, with and without each expansion), as every receiver sees it, under
// public and hidden hands and money.
#include "protocol/move_entry_text.hpp"

#include <doctest/doctest.h>

#include "tests/support/random_game_moves.hpp"

using namespace sp;

namespace {

void check_move(const protocol::MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer) {
  const std::string expected = protocol::encode_move_entry(move, options, viewer).dump();
  REQUIRE_MESSAGE(protocol::encode_move_entry_text(move, options, viewer) == expected, expected);
}

}  // namespace

TEST_CASE("every move of random games is written as its entry's document, for every receiver") {
  test::each_move_of_random_games(
      [](const test::RandomMove& m) {
        check_move(protocol::MoveEntry{m.number, m.move, m.events, "player"}, m.options, engine::Viewer::spectator());
        check_move(protocol::MoveEntry{m.number, m.move, m.events, std::nullopt}, m.options,
                   engine::Viewer::administrator());
        for (int seat = 0; seat < m.players; ++seat) {
          check_move(protocol::MoveEntry{m.number, m.move, m.events, "robot"}, m.options,
                     engine::Viewer::of_seat(engine::Seat{static_cast<std::uint8_t>(seat)}));
        }
      },
      [](engine::TableOptions& options, int game) {
        // Hidden hands and money change what a seat's events show of the
        // others'. Forced passes need both public (engine/setup.cpp).
        options.public_hands = game % 4 != 1;
        options.public_money = game % 4 != 2;
        options.auto_pass_forced = options.public_hands && options.public_money;
      });
}

TEST_CASE("an entry that is no action is written as its document") {
  const engine::Events none;
  for (const engine::LogKind kind : {engine::LogKind::kResign, engine::LogKind::kAbortProposed, engine::LogKind::kUndo}) {
    const engine::LoggedAction entry{engine::Seat{1}, engine::Action{}, kind};
    check_move(protocol::MoveEntry{7, entry, none, "absent"}, engine::TableOptions{}, engine::Viewer::spectator());
  }
}
