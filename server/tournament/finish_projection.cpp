#include "server/tournament/finish_projection.hpp"

#include <cmath>

#include "server/table/clock_pace.hpp"
#include "server/tournament/round_plan.hpp"

namespace sp::server {

namespace {

// Deals simulated: enough for a steady high quantile, few enough to take well
// under a second.
constexpr int kGames = 30;
// A round waits for its slowest table: the tenth slowest game in a hundred.
constexpr double kSlowestTable = 0.9;
// An elimination's field before registration is known: its maximum, or this.
constexpr int kAssumedField = 16;

int rounds_of(const protocol::client::CreateTournament& t) {
  if (t.format != protocol::TournamentFormat::kElimination) return t.rounds;
  return elimination_rounds(t.max_players.value_or(kAssumedField), t.table.players, t.advance.value_or(1));
}

}  // namespace

std::optional<std::int64_t> projected_finish(const protocol::client::CreateTournament& t) {
  SimClock clock;
  clock.name = "tournament";
  if (t.table.move_deadline_hours) clock.deadline_hours = static_cast<double>(*t.table.move_deadline_hours);
  if (const auto& bank = t.table.time_bank) {
    clock.bank = BankHours{static_cast<double>(bank->initial_hours), static_cast<double>(bank->increment_hours),
                           static_cast<double>(bank->cap_hours)};
  }
  const auto hours = round_hours(t.table.players, t.table.options.value_or(engine::TableOptions{}), clock,
                                 PlayerHabits{}, kGames, 1, kSlowestTable);
  if (!hours) return std::nullopt;
  return t.starts_at + static_cast<std::int64_t>(std::llround(*hours * 3600.0)) * rounds_of(t);
}

}  // namespace sp::server
