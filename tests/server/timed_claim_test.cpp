#include "server/store/timed_claim.hpp"

#include <doctest/doctest.h>

// What the nodes tell each other on kTimedWorkChannel (docs/scaling.md,
// "Timed work"): a kind and an id, as PgRecords writes them.
TEST_CASE("a notification of due timed work names its kind and id; anything else names nothing") {
  using namespace sp::server;
  const auto vacation = parse_timed_work_due("v 42");
  REQUIRE(vacation);
  CHECK(vacation->work == TimedWork::kVacationEnd);
  CHECK(vacation->id == 42);
  CHECK(parse_timed_work_due("w 0")->work == TimedWork::kWebhooks);
  CHECK(parse_timed_work_due("e 0")->work == TimedWork::kEmails);
  CHECK(parse_timed_work_due("d 0")->work == TimedWork::kDigests);
  // The sweep is claimed, never told; unknown kinds and broken ids are ignored.
  CHECK_FALSE(parse_timed_work_due("r 0"));
  CHECK_FALSE(parse_timed_work_due("x 0"));
  CHECK_FALSE(parse_timed_work_due("v"));
  CHECK_FALSE(parse_timed_work_due("v 4x"));
  CHECK_FALSE(parse_timed_work_due("v4"));
  CHECK(to_string(TimedWork::kRetentionSweep) == "retention_sweep");
}
