// The table's watchers (table.hpp): subscribing and the moves a subscriber
// missed, the table_update pushed to each after every move, announcements,
// and the table's chat.
#include "server/table/table.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/card_prices.hpp"
#include "engine/legal_actions.hpp"
#include "engine/view.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/move_entry_text.hpp"
#include "protocol/notice_details.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/table_results.hpp"
#include "protocol/table_update.hpp"
#include "server/table/log_replay.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

engine::Viewer viewer_for(std::optional<engine::Seat> seat) {
  return seat ? engine::Viewer::of_seat(*seat) : engine::Viewer::spectator();
}

// A seat's prices for the cards in view, on its turn or not, so that a player
// plans while others move; nothing for spectators. Written without a
// document: it goes to every seat after every move.
std::string prices_text(const engine::GameState& state, std::optional<engine::Seat> seat) {
  if (!seat) return "[]";
  return protocol::encode_prices_text(engine::card_prices(state, *seat));
}

}  // namespace

std::optional<Table::HeldFrame> Table::broadcast(const engine::LoggedAction& logged, Actor actor,
                                                 const engine::Events& events, const Subscriber* held_for) {
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  // Every watcher of one receiver class (a seat, or the spectators, in one
  // form: whole or compact) is sent the very same frame, encoded once: what
  // differs between seats (the view under hidden money or hands, the events
  // under a hidden draw, the legal actions and the prices) is decided by the
  // class alone, so a frame made for one seat never goes to another seat's
  // connection.
  const bool shared_view = setup_.options.public_money && setup_.options.public_hands;
  const bool shared_moves = protocol::events_seen_alike(events, setup_.options);
  const protocol::MoveEntry move{record_.move_count, logged, events, to_string(actor)};
  std::optional<std::string> moves_alike;
  auto moves_for = [&](engine::Viewer viewer) -> std::string {
    auto moves = [&](engine::Viewer v) { return "[" + protocol::encode_move_entry_text(move, setup_.options, v) + "]"; };
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
      view_text.update(view_after(state_, viewer, record_.move_count));
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
    std::string text = prices_text(state_, seat);
    KeptPrices& kept = prices_kept_[key];
    const bool unchanged = kept.move_number + 1 == record_.move_count && kept.text == text;
    kept = KeptPrices{record_.move_count, text};
    return prices.emplace(key, Prices{std::move(text), unchanged}).first->second;
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
                                      id_, record_.move_count, record_.deadline_at, body_for(w.seat, w.compact),
                                      legal_text(w.seat),
                                      leave_prices_out ? std::nullopt : std::optional<std::string_view>(p.text))))
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

std::vector<engine::LegalAction> Table::legal_for(std::optional<engine::Seat> seat) const {
  if (!seat || (faulted_ && !moved_)) return {};  // a followed table shows what its node would accept
  return engine::legal_actions(state_, *seat);
}

std::string Table::legal_text(std::optional<engine::Seat> seat) const {
  return protocol::encode_legal_actions_text(legal_for(seat));
}

std::vector<std::string> Table::moves_since(std::int64_t since, std::optional<engine::Seat> seat) const {
  // Events are not stored: a replay from the setup recomputes them (a game is
  // a few hundred moves; this takes well under a millisecond).
  std::vector<std::string> out;
  const engine::Viewer viewer = viewer_for(seat);
  const auto replayed = engine::replay(setup_, log_, [&](std::size_t i, const engine::LoggedAction& logged,
                                                         const engine::GameState&, const engine::Events& events) {
    const auto number = static_cast<std::int64_t>(i) + 1;
    if (number <= since) return;
    out.push_back(protocol::encode_move_entry_text(
        protocol::MoveEntry{number, logged, events, to_string(actors_[i])}, setup_.options, viewer));
  });
  if (!replayed) {
    // The log in memory was applied move by move as it was played: a bug. The
    // client gets the moves up to it, and the log says where.
    spdlog::error("table {}: its moves stop replaying at move {}: {}", record_.id, replayed.error().index + 1,
                  replayed.error().message);
  }
  return out;
}

