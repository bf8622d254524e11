// EmailLinks: the addresses an email points at. A table's page; the one-time
// confirmation of an address (its token random, only its hash stored); and
// unsubscribing, which must work from the mail alone, without logging in:
// the link names the player, what to stop and when the email was written,
// signed with HMAC-SHA-256 under a key the server makes once and keeps in its
// database, so nobody can forge another player's link and no token need be
// stored per email. The time is the link's version: a link older than the
// player's latest choice no longer changes it (email_pages.cpp).
//
// Thread-safety: immutable after construction; safe from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sp::server {

// What an unsubscribe link stops: emails of one kind of notice (its word), or
// the daily digest ("digest").
struct UnsubscribeRequest {
  std::int64_t user_id = 0;
  std::string what;
  std::int64_t written_at = 0;  // unix seconds: when the email was written
};

class EmailLinks {
 public:
  // `key_hex`: 64 hex digits (32 bytes).
  EmailLinks(std::string public_url, const std::string& key_hex);

  std::string table_url(std::int64_t table_id) const;
  std::string account_url() const;
  // `language` is the page's, which the link shows before anything is confirmed.
  std::string confirm_url(const std::string& token, const std::string& language) const;
  // The page's form for a new password. The token travels in the fragment,
  // which browsers never send to a server nor put in a Referer.
  std::string password_reset_url(const std::string& token) const;
  std::string unsubscribe_url(std::int64_t user_id, const std::string& what, std::int64_t written_at) const;

  // The request an unsubscribe link's query (`user=..&what=..&at=..&sig=..`)
  // stands for, if its signature is right.
  std::optional<UnsubscribeRequest> check_unsubscribe(const std::string& query) const;

  // A fresh 32-byte key in hex, for the first start.
  static std::string new_key();

 private:
  std::string signature(std::int64_t user_id, const std::string& what, std::int64_t written_at) const;

  std::string public_url_;
  std::string key_;  // raw bytes
};

// The value of `name` in a URL query ("a=1&b=2"), undecoded: the links carry
// only letters, digits and underscores.
std::optional<std::string> query_value(const std::string& query, const std::string& name);

}  // namespace sp::server
