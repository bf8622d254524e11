// The log entry's text, written without a document, is byte for byte the
// dump of encode_log_entry's document: for every action legal at any point
// of random games (all expansions, 2 to 5 players), for the actions' optional
// parts, and for every entry that is no action. Each seat's legal actions,
// written the same way, are the dump of their documents.
#include "protocol/log_entry_text.hpp"

#include <doctest/doctest.h>

#include "engine/legal_actions.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"
#include "tests/support/random_game_moves.hpp"

using namespace sp;

namespace {

void check_entry(const engine::LoggedAction& entry) {
  const std::string expected = protocol::encode_log_entry(entry).dump();
  REQUIRE_MESSAGE(protocol::encode_log_entry_text(entry) == expected, expected);
}

engine::CardId card(std::string_view id) {
  const auto found = engine::find_card(id);
  REQUIRE(found);
  return *found;
}

}  // namespace

TEST_CASE("every action legal in random games is written as its document's dump") {
  test::each_move_of_random_games([](const test::RandomMove& m) {
    for (const engine::LegalAction& legal : engine::legal_actions(m.before, m.move.seat)) {
      check_entry(engine::LoggedAction{m.move.seat, legal.action});
    }
    check_entry(m.move);
  });
}

TEST_CASE("an action's optional parts are written in the document's order") {
  const engine::Seat seat{1};
  check_entry({seat, engine::Buy{card("lumberjack"), engine::Source::kLower, card("gold_miner")}});
  check_entry({seat, engine::Play{card("shepherd"), card("gold_miner"), card("fur_trapper")}});
  check_entry({seat, engine::Pass{true}});
  check_entry({seat, engine::Pass{false}});
  check_entry({seat, engine::Discard{}});
  check_entry({seat, engine::Discard{card("ship_builder"), engine::Source::kUpper}});
  check_entry({seat, engine::SetGuildHall{3, 1}});
  check_entry({seat, engine::BuyPoints{2}});
}

TEST_CASE("the entries that are no action are written as their documents") {
  for (const engine::LogKind kind :
       {engine::LogKind::kResign, engine::LogKind::kAbortProposed, engine::LogKind::kAbortVoted,
        engine::LogKind::kAbortRefused, engine::LogKind::kAbortLapsed, engine::LogKind::kAborted,
        engine::LogKind::kUndo, engine::LogKind::kLateAsked, engine::LogKind::kLateVotedWait,
        engine::LogKind::kLateVotedRobot, engine::LogKind::kLateVotedEnd, engine::LogKind::kLateWaited,
        engine::LogKind::kLateRobot, engine::LogKind::kLateEnded}) {
    check_entry(engine::LoggedAction{engine::Seat{0}, engine::Action{}, kind});
  }
}

TEST_CASE("every seat's legal actions in random games are written as their documents' dump") {
  test::each_move_of_random_games([](const test::RandomMove& m) {
    for (int seat = 0; seat < m.players; ++seat) {
      const auto legal = engine::legal_actions(m.before, engine::Seat{static_cast<std::uint8_t>(seat)});
      nlohmann::json expected = nlohmann::json::array();
      for (const engine::LegalAction& action : legal) expected.push_back(protocol::encode_legal_action(action));
      REQUIRE(protocol::encode_legal_actions_text(legal) == expected.dump());
    }
  });
}

TEST_CASE("a legal action's price goes where the document sorts it, a free one's as null") {
  const std::vector<engine::LegalAction> legal{
      {engine::Buy{card("lumberjack"), engine::Source::kLower, card("gold_miner")}, 3},
      {engine::Play{card("shepherd"), card("gold_miner"), card("fur_trapper")}, 0},
      {engine::Pass{true}, std::nullopt},
      {engine::SetGuildHall{3, 1}, std::nullopt},
      {engine::BuyPoints{2}, 4},
      {engine::UseObservatory{engine::Deck::kBuilding}, std::nullopt},
  };
  nlohmann::json expected = nlohmann::json::array();
  for (const engine::LegalAction& action : legal) expected.push_back(protocol::encode_legal_action(action));
  CHECK(protocol::encode_legal_actions_text(legal) == expected.dump());
  CHECK(protocol::encode_legal_actions_text({}) == "[]");
}
