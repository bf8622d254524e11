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
    const std::size_t known = self->log_.size();
    if (moves.size() > known) {
      // From the deal: an undo needs the state before the action it takes
      // back, which the replay keeps and this copy does not.
      LogReplay replay(record);
      for (std::size_t i = 0; i < moves.size() && replay.ok(); ++i) {
        engine::Events events;
        if (!replay.apply(moves[i], /*check_hash=*/true, i >= known ? &events : nullptr)) break;
        if (i < known) continue;
        self->state_ = replay.state();
        self->log_.push_back(replay.last());
        self->actors_.push_back(moves[i].actor);
        self->times_.push_back(moves[i].created_at);
        self->record_.move_count = static_cast<std::int64_t>(self->log_.size());
        self->broadcast(replay.last(), moves[i].actor, events);
      }
      if (!replay.ok()) spdlog::error("table {}: the followed log does not replay: {}", self->id_, replay.divergence()->describe());
    }
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
    done(self->audience_.watched());
  });
}

void Table::pass_watchers(std::shared_ptr<Table> to) {
  boost::asio::post(strand_, [self = shared_from_this(), to = std::move(to)] {
    boost::asio::post(to->strand_,
                      [to, watchers = self->audience_.hand_over()] { to->audience_.take_over(watchers); });
  });
}

void Table::relay(std::shared_ptr<const std::string> frame) {
  boost::asio::post(strand_, [self = shared_from_this(), frame = std::move(frame)] {
    self->audience_.send(frame);
  });
}

}  // namespace sp::server
