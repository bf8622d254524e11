// spb pace-sim: how many days a correspondence game lasts, with and without
// standing orders (issue 19; docs/correspondence.md, "What standing orders
// save"). Robots play every seat; each decision a seat's player must make
// waits for that player to come back, after a delay drawn from the model
// below. With orders, a player who comes back also leaves the orders a
// thoughtful player leaves, and a decision an order makes costs no time.
//
// The model of a player: told that it is their turn, they come back after a
// delay drawn uniformly between --min-hours and --max-hours, and make the
// robot's move. With orders, they then think one turn ahead, as a thoughtful
// player does: "if the others all pass, what will I do next?" (the robot's
// choice on that board, within this phase), and leave it as an order for the
// rest of the phase: a buy, take or play of that card at most the price it
// would have, or a pass ("until the board changes", or "until the phase
// ends"). They also leave standing answers until cancelled, each only where
// the table's options ask it: keep the Pickpocket, discard the Observatory's
// drawn card, decline the Pub, give up a discard-pile pick nothing fits. Every
// order is written through engine::write_order and used only as the engine
// allows, so an order fires on another board only if still legal at its price.
// The same seeds deal the same games and draw the same delays in both runs.
//
// With --compare clocks it compares clocks instead (issue 35, server/clock/pace_clocks.hpp):
// the same games, the same players (each now and then away for days), under
// no limit, move deadlines, a time bank, and each with floating vacation;
// with --nights H the players also sleep H hours a day in time zones spread
// around the day, and each clock is run again with their nights off.
// A timeout moves as the server's does (absent_action); the players' own
// decisions are the robot's, with no standing orders.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/rng.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/standing_order.hpp"
#include "server/cli/command_line.hpp"
#include "server/clock/pace_clocks.hpp"
#include "server/table/clock_pace.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/table_options.hpp"
#include "server/table/seat_control.hpp"

