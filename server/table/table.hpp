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
// Correspondence play (table_pace.cpp): a seat may be played by a robot or by
// nobody (seat_control.hpp); the table then makes that seat's moves itself,
// one at a time through the same path as a person's, yielding between them.
// A table with a move limit keeps one deadline for the move it waits for,
// armed in the scheduler; when it passes, the table makes the seat's timeout
// move (a move like any other, so it happens once even across a restart).
//
// One actor, its work in files by job: table.cpp (a move checked, written,
// acknowledged; a fault), table_watchers.cpp (subscriptions, the pushes after
// each move, chat), table_pace.cpp (deadlines, robots and absent seats),
// table_abort.cpp (an administrator ends the game), table_consent.cpp
// (resigning, aborting by vote, undo by consent), table_late_vote.cpp (the
// players decide about a seat whose time ran out), table_summary.cpp (the
// lobby's summary). It owns the game (record, state, log) and the strand's
// work queue; its parts own the rest, each alone, and reach the game only
// through what the table hands them: the Audience (audience.hpp: watchers,
// the view texts and prices kept between updates, every push), the Consent
// (consent.hpp: the request to undo, the proposal to abort read from the
// log), the StandingOrders (standing_orders.hpp: each seat's orders), the
// Pace (pace.hpp: its alarms in the scheduler, the next automatic move).
//
// Thread-safety: all public methods are safe from any thread.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <atomic>
#include <chrono>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/event.hpp"
#include "engine/legal_actions.hpp"
#include "engine/replay.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/standing_order.hpp"
#include "engine/state.hpp"
#include "protocol/error_code.hpp"
#include "protocol/requests.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/standing_order_json.hpp"
#include "protocol/table_summary.hpp"
#include "protocol/view_text.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/log_replay.hpp"
#include "server/base/metrics.hpp"
#include "server/table/audience.hpp"
#include "server/table/consent.hpp"
#include "server/table/pace.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/standing_orders.hpp"
#include "server/session/reply.hpp"
#include "server/session/subscriber.hpp"
#include "server/table/table_aftermath.hpp"
#include "server/store/records.hpp"
#include "server/store/store.hpp"

namespace sp::server {

struct TableNews;  // server/store/table_news.hpp

class Table : public std::enable_shared_from_this<Table> {
 public:
  // REQUIRES: `log` replays from `setup` (the caller checked it).
  // `actors` says who chose each move of `log`, `times` when it was written.
  // `strand`: where the table's handlers run, one at a time (SerialExecutors).
  Table(boost::asio::any_io_executor strand, Store& store, Metrics& metrics, Correspondence& correspondence,
        TableRecord record, engine::GameSetup setup, engine::GameState state, std::vector<engine::LoggedAction> log,
        std::vector<Actor> actors, std::vector<std::int64_t> times = {});
  ~Table();

  std::int64_t id() const { return id_; }

  // Nodes sharing a PostgreSQL database (docs/scaling.md): this node holds
  // the table's lease `fence`, which every write of the table proves in its
  // own transaction. When the lease is lost or handed over, `moved` is
  // called on the strand (the registry forgets the table) before the table
  // refuses what waits with table_moved. REQUIRES: called before start().
  void own_by_lease(LeaseFence fence, std::function<void()> moved);
  // Another node asked for the table: once no write is in flight, it stops
  // here and `released` is called (the lease may then be given up).
  void hand_over(std::function<void()> released);
  // The lease was not renewed in time: the table stops here once no write
  // is in flight (a write then in flight fails its lease check).
  void lease_lost();
  // table_follow.cpp. A table another node plays, kept here for this node's
  // watchers: it serves subscriptions and reads, and refuses every change
  // with table_moved. A moved table (handed over, lease lost) is one too.
  // REQUIRES (follow_only): called instead of start().
  void follow_only();
  // Catches up with the table as another node wrote it (its news, or a read
  // of the moves after moves_followed()), pushing each new move to the
  // watchers. `done` says whether anyone still watches, and whether the news
  // began after moves not read yet: then it needs a read.
  struct Followed {
    bool watched = false;
    bool missed = false;
  };
  void follow(TableNews news, std::function<void(Followed)> done);
  // How many moves of the log a followed copy has read from the database, so
  // that the next read asks only for the moves after them; 0 until it has
  // read the whole log once. Any thread.
  std::int64_t moves_followed() const { return moves_followed_.load(std::memory_order_acquire); }
  // Hands the watchers to `to`, the table this node now plays in its place.
  void pass_watchers(std::shared_ptr<Table> to);
  // Nodes sharing the database (docs/scaling.md, "Who watches"): while this
  // node only follows the table, `watching` is called on the strand with the
  // seats its connections watch (one bit each) whenever they change, for the
  // node that plays the table. REQUIRES: called before the table is shared.
  void tell_watching(std::function<void(std::uint32_t seats)> watching) { on_watching_ = std::move(watching); }
  // The seats this node's connections watch, one bit each. Any thread.
  std::uint32_t seats_watched() const { return seats_watched_.load(std::memory_order_acquire); }
  // Node `node` says its connections watch `seats` until `until`: their
  // players have the table open, and are not told it is their turn.
  void watched_elsewhere(std::string node, std::uint32_t seats, std::chrono::steady_clock::time_point until);
  // Sends a frame another node made for the table's watchers (a chat line;
  // node_bus.hpp) to its watchers here.
  void relay(std::shared_ptr<const std::string> frame);

