// The words of email notices in each language of the site (its one list,
// web/i18n/languages.js): the server's own small catalogue, since mails are
// written where the page's catalogues (web/i18n/) are not. A text may hold
// {name} placeholders.
//
// Thread-safety: constant data, safe from any thread.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sp::server {

// The languages emails are written in; anything else is written in English.
bool mail_language(std::string_view language);

// Every key, in the catalogue's order (tests/i18n checks each in every language).
std::vector<std::string_view> mail_text_keys();

// The text of `key` in `language` (English when it has none), with each
// {placeholder} replaced from `values`.
std::string mail_text(std::string_view language, std::string_view key,
                      const std::map<std::string, std::string>& values = {});

}  // namespace sp::server
