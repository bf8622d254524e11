#include "server/table/table.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <chrono>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/table_update.hpp"
#include "server/store/database_error.hpp"
#include "server/store/snapshot.hpp"
#include "server/table/late_vote.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {


std::vector<std::string> seat_names(const TableRecord& record) {
  std::vector<std::string> names(static_cast<std::size_t>(record.player_count));
  for (const SeatRecord& seat : record.seats) names.at(static_cast<std::size_t>(seat.seat)) = seat.name;
  return names;
}

}  // namespace

double monotonic_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}


Table::Table(boost::asio::any_io_executor strand, Store& store, Metrics& metrics, Correspondence& correspondence,
             TableRecord record, engine::GameSetup setup, engine::GameState state,
             std::vector<engine::LoggedAction> log, std::vector<Actor> actors, std::vector<std::int64_t> times)
    : id_(record.id),
      store_(store),
      metrics_(metrics),
      correspondence_(correspondence),
      setup_(std::move(setup)),
      names_(seat_names(record)),
      strand_(std::move(strand)),
      record_(std::move(record)),
      state_(std::move(state)),
      log_(std::move(log)),
      actors_(std::move(actors)),
      times_(std::move(times)),
      orders_(static_cast<std::size_t>(record_.player_count)),
      audience_(names_),
      pace_(id_, correspondence.scheduler, correspondence.deadline_warning_hours) {
  actors_.resize(log_.size(), Actor::kPlayer);
  times_.resize(log_.size(), 0);
  for (SeatRecord& seat : record_.seats) {
    auto orders = protocol::decode_stored_orders(seat.standing_orders);
    if (orders) {
      orders_.replace(static_cast<std::size_t>(seat.seat), std::move(*orders));
    } else {
      // Orders only ever make moves their player wrote: unreadable ones make none.
      spdlog::error("table {} seat {}: standing orders dropped, unreadable: {}", id_, seat.seat, orders.error().message);
    }
    seat.standing_orders.clear();  // the table's list is orders_ from here on
  }
}

Table::~Table() {
  if (counted_stopped_) metrics_.tables_stopped.fetch_sub(1, std::memory_order_relaxed);
}

void Table::own_by_lease(LeaseFence fence, std::function<void()> moved) {
  fence_ = std::move(fence);
  on_moved_ = std::move(moved);
}

void Table::hand_over(std::function<void()> released) {
  when_idle([self = shared_from_this(), released = std::move(released)] {
    self->move_away("handed over to another node");
    released();
  });
}

void Table::lease_lost() {
  when_idle([self = shared_from_this()] { self->move_away("its lease expired"); });
}

void Table::move_away(const std::string& why) {
  if (moved_) return;
  // Counted (spb_leases_lost_total, spb_handovers_given_total), not logged a
  // line a table: handovers are traffic when players sit on several nodes.
  spdlog::debug("table {} is no longer played here: {}", id_, why);
  // A table stopped here and then taken by another node is no longer this
  // node's to count as stopped: the other plays it.
  if (counted_stopped_) metrics_.tables_stopped.fetch_sub(1, std::memory_order_relaxed);
  counted_stopped_ = false;
  moved_ = true;
  // Forgotten first, so that a request refused below and sent again finds
  // the table anew (and takes it back from the node that plays it).
  if (on_moved_) on_moved_();
  // Stopped like a faulted table: no robot, deadline or warning acts here now.
  stop_playing();
}

void Table::lease_lost(const std::string& before_what) {
  if (moved_) return;
  metrics_.leases_lost.fetch_add(1, std::memory_order_relaxed);
  // Rare, unlike handovers: only a write in flight when the node was paused
  // or cut off past its lease meets it, and the fence refused that write.
  spdlog::warn("table {}: lost the lease before {}; another node plays it now", id_, before_what);
  move_away("its lease was lost before " + before_what);
}

void Table::stop_playing() {
  faulted_ = true;
  pace_.stop();
  // Every waiting job sees faulted_ and refuses.
  while (!pending_.empty()) {
    auto job = std::move(pending_.front());
    pending_.pop_front();
    job();
  }
}

Reply Table::stopped_reply(std::string faulted_message) const {
  if (moved_) return Reply::error(ErrorCode::kTableMoved);
  return Reply::error(ErrorCode::kTableFaulted, std::move(faulted_message));
}