  // Once it is served: arms its deadline and lets robots and absent seats play.
  void start();
  // Hands a seat to a person, the robot or nobody; announced on the table as
  // a `seat_control` message with `reason`. A person taking a seat back starts
  // with no timeouts counted. Replies with the table's summary.
  void set_seat_controller(engine::Seat seat, SeatController controller, std::string reason, ReplyFn done);
  // A user went on vacation (away) or came back: the deadline of a move they
  // owe here pauses, keeping the time left, or resumes.
  void vacation_changed(std::int64_t user_id, bool away);
  // The user takes their seat back from the robot or from absence.
  void reclaim_seat(std::int64_t user_id, ReplyFn done);

  // A seat's move, decoded and checked as a request (protocol/requests.hpp);
  // the table checks it against the game. `from`, the connection that sent
  // it, gets the move's table_update with the reply when it watches the table.
  void act(std::int64_t user_id, std::int64_t move_number, engine::Action action, ReplyFn reply,
           const Subscriber* from = nullptr);
  // `epoch` is the subscriber's identity when it asked: every push is made for
  // it. `compact`: its table_updates carry the view's changes, not the whole
  // view (docs/protocol.md, "Compact updates").
  void subscribe(std::weak_ptr<Subscriber> subscriber, IdentityEpoch epoch, std::int64_t user_id,
                 std::optional<std::int64_t> since, bool compact, ReplyFn reply);
  void unsubscribe(const Subscriber* subscriber);
  void legal_actions(std::int64_t user_id, ReplyFn reply);
  void chat(std::int64_t user_id, std::string text, ReplyFn reply);
  // Whether `user_id` may watch the table and read its chat: anyone may,
  // except at a duplicate round's table while its round is played, whose
  // cards are dealt at the round's other tables too: then only its players
  // (docs/fairness.md, "Duplicate deals"). `then` runs on the table's strand.
  void may_watch(std::int64_t user_id, std::function<void(bool)> then);
  // Calls `fn` on the strand with a summary for lobby listings.
  void summarize(std::function<void(protocol::TableSummary)> fn);
  // An administrator ends the game (table_abort.cpp): once no move is being
  // written, the table is marked aborted in the database, refuses every
  // further move, and its subscribers get a table_changed message. Replies
  // with the table's summary; a finished table cannot be aborted.
  void abort(std::string reason, ReplyFn done);
  // The seat's standing orders (table_orders.cpp): read, or replaced whole
  // after each is written against the game (engine::write_order). Replies
  // with the orders as stored; the seat's other connections get them too.
  void orders(std::int64_t user_id, ReplyFn reply);
  void set_orders(std::int64_t user_id, std::vector<protocol::OrderWish> wishes, ReplyFn reply);
  // Resigning, aborting by vote, undo by consent (table_consent.cpp; docs/rules.md,
  // "Resigning, aborting, undoing"). Each change is an entry of the move log.
  void resign(std::int64_t user_id, ReplyFn reply);
  void propose_abort(std::int64_t user_id, ReplyFn reply);
  void vote_abort(std::int64_t user_id, bool yes, ReplyFn reply);
  void request_undo(std::int64_t user_id, ReplyFn reply);
  void answer_undo(std::int64_t user_id, bool accept, ReplyFn reply);
  // A present player's vote on the open question about a late seat
  // (table_late_vote.cpp; docs/correspondence.md "The players decide"),
  // written as an entry of the move log; the decision follows once the votes
  // to come cannot change it.
  void vote_late(std::int64_t user_id, protocol::LateChoice choice, ReplyFn reply);

 private:
  struct PendingAct {
    std::int64_t user_id;
    std::int64_t move_number;
    engine::Action action;
    ReplyFn reply;
    double started;
    const Subscriber* from;
  };

  // A move about to be stored, whoever chose it.
  struct Move {
    engine::Seat seat;
    engine::Action action;
    Actor actor = Actor::kPlayer;
    ReplyFn reply;  // empty for the table's own moves
    double started = 0;
    std::optional<std::size_t> order;  // the standing order that made it
    engine::LogKind kind = engine::LogKind::kAction;  // another kind: a resign, vote or undo
    std::int64_t at = 0;                               // when it was written (set by commit_move)
    const Subscriber* from = nullptr;                  // the connection that sent it, if a person's
  };

