// Property tests over thousands of seeded random games (every expansion set,
// 2 to 5 players): after every action each card is in exactly one place, no
// money is negative, no hand is over its limit, phases come in order, every
// legal action is accepted, and every game ends. Replays rebuild the same state.
#include "engine/random_game.hpp"

#include <doctest/doctest.h>

#include <string>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "engine/tableau.hpp"

#include "tests/support/game_configs.hpp"

using namespace sp::engine;

namespace {

GameSetup setup_for(const sp::test::GameConfig& config, std::uint64_t seed) {
  GameSetup setup;
  setup.player_count = config.players;
  setup.options.expansions = config.expansions;
  setup.seed = seed;
  return setup;
}

// Bumped deliberately when a rules change alters random games (say so in the commit).
constexpr std::uint64_t kExpectedFingerprint = 5563606232910033104ull;

int phase_index(const GameState& s) { return static_cast<int>(s.round) * 8 + static_cast<int>(s.phase); }

// Returns a description of the first broken invariant, or an empty string.
// `before` is the state before the last action.
std::string check_invariants(const GameState& before, const GameState& state, const CardCensus& dealt) {
  if (card_census(state) != dealt) return "a card was created or lost";
  for (int seat = 0; seat < state.player_count; ++seat) {
    const PlayerState& p = state.players[seat];
    const PlayerState& was = before.players[seat];
    if (p.rubles < 0) return "negative money for seat " + std::to_string(seat);
    if (p.hand.size() > 4) return "hand over 4 cards";
    // A hand grows only while it has room: 3 cards, or 4 with a Warehouse.
    if (p.hand.size() > was.hand.size() && static_cast<int>(was.hand.size()) >= hand_limit(was)) {
      return "a card went into a full hand";
    }
  }
  if (phase_index(state) < phase_index(before) && !state.is_finished()) return "phases went backwards";
  if (state.upper.size() + state.lower.size() > 10) return "more than 10 cards on the board";
  return "";
}

}  // namespace

TEST_CASE("random games keep every invariant after every action, and every game ends") {
  std::vector<LegalAction> legal;
  int games = 0;
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      auto state = new_game(setup_for(config, seed));
      REQUIRE(state.has_value());
      const CardCensus dealt = card_census(*state);
      Rng choices(seed * 7919);
      int steps = 0;
      for (; !state->is_finished() && steps < 5000; ++steps) {
        const Seat seat = state->current;
        legal_actions_into(*state, seat, legal);
        REQUIRE_MESSAGE(!legal.empty(), "no legal action for the seat to act");
        const LegalAction& pick = legal[static_cast<std::size_t>(choices.below(legal.size()))];
        const GameState before = *state;
        auto result = apply_in_place(*state, seat, pick.action, nullptr);
        REQUIRE_MESSAGE(result.has_value(), (result ? "" : result.error().message));
        const std::string broken = check_invariants(before, *state, dealt);
        REQUIRE_MESSAGE(broken.empty(), broken << " (players " << config.players << ", seed " << seed << ")");
      }
      REQUIRE_MESSAGE(state->is_finished(), "game did not end: seed " << seed);
      ++games;
    }
  }
  CHECK(games == 300 * 14);  // 7 player counts and expansion sets, with and without The Banquet
}

TEST_CASE("a legal action's price is exactly what the seat pays") {
  std::vector<LegalAction> legal;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto state = new_game(setup_for(sp::test::GameConfig{3, Expansions{true, true}}, seed));
    REQUIRE(state.has_value());
    Rng choices(seed);
    while (!state->is_finished()) {
      const Seat seat = state->current;
      legal_actions_into(*state, seat, legal);
      const LegalAction pick = legal[static_cast<std::size_t>(choices.below(legal.size()))];
      auto next = apply(*state, seat, pick.action);
      REQUIRE(next.has_value());
      for (const Event& e : next->events) {
        if (const auto* bought = std::get_if<CardBought>(&e)) CHECK(pick.price == bought->price);
        if (const auto* played = std::get_if<CardPlayed>(&e); played && !spec(played->card).is_action_card()) {
          CHECK(pick.price == played->price);
        }
      }
      *state = next->state;
    }
  }
}

TEST_CASE("replaying a game's log from its setup rebuilds the same state") {
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const GameSetup setup = setup_for(config, seed);
      auto state = new_game(setup);
      REQUIRE(state.has_value());
      RandomPlayer player(seed);
      RandomGameStats stats;
      std::vector<LoggedAction> log;
      REQUIRE(play_randomly(*state, player, stats, &log));
      auto replayed = replay(setup, log);
      REQUIRE(replayed.has_value());
      CHECK(*replayed == *state);
      CHECK(state_hash(*replayed) == state_hash(*state));
    }
  }
}

TEST_CASE("a rejected action changes nothing") {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    auto state = new_game(setup_for(sp::test::GameConfig{4, Expansions{true, true}}, seed));
    REQUIRE(state.has_value());
    RandomPlayer player(seed);
    Rng probes(seed + 1);
    while (!state->is_finished()) {
      // Throw a few arbitrary actions at the table, from every seat.
      for (int i = 0; i < 4; ++i) {
        const GameState before = *state;
        const CardId any_card{static_cast<std::uint8_t>(probes.below(static_cast<std::uint64_t>(card_count())))};
        const Seat any_seat{static_cast<std::uint8_t>(probes.below(4))};
        const Action probes_list[] = {Buy{any_card, Source::kUpper, {}}, Play{any_card, {}, {}},
                                      Take{any_card, Source::kLower}, UseObservatory{Deck::kTrading},
                                      BuyPoints{3}, Discard{any_card, Source::kTableau}};
        const Action& probe = probes_list[probes.below(6)];
        auto result = apply_in_place(*state, any_seat, probe, nullptr);
        if (!result) {
          CHECK(*state == before);
          CHECK_FALSE(result.error().message.empty());
        }
      }
      if (state->is_finished()) break;
      const Seat seat = state->current;
      REQUIRE(apply_in_place(*state, seat, player.choose(*state, seat), nullptr).has_value());
    }
  }
}

TEST_CASE("determinism fingerprint: the same seeds play the same games on every machine") {
  // A hash of the final states of fixed seeded games. A change of the rules or
  // of the random generator changes it; such a change must say so.
  std::uint64_t fingerprint = 0;
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      auto state = new_game(setup_for(config, seed));
      REQUIRE(state.has_value());
      RandomPlayer player(seed);
      RandomGameStats stats;
      REQUIRE(play_randomly(*state, player, stats));
      fingerprint = fingerprint * 1099511628211ull ^ state_hash(*state);
    }
  }
  MESSAGE("fingerprint " << fingerprint);
  CHECK(fingerprint == kExpectedFingerprint);
}
