// When the store's writer lets a transaction gather jobs: never when idle or
// with no delay, up to the delay after the oldest job when arrivals are
// dense; and a store with a delay still commits every job, a lone one at once.
#include "server/store/commit_delay.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <future>

#include "server/store/store.hpp"
#include "tests/support/temp_dir.hpp"

using sp::server::CommitDelay;
using namespace std::chrono_literals;

namespace {

// Arrivals `gap` apart, `count` of them, from `start`; returns the last.
CommitDelay::Clock::time_point arrive(CommitDelay& delay, CommitDelay::Clock::time_point start,
                                      CommitDelay::Clock::duration gap, int count) {
  auto at = start;
  for (int i = 0; i < count; ++i) {
    at += gap;
    delay.arrived(at);
  }
  return at;
}

}  // namespace

TEST_CASE("a lone job after a quiet spell is committed at once") {
  CommitDelay delay(1000us);
  const auto start = CommitDelay::Clock::now();
  CHECK_FALSE(delay.gather_until(start));
  const auto last = arrive(delay, start, 5s, 3);
  CHECK_FALSE(delay.gather_until(last));
}

TEST_CASE("dense arrivals gather until the delay after the oldest job") {
  CommitDelay delay(1000us);
  const auto last = arrive(delay, CommitDelay::Clock::now(), 250us, 100);
  const auto until = delay.gather_until(last);
  REQUIRE(until);
  CHECK(*until == last + 1000us);
}

TEST_CASE("arrivals sparser than the delay never wait") {
  CommitDelay delay(1000us);
  const auto last = arrive(delay, CommitDelay::Clock::now(), 2ms, 40);
  CHECK_FALSE(delay.gather_until(last));
}

TEST_CASE("the average follows a burst after a quiet spell, and a quiet spell after it") {
  CommitDelay delay(1000us);
  auto at = arrive(delay, CommitDelay::Clock::now(), 10s, 2);
  at = arrive(delay, at, 100us, 60);
  CHECK(delay.gather_until(at));
  at = arrive(delay, at, 1s, 1);
  CHECK_FALSE(delay.gather_until(at));
}

TEST_CASE("no delay never waits, however dense the arrivals") {
  CommitDelay delay(0us);
  const auto last = arrive(delay, CommitDelay::Clock::now(), 1us, 100);
  CHECK_FALSE(delay.gather_until(last));
}

TEST_CASE("a store with a commit delay commits a lone job promptly, and a dense stream completely") {
  sp::test::TempDir dir;
  sp::server::StoreOptions options{dir.file("spb.sqlite")};
  options.commit_delay = 1000us;
  sp::server::Store store(options);
  const auto start = std::chrono::steady_clock::now();
  store.run_sync([](sp::server::Records& db) { db.insert_user("ann", "x", 0); });
  // Nothing arrived before it: no waiting for company (the flush alone may be slow on a busy disk).
  CHECK(std::chrono::steady_clock::now() - start < 2s);
  std::atomic<int> committed{0};
  constexpr int kJobs = 300;
  for (int i = 0; i < kJobs; ++i) {
    store.submit([name = "u" + std::to_string(i)](sp::server::Records& db) { db.insert_user(name, "x", 0); },
                 [&committed](std::exception_ptr error) {
                   if (!error) ++committed;
                 });
  }
  store.run_sync([](sp::server::Records&) {});
  CHECK(committed == kJobs);
}