void Table::subscribe(std::weak_ptr<Subscriber> subscriber, IdentityEpoch epoch, std::int64_t user_id,
                      std::optional<std::int64_t> since, bool compact, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber = std::move(subscriber), epoch, user_id, since,
                              compact, reply = std::move(reply)] {
    const auto seat = self->seat_of(user_id);
    const Subscriber* key = subscriber.lock().get();
    std::erase_if(self->watchers_, [key](const Watcher& w) { return w.key == key || w.subscriber.expired(); });
    self->watchers_.push_back(Watcher{subscriber, key, epoch, seat, compact});
    const std::int64_t from = std::clamp<std::int64_t>(since.value_or(self->record_.move_count), 0,
                                                       self->record_.move_count);
    protocol::Subscribed result{self->summary(),
                                seat ? std::optional<int>(seat->value) : std::nullopt,
                                view_after(self->state_, viewer_for(seat), self->record_.move_count),
                                self->names_,
                                self->legal_for(seat),
                                seat ? engine::card_prices(self->state_, *seat) : std::vector<engine::CardPrice>{},
                                self->moves_since(from, seat),
                                std::nullopt,
                                self->consent()};
    // The seat's own standing orders, for its player only.
    if (seat) result.orders = self->orders_.at(seat->value);
    reply(Reply::result(protocol::encode_data(result)));
  });
}

void Table::unsubscribe(const Subscriber* subscriber) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber] {
    std::erase_if(self->watchers_, [subscriber](const Watcher& w) { return w.key == subscriber; });
  });
}

void Table::legal_actions(std::int64_t user_id, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, reply = std::move(reply)] {
    reply(Reply::result(protocol::encode_legal_actions_data(self->legal_for(self->seat_of(user_id)))));
  });
}

namespace {

// "@name" in a chat line, not followed by more of a name: a mention of that
// player (docs/notifications.md, chat_mention).
bool mentions_name(const std::string& text, const std::string& name) {
  const std::string tag = "@" + name;
  for (auto at = text.find(tag); at != std::string::npos; at = text.find(tag, at + 1)) {
    const std::size_t end = at + tag.size();
    if (end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) return true;
  }
  return false;
}

}  // namespace

void Table::chat(std::int64_t user_id, std::string text, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, text = std::move(text),
                              reply = std::move(reply)]() mutable {
    const auto seat = self->seat_of(user_id);
    if (!seat) return reply(Reply::error(ErrorCode::kNotSeated, "Only the table's players may write in its chat."));
    const std::string from = self->names_[seat->value];
    const std::int64_t now = self->correspondence_.clock.now();
    std::vector<NotificationDraft> mentions;
    for (const SeatRecord& s : self->record_.seats) {
      if (s.robot || s.user_id == user_id || !mentions_name(text, s.name)) continue;
      mentions.push_back(NotificationDraft{s.user_id, "chat_mention", self->id_,
                                           from + " mentioned you at " + self->record_.name + ".",
                                           protocol::encode_details(protocol::ChatMentionDetails{from})});
    }
    // The line's id goes out with it, so a client can page back (chat_history) from what it saw.
    auto chat_id = std::make_shared<std::int64_t>(0);
    auto stored = std::make_shared<std::vector<StoredNotification>>();
    self->store_.submit([table = self->id_, user_id, text, now, chat_id, mentions = std::move(mentions), stored](Records& db) {
                          *chat_id = db.insert_chat(table, user_id, text, now);
                          for (const NotificationDraft& d : mentions) {
                            if (auto n = store_notification(db, d, now)) stored->push_back(std::move(*n));
                          }
                        },
                        [self, reply = std::move(reply), from, text, now, chat_id, stored](std::exception_ptr error) {
                          if (error) return reply(Reply::error(ErrorCode::kInternalError, "The message could not be stored."));
                          reply(Reply::result("{}"));
                          self->correspondence_.notifier.deliver(*stored);
                          boost::asio::post(self->strand_, [self, from, text, now, chat_id = *chat_id] {
                            const auto frame = std::make_shared<const std::string>(
                                protocol::encode(protocol::ChatMessage{self->id_, chat_id, from, text, now}));
                            for (const Watcher& w : self->watchers_) {
                              if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
                            }
                            self->correspondence_.notifier.bus().send(NodeBus::Kind::kTable, self->id_, *frame);
                          });
                        });
  });
}

void Table::announce(std::string message) {
  const auto frame = std::make_shared<const std::string>(std::move(message));
  for (const Watcher& w : watchers_) {
    if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
  }
}

}  // namespace sp::server
