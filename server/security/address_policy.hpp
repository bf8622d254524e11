// Which network addresses the server may send requests to.
//
// A player chooses a webhook's address; without this check any player could
// make the server post into its own network (the loopback, a private range, a
// cloud's metadata address). Outbound requests go only to public addresses,
// but for networks the operator allows (--outbound-allow). The check is made
// on the address actually connected to, after name resolution, so a name that
// resolves to a private address (DNS rebinding) is refused too.
#pragma once

#include <boost/asio/ip/address.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sp::server {

// An address range in CIDR notation: 10.0.0.0/8, ::1/128. A bare address is
// the network of that one address; a mapped IPv4 one (::ffff:10.0.0.0/104) is
// the IPv4 network (10.0.0.0/8).
struct Network {
  boost::asio::ip::address base;
  int prefix_bits = 0;

  bool contains(const boost::asio::ip::address& address) const;
};
std::optional<Network> parse_network(std::string_view text);

// Why `address` is not a public unicast address ("loopback", "private",
// "link-local or metadata", "multicast", ...), or nothing when it is public.
// An IPv4 address mapped into IPv6 is judged as the IPv4 address.
std::optional<std::string> non_public_reason(const boost::asio::ip::address& address);

class OutboundPolicy {
 public:
  explicit OutboundPolicy(std::vector<Network> allowed = {}) : allowed_(std::move(allowed)) {}
  // From --outbound-allow's texts (already checked by the configuration).
  static OutboundPolicy from_config(const std::vector<std::string>& networks);

  // Why the server must not connect to `address`, or nothing when it may. A
  // mapped IPv4 address is judged and matched as the IPv4 address.
  std::optional<std::string> refusal(const boost::asio::ip::address& address) const;

 private:
  std::vector<Network> allowed_;
};

}  // namespace sp::server
