// The analysis of a finished game (engine/analysis/, docs/analysis.md): a
// seat is judged only on what it could see, the strongest level's own choice
// costs nothing, and a plain blunder is found and priced.
#include "engine/analysis/game_analysis.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <vector>

#include "engine/analysis/analysis_summary.hpp"
#include "engine/legal_actions.hpp"
#include "engine/robot_level.hpp"
#include "engine/robot_search.hpp"
#include "engine/rules.hpp"

#include "tests/support/game_builder.hpp"
#include "tests/support/robot_tables.hpp"

using namespace sp::engine;
using sp::test::secretive_options;

namespace {

// Small, so the file stays fast under the sanitizers; the properties hold at any depth.
constexpr AnalysisDepth kTestDepth{2, 2};

// A deal with every stack's order written out, top card first, so that a
// second game can change the order of the cards nobody drew.
GameSetup dealt_setup(int players, const TableOptions& options, std::uint64_t seed) {
  GameSetup setup;
  setup.player_count = players;
  setup.options = options;
  setup.seed = seed;
  Rng rng(seed);
  for (int d = 0; d < kDeckCount; ++d) {
    std::vector<CardId> cards = deck_cards(static_cast<Deck>(d), options.expansions);
    rng.shuffle(std::span<CardId>(cards));
    setup.stacks[d] = cards;
  }
  return setup;
}

GameState state_after(const GameSetup& setup, const std::vector<LoggedAction>& log) {
  const auto state = replay(setup, log);
  REQUIRE(state.has_value());
  return *state;
}

// Plays the game of `setup` and `log` on to its end with today's robot at every seat.
void play_to_end(const GameSetup& setup, std::vector<LoggedAction>& log, std::uint64_t seed) {
  GameState state = state_after(setup, log);
  Rng rng(seed);
  while (!state.is_finished()) {
    const Seat seat = state.current;
    const Action action = choose_robot_action(state, seat, rng, RobotLevel::kWorth);
    REQUIRE(apply_in_place(state, seat, action, nullptr).has_value());
    log.push_back(LoggedAction{seat, action});
  }
}

// `setup` with the cards of each stack below its first `drawn[d]` (those
// drawn by some point of the game) in reverse order.
GameSetup with_undrawn_reversed(GameSetup setup, const std::array<std::size_t, kDeckCount>& drawn) {
  for (int d = 0; d < kDeckCount; ++d) {
    std::vector<CardId>& cards = *setup.stacks[d];
    std::reverse(cards.begin() + static_cast<std::ptrdiff_t>(drawn[d]), cards.end());
  }
  return setup;
}

// How many cards of each stack were drawn before `state`.
std::array<std::size_t, kDeckCount> drawn_by(const GameSetup& setup, const GameState& state) {
  std::array<std::size_t, kDeckCount> drawn{};
  for (int d = 0; d < kDeckCount; ++d) drawn[d] = setup.stacks[d]->size() - state.stacks[d].size();
  return drawn;
}

bool same_actions(const std::vector<LoggedAction>& a, const std::vector<LoggedAction>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const LoggedAction& x, const LoggedAction& y) {
    return x.seat == y.seat && x.kind == y.kind && x.action == y.action;
  });
}

SeatAnalysis analysed(const GameSetup& setup, const std::vector<LoggedAction>& log, Seat seat,
                      AnalysisDepth depth = kTestDepth) {
  auto analysis = analyse_seat(setup, log, seat, depth);
  REQUIRE_MESSAGE(analysis.has_value(), analysis.error().message);
  return *analysis;
}

}  // namespace

TEST_CASE("a seat's analysis is the same in two games that differ only in the cards nobody drew") {
  for (const TableOptions& options : {TableOptions{}, secretive_options()}) {
    const GameSetup setup = dealt_setup(2, options, 11);
    std::vector<LoggedAction> log;
    play_to_end(setup, log, 12);
    const GameSetup other = with_undrawn_reversed(setup, drawn_by(setup, state_after(setup, log)));
    REQUIRE(state_after(other, log).stacks != state_after(setup, log).stacks);

    for (std::uint8_t s = 0; s < 2; ++s) {
      const SeatAnalysis analysis = analysed(setup, log, Seat{s});
      CHECK(analysis.decisions.size() > 20);
      CHECK(analysed(other, log, Seat{s}).decisions == analysis.decisions);
    }
  }
}

