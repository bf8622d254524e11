// The early check of a webhook's host (server/security/host_refusal.hpp):
// numeric addresses in every form the resolver reads, and localhost names.
#include <doctest/doctest.h>

#include "server/security/host_refusal.hpp"

namespace {

using namespace sp::server;

std::string refused(const char* host, const OutboundPolicy& policy = OutboundPolicy{}) {
  return host_refusal(host, policy).value_or("");
}

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

TEST_CASE("a host that is a refused address is refused before any lookup") {
  CHECK(contains(refused("127.0.0.1"), "loopback"));
  CHECK(contains(refused("10.0.0.1"), "private"));
  CHECK(contains(refused("169.254.169.254"), "metadata"));
  CHECK(contains(refused("0.0.0.0"), "unspecified"));
  CHECK(contains(refused("::1"), "loopback"));
}

TEST_CASE("the shorthand forms the resolver reads as addresses are judged as those addresses") {
  CHECK(contains(refused("127.1"), "127.0.0.1"));
  CHECK(contains(refused("2130706433"), "127.0.0.1"));
  CHECK(contains(refused("0x7f.0.0.1"), "127.0.0.1"));
  CHECK(contains(refused("0177.0.0.1"), "127.0.0.1"));
  CHECK(contains(refused("0"), "0.0.0.0"));
}

TEST_CASE("localhost and the names under it are refused, whatever their case or final dot") {
  CHECK(contains(refused("localhost"), "localhost"));
  CHECK(contains(refused("LocalHost."), "LocalHost."));
  CHECK(contains(refused("hooks.localhost"), "server itself"));
  CHECK(refused("localhost.example.org").empty());
  CHECK(refused("mylocalhost").empty());
}

TEST_CASE("a public address or a name is left to the check at connection") {
  CHECK(refused("1.1.1.1").empty());
  CHECK(refused("hooks.example.org").empty());
  CHECK(refused("127.0.0.1.example.org").empty());
}

TEST_CASE("an allowed loopback lets localhost and its addresses through") {
  const auto v4 = OutboundPolicy::from_config({"127.0.0.1/32"});
  CHECK(refused("localhost", v4).empty());
  CHECK(refused("127.0.0.1", v4).empty());
  CHECK_FALSE(refused("127.0.0.2", v4).empty());
  const auto v6 = OutboundPolicy::from_config({"::1/128"});
  CHECK(refused("localhost", v6).empty());
  CHECK_FALSE(refused("127.0.0.1", v6).empty());
}

}  // namespace
