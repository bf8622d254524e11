// The two pages an email links to, answered over plain HTTP without logging
// in: /email/confirm?token=... confirms an address (the token once, before it
// expires), and /email/unsubscribe?user=..&what=..&sig=.. stops one kind of
// email (GET from the link, or POST from a mail program's one-click
// unsubscribe, RFC 8058). Each answers a small page in the player's language.
//
// Thread-safety: answer_email_link() may be called from any thread; `done`
// is called once, from the store's completion.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/base/clock.hpp"
#include "server/correspondence/digests.hpp"
#include "server/correspondence/email_links.hpp"
#include "server/store/store.hpp"

namespace sp::server {

struct EmailPage {
  unsigned status = 200;
  std::string html;
};

bool is_email_link(std::string_view target);

void answer_email_link(Store& store, const Clock& clock, const EmailLinks& links, Digests& digests,
                       std::string_view target, std::function<void(EmailPage)> done);

}  // namespace sp::server