TEST_CASE("a decision's analysis does not depend on the cards drawn after it") {
  for (const TableOptions& options : {TableOptions{}, secretive_options()}) {
    const GameSetup setup = dealt_setup(2, options, 21);
    std::vector<LoggedAction> log;
    play_to_end(setup, log, 22);
    // Halfway, the two games part: the other deals the cards still face down
    // in another order, so its future is another one.
    const std::vector<LoggedAction> first_half(log.begin(), log.begin() + static_cast<std::ptrdiff_t>(log.size() / 2));
    const GameSetup other = with_undrawn_reversed(setup, drawn_by(setup, state_after(setup, first_half)));
    std::vector<LoggedAction> other_log = first_half;
    play_to_end(other, other_log, 22);
    REQUIRE(!same_actions(other_log, log));

    const auto before_parting = [&](const SeatAnalysis& analysis) {
      std::vector<DecisionAnalysis> kept;
      for (const DecisionAnalysis& d : analysis.decisions) {
        if (d.entry < first_half.size()) kept.push_back(d);
      }
      return kept;
    };
    const std::vector<DecisionAnalysis> judged = before_parting(analysed(setup, log, Seat{0}));
    CHECK(judged.size() > 10);
    CHECK(before_parting(analysed(other, other_log, Seat{0})) == judged);
  }
}

TEST_CASE("a decision the strongest level would make itself costs nothing") {
  // Seat 0 plays the strongest level's search at the analysis's depth, given
  // the generator the analysis judges that decision with; seat 1 today's robot.
  const AnalysisDepth depth{3, 2};
  const GameSetup setup = dealt_setup(2, TableOptions{}, 31);
  GameState state = state_after(setup, {});
  std::vector<LoggedAction> log;
  Rng others(32);
  while (!state.is_finished()) {
    const Seat seat = state.current;
    Rng searching = decision_generator(log.size());
    const Action action = seat.value == 0
                              ? search_robot_action(state, seat, searching, SearchBudget{depth.candidates, depth.deals})
                              : choose_robot_action(state, seat, others, RobotLevel::kWorth);
    REQUIRE(apply_in_place(state, seat, action, nullptr).has_value());
    log.push_back(LoggedAction{seat, action});
  }

  const SeatAnalysis analysis = analysed(setup, log, Seat{0}, depth);
  REQUIRE(analysis.decisions.size() > 20);
  for (const DecisionAnalysis& d : analysis.decisions) {
    CAPTURE(d.entry);
    CHECK(d.judgement.chosen == d.judgement.robot_choice);
    CHECK(d.judgement.cost == 0.0);
  }
  const AnalysisSummary summary = summarise(analysis.decisions);
  CHECK(summary.points_lost == 0.0);
  CHECK(summary.accuracy == 100.0);
  CHECK(summary.costliest.empty());
}

