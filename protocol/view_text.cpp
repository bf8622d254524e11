#include "protocol/view_text.hpp"

#include "protocol/engine_json.hpp"

namespace sp::protocol {
namespace {

// The kept text of a part, encoded again only if its source changed.
template <typename Kept, typename Source, typename Encode>
const std::string& text_of(std::optional<Kept>& kept, Source&& source, Encode encode) {
  if (!kept || !(kept->source == source)) kept = Kept{std::forward<Source>(source), encode()};
  return kept->text;
}

}  // namespace

std::string ViewText::encode(const engine::TableView& view, std::span<const std::string> names) {
  std::string text = "{\"players\":[";
  players_.resize(view.players.size());
  for (std::size_t i = 0; i < view.players.size(); ++i) {
    const engine::PlayerView& p = view.players[i];
    Player source{p, p.seat.value < names.size() ? names[p.seat.value] : std::string()};
    if (i > 0) text += ',';
    text += text_of(players_[i], std::move(source), [&] { return encode_player(p, names).dump(); });
  }
  text += "],\"options\":";
  text += text_of(options_, view.options, [&] { return encode_options(view.options).dump(); });
  Contents contents;
  bool peeked = false;
  for (int d = 0; d < engine::kDeckCount; ++d) {
    contents[d] = view.stacks[d].contents;
    peeked = peeked || view.stacks[d].contents.has_value();
  }
  if (peeked) {
    text += ",\"stack_contents\":";
    text += text_of(contents_, std::move(contents), [&] { return encode_stack_contents(view.stacks).dump(); });
  }
  // The rest: small, and most of it changes with every move.
  const std::string rest = encode_view_rest(view).dump();
  text += ',';
  text.append(rest, 1);
  return text;
}

}  // namespace sp::protocol