std::optional<engine::Seat> Table::seat_of(std::int64_t user_id) const {
  for (const SeatRecord& seat : record_.seats) {
    if (seat.user_id == user_id) return engine::Seat{static_cast<std::uint8_t>(seat.seat)};
  }
  return std::nullopt;
}

void Table::act(std::int64_t user_id, std::int64_t move_number, engine::Action action, ReplyFn reply,
                const Subscriber* from) {
  when_idle([self = shared_from_this(), request = PendingAct{user_id, move_number, std::move(action), std::move(reply),
                                                             monotonic_seconds(), from}]() mutable {
    self->start_act(std::move(request));
  });
}

void Table::when_idle(std::function<void()> job) {
  boost::asio::post(strand_, [self = shared_from_this(), job = std::move(job)]() mutable {
    self->pending_.push_back(std::move(job));
    self->process_next();
  });
}

void Table::process_next() {
  // One change at a time: the next is checked against the state the previous
  // one committed.
  while (!writing_ && !pending_.empty()) {
    auto job = std::move(pending_.front());
    pending_.pop_front();
    job();
  }
  if (!writing_) play_automatic_soon();
}

void Table::start_act(PendingAct request) {
  auto refuse_with = [&](Reply reply) {
    metrics_.actions_rejected.fetch_add(1, std::memory_order_relaxed);
    request.reply(std::move(reply));
  };
  auto refuse = [&](ErrorCode code, std::string message) { refuse_with(Reply::error(code, std::move(message))); };
  if (faulted_ && record_.status == TableStatus::kAborted) {
    return refuse(ErrorCode::kTableNotPlaying, "This table was aborted; no more moves are played.");
  }
  if (faulted_) {
    return refuse_with(stopped_reply("This table stopped after a storage failure; an administrator must look at it."));
  }
  const auto seat = seat_of(request.user_id);
  if (!seat) return refuse(ErrorCode::kNotSeated, "You have no seat at this table.");
  const engine::Action& action = request.action;

  const auto next_number = static_cast<std::int64_t>(log_.size()) + 1;
  if (request.move_number >= 1 && request.move_number < next_number) {
    const engine::LoggedAction& stored = log_[static_cast<std::size_t>(request.move_number - 1)];
    if (stored.kind == engine::LogKind::kAction && stored.seat == *seat && stored.action == action) {
      request.reply(Reply::result(protocol::act_result_data(request.move_number, true)));
      return;
    }
  }
  if (request.move_number != next_number) {
    return refuse(ErrorCode::kStaleMove, "The table is at move " + std::to_string(next_number - 1) + "; send move number " +
                                    std::to_string(next_number) + " after catching up.");
  }
  if (controller_of(*seat) != SeatController::kHuman && part_ended(log_, *seat)) {
    return refuse_with(Reply::error(ErrorCode::kPartEnded));
  }
  if (controller_of(*seat) != SeatController::kHuman) {
    return refuse(ErrorCode::kSeatNotYoursNow, "A robot or the table plays your seat now; take it back first (reclaim_seat).");
  }
  auto next = engine::apply(state_, *seat, action);
  if (!next) {
    return refuse_with(Reply::rule_error(next.error()));
  }
  Move move{*seat, action, Actor::kPlayer, std::move(request.reply), request.started, {}};
  move.from = request.from;
  commit_move(std::move(move), std::move(*next));
}

