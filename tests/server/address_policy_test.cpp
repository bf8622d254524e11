// The outbound policy (server/security/address_policy.hpp): which addresses a
// webhook may reach, what --outbound-allow opens, and which networks it reads.
#include <doctest/doctest.h>

#include <boost/asio/ip/address.hpp>

#include "server/security/address_policy.hpp"

namespace {

using namespace sp::server;

boost::asio::ip::address at(const char* text) { return boost::asio::ip::make_address(text); }

// The reason the default policy gives, or "" when it lets the address through.
std::string refused(const char* address) { return OutboundPolicy{}.refusal(at(address)).value_or(""); }

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

TEST_CASE("the loopback is refused, IPv4 and IPv6") {
  CHECK(contains(refused("127.0.0.1"), "loopback"));
  CHECK(contains(refused("127.255.0.9"), "loopback"));
  CHECK(contains(refused("::1"), "loopback"));
}

TEST_CASE("the private ranges 10/8, 172.16/12 and 192.168/16 are refused") {
  CHECK(contains(refused("10.0.0.1"), "private"));
  CHECK(contains(refused("10.255.255.255"), "private"));
  CHECK(contains(refused("172.16.0.1"), "private"));
  CHECK(contains(refused("172.31.255.254"), "private"));
  CHECK(contains(refused("192.168.1.1"), "private"));
  // Just outside 172.16/12: public.
  CHECK(refused("172.15.255.255").empty());
  CHECK(refused("172.32.0.1").empty());
}

TEST_CASE("the link-local range, with the cloud metadata address, is refused") {
  CHECK(contains(refused("169.254.169.254"), "metadata"));
  CHECK(contains(refused("169.254.0.1"), "link-local"));
  CHECK(contains(refused("fe80::1"), "link-local"));
}

TEST_CASE("carrier-grade NAT 100.64/10 is refused") {
  CHECK(contains(refused("100.64.0.1"), "carrier-grade NAT"));
  CHECK(contains(refused("100.127.255.255"), "carrier-grade NAT"));
  CHECK(refused("100.128.0.1").empty());
}

TEST_CASE("multicast is refused, IPv4 and IPv6") {
  CHECK(contains(refused("224.0.0.1"), "multicast"));
  CHECK(contains(refused("239.255.255.250"), "multicast"));
  CHECK(contains(refused("ff02::1"), "multicast"));
}

TEST_CASE("unspecified, broadcast and reserved IPv4 addresses are refused") {
  CHECK(contains(refused("0.0.0.0"), "unspecified"));
  CHECK(contains(refused("255.255.255.255"), "broadcast"));
  CHECK(contains(refused("240.0.0.1"), "reserved"));
  CHECK(contains(refused("::"), "unspecified"));
}

TEST_CASE("an IPv4 address mapped into IPv6 is judged as the IPv4 address") {
  CHECK(contains(refused("::ffff:10.1.2.3"), "private"));
  CHECK(contains(refused("::ffff:127.0.0.1"), "loopback"));
  CHECK(contains(refused("::ffff:169.254.169.254"), "metadata"));
  CHECK(refused("::ffff:1.1.1.1").empty());
}

TEST_CASE("a deprecated IPv4-compatible IPv6 address is refused") {
  CHECK(contains(refused("::127.0.0.1"), "IPv4-compatible"));
  CHECK(contains(refused("::1.1.1.1"), "IPv4-compatible"));
}

TEST_CASE("unique local fc00::/7 is refused, cloud metadata fd00:ec2::254 with it") {
  CHECK(contains(refused("fc00::1"), "unique local"));
  CHECK(contains(refused("fd12:3456::1"), "unique local"));
  CHECK(contains(refused("fd00:ec2::254"), "metadata"));
}

TEST_CASE("public addresses are allowed, IPv4 and IPv6") {
  CHECK(refused("1.1.1.1").empty());
  CHECK(refused("8.8.8.8").empty());
  CHECK(refused("2606:4700::1111").empty());
  CHECK(refused("2a00:1450:4001:80b::200e").empty());
}

TEST_CASE("a refusal names the address and why") {
  CHECK(refused("127.0.0.1") == "the server may not connect to 127.0.0.1, a loopback address");
}

TEST_CASE("an allowed network lets its non-public addresses through, and only those") {
  const auto policy = OutboundPolicy::from_config({"127.0.0.1/32", "10.0.0.0/8"});
  CHECK_FALSE(policy.refusal(at("127.0.0.1")));
  CHECK_FALSE(policy.refusal(at("10.200.0.1")));
  CHECK(policy.refusal(at("127.0.0.2")));
  CHECK(policy.refusal(at("::1")));
  CHECK(policy.refusal(at("192.168.0.1")));
  CHECK(policy.refusal(at("169.254.169.254")));
  CHECK_FALSE(policy.refusal(at("1.1.1.1")));
}

TEST_CASE("an allowed IPv4 network covers its addresses mapped into IPv6") {
  const auto policy = OutboundPolicy::from_config({"127.0.0.1/32"});
  CHECK_FALSE(policy.refusal(at("::ffff:127.0.0.1")));
  CHECK(policy.refusal(at("::ffff:127.0.0.2")));
}

TEST_CASE("an allowed network written as mapped IPv4 is the IPv4 network") {
  const auto policy = OutboundPolicy::from_config({"::ffff:10.0.0.0/104"});
  CHECK_FALSE(policy.refusal(at("10.1.2.3")));
  CHECK_FALSE(policy.refusal(at("::ffff:10.1.2.3")));
  CHECK(policy.refusal(at("192.168.0.1")));
}

TEST_CASE("an allowed IPv6 network lets its addresses through") {
  const auto policy = OutboundPolicy::from_config({"::1/128", "fd00::/8"});
  CHECK_FALSE(policy.refusal(at("::1")));
  CHECK_FALSE(policy.refusal(at("fd12::1")));
  CHECK(policy.refusal(at("fc00::1")));
  CHECK(policy.refusal(at("127.0.0.1")));
}

TEST_CASE("a network contains the addresses that share its prefix, host bits ignored") {
  const auto network = parse_network("192.168.7.9/20");
  REQUIRE(network);
  CHECK(network->prefix_bits == 20);
  CHECK(network->contains(at("192.168.0.1")));
  CHECK(network->contains(at("192.168.15.255")));
  CHECK_FALSE(network->contains(at("192.168.16.0")));
  CHECK_FALSE(network->contains(at("::ffff:192.168.0.1")));  // the policy unmaps before matching
}

TEST_CASE("a bare address is the network of that one address") {
  const auto v4 = parse_network("10.1.2.3");
  REQUIRE(v4);
  CHECK(v4->prefix_bits == 32);
  const auto v6 = parse_network("::1");
  REQUIRE(v6);
  CHECK(v6->prefix_bits == 128);
}

TEST_CASE("a /0 network contains every address of its family") {
  const auto all_v4 = parse_network("0.0.0.0/0");
  REQUIRE(all_v4);
  CHECK(all_v4->contains(at("127.0.0.1")));
  CHECK_FALSE(all_v4->contains(at("::1")));
}

TEST_CASE("parse_network refuses what is not an address with an optional prefix length") {
  CHECK_FALSE(parse_network(""));
  CHECK_FALSE(parse_network("localhost"));
  CHECK_FALSE(parse_network("10.0.0"));
  CHECK_FALSE(parse_network("10.0.0.0/"));
  CHECK_FALSE(parse_network("10.0.0.0/33"));
  CHECK_FALSE(parse_network("::1/129"));
  CHECK_FALSE(parse_network("10.0.0.0/-0"));
  CHECK_FALSE(parse_network("10.0.0.0/+8"));
  CHECK_FALSE(parse_network("10.0.0.0/8x"));
  CHECK_FALSE(parse_network("10.0.0.0/8/8"));
  CHECK_FALSE(parse_network(" 10.0.0.0/8"));
  CHECK(parse_network("10.0.0.0/8"));
  CHECK(parse_network("fc00::/7"));
}

}  // namespace
