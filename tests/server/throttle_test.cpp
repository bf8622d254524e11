// The guards' arithmetic (server/security): token buckets by key, the wait
// after failed logins, connection slots per address, X-Forwarded-For from
// trusted proxies only; and the server's handlers are exactly the schemas'
// requests.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "protocol/request_envelope.hpp"
#include "server/requests/requests.hpp"
#include "server/security/client_address.hpp"
#include "server/security/connection_slots.hpp"
#include "server/security/throttle.hpp"

namespace {

using namespace sp::server;
using std::chrono::seconds;

const ThrottleClock::time_point kStart{};

}  // namespace

TEST_CASE("a key may use its whole allowance at once, then waits for the refill") {
  KeyedRateLimit limit(3, std::chrono::minutes(1));
  int retry = 0;
  for (int i = 0; i < 3; ++i) CHECK(limit.take("ann", kStart, retry));
  CHECK_FALSE(limit.take("ann", kStart, retry));
  CHECK(retry == 20);  // one use every 20 s
  CHECK(limit.take("bob", kStart, retry));
  CHECK(limit.take("ann", kStart + seconds(20), retry));
}

TEST_CASE("a limit of zero allows everything") {
  KeyedRateLimit limit(0, std::chrono::hours(1));
  int retry = 0;
  for (int i = 0; i < 1000; ++i) CHECK(limit.take("flood", kStart, retry));
}

TEST_CASE("failed logins past the free ones wait one second, doubling, up to the cap") {
  FailureThrottle throttle(3, seconds(10));
  for (int i = 0; i < 3; ++i) throttle.failed("ann", kStart);
  CHECK_FALSE(throttle.wait("ann", kStart).has_value());
  throttle.failed("ann", kStart);
  CHECK(throttle.wait("ann", kStart) == 1);
  throttle.failed("ann", kStart + seconds(1));
  CHECK(throttle.wait("ann", kStart + seconds(1)) == 2);
  for (int i = 0; i < 20; ++i) throttle.failed("ann", kStart + seconds(2));
  CHECK(throttle.wait("ann", kStart + seconds(2)) == 10);
  CHECK_FALSE(throttle.wait("ann", kStart + seconds(12)).has_value());
}

TEST_CASE("a successful login clears the account's failures") {
  FailureThrottle throttle(1, seconds(900));
  throttle.failed("ann", kStart);
  throttle.failed("ann", kStart);
  CHECK(throttle.wait("ann", kStart).has_value());
  throttle.succeeded("ann");
  CHECK_FALSE(throttle.wait("ann", kStart).has_value());
}

TEST_CASE("failures are forgotten a day after the last one") {
  FailureThrottle throttle(2, seconds(900));
  throttle.failed("ann", kStart);
  throttle.failed("ann", kStart);
  throttle.failed("ann", kStart + std::chrono::hours(25));
  CHECK_FALSE(throttle.wait("ann", kStart + std::chrono::hours(25)).has_value());
}

TEST_CASE("an address holds at most its share of connection slots, and gets them back") {
  auto slots = std::make_shared<ConnectionSlots>(2);
  auto a = slots->acquire("10.0.0.1");
  auto b = slots->acquire("10.0.0.1");
  CHECK(a.held());
  CHECK(b.held());
  CHECK_FALSE(slots->acquire("10.0.0.1").held());
  CHECK(slots->acquire("10.0.0.2").held());
  { ConnectionSlot gone = std::move(a); }
  CHECK(slots->open_from("10.0.0.1") == 1);
  CHECK(slots->acquire("10.0.0.1").held());
}

TEST_CASE("x-forwarded-for is believed only from a trusted proxy, read from the right") {
  const TrustedProxies none({});
  CHECK(none.client_of("203.0.113.9", "198.51.100.1") == "203.0.113.9");
  const TrustedProxies proxies({"127.0.0.1", "10.0.0.5"});
  CHECK(proxies.client_of("127.0.0.1", "198.51.100.1") == "198.51.100.1");
  // The client wrote 192.0.2.66; the outer proxy appended what it saw.
  CHECK(proxies.client_of("127.0.0.1", "192.0.2.66, 198.51.100.1, 10.0.0.5") == "198.51.100.1");
  CHECK(proxies.client_of("127.0.0.1", "") == "127.0.0.1");
  CHECK(proxies.client_of("127.0.0.1", "not an address") == "127.0.0.1");
  CHECK(proxies.client_of("::ffff:127.0.0.1", "198.51.100.1") == "198.51.100.1");
}

TEST_CASE("the server handles exactly the requests the schemas define") {
  std::vector<std::string> schemas;
  for (const auto type : sp::protocol::request_types()) schemas.emplace_back(type);
  CHECK(served_request_types() == schemas);
}
