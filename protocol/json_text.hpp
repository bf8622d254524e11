// JSON text written straight into a string, for what the server writes after
// every move (a view's parts, prices): building an nlohmann document first
// and dumping it cost more than the text itself. The caller writes the
// structure; these write the scalars.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace sp::protocol::json_text {

// A string, escaped: card ids and places are plain lower-case words, but
// players' names come from users.
inline void append_string(std::string& out, std::string_view text) {
  out += '"';
  // Plain runs are appended whole: a byte at a time was this encoder's largest cost.
  std::size_t plain = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool quote = c == '"' || c == '\\';
    const bool control = static_cast<unsigned char>(c) < 0x20;
    if (!quote && !control) continue;
    out.append(text.data() + plain, i - plain);
    plain = i + 1;
    if (quote) {
      out += '\\';
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[(c >> 4) & 0xf];
      out += kHex[c & 0xf];
    }
  }
  out.append(text.data() + plain, text.size() - plain);
  out += '"';
}

inline void append_int(std::string& out, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

inline void append_bool(std::string& out, bool value) { out += value ? "true" : "false"; }

}  // namespace sp::protocol::json_text
