// The table's audience (audience.hpp): who watches, and the table_update each
// receiver class is sent after every move.
#include "server/table/audience.hpp"

#include <algorithm>

#include "engine/card_prices.hpp"
#include "engine/legal_actions.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/move_entry_text.hpp"
#include "protocol/table_update.hpp"
#include "server/table/log_replay.hpp"

namespace sp::server {

void Audience::watch(Watcher watcher) {
  std::erase_if(watchers_, [&](const Watcher& w) { return w.key == watcher.key || w.subscriber.expired(); });
  watchers_.push_back(std::move(watcher));
}

void Audience::forget(const Subscriber* key) {
  std::erase_if(watchers_, [key](const Watcher& w) { return w.key == key; });
}

bool Audience::watched() {
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  return !watchers_.empty();
}

bool Audience::watching_seat(int seat) const {
  if ((seats_watched() >> seat) & 1U) return true;
  const auto now = std::chrono::steady_clock::now();
  return std::any_of(elsewhere_.begin(), elsewhere_.end(), [&](const auto& entry) {
    return ((entry.second.seats >> seat) & 1U) && entry.second.until > now;
  });
}

std::uint32_t Audience::seats_watched() const {
  std::uint32_t seats = 0;
  for (const Watcher& w : watchers_) {
    if (w.seat && !w.subscriber.expired()) seats |= 1U << w.seat->value;
  }
  return seats;
}

void Audience::watched_elsewhere(const std::string& node, std::uint32_t seats,
                                 std::chrono::steady_clock::time_point until) {
  if (seats == 0) {
    elsewhere_.erase(node);
  } else {
    elsewhere_[node] = Elsewhere{seats, until};
  }
}

void Audience::send(std::shared_ptr<const std::string> frame) const {
  for (const Watcher& w : watchers_) {
    if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
  }
}

void Audience::send_to_seat(int seat, std::shared_ptr<const std::string> frame) const {
  for (const Watcher& w : watchers_) {
    if (!w.seat || w.seat->value != seat) continue;
    if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
  }
}

std::vector<Audience::Watcher> Audience::hand_over() {
  auto watchers = std::move(watchers_);
  watchers_.clear();
  return watchers;
}

void Audience::take_over(const std::vector<Watcher>& watchers) {
  for (const Watcher& w : watchers) {
    if (w.subscriber.expired()) continue;
    const bool known =
        std::any_of(watchers_.begin(), watchers_.end(), [&](const Watcher& mine) { return mine.key == w.key; });
    if (!known) watchers_.push_back(w);
  }
}

std::optional<Audience::HeldFrame> Audience::broadcast(const Shown& shown, const engine::LoggedAction& logged,
                                                       Actor actor, const engine::Events& events,
                                                       const Subscriber* held_for) {
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  // Every watcher of one receiver class (a seat, or the spectators, in one
  // form: whole or compact) is sent the very same frame, encoded once: what
  // differs between seats (the view under hidden money or hands, the events
  // under a hidden draw, the legal actions and the prices) is decided by the
  // class alone, so a frame made for one seat never goes to another seat's
  // connection.
  const bool shared_view = shown.options.public_money && shown.options.public_hands;
  const bool shared_moves = protocol::events_seen_alike(events, shown.options);
  const protocol::MoveEntry move{shown.move_number, logged, events, to_string(actor)};
  std::optional<std::string> moves_alike;
  auto moves_for = [&](engine::Viewer viewer) -> std::string {
    auto moves = [&](engine::Viewer v) { return "[" + protocol::encode_move_entry_text(move, shown.options, v) + "]"; };
    if (!shared_moves) return moves(viewer);
    if (!moves_alike) moves_alike = moves(engine::Viewer::spectator());
    return *moves_alike;
  };
  // By view class: its view text brought up to this move once, and each form's body.
  struct Bodies {
    protocol::ViewText* view_text;
    std::string moves;
    std::optional<std::string> whole;
    std::optional<std::string> compact;
  };
  std::map<int, Bodies> bodies;
  auto body_for = [&](std::optional<engine::Seat> seat, bool compact) -> const std::string& {
    const int key = shared_view || !seat ? -1 : seat->value;
    auto it = bodies.find(key);
    if (it == bodies.end()) {
      const engine::Viewer viewer = key < 0 ? engine::Viewer::spectator() : engine::Viewer::of_seat(*seat);
      protocol::ViewText& view_text = view_texts_.try_emplace(key, names_).first->second;
      view_text.update(view_after(shown.state, viewer, shown.move_number));
      it = bodies.emplace(key, Bodies{&view_text, moves_for(viewer), {}, {}}).first;
    }
    Bodies& b = it->second;
    if (compact) {
      if (!b.compact) b.compact = protocol::encode_compact_update_body(b.view_text->changes(), b.moves);
      return *b.compact;
    }
    if (!b.whole) b.whole = protocol::encode_update_body(b.view_text->whole(), b.moves);
    return *b.whole;
  };
  // A seat's prices, and whether a compact update may leave them out: they
  // are what the seat was sent after the move before (in an update or in
  // subscribe's reply, which gives the prices after that same move).
  struct Prices {
    std::string text;
    bool unchanged;
  };
  std::map<int, Prices> prices;
  auto prices_for = [&](std::optional<engine::Seat> seat) -> const Prices& {
    const int key = seat ? seat->value : -1;
    auto it = prices.find(key);
    if (it != prices.end()) return it->second;
    std::string text = seat ? protocol::encode_prices_text(engine::card_prices(shown.state, *seat)) : "[]";
    KeptPrices& kept = prices_kept_[key];
    const bool unchanged = kept.move_number + 1 == shown.move_number && kept.text == text;
    kept = KeptPrices{shown.move_number, text};
    return prices.emplace(key, Prices{std::move(text), unchanged}).first->second;
  };
  auto legal_text = [&](std::optional<engine::Seat> seat) {
    if (!seat || !shown.legal_actions) return protocol::encode_legal_actions_text({});
    return protocol::encode_legal_actions_text(engine::legal_actions(shown.state, *seat));
  };
  std::map<std::pair<int, bool>, std::shared_ptr<const std::string>> frames;  // receiver class -> its frame
  std::optional<HeldFrame> held;
  for (const Watcher& w : watchers_) {
    auto subscriber = w.subscriber.lock();
    if (!subscriber) continue;
    const std::pair<int, bool> key{w.seat ? w.seat->value : -1, w.compact};
    auto frame = frames.find(key);
    if (frame == frames.end()) {
      const Prices& p = prices_for(w.seat);
      const bool leave_prices_out = w.compact && p.unchanged;
      frame = frames.emplace(key, std::make_shared<const std::string>(protocol::encode_table_update(
                                      shown.table, shown.move_number, shown.deadline_at, body_for(w.seat, w.compact),
                                      legal_text(w.seat),
                                      leave_prices_out ? std::nullopt : std::optional<std::string_view>(p.text),
                                      shown.clocks)))
                  .first;
    }
    if (held_for && w.key == held_for) {
      held = HeldFrame{frame->second, w.epoch};
    } else {
      subscriber->send(frame->second, w.epoch);
    }
  }
  return held;
}

}  // namespace sp::server