  std::optional<engine::Seat> seat_of(std::int64_t user_id) const;
  // Work that needs the table idle (no write in flight) runs in order.
  void when_idle(std::function<void()> job);
  void process_next();
  void start_act(PendingAct request);
  void commit_move(Move move, engine::Transition next);
  void on_committed(Move move, engine::Transition next, const Aftermath& aftermath, AftermathWritten written,
                    std::exception_ptr error);
  void fault(std::string why);
  // Stops the table here (a fault, an abort, a lease lost): no robot,
  // deadline or warning acts any more, and every waiting job refuses.
  void stop_playing();
  // The lease is another node's now: forget the table here, refuse the rest.
  void move_away(const std::string& why);
  // A write found the lease gone (the fence refused it: this node was paused
  // or cut off while another took the table): counted and logged, then moved
  // away. The node's beat never sees such a lease as lost, since moving away
  // gives it up first.
  void lease_lost(const std::string& before_what);
  // Why a stopped table refuses: table_moved when another node plays it.
  Reply stopped_reply(std::string faulted_message) const;
  // table_follow.cpp: applies the moves this followed copy has not applied
  // yet, pushing each to the watchers; false when they begin after a move
  // it has not read (nothing applied).
  bool follow_moves(const std::vector<MoveRecord>& moves);
  // After a subscriber came or went: publishes the seats watched, and tells
  // the node that plays the table when this node only follows it.
  void watchers_changed();
  // Sends every watcher its table_update (Audience::broadcast), except
  // `held_for`'s, which it returns for the caller to send with the mover's reply.
  std::optional<Audience::HeldFrame> broadcast(const engine::LoggedAction& logged, Actor actor, const engine::Events& events,
                                     const Subscriber* held_for = nullptr);
  // Sends a message's frame to every watcher.
  void announce(std::string frame);

  // table_orders.cpp
  // Each seat's orders after `move` leads to `next`: the one used, those lapsed.
  void orders_after_move(const Move& move, const engine::GameState& next, Aftermath& after) const;
  // Sends the seat's orders to its own connections (and no one else's).
  void tell_orders(int seat);

  // table_consent.cpp
  // The seat of a user who may resign, propose, request or answer now, or why not.
  Expected<engine::Seat, Reply> consenting_seat(std::int64_t user_id) const;
  bool resigned(engine::Seat seat) const;
  // The seated humans who answer a request or proposal of `asker`.
  std::vector<int> answerers(engine::Seat asker) const;
  std::optional<Consent::AbortProposal> open_abort() const;
  protocol::Consent consent() const;
  // Tells every subscriber what is open now and what just happened.
  void tell_consent(std::string_view outcome, engine::Seat seat, std::optional<engine::Seat> asker = std::nullopt);
  void commit_entry(engine::LogKind kind, engine::Seat seat, engine::GameState state, ReplyFn reply);
  // After an entry is stored: what it closes or opens.
  void entry_committed(const Move& move);

