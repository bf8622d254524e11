#include "protocol/view_text.hpp"

#include <algorithm>

#include "protocol/engine_json.hpp"

namespace sp::protocol {
namespace {

// The kept text of a part, encoded again (and its source copied) only if
// the source changed.
template <typename Kept, typename Source, typename Encode>
const std::string& text_of(std::optional<Kept>& kept, const Source& source, Encode encode) {
  if (!kept || !(kept->source == source)) kept = Kept{source, encode()};
  return kept->text;
}

}  // namespace

std::string ViewText::encode(const engine::TableView& view) {
  std::string text = "{\"players\":[";
  players_.resize(view.players.size());
  for (std::size_t i = 0; i < view.players.size(); ++i) {
    const engine::PlayerView& p = view.players[i];
    if (i > 0) text += ',';
    text += text_of(players_[i], p, [&] { return encode_player(p, names_).dump(); });
  }
  text += "],\"options\":";
  text += text_of(options_, view.options, [&] { return encode_options(view.options).dump(); });
  const bool peeked = std::any_of(view.stacks.begin(), view.stacks.end(),
                                  [](const engine::StackView& s) { return s.contents.has_value(); });
  if (peeked) {
    text += ",\"stack_contents\":";
    text += text_of(contents_, view.stacks, [&] { return encode_stack_contents(view.stacks).dump(); });
  }
  // The rest: small, and most of it changes with every move.
  const std::string rest = encode_view_rest(view).dump();
  text += ',';
  text.append(rest, 1);
  return text;
}

}  // namespace sp::protocol
