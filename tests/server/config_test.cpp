// The server's network threads: by default the cores less the one the store's
// writer thread keeps busy, never fewer than one; a setting overrides that.
// The robots' threads and their time to think: one core's worth and two
// seconds by default, within bounds.
#include "server/base/config.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

using namespace sp::server;

TEST_CASE("the network threads default to the cores less one, at least one") {
  std::string error;
  const auto config = load_config({}, error);
  REQUIRE_MESSAGE(config.has_value(), error);
  const unsigned cores = std::thread::hardware_concurrency();
  CHECK(config->threads >= 1);
  CHECK(config->threads == static_cast<int>(std::max(cores, 2u) - 1));
}

TEST_CASE("--threads sets the network threads, from 1 to 256") {
  std::string error;
  const auto three = load_config({"--threads", "3"}, error);
  REQUIRE_MESSAGE(three.has_value(), error);
  CHECK(three->threads == 3);
  CHECK_FALSE(load_config({"--threads", "0"}, error).has_value());
  CHECK(error.find("1 to 256") != std::string::npos);
}

TEST_CASE("a bot's connection has limits of its own: 5 a second by default, --bot-rate sets them, bursts of twice") {
  std::string error;
  const auto defaults = load_config({}, error);
  REQUIRE_MESSAGE(defaults.has_value(), error);
  CHECK(defaults->bot_requests_per_second == 5);
  CHECK(defaults->bot_request_burst == 10);
  CHECK(defaults->requests_per_second == 20);
  const auto set = load_config({"--bot-rate", "3"}, error);
  REQUIRE_MESSAGE(set.has_value(), error);
  CHECK(set->bot_requests_per_second == 3);
  CHECK(set->bot_request_burst == 6);
  CHECK(set->requests_per_second == 20);
  CHECK_FALSE(load_config({"--bot-rate", "0"}, error).has_value());
  CHECK(error.find("at least 1") != std::string::npos);
}

TEST_CASE("the robots decide on one thread for at most 2 s by default; both are settings within bounds") {
  std::string error;
  const auto defaults = load_config({}, error);
  REQUIRE_MESSAGE(defaults.has_value(), error);
  CHECK(defaults->robot_threads == 1);
  CHECK(defaults->robot_think_ms == 2000);
  const auto set = load_config({"--robot-threads", "3", "--robot-think-ms", "250"}, error);
  REQUIRE_MESSAGE(set.has_value(), error);
  CHECK(set->robot_threads == 3);
  CHECK(set->robot_think_ms == 250);
  CHECK_FALSE(load_config({"--robot-threads", "0"}, error).has_value());
  CHECK(error.find("1 to 64") != std::string::npos);
  CHECK_FALSE(load_config({"--robot-think-ms", "5"}, error).has_value());
  CHECK(error.find("10 to 60000") != std::string::npos);
}
