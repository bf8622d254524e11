// A table played by another node, followed here for this node's watchers
// (docs/scaling.md, "Routing"): its moves are read from the database when
// the node that wrote them says so (NOTIFY spb_table), and pushed to the
// watchers as the owner pushes its own; when this node takes the table, its
// watchers go over to the table it loads.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/table/log_replay.hpp"
#include "server/table/table.hpp"

namespace sp::server {

void Table::follow_only() {
  moved_ = true;
  faulted_ = true;
}

void Table::follow(TableRecord record, std::vector<MoveRecord> moves, std::function<void(bool watched)> done) {
  boost::asio::post(strand_, [self = shared_from_this(), record = std::move(record), moves = std::move(moves),
                              done = std::move(done)]() mutable {
    // Taken back meanwhile: this node writes the table itself now.
    if (!self->moved_) return done(true);
    self->follow_moves(record, moves);
    // Seat controllers, deadlines and the status change without a move too.
    self->record_.status = record.status;
    self->record_.deadline_at = record.deadline_at;
    self->record_.deadline_left = record.deadline_left;
    self->record_.clock_seat = record.clock_seat;
    self->record_.clock_since = record.clock_since;
    for (const SeatRecord& seat : record.seats) {
      SeatRecord& mine = self->record_.seats.at(static_cast<std::size_t>(seat.seat));
      mine.controller = seat.controller;
      mine.timeouts = seat.timeouts;
      mine.clock_left = seat.clock_left;
    }
    const bool watched = self->audience_.watched();
    self->watchers_changed();  // a connection gone without unsubscribing
    done(watched);
  });
}

void Table::follow_moves(const TableRecord& record, const std::vector<MoveRecord>& moves) {
  if (moves.empty()) return;
  if (!following_) {
    // Moves read after a replay that was since dropped: the next read is of
    // the whole log again (moves_followed() is 0).
    if (moves.front().move_number != 1) return;
    following_ = std::make_unique<LogReplay>(record);
  }
  const auto known = static_cast<std::int64_t>(log_.size());
  for (const MoveRecord& move : moves) {
    // Two reads may overlap: what an earlier one applied is skipped.
    if (move.move_number <= following_->moves()) continue;
    engine::Events events;
    const bool fresh = move.move_number > known;
    if (!following_->apply(move, /*check_hash=*/true, fresh ? &events : nullptr)) break;
    if (!fresh) continue;
    state_ = following_->state();
    log_.push_back(following_->last());
    actors_.push_back(move.actor);
    times_.push_back(move.created_at);
    record_.move_count = static_cast<std::int64_t>(log_.size());
    broadcast(following_->last(), move.actor, events);
  }
  if (!following_->ok()) {
    spdlog::error("table {}: the followed log does not replay: {}", id_, following_->divergence()->describe());
    following_.reset();
    moves_followed_.store(0, std::memory_order_release);
    return;
  }
  moves_followed_.store(following_->moves(), std::memory_order_release);
}

void Table::pass_watchers(std::shared_ptr<Table> to) {
  boost::asio::post(strand_, [self = shared_from_this(), to = std::move(to)] {
    boost::asio::post(to->strand_,
                      [to, watchers = self->audience_.hand_over()] {
                        to->audience_.take_over(watchers);
                        to->watchers_changed();
                      });
  });
}

void Table::relay(std::shared_ptr<const std::string> frame) {
  boost::asio::post(strand_, [self = shared_from_this(), frame = std::move(frame)] {
    self->audience_.send(frame);
  });
}

}  // namespace sp::server