TEST_CASE("taking into the hand a card that can never be paid for in the last round is a blunder of 5 points or more") {
  // One round only (the worker stack is the opening display) and no money:
  // a card taken into the hand stays there and costs 5 points at the end.
  const GameSetup setup = sp::test::GameBuilder(2)
                              .stack(Deck::kWorker, {"lumberjack", "gold_miner", "shepherd", "fur_trapper"})
                              .markers(0, 1, 0, 1)
                              .rubles({0, 0})
                              .setup();
  const GameState start = state_after(setup, {});
  REQUIRE(start.last_round);
  REQUIRE(start.current == Seat{0});
  std::vector<LoggedAction> log{LoggedAction{Seat{0}, Take{sp::test::card("lumberjack"), Source::kUpper}}};
  play_to_end(setup, log, 41);

  const SeatAnalysis analysis = analysed(setup, log, Seat{0});
  REQUIRE(!analysis.decisions.empty());
  const DecisionAnalysis& blunder = analysis.decisions.front();
  CHECK(blunder.entry == 0);
  CHECK(blunder.kind == DecisionKind::kTakingIntoHand);
  CHECK(blunder.judgement.cost >= 5.0);
  CHECK(std::holds_alternative<Pass>(blunder.judgement.alternatives[blunder.judgement.best].action));
  CHECK(blunder.judgement.alternatives[blunder.judgement.chosen].points <=
        blunder.judgement.alternatives[blunder.judgement.best].points - 5.0);

  const AnalysisSummary summary = summarise(analysis.decisions);
  REQUIRE(!summary.costliest.empty());
  CHECK(summary.costliest.front() == 0);
  CHECK(summary.lost_by_kind[static_cast<std::size_t>(DecisionKind::kTakingIntoHand)] >= 5.0);
  CHECK(summary.lost_by_phase[static_cast<std::size_t>(Phase::kWorker)] >= 5.0);
  CHECK(summary.accuracy < 100.0);
}

TEST_CASE("a seat's decisions are its own actions that had another legal choice") {
  const GameSetup setup = dealt_setup(3, TableOptions{Expansions{true, true}}, 51);
  std::vector<LoggedAction> log;
  play_to_end(setup, log, 52);
  const SeatAnalysis analysis = analysed(setup, log, Seat{1}, AnalysisDepth{1, 1});

  std::vector<std::size_t> choices;
  GameState state = state_after(setup, {});
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].seat == Seat{1} && legal_actions(state, Seat{1}).size() > 1) choices.push_back(i);
    REQUIRE(apply_in_place(state, log[i].seat, log[i].action, nullptr).has_value());
  }
  std::vector<std::size_t> entries;
  for (const DecisionAnalysis& d : analysis.decisions) entries.push_back(d.entry);
  CHECK(entries == choices);
}

TEST_CASE("an action taken back by an undo is no decision") {
  const GameSetup setup = dealt_setup(2, TableOptions{}, 81);
  const GameState start = state_after(setup, {});
  const Seat first = start.current;
  std::vector<LoggedAction> log{LoggedAction{first, Pass{}}, LoggedAction{first, Action{}, LogKind::kUndo}};
  play_to_end(setup, log, 82);
  const SeatAnalysis analysis = analysed(setup, log, first);
  REQUIRE(!analysis.decisions.empty());
  // The pass taken back is not judged; the decision made again in its place is.
  CHECK(analysis.decisions.front().entry == 2);
}

TEST_CASE("the summary's points lost by phase and by kind add up to the points lost") {
  const GameSetup setup = dealt_setup(2, TableOptions{}, 61);
  std::vector<LoggedAction> log;
  play_to_end(setup, log, 62);
  const SeatAnalysis analysis = analysed(setup, log, Seat{0});
  const AnalysisSummary summary = summarise(analysis.decisions);
  double by_phase = 0.0;
  for (const double lost : summary.lost_by_phase) by_phase += lost;
  double by_kind = 0.0;
  for (const double lost : summary.lost_by_kind) by_kind += lost;
  CHECK(by_phase == doctest::Approx(summary.points_lost));
  CHECK(by_kind == doctest::Approx(summary.points_lost));
  CHECK(summary.decisions == static_cast<int>(analysis.decisions.size()));
  for (std::size_t i = 1; i < summary.costliest.size(); ++i) {
    CHECK(analysis.decisions[summary.costliest[i - 1]].judgement.cost >=
          analysis.decisions[summary.costliest[i]].judgement.cost);
  }
}

TEST_CASE("a game in progress is not analysed") {
  const GameSetup setup = dealt_setup(2, TableOptions{}, 71);
  std::vector<LoggedAction> log;
  play_to_end(setup, log, 72);
  log.resize(log.size() / 2);
  const auto analysis = analyse_seat(setup, log, Seat{0}, kTestDepth);
  REQUIRE(!analysis.has_value());
  CHECK(analysis.error().message == "the game is not finished: only a finished game is analysed");
}
