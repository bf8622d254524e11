#include "protocol/deal_bytes.hpp"

namespace sp::protocol {
namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string to_hex(const DealBytes& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    hex.push_back(kDigits[b >> 4]);
    hex.push_back(kDigits[b & 0x0F]);
  }
  return hex;
}

std::optional<DealBytes> deal_bytes_from_hex(std::string_view hex) {
  DealBytes bytes{};
  if (hex.size() != bytes.size() * 2) return std::nullopt;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int high = digit_value(hex[2 * i]);
    const int low = digit_value(hex[2 * i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes[i] = static_cast<std::uint8_t>(high * 16 + low);
  }
  return bytes;
}

}  // namespace sp::protocol
