#include "protocol/view_text.hpp"

#include <algorithm>

#include "protocol/engine_json.hpp"

namespace sp::protocol {
namespace {

// Brings a part's kept text up to `source`, encoding it again (and copying
// the source) only if it changed.
template <typename Kept, typename Source, typename Encode>
void keep(std::optional<Kept>& kept, const Source& source, Encode encode) {
  if (kept && kept->source == source) {
    kept->changed = false;
    return;
  }
  kept = Kept{source, encode(), true};
}

}  // namespace

void ViewText::update(const engine::TableView& view) {
  follows_previous_ = move_number_ && *move_number_ + 1 == view.move_number;
  move_number_ = view.move_number;
  players_.resize(view.players.size());
  for (std::size_t i = 0; i < view.players.size(); ++i) {
    const engine::PlayerView& p = view.players[i];
    keep(players_[i], p, [&] { return encode_player(p, names_).dump(); });
  }
  keep(options_, view.options, [&] { return encode_options(view.options).dump(); });
  was_peeked_ = peeked_;
  peeked_ = std::any_of(view.stacks.begin(), view.stacks.end(),
                        [](const engine::StackView& s) { return s.contents.has_value(); });
  if (peeked_) keep(contents_, view.stacks, [&] { return encode_stack_contents(view.stacks).dump(); });
  // The rest: small, and most of it changes with every move.
  const std::string rest = encode_view_rest(view).dump();
  rest_.assign(rest, 1, rest.size() - 2);
}

std::string ViewText::whole() const {
  std::string text = "{\"players\":[";
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (i > 0) text += ',';
    text += players_[i]->text;
  }
  text += "],\"options\":";
  text += options_->text;
  if (peeked_) {
    text += ",\"stack_contents\":";
    text += contents_->text;
  }
  text += ',';
  text += rest_;
  text += '}';
  return text;
}

std::string ViewText::changes() const {
  std::string text = "{\"players\":[";
  bool first = true;
  for (const auto& player : players_) {
    if (follows_previous_ && !player->changed) continue;
    if (!first) text += ',';
    first = false;
    text += player->text;
  }
  text += "],";
  text += rest_;
  if (!follows_previous_ || options_->changed) {
    text += ",\"options\":";
    text += options_->text;
  }
  if (peeked_ && (!follows_previous_ || !was_peeked_ || contents_->changed)) {
    text += ",\"stack_contents\":";
    text += contents_->text;
  } else if (!peeked_ && (!follows_previous_ || was_peeked_)) {
    text += ",\"stack_contents\":null";
  }
  text += '}';
  return text;
}

std::string ViewText::encode(const engine::TableView& view) {
  update(view);
  return whole();
}

}  // namespace sp::protocol
