#include "protocol/echoed_text.hpp"

namespace sp::protocol {

std::string echoed(std::string_view text) {
  if (text.size() <= kMaxEchoedBytes) return std::string(text);
  std::size_t cut = kMaxEchoedBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // text[cut] continues a character
  return std::string(text.substr(0, cut)) + "...";
}

}  // namespace sp::protocol
