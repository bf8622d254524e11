// A table played by another node, followed here for this node's watchers
// (docs/scaling.md, "Routing"): its moves are read from the database when
// the node that wrote them says so (NOTIFY spb_table), and pushed to the
// watchers as the owner pushes its own; when this node takes the table, its
// watchers go over to the table it loads.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/table/log_replay.hpp"
#include "server/table/table.hpp"
#include "server/store/table_news.hpp"

namespace sp::server {

void Table::follow_only() {
  moved_ = true;
  faulted_ = true;
}

void Table::follow(TableNews news, std::function<void(Followed)> done) {
  boost::asio::post(strand_, [self = shared_from_this(), news = std::move(news), done = std::move(done)]() mutable {
    // Taken back meanwhile: this node writes the table itself now.
    if (!self->moved_) return done(Followed{true, false});
    const bool missed = !self->follow_moves(news.moves);
    // Seat controllers, deadlines and the status change without a move too.
    self->record_.status = news.status;
    self->record_.deadline_at = news.deadline_at;
    self->record_.deadline_left = news.deadline_left;
    self->record_.clock_seat = news.clock_seat;
    self->record_.clock_since = news.clock_since;
    for (const SeatNews& seat : news.seats) {
      SeatRecord& mine = self->record_.seats.at(static_cast<std::size_t>(seat.seat));
      mine.controller = seat.controller;
      mine.timeouts = seat.timeouts;
      mine.clock_left = seat.clock_left;
    }
    const bool watched = self->audience_.watched();
    self->watchers_changed();  // a connection gone without unsubscribing
    done(Followed{watched, missed});
  });
}

bool Table::follow_moves(const std::vector<MoveRecord>& moves) {
  if (moves.empty()) return true;
  if (!following_) {
    // The replay was dropped (or never made): the log is read whole again
    // (moves_followed() is 0).
    if (moves.front().move_number != 1) return false;
    following_ = std::make_unique<LogReplay>(record_);
  }
  // News of a write after one this copy did not hear of: read what it missed.
  if (moves.front().move_number > following_->moves() + 1) return false;
  const auto known = static_cast<std::int64_t>(log_.size());
  for (const MoveRecord& move : moves) {
    // Two reads, or a read and news, may overlap: what one applied is skipped.
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
    return true;
  }
  moves_followed_.store(following_->moves(), std::memory_order_release);
  return true;
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
