// The table's summary for lobby listings and "my tables" (table_summary.hpp).
#include "server/table/table_summary.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "engine/legal_actions.hpp"
#include "server/table/table.hpp"
#include "server/table/stand_in.hpp"
#include "server/table/table_clock.hpp"
#include "server/table/table_deal.hpp"

namespace sp::server {

protocol::TableSummary table_summary(const TableRecord& t) {
  protocol::TableSummary summary;
  summary.id = t.id;
  summary.name = t.name;
  summary.status = std::string(to_string(t.status));
  summary.players = t.player_count;
  for (const SeatRecord& s : t.seats) {
    protocol::SeatSummary seat{s.seat, s.name, std::string(to_string(s.controller)), s.robot, s.timeouts, s.bot};
    if (s.robot_level && s.controller == SeatController::kRobot) {
      seat.robot_level = static_cast<int>(*s.robot_level);
      seat.robot_rating = displayed(s.robot_rating);
    }
    summary.seats.push_back(std::move(seat));
  }
  summary.options = t.options_json;
  summary.creator = t.creator_name;
  summary.move_number = t.move_count;
  summary.created_at = t.created_at;
  summary.move_seconds = t.move_seconds;
  summary.takeover_after = t.takeover_after;
  summary.takeover_by = std::string(to_string(t.takeover_by));
  summary.floating_vacation = t.floating_vacation;
  summary.timeout_vote = t.timeout_vote;
  summary.deadline_at = t.deadline_at;
  summary.deadline_paused_left = t.deadline_left;
  if (t.time_bank) {
    summary.time_bank = protocol::TimeBankHours{t.time_bank->initial / 3600, t.time_bank->increment / 3600,
                                                t.time_bank->cap / 3600};
  }
  summary.clocks = clocks_shown(t);
  summary.deal = public_deal(t);
  summary.is_private = t.invite_code.has_value();
  if (t.tournament) summary.tournament = protocol::TournamentMark{t.tournament->id, t.tournament->round, t.tournament->number};
  if (t.league) summary.league = protocol::LeagueMark{t.league->id, t.league->season, t.league->division + 1};
  summary.abort_reason = t.abort_reason;
  return summary;
}

void Table::summarize(std::function<void(protocol::TableSummary)> fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(self->summary()); });
}

std::optional<protocol::ClocksShown> Table::clocks_now() const {
  auto shown = clocks_shown(record_);
  const bool any = std::any_of(seat_off_.begin(), seat_off_.end(), [](const OffTime& off) { return !off.none(); });
  if (!shown || !off_known_ || !any) return shown;
  const std::int64_t now = correspondence_.clock.now();
  for (const OffTime& off : seat_off_) {
    if (off.none()) {
      shown->off.emplace_back();
      continue;
    }
    const OffStatus status = off_status(off, now);
    shown->off.push_back(protocol::ClocksShown::Off{status.off, status.change_at});
  }
  return shown;
}

protocol::TableSummary Table::summary() const {
  protocol::TableSummary out = table_summary(record_);
  out.clocks = clocks_now();
  if (faulted_ && !moved_ && record_.status != TableStatus::kAborted) out.status = "faulted";
  out.options = setup_.options;
  for (engine::Seat seat : engine::seats_to_act(state_)) out.to_act.push_back(seat.value);
  if (!state_.is_finished() && record_.status == TableStatus::kPlaying && correspondence_.stand_in_wait_seconds > 0) {
    out.stand_in_wait_seconds = correspondence_.stand_in_wait_seconds;
  }
  return out;
}

}  // namespace sp::server
