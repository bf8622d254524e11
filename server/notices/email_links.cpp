#include "server/notices/email_links.hpp"

#include <sodium.h>

#include <charconv>

namespace sp::server {

EmailLinks::EmailLinks(std::string public_url, const std::string& key_hex) : public_url_(std::move(public_url)) {
  key_.resize(crypto_auth_hmacsha256_KEYBYTES);
  std::size_t length = 0;
  sodium_hex2bin(reinterpret_cast<unsigned char*>(key_.data()), key_.size(), key_hex.data(), key_hex.size(), nullptr,
                 &length, nullptr);
  key_.resize(length);
}

std::string EmailLinks::table_url(std::int64_t table_id) const {
  return public_url_ + "/#/table/" + std::to_string(table_id);
}

std::string EmailLinks::account_url() const { return public_url_ + "/#/account"; }

std::string EmailLinks::confirm_url(const std::string& token, const std::string& language) const {
  return public_url_ + "/email/confirm?token=" + token + "&lang=" + language;
}

std::string EmailLinks::password_reset_url(const std::string& token) const {
  return public_url_ + "/#/reset/" + token;
}

std::string EmailLinks::unsubscribe_url(std::int64_t user_id, const std::string& what, std::int64_t written_at) const {
  return public_url_ + "/email/unsubscribe?user=" + std::to_string(user_id) + "&what=" + what +
         "&at=" + std::to_string(written_at) + "&sig=" + signature(user_id, what, written_at);
}

std::string EmailLinks::signature(std::int64_t user_id, const std::string& what, std::int64_t written_at) const {
  const std::string text = "unsubscribe:" + std::to_string(user_id) + ":" + what + ":" + std::to_string(written_at);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key_.data()), key_.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[sizeof mac * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::optional<UnsubscribeRequest> EmailLinks::check_unsubscribe(const std::string& query) const {
  const auto user = query_value(query, "user");
  const auto what = query_value(query, "what");
  const auto at = query_value(query, "at");
  const auto sig = query_value(query, "sig");
  if (!user || !what || !at || !sig || what->empty() || what->size() > 32) return std::nullopt;
  const auto whole = [](const std::string& text) -> std::optional<std::int64_t> {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
  };
  const auto id = whole(*user);
  const auto written_at = whole(*at);
  if (!id || *id == 0 || !written_at) return std::nullopt;
  const std::string expected = signature(*id, *what, *written_at);
  if (sig->size() != expected.size() || sodium_memcmp(sig->data(), expected.data(), expected.size()) != 0) {
    return std::nullopt;
  }
  return UnsubscribeRequest{*id, *what, *written_at};
}

std::string EmailLinks::new_key() {
  unsigned char key[crypto_auth_hmacsha256_KEYBYTES];
  crypto_auth_hmacsha256_keygen(key);
  char hex[sizeof key * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, key, sizeof key);
  return hex;
}

std::optional<std::string> query_value(const std::string& query, const std::string& name) {
  std::size_t start = 0;
  while (start <= query.size()) {
    const auto amp = std::min(query.find('&', start), query.size());
    const std::string pair = query.substr(start, amp - start);
    if (pair.rfind(name + "=", 0) == 0) return pair.substr(name.size() + 1);
    start = amp + 1;
  }
  return std::nullopt;
}

}  // namespace sp::server
