// Guards: the server's defences against floods and guessing, in one place
// (docs/operations.md, "Security"): connections per address, failed logins
// per account and per address, registrations and chat per address and account,
// invitations per account, and confirmation emails and password resets per
// email address.
// Their settings come from ServerConfig; a limit of 0 is off.
//
// Thread-safety: every member is safe from any thread.
#pragma once

#include <memory>

#include "server/base/config.hpp"
#include "server/security/client_address.hpp"
#include "server/security/connection_slots.hpp"
#include "server/security/throttle.hpp"

namespace sp::server {

struct Guards {
  explicit Guards(const ServerConfig& config)
      : trusted_proxies(config.trusted_proxies),
        connections(std::make_shared<ConnectionSlots>(config.max_connections_per_address)),
        logins_by_account(config.login_failures_per_account, std::chrono::seconds(config.login_lockout_max_seconds)),
        logins_by_address(config.login_failures_per_address, std::chrono::seconds(config.login_lockout_max_seconds)),
        registrations_by_address(config.registrations_per_address_hour, std::chrono::hours(1)),
        chat_by_account(config.chat_per_account_minute, std::chrono::minutes(1)),
        chat_by_address(config.chat_per_address_minute, std::chrono::minutes(1)),
        invitations_by_account(config.invitations_per_account_hour, std::chrono::hours(1)),
        confirmations_by_email(config.confirmations_per_address_hour, std::chrono::hours(1)),
        resets_by_email(config.resets_per_address_hour, std::chrono::hours(1)),
        exports_by_account(kExportsPerAccountHour, std::chrono::hours(1)) {}

  TrustedProxies trusted_proxies;
  std::shared_ptr<ConnectionSlots> connections;
  FailureThrottle logins_by_account;
  FailureThrottle logins_by_address;
  KeyedRateLimit registrations_by_address;
  KeyedRateLimit chat_by_account;
  KeyedRateLimit chat_by_address;
  KeyedRateLimit invitations_by_account;
  // Keyed by the email address written to, whichever account asks.
  KeyedRateLimit confirmations_by_email;
  // Password reset requests, keyed by the address named, known or not.
  KeyedRateLimit resets_by_email;
  // An export reads and replays every game the player finished: a few an
  // hour are plenty for a player and cap what one account costs the server.
  static constexpr int kExportsPerAccountHour = 6;
  KeyedRateLimit exports_by_account;
};

}  // namespace sp::server
