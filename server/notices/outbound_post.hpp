// OutboundPoster: the one way the server POSTs to an address a player chose
// (a webhook, a Web Push subscription's endpoint). Over https:// it speaks TLS
// (Boost.Beast over OpenSSL) and checks the certificate against the system's
// authorities, and any the operator adds (--outbound-ca), and against the
// host name; plain http:// is only for what the caller allows it.
//
// Every connection goes through the outbound policy
// (server/security/address_policy.hpp): of the addresses a name resolves to
// only the allowed ones are tried, and the address connected to is checked
// again before anything is sent. Redirects are never followed. Each POST has
// one time limit over all of it (lookup, connect, handshake, send, answer).
//
// Thread-safety: post() is safe from any thread; each POST runs on a strand
// of its own and calls its completion there.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ssl/context.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/security/address_policy.hpp"

namespace sp::server {

enum class UrlScheme : std::uint8_t { kHttp, kHttps };

struct OutboundUrl {
  UrlScheme scheme = UrlScheme::kHttps;
  std::string host;
  std::string port;    // given, or the scheme's own
  std::string target;  // path and query, at least "/"

  // "https://host[:port]": what VAPID's audience names.
  std::string origin() const;
};

// An http:// or https:// address with a host name or IPv4 address, an
// optional port and a path, of at most `max_length` characters; nothing for
// anything else (user names, fragments, spaces, other schemes).
std::optional<OutboundUrl> parse_outbound_url(const std::string& url, std::size_t max_length);

struct OutboundRequest {
  OutboundUrl url;
  std::string content_type;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// A POST ready to send, or why there is none.
struct PreparedPost {
  std::optional<OutboundRequest> request;
  std::string error;
};

// How one POST ended.
struct PostOutcome {
  unsigned status = 0;   // the HTTP status; 0: no answer
  std::string error;     // empty: a 2xx answer
  bool refused = false;  // by the outbound policy: another attempt would only be refused again
};

class OutboundPoster {
 public:
  // Throws std::runtime_error when `extra_ca_file` cannot be read.
  OutboundPoster(boost::asio::any_io_executor executor, OutboundPolicy policy, int timeout_seconds,
                 const std::optional<std::string>& extra_ca_file);

  const OutboundPolicy& policy() const { return policy_; }
  // The longest one post takes, whatever the receiver does.
  int timeout_seconds() const { return timeout_seconds_; }
  void post(OutboundRequest request, std::function<void(PostOutcome)> done);

 private:
  boost::asio::any_io_executor executor_;
  const OutboundPolicy policy_;
  const int timeout_seconds_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
};

}  // namespace sp::server
