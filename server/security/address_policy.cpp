#include "server/security/address_policy.hpp"

#include <array>
#include <charconv>

namespace sp::server {
namespace {

namespace ip = boost::asio::ip;

// Whether the first `bits` bits of two addresses of the same family agree.
template <std::size_t N>
bool same_prefix(const std::array<unsigned char, N>& a, const std::array<unsigned char, N>& b, int bits) {
  for (std::size_t i = 0; i < N && bits > 0; ++i, bits -= 8) {
    const unsigned mask = bits >= 8 ? 0xFFu : (0xFFu << (8 - bits)) & 0xFFu;
    if ((a[i] & mask) != (b[i] & mask)) return false;
  }
  return true;
}

struct Range {
  const char* network;
  const char* reason;
};

// Every IPv4 range that is not the public internet (IANA special-purpose
// registry), with the reason given to the player and the operator.
constexpr Range kIpv4Ranges[] = {
    {"0.0.0.0/8", "an unspecified address"},
    {"10.0.0.0/8", "a private address"},
    {"100.64.0.0/10", "a carrier-grade NAT address"},
    {"127.0.0.0/8", "a loopback address"},
    {"169.254.0.0/16", "a link-local or metadata address"},
    {"172.16.0.0/12", "a private address"},
    {"192.0.0.0/24", "a reserved address"},
    {"192.0.2.0/24", "a documentation address"},
    {"192.88.99.0/24", "a reserved address"},
    {"192.168.0.0/16", "a private address"},
    {"198.18.0.0/15", "a benchmarking address"},
    {"198.51.100.0/24", "a documentation address"},
    {"203.0.113.0/24", "a documentation address"},
    {"224.0.0.0/4", "a multicast address"},
    {"240.0.0.0/4", "a reserved address"},
};

constexpr Range kIpv6Ranges[] = {
    {"::/128", "an unspecified address"},
    {"::1/128", "a loopback address"},
    // Deprecated IPv4-compatible addresses (::a.b.c.d): some systems still
    // route them to the IPv4 address inside, which may be the loopback.
    {"::/96", "an IPv4-compatible address"},
    {"64:ff9b::/96", "a NAT64 address"},
    {"64:ff9b:1::/48", "a NAT64 address"},
    {"100::/64", "a discard address"},
    {"2001::/23", "a reserved address"},
    {"2001:db8::/32", "a documentation address"},
    {"2002::/16", "a 6to4 address"},
    {"3fff::/20", "a documentation address"},
    {"5f00::/16", "a segment routing address"},
    {"fc00::/7", "a private (unique local) or metadata address"},
    {"fe80::/10", "a link-local address"},
    {"fec0::/10", "a site-local address"},
    {"ff00::/8", "a multicast address"},
};

// An IPv4 address mapped into IPv6 (::ffff:a.b.c.d) reaches the IPv4 address,
// so it is judged, and matched against allowed networks, as that address.
ip::address unmapped(const ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  return address;
}

std::optional<std::string> reason_in(const ip::address& address, const auto& ranges) {
  for (const Range& range : ranges) {
    if (parse_network(range.network)->contains(address)) return std::string(range.reason);
  }
  return std::nullopt;
}

}  // namespace

bool Network::contains(const ip::address& address) const {
  if (address.is_v4() != base.is_v4()) return false;
  if (address.is_v4()) return same_prefix(address.to_v4().to_bytes(), base.to_v4().to_bytes(), prefix_bits);
  return same_prefix(address.to_v6().to_bytes(), base.to_v6().to_bytes(), prefix_bits);
}

std::optional<Network> parse_network(std::string_view text) {
  const auto slash = text.find('/');
  boost::system::error_code ec;
  const auto base = ip::make_address(std::string(text.substr(0, slash)), ec);
  if (ec) return std::nullopt;
  const int max_bits = base.is_v4() ? 32 : 128;
  int bits = max_bits;
  if (slash != std::string_view::npos) {
    const auto digits = text.substr(slash + 1);
    // from_chars would take "-0" as 0: a prefix is digits only.
    if (digits.empty() || digits.front() < '0' || digits.front() > '9') return std::nullopt;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
    if (error != std::errc() || end != digits.data() + digits.size() || bits < 0 || bits > max_bits) {
      return std::nullopt;
    }
  }
  // Written as mapped IPv4 (::ffff:10.0.0.0/104), a network is the IPv4 one,
  // as the addresses matched against it are (unmapped).
  if (base.is_v6() && base.to_v6().is_v4_mapped() && bits >= 96) return Network{unmapped(base), bits - 96};
  return Network{base, bits};
}

std::optional<std::string> non_public_reason(const ip::address& address) {
  const ip::address judged = unmapped(address);
  if (judged.is_v6()) return reason_in(judged, kIpv6Ranges);
  if (judged.to_v4() == ip::address_v4::broadcast()) return std::string("a broadcast address");
  return reason_in(judged, kIpv4Ranges);
}

OutboundPolicy OutboundPolicy::from_config(const std::vector<std::string>& networks) {
  std::vector<Network> allowed;
  for (const std::string& text : networks) {
    if (auto network = parse_network(text)) allowed.push_back(*network);
  }
  return OutboundPolicy(std::move(allowed));
}

std::optional<std::string> OutboundPolicy::refusal(const ip::address& address) const {
  auto reason = non_public_reason(address);
  if (!reason) return std::nullopt;
  const ip::address judged = unmapped(address);
  for (const Network& network : allowed_) {
    if (network.contains(judged)) return std::nullopt;
  }
  return "the server may not connect to " + address.to_string() + ", " + *reason;
}

}  // namespace sp::server
