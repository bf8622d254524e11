// Refusing an outbound URL's host when a player gives it, before any lookup.
//
// This is only the early answer, so a player learns at once that an address
// cannot work: a name may resolve to anything later, and the real check is on
// the address actually connected to (webhook_sender.cpp). Here the host is
// refused when it is a numeric address the policy refuses, in any form the
// system's resolver reads as one (127.0.0.1, 127.1, 2130706433, 0x7f.1), or a
// name that always means this machine (localhost and the names under it,
// RFC 6761) while the policy refuses the loopback.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/security/address_policy.hpp"

namespace sp::server {

// Why the server will not send to `host`, or nothing when it may try (a name
// is then judged again by the address it resolves to, at each connection).
std::optional<std::string> host_refusal(std::string_view host, const OutboundPolicy& policy);

}  // namespace sp::server
