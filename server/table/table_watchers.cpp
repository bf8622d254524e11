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
#include "protocol/move_entry_text.hpp"
#include "protocol/notice_details.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/table_results.hpp"
#include "protocol/table_update.hpp"
#include "server/table/log_replay.hpp"
#include "server/table/seat_off_times.hpp"
#include "server/table/table_clock.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

constexpr const char* kRoundStillPlayed =
    "This table's cards are dealt at the other tables of its duplicate round too: until the whole round has "
    "finished, only its own players watch it.";

engine::Viewer viewer_for(std::optional<engine::Seat> seat) {
  return seat ? engine::Viewer::of_seat(*seat) : engine::Viewer::spectator();
}

}  // namespace

std::optional<Audience::HeldFrame> Table::broadcast(const engine::LoggedAction& logged, Actor actor,
                                                    const engine::Events& events, const Subscriber* held_for) {
  // A stopped table shows no legal actions; a followed one shows what its node would accept.
  const Audience::Shown shown{id_,        state_, setup_.options, record_.move_count, record_.deadline_at,
                              !faulted_ || moved_, clocks_now()};
  return audience_.broadcast(shown, logged, actor, events, held_for);
}

std::vector<engine::LegalAction> Table::legal_for(std::optional<engine::Seat> seat) const {
  if (!seat || (faulted_ && !moved_)) return {};  // a followed table shows what its node would accept
  return engine::legal_actions(state_, *seat);
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
                              compact, reply = std::move(reply)]() mutable {
    self->with_watch_right(user_id, [self, subscriber = std::move(subscriber), epoch, user_id, since, compact,
                                     reply = std::move(reply)](bool may) mutable {
      if (!may) return reply(Reply::error(ErrorCode::kRoundNotFinished, kRoundStillPlayed));
      // The reply shows each seat's clock with its player's off time.
      self->with_off_times([self, subscriber = std::move(subscriber), epoch, user_id, since, compact,
                            reply = std::move(reply)] {
        const auto seat = self->seat_of(user_id);
        const Subscriber* key = subscriber.lock().get();
        self->audience_.watch(Audience::Watcher{subscriber, key, epoch, seat, compact});
        self->watchers_changed();
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
        if (seat) result.orders = self->orders_.of(seat->value);
        reply(Reply::result(protocol::encode_data(result)));
      });
    });
  });
}

void Table::may_watch(std::int64_t user_id, std::function<void(bool)> then) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, then = std::move(then)]() mutable {
    self->with_watch_right(user_id, std::move(then));
  });
}

void Table::with_watch_right(std::int64_t user_id, std::function<void(bool)> then) {
  if (!record_.shared_deal || !record_.shared_deal->withheld || seat_of(user_id)) return then(true);
  auto withheld = std::make_shared<bool>(true);
  store_.submit(
      [id = id_, withheld](Records& db) {
        if (const auto table = db.load_table(id); table && table->shared_deal) *withheld = table->shared_deal->withheld;
      },
      [self = shared_from_this(), withheld, then = std::move(then)](std::exception_ptr error) mutable {
        boost::asio::post(self->strand_, [self, withheld, error, then = std::move(then)] {
          // Once its round has ended a table's deal is never withheld again: kept as read.
          if (!error && !*withheld) self->record_.shared_deal->withheld = false;
          then(!self->record_.shared_deal->withheld);
        });
      });
}

void Table::with_off_times(std::function<void()> then) {
  const auto clock = table_clock_of(record_);
  if (off_known_ || !clock || state_.is_finished()) return then();
  auto off = std::make_shared<OffTimes>();
  store_.submit([people = clock->people, off](Records& db) { *off = seat_off_times(db, people); },
                [self = shared_from_this(), off, then = std::move(then)](std::exception_ptr error) mutable {
                  boost::asio::post(self->strand_, [self, off, error, then = std::move(then)] {
                    // Only shown: without it the clocks are shown as before.
                    if (error) {
                      spdlog::warn("table {}: its players' off time could not be read: {}", self->id_,
                                   failure_reason(error));
                    } else if (!self->off_known_) {
                      self->seat_off_ = std::move(*off);
                      self->off_known_ = true;
                    }
                    then();
                  });
                });
}

void Table::unsubscribe(const Subscriber* subscriber) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber] {
    self->audience_.forget(subscriber);
    self->watchers_changed();
  });
}

void Table::watchers_changed() {
  const std::uint32_t seats = audience_.seats_watched();
  if (seats_watched_.exchange(seats, std::memory_order_acq_rel) == seats) return;
  if (moved_ && on_watching_) on_watching_(seats);
}

void Table::watched_elsewhere(std::string node, std::uint32_t seats, std::chrono::steady_clock::time_point until) {
  boost::asio::post(strand_, [self = shared_from_this(), node = std::move(node), seats, until] {
    self->audience_.watched_elsewhere(node, seats, until);
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
                                           protocol::ChatMentionDetails{from}});
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
                          reply(Reply::result(protocol::encode_data(protocol::Acknowledged{})));
                          self->correspondence_.notifier.deliver(*stored);
                          boost::asio::post(self->strand_, [self, from, text, now, chat_id = *chat_id] {
                            const auto frame = std::make_shared<const std::string>(
                                protocol::encode(protocol::ChatMessage{self->id_, chat_id, from, text, now}));
                            self->audience_.send(frame);
                            self->correspondence_.notifier.bus().send(NodeBus::Kind::kTable, self->id_, *frame);
                          });
                        });
  });
}

void Table::announce(std::string message) { audience_.send(std::make_shared<const std::string>(std::move(message))); }

}  // namespace sp::server
