// The words of email notices in each language the page has (en, fr, ru):
// the server's own small catalogue, since mails are written where the page's
// catalogues (web/i18n/) are not. A text may hold {name} placeholders.
//
// Thread-safety: constant data, safe from any thread.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace sp::server {

// The languages emails are written in; anything else is written in English.
bool mail_language(std::string_view language);

// The text of `key` in `language` (English when it has none), with each
// {placeholder} replaced from `values`.
std::string mail_text(std::string_view language, std::string_view key,
                      const std::map<std::string, std::string>& values = {});

}  // namespace sp::server