namespace sp::cli {
namespace {

using namespace sp::server;

struct Pace {
  double hours = 0;
  int visits = 0;         // decisions that waited for a player
  int ordered_moves = 0;  // decisions an order made
};

struct DelayModel {
  double min_hours = 1;
  double max_hours = 24;
};

// What the seat would do at its next turn if every other seat passed until
// then, within this phase, as an order; nothing when the phase would end first.
std::optional<engine::OrderRule> next_intention(const engine::GameState& state, engine::Seat seat,
                                                std::uint64_t seed, std::int64_t move_number) {
  engine::GameState board = state;
  for (int step = 0; step < 8; ++step) {
    const auto to_act = engine::seats_to_act(board);
    if (to_act.empty() || board.phase != state.phase || board.round != state.round) return std::nullopt;
    if (to_act.front() == seat) break;
    auto next = engine::apply(board, to_act.front(), engine::Action{engine::Pass{}});
    if (!next) return std::nullopt;
    board = std::move(next->state);
  }
  const auto to_act = engine::seats_to_act(board);
  if (to_act.empty() || to_act.front() != seat || board.phase != state.phase || board.round != state.round) {
    return std::nullopt;
  }
  const engine::Action intended = server::robot_action(board, seat, engine::RobotLevel::kWorth, seed, move_number + 1000000);
  std::optional<int> price;
  for (const engine::LegalAction& legal : engine::legal_actions(board, seat)) {
    if (legal.action == intended) price = legal.price;
  }
  if (const auto* buy = std::get_if<engine::Buy>(&intended)) {
    if (buy->from != engine::Source::kUpper && buy->from != engine::Source::kLower) return std::nullopt;
    return engine::BuyOrder{buy->card, price.value_or(0), buy->displace, false};
  }
  if (const auto* take = std::get_if<engine::Take>(&intended)) {
    if (take->from != engine::Source::kUpper && take->from != engine::Source::kLower) return std::nullopt;
    return engine::TakeOrder{take->card, false};
  }
  if (const auto* play = std::get_if<engine::Play>(&intended)) {
    return engine::PlayOrder{play->card, price.value_or(0), play->displace, play->target};
  }
  if (const auto* pass = std::get_if<engine::Pass>(&intended)) {
    if (pass->until_phase_end) return engine::PassUntilPhaseEndOrder{};
    return engine::PassUntilBoardChangesOrder{};
  }
  return std::nullopt;
}

void leave_orders(const engine::GameState& state, engine::Seat seat, std::uint64_t seed, std::int64_t move_number,
                  std::vector<engine::StandingOrder>& orders) {
  auto add = [&](engine::OrderRule rule, engine::Expiry expiry) {
    for (const engine::StandingOrder& order : orders) {
      if (order.rule.index() == rule.index() && order.expiry == expiry) return;
    }
    if (auto written = engine::write_order(state, seat, std::move(rule), expiry)) orders.push_back(std::move(*written));
  };
  // The intention of the last visit is replaced by this one's.
  std::erase_if(orders, [](const engine::StandingOrder& o) { return o.expiry == engine::Expiry::kPhaseEnd; });
  if (auto intended = next_intention(state, seat, seed, move_number)) add(std::move(*intended), engine::Expiry::kPhaseEnd);
  add(engine::PickpocketAnswer{false}, engine::Expiry::kUntilCancelled);
  add(engine::DrawnCardAnswer{engine::DrawnCardChoice::kDiscard, std::nullopt, 0, std::nullopt},
      engine::Expiry::kUntilCancelled);
  add(engine::PubAnswer{0}, engine::Expiry::kUntilCancelled);
  add(engine::DiscardPickAnswer{engine::PickChoice::kGiveUp, std::nullopt, 0, std::nullopt},
      engine::Expiry::kUntilCancelled);
}

std::optional<Pace> play_one(const engine::GameSetup& setup, bool with_orders, const DelayModel& model) {
  auto state = engine::new_game(setup);
  if (!state) return std::nullopt;
  engine::Rng delays(setup.seed ^ 0xD1B54A32D192ED03ull);
  std::vector<std::vector<engine::StandingOrder>> orders(static_cast<std::size_t>(setup.player_count));
  Pace pace;
  std::int64_t move_number = 0;
  while (!state->is_finished()) {
    const auto to_act = engine::seats_to_act(*state);
    if (to_act.empty() || ++move_number > 100000) return std::nullopt;
    const engine::Seat seat = to_act.front();
    auto& mine = orders[seat.value];
    engine::Action action;
    std::optional<std::size_t> used;
    if (auto ordered = with_orders ? engine::standing_order_move(*state, seat, mine) : std::nullopt) {
      action = ordered->action;
      used = ordered->order;
      ++pace.ordered_moves;
    } else {
      const double u = static_cast<double>(delays.below(1'000'000)) / 1e6;
      pace.hours += model.min_hours + u * (model.max_hours - model.min_hours);
      ++pace.visits;
      action = server::robot_action(*state, seat, engine::RobotLevel::kWorth, setup.seed, move_number);
    }
    auto next = engine::apply(*state, seat, action);
    if (!next) return std::nullopt;
    if (used) engine::order_used(mine, *used, *state);
    *state = std::move(next->state);
    for (std::size_t s = 0; s < orders.size(); ++s) {
      engine::expire_orders(*state, engine::Seat{static_cast<std::uint8_t>(s)}, orders[s]);
    }
    if (with_orders && !used && !state->is_finished()) leave_orders(*state, seat, setup.seed, move_number, mine);
  }
  return pace;
}

// With players who sleep, each clock also with their nights off.
std::vector<SimClock> compared_clocks(bool nights) {
  const BankHours bank{72, 24, 168};
  std::vector<SimClock> clocks{
      SimClock{"no limit", std::nullopt, std::nullopt, false, false},
      SimClock{"24 h a move", 24, std::nullopt, false, false},
      SimClock{"72 h a move", 72, std::nullopt, false, false},
      SimClock{"24 h a move, floating", 24, std::nullopt, true, false},
      SimClock{"bank 72 h +24 h up to 168 h", std::nullopt, bank, false, false},
      SimClock{"bank, floating", std::nullopt, bank, true, false},
  };
  if (nights) {
    clocks.push_back(SimClock{"24 h a move, nights off", 24, std::nullopt, false, true});
    clocks.push_back(SimClock{"72 h a move, nights off", 72, std::nullopt, false, true});
    clocks.push_back(SimClock{"bank, nights off", std::nullopt, bank, false, true});
    clocks.push_back(SimClock{"bank, floating, nights off", std::nullopt, bank, true, true});
  }
  return clocks;
}

// The deal of the `game`th game of a run: seeds follow one another from `seed`.
engine::GameSetup game_setup(int players, const engine::Expansions& expansions, std::uint64_t seed,
                             std::uint64_t game) {
  engine::GameSetup setup;
  setup.player_count = players;
  setup.options.expansions = expansions;
  setup.seed = seed + game;
  return setup;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

int compare_clocks(std::uint64_t games, int players, std::uint64_t seed, const engine::Expansions& expansions,
                   const PlayerHabits& habits) {
  std::printf("%llu games, %d players; a player comes back %.0f to %.0f hours after being told, and is away "
              "1 to %d days every %.0f days on average; %d vacation days a year\n",
              static_cast<unsigned long long>(games), players, habits.min_hours, habits.max_hours, habits.away_days,
              habits.away_every_days, kSimulatedVacationDays);
  if (habits.night_hours > 0) {
    std::printf("each player asleep %.0f hours a day from 23:00 in time zones %.0f hours apart\n", habits.night_hours,
                24.0 / players);
  }
  for (const SimClock& clock : compared_clocks(habits.night_hours > 0)) {
    std::vector<double> days, timeouts, spent, seats;
    for (std::uint64_t g = 0; g < games; ++g) {
      const engine::GameSetup setup = game_setup(players, expansions, seed, g);
      const auto pace = play_with_clock(setup, clock, habits);
      if (!pace) {
        std::cerr << "spb pace-sim: the game with seed " << setup.seed << " did not end\n";
        return 1;
      }
      days.push_back(pace->hours / 24);
      timeouts.push_back(pace->timeouts);
      spent.push_back(pace->days_spent);
      seats.push_back(pace->seats_timed_out);
    }
    const auto mean = [](const std::vector<double>& v) {
      double sum = 0;
      for (double x : v) sum += x;
      return v.empty() ? 0 : sum / static_cast<double>(v.size());
    };
    std::printf("%-30s median days per game %6.1f  timeouts per game %5.2f  players timed out %4.2f  "
                "vacation days spent %5.2f  (means but the first)\n",
                (clock.name + ":").c_str(), median(days), mean(timeouts), mean(seats), mean(spent));
  }
  return 0;
}

int run_pace_sim_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(
      args,
      {"games", "players", "seed", "expansions", "min-hours", "max-hours", "compare", "away-every", "away-days", "nights"},
      error);
  std::optional<std::uint64_t> games, players, seed, min_hours, max_hours, away_every, away_days, nights;
  bool clocks = false;
  std::optional<engine::Expansions> expansions = engine::Expansions{};
  if (flags) {
    games = flags->number("games", 200, 1, 100000, error);
    players = flags->number("players", 4, 2, 5, error);
    seed = flags->number("seed", 1, 0, UINT64_MAX, error);
    min_hours = flags->number("min-hours", 1, 0, 24 * 14, error);
    max_hours = flags->number("max-hours", 24, 1, 24 * 14, error);
    if (const auto text = flags->get("expansions")) expansions = parse_expansions(*text, error);
    away_every = flags->number("away-every", 14, 0, 3650, error);
    away_days = flags->number("away-days", 4, 1, 60, error);
    nights = flags->number("nights", 0, 0, 16, error);
    const std::string compare = flags->get("compare").value_or("orders");
    if (compare != "orders" && compare != "clocks") error = "--compare is orders or clocks";
    clocks = compare == "clocks";
  }
  if (error.empty() && min_hours && max_hours && *min_hours > *max_hours) error = "--min-hours is above --max-hours";
  if (error.empty() && players && expansions && *players == 5 && !expansions->new_society) {
    error = "five players need --expansions new_society";
  }
  if (!error.empty() || !games || !players || !seed || !expansions || !min_hours || !max_hours || !away_every ||
      !away_days || !nights) {
    std::cerr << "spb pace-sim: " << error
              << "\nusage: spb pace-sim [--games N] [--players 2-5] [--seed S] [--expansions banquet,new_society]"
                 " [--min-hours H] [--max-hours H]\n"
                 "                    [--compare orders|clocks] [--away-every DAYS] [--away-days N] [--nights H]\n";
    return 2;
  }
  if (clocks) {
    return compare_clocks(*games, static_cast<int>(*players), *seed, *expansions,
                          PlayerHabits{static_cast<double>(*min_hours), static_cast<double>(*max_hours),
                                       static_cast<double>(*away_every), static_cast<int>(*away_days),
                                       static_cast<double>(*nights)});
  }
  const DelayModel model{static_cast<double>(*min_hours), static_cast<double>(*max_hours)};
  std::printf("%llu games, %llu players, a player comes back %llu to %llu hours after being told\n",
              static_cast<unsigned long long>(*games), static_cast<unsigned long long>(*players),
              static_cast<unsigned long long>(*min_hours), static_cast<unsigned long long>(*max_hours));
  for (const bool with_orders : {false, true}) {
    std::vector<double> days, visits, ordered;
    for (std::uint64_t g = 0; g < *games; ++g) {
      const engine::GameSetup setup = game_setup(static_cast<int>(*players), *expansions, *seed, g);
      const auto pace = play_one(setup, with_orders, model);
      if (!pace) {
        std::cerr << "spb pace-sim: the game with seed " << setup.seed << " did not end\n";
        return 1;
      }
      days.push_back(pace->hours / 24);
      visits.push_back(pace->visits);
      ordered.push_back(pace->ordered_moves);
    }
    std::printf("%-15s median days per game %.1f  decisions waited for %.0f  made by orders %.0f  (medians)\n",
                with_orders ? "with orders:" : "without orders:", median(days), median(visits), median(ordered));
  }
  return 0;
}

}  // namespace sp::cli
