// The two pages an email links to, answered over plain HTTP without logging
// in: /email/confirm?token=... confirms an address (the token once, before it
// expires), and /email/unsubscribe?user=..&what=..&at=..&sig=.. stops one kind
// of email. Each acts only on a POST: a link-preview or a mail scanner that
// opens a link (a GET) changes nothing, and is shown a page whose button
// posts it back; a mail program's one-click unsubscribe (RFC 8058) is a POST
// already. Each answers a small page in the player's language.
//
// Thread-safety: answer_email_link() may be called from any thread; `done`
// is called once, from the store's completion.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/base/clock.hpp"
#include "server/notices/email_links.hpp"
#include "server/store/store.hpp"
#include "server/time/digests.hpp"

namespace sp::server {

struct EmailPage {
  unsigned status = 200;
  std::string html;
};

bool is_email_link(std::string_view target);

// `act`: the request is a POST, which does what the link says; a GET only asks.
void answer_email_link(Store& store, const Clock& clock, const EmailLinks& links, Digests& digests,
                       std::string_view target, bool act, std::function<void(EmailPage)> done);

}  // namespace sp::server
