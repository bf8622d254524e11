#include "server/store/snapshot.hpp"

#include <cstring>
#include <type_traits>

#include "engine/card.hpp"

namespace sp::server {
namespace {

static_assert(std::is_trivially_copyable_v<engine::GameState>, "snapshots copy the state's bytes");

// Raise when GameState's fields change in a way that keeps its size.
constexpr std::uint32_t kFormat = 2;
constexpr char kMagic[4] = {'S', 'P', 'B', 'S'};

struct Header {
  char magic[4];
  std::uint32_t format;
  std::uint64_t layout;
  // Of the state's bytes: a damaged snapshot is refused before any of its
  // fields is read (a damaged byte can be an invalid bool or enum).
  std::uint64_t checksum;
};

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

// The layout key: the format number, the state's size and the card set the
// card ids refer to.
std::uint64_t layout_key() {
  return fnv1a(std::to_string(kFormat) + "/" + std::to_string(sizeof(engine::GameState)) + "/" +
               std::string(engine::card_set_version()));
}

}  // namespace

std::string encode_snapshot(const engine::GameState& state) {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.format = kFormat;
  header.layout = layout_key();
  std::string bytes(sizeof header + sizeof state, '\0');
  std::memcpy(bytes.data() + sizeof header, &state, sizeof state);
  header.checksum = fnv1a(std::string_view(bytes).substr(sizeof header));
  std::memcpy(bytes.data(), &header, sizeof header);
  return bytes;
}

std::optional<engine::GameState> decode_snapshot(std::string_view bytes) {
  Header header{};
  if (bytes.size() != sizeof header + sizeof(engine::GameState)) return std::nullopt;
  std::memcpy(&header, bytes.data(), sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.format != kFormat ||
      header.layout != layout_key() || header.checksum != fnv1a(bytes.substr(sizeof header))) {
    return std::nullopt;
  }
  engine::GameState state;
  std::memcpy(static_cast<void*>(&state), bytes.data() + sizeof header, sizeof state);
  return state;
}

}  // namespace sp::server
