#include "protocol/shown_text.hpp"

#include <cstdint>
#include <vector>

namespace sp::protocol {
namespace {

// The code point starting at text[i] (valid UTF-8), and i moved past it.
char32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i++]);
  int more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  char32_t c = more == 3 ? lead & 0x07 : more == 2 ? lead & 0x0F : more == 1 ? lead & 0x1F : lead;
  for (; more > 0 && i < text.size(); --more) c = (c << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  return c;
}

bool opens_embedding(char32_t c) { return c == 0x202A || c == 0x202B || c == 0x202D || c == 0x202E; }
bool opens_isolate(char32_t c) { return c >= 0x2066 && c <= 0x2068; }

}  // namespace

std::optional<std::string> unshowable(std::string_view text) {
  enum class Open : std::uint8_t { kEmbedding, kIsolate };
  std::vector<Open> open;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = next_code_point(text, i);
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F)) {
      return "It may not hold control characters such as line breaks, tabs or escapes.";
    }
    if (c == 0x2028 || c == 0x2029) return "It may not hold line or paragraph separators.";
    if (opens_embedding(c)) open.push_back(Open::kEmbedding);
    if (opens_isolate(c)) open.push_back(Open::kIsolate);
    const bool closes_embedding = c == 0x202C;
    const bool closes_isolate = c == 0x2069;
    if (closes_embedding || closes_isolate) {
      if (open.empty() || open.back() != (closes_embedding ? Open::kEmbedding : Open::kIsolate)) {
        return "Its direction marks do not pair up: each embedding, override or isolate it opens must be closed, in order.";
      }
      open.pop_back();
    }
  }
  if (!open.empty()) {
    return "Its direction marks do not pair up: each embedding, override or isolate it opens must be closed, in order.";
  }
  return std::nullopt;
}

}  // namespace sp::protocol
