// Table: one game being played, an actor on its own strand.
//
// A Table is the only owner of its GameState. Every request reaches it through
// a method that posts to the strand, and moves are applied one at a time, in
// order: validated by the engine, written to the database, and only once the
// transaction committed acknowledged to the sender and pushed to subscribers
// (persist, then announce). A failed write faults the table: it refuses every
// further move until an administrator looks at it. Other tables are never
// blocked: database work happens on the store's thread.
//
// Thread-safety: all public methods are safe from any thread.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/event.hpp"
#include "engine/replay.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "server/app/metrics.hpp"
#include "server/app/subscriber.hpp"
#include "server/store/records.hpp"
#include "server/store/store.hpp"

namespace sp::server {

// A reply to one request: the `data` of a result, or an error code and message.
struct Reply {
  bool ok = true;
  nlohmann::json data = nlohmann::json::object();
  std::string code;
  std::string message;

  static Reply result(nlohmann::json data) { return Reply{true, std::move(data), {}, {}}; }
  static Reply error(std::string code, std::string message) {
    return Reply{false, nlohmann::json::object(), std::move(code), std::move(message)};
  }
};
using ReplyFn = std::function<void(Reply)>;

class Table : public std::enable_shared_from_this<Table> {
 public:
  // REQUIRES: `log` replays from `setup` (the caller checked it).
  Table(boost::asio::any_io_executor executor, Store& store, Metrics& metrics, TableRecord record,
        engine::GameSetup setup, engine::GameState state, std::vector<engine::LoggedAction> log);

  std::int64_t id() const { return id_; }

  void act(std::int64_t user_id, std::int64_t move_number, nlohmann::json action, ReplyFn reply);
  void subscribe(std::weak_ptr<Subscriber> subscriber, std::int64_t user_id, std::optional<std::int64_t> since,
                 ReplyFn reply);
  void unsubscribe(const Subscriber* subscriber);
  void legal_actions(std::int64_t user_id, ReplyFn reply);
  void chat(std::int64_t user_id, std::string text, ReplyFn reply);
  // Calls `fn` on the strand with a summary for lobby listings.
  void summarize(std::function<void(nlohmann::json)> fn);

 private:
  struct PendingAct {
    std::int64_t user_id;
    std::int64_t move_number;
    nlohmann::json action;
    ReplyFn reply;
    double started;
  };
  struct Watcher {
    std::weak_ptr<Subscriber> subscriber;
    const Subscriber* key;
    std::optional<engine::Seat> seat;
  };

  std::optional<engine::Seat> seat_of(std::int64_t user_id) const;
  void process_next();
  void start_act(PendingAct request);
  void on_committed(PendingAct request, engine::Transition next, engine::LoggedAction logged,
                    std::exception_ptr error);
  void broadcast(const engine::LoggedAction& logged, const engine::Events& events);
  nlohmann::json view_json(std::optional<engine::Seat> seat) const;
  nlohmann::json legal_json(std::optional<engine::Seat> seat) const;
  nlohmann::json moves_since(std::int64_t since, std::optional<engine::Seat> seat) const;
  nlohmann::json summary_json() const;

  // Constant after construction.
  const std::int64_t id_;
  Store& store_;
  Metrics& metrics_;
  const engine::GameSetup setup_;
  const std::vector<std::string> names_;

  // Everything below is accessed only on strand_.
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  TableRecord record_;
  engine::GameState state_;
  std::vector<engine::LoggedAction> log_;
  std::vector<Watcher> watchers_;
  std::deque<PendingAct> pending_;
  bool writing_ = false;
  bool faulted_ = false;
};

// Seconds on a monotonic clock, for latency measurements.
double monotonic_seconds();
std::int64_t unix_seconds();

}  // namespace sp::server
