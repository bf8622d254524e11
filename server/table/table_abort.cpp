// Table::abort: an administrator stops a game for good.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/table_results.hpp"
#include "server/table/table.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

using protocol::ErrorCode;

void Table::abort(std::string reason, ReplyFn done) {
  when_idle([self = shared_from_this(), reason = std::move(reason), done = std::move(done)]() mutable {
    if (self->state_.is_finished()) {
      return done(Reply::error(ErrorCode::kTableNotPlaying, "That game is over; a finished table is not aborted."));
    }
    if (self->record_.status == TableStatus::kAborted) return done(Reply::error(ErrorCode::kTableNotPlaying, "That table is aborted already."));
    // No move may be written while the status changes: the table waits as for a move.
    self->writing_ = true;
    const std::int64_t now = self->correspondence_.clock.now();
    self->store_.submit(
        [id = self->id_, now, reason, fence = self->fence_, moves = self->record_.move_count](Records& db) {
          if (fence) db.check_lease(id, *fence);
          db.abort_table(id, now, std::nullopt, reason);
          if (fence) db.tell_followers(id, moves);
        },
        [self, reason, done](std::exception_ptr error) mutable {
          boost::asio::post(self->strand_, [self, reason, done, error] {
            self->writing_ = false;
            if (error && is_lease_lost(error)) {
              done(Reply::error(ErrorCode::kTableMoved));
              return self->lease_lost("the abort was written");
            }
            if (error) {
              done(Reply::error(ErrorCode::kInternalError, "The table could not be marked aborted; nothing was changed."));
              return self->process_next();
            }
            self->record_.status = TableStatus::kAborted;
            self->record_.abort_reason = reason;
            spdlog::warn("table {} aborted by an administrator: {}", self->id_, reason);
            // An aborted table stops like a faulted one: moves waiting are refused, robots and deadlines stop.
            self->stop_playing();
            protocol::TableSummary summary = self->summary();
            done(Reply::result(protocol::encode_table_data(summary)));
            self->announce(protocol::encode(protocol::TableChanged{std::move(summary), reason}));
            if (self->correspondence_.competition_table_ended) self->correspondence_.competition_table_ended(self->record_);
          });
        });
  });
}

}  // namespace sp::server
