#include "server/security/host_refusal.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <vector>

namespace sp::server {
namespace {

namespace ip = boost::asio::ip;

bool is_localhost_name(std::string_view host) {
  std::string name(host);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!name.empty() && name.back() == '.') name.pop_back();
  return name == "localhost" || name.ends_with(".localhost");
}

// The addresses `host` stands for when the resolver reads it as a number,
// without looking anything up (AI_NUMERICHOST); none for a name. Asking the
// resolver itself, rather than parsing here, judges exactly the forms it
// would connect to (inet_aton's 127.1 and 2130706433 among them).
std::vector<ip::address> numeric_addresses(const std::string& host) {
  addrinfo hints{};
  hints.ai_flags = AI_NUMERICHOST;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return {};
  const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(found, &::freeaddrinfo);
  std::vector<ip::address> addresses;
  for (const addrinfo* entry = found; entry; entry = entry->ai_next) {
    if (entry->ai_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(entry->ai_addr);
      addresses.push_back(ip::address_v4(ntohl(v4->sin_addr.s_addr)));
    } else if (entry->ai_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(entry->ai_addr);
      ip::address_v6::bytes_type bytes;
      std::memcpy(bytes.data(), &v6->sin6_addr, bytes.size());
      addresses.push_back(ip::address_v6(bytes, v6->sin6_scope_id));
    }
  }
  return addresses;
}

}  // namespace

std::optional<std::string> host_refusal(std::string_view host, const OutboundPolicy& policy) {
  if (is_localhost_name(host)) {
    // Such a name resolves to one of the loopback addresses: it is refused
    // unless the operator allows one of them.
    if (policy.refusal(ip::address_v4::loopback()) && policy.refusal(ip::address_v6::loopback())) {
      return "the server may not connect to " + std::string(host) + ", a name of the server itself";
    }
    return std::nullopt;
  }
  for (const ip::address& address : numeric_addresses(std::string(host))) {
    if (auto why = policy.refusal(address)) return why;
  }
  return std::nullopt;
}

}  // namespace sp::server
