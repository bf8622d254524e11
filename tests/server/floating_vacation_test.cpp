// Floating vacation (server/time/floating_vacation.hpp) on a real SQLite file
// and a real PostgreSQL database: a day of the allowance is spent when the
// player's clock runs out, only if they asked for it and have a day left.
#include <doctest/doctest.h>

#include "server/store/open_backend.hpp"
#include "server/time/floating_vacation.hpp"
#include "server/time/vacation_allowance.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kNow = 1'800'000'000;  // 2027-01-15
constexpr int kDaysPerYear = 3;

struct Player {
  sp::test::TempDir dir;
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  std::int64_t user = db.insert_user("ann", "x", 0);

  void floating(bool on) {
    NoticeSettingsRecord settings = db.notice_settings(user);
    settings.floating_vacation = on;
    db.save_notice_settings(settings);
  }
};

TEST_CASE("a player who did not ask for floating vacation spends no day when the clock runs out") {
  Player ann;
  const FloatingDay day = spend_floating_day(ann.db, ann.user, kNow, kDaysPerYear);
  CHECK(day.outcome == FloatingDay::Outcome::kNotSpent);
  CHECK(ann.db.vacations_of(ann.user, 0).empty());
}

TEST_CASE("floating vacation spends one day, marked floating, counted against the year's allowance") {
  Player ann;
  ann.floating(true);
  const FloatingDay day = spend_floating_day(ann.db, ann.user, kNow, kDaysPerYear);
  REQUIRE(day.outcome == FloatingDay::Outcome::kSpent);
  REQUIRE(day.vacation);
  CHECK(day.vacation->ends_at == kNow + kSecondsPerDay);
  CHECK(day.days_left == kDaysPerYear - 1);
  const auto current = ann.db.current_vacation(ann.user, kNow + 60);
  REQUIRE(current);
  CHECK(current->floating);
  CHECK(days_used_this_year(ann.db.vacations_of(ann.user, year_start(kNow)), kNow + 60) == 1);
}

TEST_CASE("a player already away spends nothing more: their clock stops as the vacation's does") {
  Player ann;
  ann.floating(true);
  REQUIRE(spend_floating_day(ann.db, ann.user, kNow, kDaysPerYear).outcome == FloatingDay::Outcome::kSpent);
  // Another table's clock runs out an hour later, within the day spent.
  const FloatingDay again = spend_floating_day(ann.db, ann.user, kNow + 3600, kDaysPerYear);
  CHECK(again.outcome == FloatingDay::Outcome::kAlreadyAway);
  CHECK(ann.db.vacations_of(ann.user, 0).size() == 1);
}

TEST_CASE("once the year's days are spent, the clock running out is a timeout") {
  Player ann;
  ann.floating(true);
  std::int64_t now = kNow;
  for (int spent = 0; spent < kDaysPerYear; ++spent) {
    const FloatingDay day = spend_floating_day(ann.db, ann.user, now, kDaysPerYear);
    REQUIRE(day.outcome == FloatingDay::Outcome::kSpent);
    CHECK(day.days_left == kDaysPerYear - spent - 1);
    ann.db.close_vacation(day.vacation->id, day.vacation->ends_at);
    now = day.vacation->ends_at;
  }
  CHECK(spend_floating_day(ann.db, ann.user, now, kDaysPerYear).outcome == FloatingDay::Outcome::kNotSpent);
}

}  // namespace
