// The address a request comes from, for the limits per address.
//
// Behind a reverse proxy every connection comes from the proxy; the client is
// named in X-Forwarded-For. That header is whatever the client wrote, except
// for what trusted proxies appended, so it is believed only when the peer is
// a proxy the operator named (--trusted-proxies), and then read from the
// right: the first address that is not a trusted proxy is the client.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sp::server {

class TrustedProxies {
 public:
  explicit TrustedProxies(const std::vector<std::string>& addresses);

  bool contains(std::string_view address) const;
  bool empty() const { return addresses_.empty(); }
  // The client's address: `peer`, or from `forwarded_for` when `peer` is trusted.
  std::string client_of(const std::string& peer, std::string_view forwarded_for) const;

 private:
  std::vector<std::string> addresses_;  // normalized by boost::asio's to_string
};

}  // namespace sp::server
