#include "server/security/client_address.hpp"

#include <boost/asio/ip/address.hpp>

#include <algorithm>

namespace sp::server {
namespace {

// An address in its one written form, or nothing for text that is not one.
std::string normalized(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return {};
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6()).to_string();
  }
  return address.to_string();
}

}  // namespace

TrustedProxies::TrustedProxies(const std::vector<std::string>& addresses) {
  for (const std::string& a : addresses) {
    if (auto n = normalized(a); !n.empty()) addresses_.push_back(std::move(n));
  }
}

bool TrustedProxies::contains(std::string_view address) const {
  return std::find(addresses_.begin(), addresses_.end(), normalized(address)) != addresses_.end();
}

std::string TrustedProxies::client_of(const std::string& peer, std::string_view forwarded_for) const {
  const std::string self = normalized(peer).empty() ? peer : normalized(peer);
  if (!contains(self)) return self;
  // From the right: each trusted proxy appended the address it got the request from.
  std::string client = self;
  while (!forwarded_for.empty()) {
    const auto comma = forwarded_for.rfind(',');
    const std::string_view entry = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for = comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
    const std::string address = normalized(entry);
    if (address.empty()) break;  // garbage: stop at the last address a trusted proxy vouched for
    client = address;
    if (!contains(address)) break;
  }
  return client;
}

}  // namespace sp::server
