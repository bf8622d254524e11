// Audience: a table's watchers and what is kept to push to them: each
// subscriber with the identity it subscribed under, the view texts carried
// from one update to the next by viewer class, and each seat's prices as last
// sent. A part of the Table (table.hpp), on its strand; it reads the game only
// through what the table shows it (Shown).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/replay.hpp"
#include "engine/state.hpp"
#include "protocol/table_clocks.hpp"
#include "protocol/view_text.hpp"
#include "server/session/subscriber.hpp"
#include "server/store/rows.hpp"

namespace sp::server {

class Audience {
 public:
  struct Watcher {
    std::weak_ptr<Subscriber> subscriber;
    const Subscriber* key;
    IdentityEpoch epoch;
    std::optional<engine::Seat> seat;
    bool compact = false;
  };
  // A frame made for one connection, and the identity it was made for.
  struct HeldFrame {
    std::shared_ptr<const std::string> frame;
    IdentityEpoch epoch = 0;
  };
  // The table after a move, as its updates show it.
  struct Shown {
    std::int64_t table = 0;
    const engine::GameState& state;
    const engine::TableOptions& options;
    std::int64_t move_number = 0;
    std::optional<std::int64_t> deadline_at;
    bool legal_actions = true;  // false: a stopped table offers none
    std::optional<protocol::ClocksShown> clocks;  // a table with a clock
  };

  explicit Audience(std::vector<std::string> names) : names_(std::move(names)) {}

  // A subscriber joins, in place of its earlier subscription if it had one.
  void watch(Watcher watcher);
  void forget(const Subscriber* key);
  // Whether anyone watches, once the connections gone are dropped.
  bool watched();
  // Whether a connection of the seat's watches (its player has the table open),
  // here or, as told by another node, through that node's copy.
  bool watching_seat(int seat) const;
  // The seats watched by this node's connections, one bit each.
  std::uint32_t seats_watched() const;
  // Node `node` says its connections watch `seats` (one bit each), which
  // holds until `until` unless it says again (docs/scaling.md, "Who watches").
  void watched_elsewhere(const std::string& node, std::uint32_t seats, std::chrono::steady_clock::time_point until);

  // Sends every watcher its table_update for the move just `logged`, except
  // `held_for`'s, which it returns for the caller to send with the mover's reply.
  std::optional<HeldFrame> broadcast(const Shown& shown, const engine::LoggedAction& logged, Actor actor,
                                     const engine::Events& events, const Subscriber* held_for = nullptr);
  // Sends a frame to every watcher, or to the seat's own connections only.
  void send(std::shared_ptr<const std::string> frame) const;
  void send_to_seat(int seat, std::shared_ptr<const std::string> frame) const;

  // The watchers go over to another table's audience (table_follow.cpp).
  std::vector<Watcher> hand_over();
  void take_over(const std::vector<Watcher>& watchers);

 private:
  // A seat's prices as last sent, after move `move_number`.
  struct KeptPrices {
    std::int64_t move_number = -1;
    std::string text;
  };

  const std::vector<std::string> names_;
  std::vector<Watcher> watchers_;
  // The view's text from one update to the next, by viewer class (see broadcast).
  std::map<int, protocol::ViewText> view_texts_;
  // Each seat's prices after the last update (see broadcast).
  std::map<int, KeptPrices> prices_kept_;
  // Seats watched through other nodes' copies of the table, by node.
  struct Elsewhere {
    std::uint32_t seats = 0;
    std::chrono::steady_clock::time_point until;
  };
  std::map<std::string, Elsewhere> elsewhere_;
};

}  // namespace sp::server
