// Composing an email from its outbox row and the rows it names, in the
// player's language: a notice (one notification), the daily digest, the
// confirmation of an address, or a password reset's link. Each gets plain
// text and HTML with the same words, a link straight to the table, and (but
// the confirmation and the reset) a signed unsubscribe link that the
// List-Unsubscribe header repeats.
//
// Thread-safety: functions of their arguments only.
#pragma once

#include <optional>
#include <string>

#include "server/notices/email_links.hpp"
#include "server/notices/mail_message.hpp"
#include "server/store/mail_rows.hpp"

namespace sp::server {

// What the sender read for one outbox row.
struct EmailToSend {
  EmailRecord email;
  std::optional<std::string> address;  // nothing: no address to send to any more
  std::string user_name;
  std::string language = "en";
  std::optional<NotificationRecord> notification;
  std::optional<std::string> table_name;
};

struct ComposedEmail {
  MailContent content;
  std::optional<std::string> unsubscribe_url;
};

ComposedEmail compose_email(const EmailToSend& e, const EmailLinks& links);

// A confirmation's outbox payload: the token its link carries (the text
// compose_email reads back).
std::string confirmation_payload(const std::string& token);
// A password reset's: its link's token, and the language of the page that
// asked for it (empty: the player's).
std::string password_reset_payload(const std::string& token, const std::string& language);

}  // namespace sp::server
