#include "server/notices/mail_message.hpp"

#include <sodium.h>

#include <cctype>
#include <ctime>
#include <string_view>

namespace sp::server {
namespace {

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

// Base64 in lines of 76 characters, as MIME wants them.
std::string base64_lines(std::string_view bytes) {
  const std::string flat = base64(bytes);
  std::string out;
  for (std::size_t i = 0; i < flat.size(); i += 76) out += flat.substr(i, 76) + "\r\n";
  return out;
}

bool ascii_printable(std::string_view text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

// A header value in RFC 2047 encoded words when it is not plain ASCII, or
// when plain ASCII could itself be read as an encoded word ("=?...?="): RFC
// 2047 section 5 wants such text encoded, or mail programs would show what it
// decodes to. Each word holds whole UTF-8 characters and stays under the line
// limit.
std::string encoded_words(std::string_view text) {
  if (ascii_printable(text) && text.find("=?") == std::string_view::npos) return std::string(text);
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = std::min(text.size(), start + 45);
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

std::string rfc5322_date(std::int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[tm.tm_wday], tm.tm_mday,
                kMonths[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buffer;
}

std::string boundary_for(const std::string& message_id) {
  unsigned char hash[16];
  crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(message_id.data()), message_id.size(),
                     nullptr, 0);
  char hex[33];
  sodium_bin2hex(hex, sizeof hex, hash, sizeof hash);
  return std::string("=_spb_") + hex;
}

bool atext(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("!#$%&'*+/=?^_`{|}~-").find(c) != std::string_view::npos;
}

}  // namespace

std::string mail_message(const MailHeaders& h, const MailContent& content) {
  const std::string boundary = boundary_for(h.message_id);
  std::string m;
  m += "From: " + h.from + "\r\n";
  m += "To: <" + h.to + ">\r\n";
  m += "Subject: " + encoded_words(content.subject) + "\r\n";
  m += "Date: " + rfc5322_date(h.date) + "\r\n";
  m += "Message-ID: <" + h.message_id + ">\r\n";
  m += "Auto-Submitted: auto-generated\r\n";
  if (h.unsubscribe_url) {
    m += "List-Unsubscribe: <" + *h.unsubscribe_url + ">\r\n";
    m += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  m += "MIME-Version: 1.0\r\n";
  m += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n";
  m += "\r\n";
  m += "--" + boundary + "\r\n";
  m += "Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  m += base64_lines(content.plain);
  m += "--" + boundary + "\r\n";
  m += "Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
  m += base64_lines(content.html);
  m += "--" + boundary + "--\r\n";
  return m;
}

std::string email_address_key(std::string address) {
  for (char& c : address) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return address;
}

bool valid_email_address(const std::string& address) {
  if (address.size() > 254) return false;
  const auto at = address.find('@');
  if (at == std::string::npos || at == 0 || at > 64 || address.find('@', at + 1) != std::string::npos) return false;
  const std::string_view local(address.data(), at);
  const std::string_view domain(address.data() + at + 1, address.size() - at - 1);
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) return false;
  for (char c : local) {
    if (c != '.' && !atext(c)) return false;
  }
  if (domain.empty() || domain.find('.') == std::string_view::npos) return false;
  std::size_t label = 0;
  for (std::size_t i = 0; i <= domain.size(); ++i) {
    if (i == domain.size() || domain[i] == '.') {
      const std::string_view part = domain.substr(label, i - label);
      if (part.empty() || part.size() > 63 || part.front() == '-' || part.back() == '-') return false;
      label = i + 1;
      continue;
    }
    if (!std::isalnum(static_cast<unsigned char>(domain[i])) && domain[i] != '-') return false;
  }
  return true;
}

std::string bare_address(const std::string& from) {
  const auto open = from.rfind('<');
  const auto close = from.rfind('>');
  if (open != std::string::npos && close != std::string::npos && close > open) {
    return from.substr(open + 1, close - open - 1);
  }
  return from;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace sp::server
