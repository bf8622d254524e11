// An email as the relay receives it (RFC 5322 with MIME): headers, and a
// multipart/alternative body of plain text and HTML, both UTF-8 in base64.
// The Message-ID comes from the outbox row's idempotency key, so should a
// crash ever send one row twice, mail programs see one message.
//
// Thread-safety: functions of their arguments only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sp::server {

struct MailContent {
  std::string subject;
  std::string plain;
  std::string html;  // a whole HTML document
};

struct MailHeaders {
  std::string from;        // as configured: "spb@example.org" or "Name <spb@example.org>"
  std::string to;          // a bare address
  std::string message_id;  // without the angle brackets
  std::int64_t date = 0;   // unix seconds
  std::optional<std::string> unsubscribe_url;  // List-Unsubscribe, one click (RFC 8058)
};

std::string mail_message(const MailHeaders& headers, const MailContent& content);

// A plain address ("name@example.org"): one @, a dot-atom local part of at most
// 64 characters, a domain of letters, digits and hyphens with at least one
// dot, at most 254 characters in all, nothing that could break a header.
bool valid_email_address(const std::string& address);
// An address as limits per address count it, and as the database finds it
// (lower(address)): mail systems match addresses without regard to case.
std::string email_address_key(std::string address);

// The bare address inside "Name <addr>", or the text itself.
std::string bare_address(const std::string& from);

// Text made safe inside HTML.
std::string html_escape(const std::string& text);

}  // namespace sp::server