void Table::commit_move(Move move, engine::Transition next) {
  const auto number = static_cast<std::int64_t>(log_.size()) + 1;
  const std::int64_t now = correspondence_.clock.now();
  move.at = now;
  MoveRecord record{number, move.seat.value,
                    protocol::encode_log_entry_text(engine::LoggedAction{move.seat, move.action, move.kind}),
                    engine::state_hash_hex(next.state), now, move.actor};
  const TableStatus status = move.kind == engine::LogKind::kAborted ? TableStatus::kAborted
                             : next.state.is_finished()             ? TableStatus::kFinished
                                                                    : TableStatus::kPlaying;
  std::optional<SnapshotRecord> snapshot;
  if (number % kSnapshotEvery == 0 || next.state.is_finished()) {
    snapshot = SnapshotRecord{number, encode_snapshot(next.state)};
  }
  // Shared by the job and its completion (their order of construction is unspecified).
  auto aftermath = std::make_shared<const Aftermath>(aftermath_of_entry(move, next.state));
  auto written = std::make_shared<AftermathWritten>();
  writing_ = true;
  store_.submit(
      [table = id_, record, status, snapshot = std::move(snapshot), aftermath, written, now,
       clock = table_clock_of(record_), fence = fence_](Records& db) {
        if (fence) db.check_lease(table, *fence);
        db.append_move(table, record, status);
        if (snapshot) db.replace_snapshot(table, *snapshot);
        *written = write_aftermath(db, table, clock, *aftermath, now);
        if (fence) db.tell_followers(table, record.move_number - 1);
      },
      [self = shared_from_this(), move = std::move(move), next = std::move(next), aftermath,
       written](std::exception_ptr error) mutable {
        // On a network thread (the server hands the store's completions over
        // to them) and with the strand free, the move is announced at once,
        // without another post and wake-up; from the writer thread this posts.
        boost::asio::dispatch(self->strand_, [self, move = std::move(move), next = std::move(next), aftermath, written,
                                              error]() mutable {
          self->on_committed(std::move(move), std::move(next), *aftermath, std::move(*written), error);
        });
      });
}

void Table::on_committed(Move move, engine::Transition next, const Aftermath& aftermath, AftermathWritten written,
                         std::exception_ptr error) {
  writing_ = false;
  if (error && is_lease_lost(error)) {
    // Nothing was written: the lease check comes first in the job.
    if (move.reply) move.reply(Reply::error(ErrorCode::kTableMoved));
    return lease_lost("move " + std::to_string(log_.size() + 1) + " was written");
  }
  if (error && is_database_unavailable(error) && on_moved_) {
    // The database is out of reach: the move may or may not be on disk, which
    // only the database can tell once it answers. The table is given up here
    // (its lease too) and read again from the database when next needed, by
    // a request or by a node adopting it; the client sends the move again and
    // is answered `duplicate` if it was written.
    if (move.reply) move.reply(Reply::error(ErrorCode::kStorageUnavailable));
    return move_away("the database could not be reached while move " + std::to_string(log_.size() + 1) +
                     " was written");
  }
  if (error) {
    // The move may or may not be on disk: stop here rather than guess. The
    // table is marked stopped before the reply, so whoever reads the reply
    // also sees the table stopped.
    fault("move " + std::to_string(log_.size() + 1) + " could not be stored: " + failure_reason(error));
    if (move.reply) move.reply(Reply::error(ErrorCode::kInternalError, "The move could not be stored; the table is stopped."));
    return;
  }
  state_ = std::move(next.state);
  const engine::LoggedAction logged{move.seat, move.action, move.kind};
  log_.push_back(logged);
  actors_.push_back(move.actor);
  times_.push_back(move.at);
  record_.move_count = static_cast<std::int64_t>(log_.size());
  if (state_.is_finished()) record_.status = TableStatus::kFinished;
  if (state_.is_finished() && correspondence_.competition_table_ended) correspondence_.competition_table_ended(record_);
  metrics_.actions_accepted.fetch_add(1, std::memory_order_relaxed);
  const auto seat_announcement = apply_aftermath(aftermath, written);
  const auto held = broadcast(logged, move.actor, next.events, move.reply ? move.from : nullptr);
  if (move.reply) {
    metrics_.action_latency.observe(monotonic_seconds() - move.started);
    Reply reply = Reply::result(protocol::act_result_data(record_.move_count, false));
    if (held) {
      reply.then = held->frame;
      reply.then_epoch = held->epoch;
    }
    move.reply(std::move(reply));
  }
  if (seat_announcement) announce(protocol::encode(*seat_announcement));
  for (const Aftermath::Orders& orders : aftermath.orders) tell_orders(orders.seat);
  entry_committed(move);
  process_next();
}

void Table::fault(std::string why) {
  if (!faulted_) {
    metrics_.tables_stopped.fetch_add(1, std::memory_order_relaxed);
    counted_stopped_ = true;
  }
  metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
  spdlog::error("table {} stopped: {}", id_, why);
  stop_playing();
}

}  // namespace sp::server