  // table_pace.cpp
  std::optional<engine::Seat> seat_to_act() const;
  SeatController controller_of(engine::Seat seat) const;
  Aftermath aftermath_of_move(const Move& move, const engine::GameState& next) const;
  // The same for any entry of the log: a vote keeps the deadline as it is.
  Aftermath aftermath_of_entry(const Move& move, const engine::GameState& next) const;
  // A step of a change's transaction before its aftermath is written (at
  // `now`): it may add to the aftermath, or decide that nothing is written
  // (false; `done` is then called with true all the same).
  using BeforeWrite = std::function<bool(Records& db, Aftermath& aftermath, std::int64_t now)>;
  // Writes an aftermath that comes with no move, then calls `done`.
  void change(Aftermath aftermath, std::function<void(bool ok)> done, BeforeWrite before = nullptr);
  // After the aftermath's transaction: updates the table, the scheduler and
  // delivers notifications; returns the seat_control message to announce, if any.
  std::optional<protocol::SeatControl> apply_aftermath(const Aftermath& aftermath, const AftermathWritten& written);
  // Has the pace wait for the move's deadline, if the table waits for one.
  void arm_deadline();
  // What the pace's alarms call: deadline_passed and deadline_warning_due.
  Pace::Alarms alarms();
  void deadline_passed(std::int64_t at);
  // table_vacation.cpp: the seat's clock ran out. Its player's floating
  // vacation may spend a day (the clock stops for 24 hours); otherwise, or
  // at a table that refuses floating days, the timeout's move comes.
  void spend_floating_day_or_time_out(engine::Seat seat);
  void time_out(engine::Seat seat);
  // table_late_vote.cpp
  // The seat's time ran out at a table whose players decide: the question is
  // written, with the time to vote on the seat's clock.
  void ask_about_late(engine::Seat seat);
  // Writes the decision of the open question once the votes decide it.
  void settle_late_question();
  // The aftermath of the question, a vote or a decision.
  Aftermath aftermath_of_late_entry(const Move& move) const;
  // The open question as every view shows it.
  std::optional<protocol::OpenLateVote> late_question_shown() const;
  // The seats whose player's part the others ended.
  std::vector<int> ended_parts() const;
  // table_warnings.cpp: a warning before the move deadline (docs/notifications.md).
  void deadline_warning_due(std::int64_t deadline_at, DeadlineWarning warning);
  void play_automatic_soon();
  // How long the next robot's or absent seat's move waits: robots standing
  // in for a person whose seat was taken over after timeouts, with no person
  // left playing, give that person time to come back; none otherwise.
  std::optional<std::int64_t> stand_in_wait() const;
  void play_automatic();
  // The robot's move at `seat`, the log's `number`th: decided on the robot
  // pool, then robot_decided on the strand.
  void ask_robot(engine::Seat seat, std::int64_t number);
  // The level the robot at `seat` plays at (its record's).
  engine::RobotLevel robot_level_of(engine::Seat seat) const;
  // Commits the robot's decision unless the table changed while it thought;
  // then the decision is dropped and asked again.
  void robot_decided(engine::Seat seat, std::int64_t number, const engine::Action& action);
  // What `seat` may do now: nothing for a spectator, nor on a stopped table
  // that is not followed from another node.
  std::vector<engine::LegalAction> legal_for(std::optional<engine::Seat> seat) const;
  // Each move's entry after `since`, as `seat` may see it, as JSON text.
  std::vector<std::string> moves_since(std::int64_t since, std::optional<engine::Seat> seat) const;
  protocol::TableSummary summary() const;
  // The seats' clocks as every view shows them, with their players' off
  // time as it stands now (none: the table has no clock).
  std::optional<protocol::ClocksShown> clocks_now() const;
  // Runs `then` on the strand once the seats' players' off time is known:
  // read with each change's clocks, or here once after the table was loaded.
  void with_off_times(std::function<void()> then);
  // may_watch, on the strand: while the table's round was last seen played,
  // its state is read again first, since another node may have ended it.
  void with_watch_right(std::int64_t user_id, std::function<void(bool)> then);

  // Constant after construction.
  const std::int64_t id_;
  Store& store_;
  Metrics& metrics_;
  Correspondence& correspondence_;
  const engine::GameSetup setup_;
  const std::vector<std::string> names_;

  // Everything below is accessed only on strand_: a strand of its own, or
  // the io_context's implicit strand when one thread runs it (SerialExecutors).
  boost::asio::any_io_executor strand_;
  TableRecord record_;
  engine::GameState state_;
  std::vector<engine::LoggedAction> log_;
  std::vector<Actor> actors_;  // who chose each move of log_
  std::vector<std::int64_t> times_;  // when each move of log_ was written (0: not known)
  // The table's parts, each the only owner of its state (above, the game
  // they all read, which only the table changes).
  Consent consent_;         // the request to undo waiting for answers
  StandingOrders orders_;   // each seat's standing orders
  Audience audience_;       // the watchers, and what is kept to push to them
  Pace pace_;               // the deadline's and warnings' alarms, the next automatic move
  std::deque<std::function<void()>> pending_;
  bool writing_ = false;
  bool faulted_ = false;
  bool thinking_ = false;  // a robot's decision is on the pool; no other is asked meanwhile
  // This node's lease, when nodes share the database; set before start().
  std::optional<LeaseFence> fence_;
  std::function<void()> on_moved_;
  bool moved_ = false;  // stopped because another node plays it (faulted_ is set too)
  // A followed copy's replay of the log from the deal, kept between reads so
  // that each read applies only the new moves: an undo needs the state before
  // the action it takes back, which the replay keeps and state_ does not.
  std::unique_ptr<LogReplay> following_;
  std::atomic<std::int64_t> moves_followed_{0};  // following_->moves(), published
  std::function<void(std::uint32_t)> on_watching_;  // set before the table is shared (tell_watching)
  std::atomic<std::uint32_t> seats_watched_{0};     // audience_.seats_watched(), published
  // By seat, the players' off time as last read (with_off_times).
  OffTimes seat_off_;
  bool off_known_ = false;
  // Counted in spb_tables_stopped (a fault here), until the table goes or
  // another node takes it.
  bool counted_stopped_ = false;
};

// Seconds on a monotonic clock, for latency measurements.
double monotonic_seconds();

}  // namespace sp::server
