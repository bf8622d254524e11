// The Table's correspondence play (see table.hpp): seat control, automatic
// moves, the move deadline and what follows each change.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "protocol/notice_details.hpp"
#include "protocol/table_results.hpp"
#include "server/table/late_vote.hpp"
#include "server/table/table.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

std::string place_text(const engine::GameState& state, const std::vector<std::string>& names) {
  std::string winners;
  for (std::uint8_t s = 0; s < state.player_count; ++s) {
    if (state.final_scores[s].place != 1) continue;
    if (!winners.empty()) winners += " and ";
    winners += names[s];
  }
  return winners.empty() ? "" : " " + winners + (winners.find(" and ") == std::string::npos ? " won." : " won, tied.");
}

}  // namespace

void Table::start() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->arm_deadline();
    self->play_automatic_soon();
    // Votes written before a restart may decide a question whose decision was not.
    if (self->record_.timeout_vote) self->when_idle([self] { self->settle_late_question(); });
  });
}

std::optional<engine::Seat> Table::seat_to_act() const {
  const auto seats = engine::seats_to_act(state_);
  if (seats.empty()) return std::nullopt;
  return seats.front();
}

engine::RobotLevel Table::robot_level_of(engine::Seat seat) const {
  const auto& level = record_.seats.at(seat.value).robot_level;
  // A seat a robot took over before levels were stored plays as robots then did.
  return level.value_or(engine::RobotLevel::kWorth);
}

SeatController Table::controller_of(engine::Seat seat) const {
  for (const SeatRecord& s : record_.seats) {
    if (s.seat == seat.value) return s.controller;
  }
  return SeatController::kAbsent;
}

Aftermath Table::aftermath_of_move(const Move& move, const engine::GameState& next) const {
  Aftermath after;
  orders_after_move(move, next, after);
  after.waiting_changed = true;
  // Only the moves its person answers for count on a seat's clock: a robot
  // or an absent seat playing meanwhile neither spends nor earns its time.
  if (move.actor == Actor::kPlayer || move.actor == Actor::kOrder || move.actor == Actor::kTimeout) {
    after.clock_mover = move.seat.value;
  }  // nobody, unless a human is found to be waited for below
  const SeatRecord& mover = record_.seats.at(move.seat.value);
  if (move.kind == engine::LogKind::kResign) {
    // The robot plays a resigned seat to the end (docs/rules.md).
    SeatRecord seat = mover;
    seat.controller = SeatController::kRobot;
    after.seat = seat;
    after.reason = "resigned";
  }
  if (move.actor == Actor::kTimeout) {
    SeatRecord seat = mover;
    seat.timeouts += 1;
    const bool takeover = record_.takeover_after && seat.timeouts >= *record_.takeover_after;
    if (takeover) seat.controller = record_.takeover_by;
    after.seat = seat;
    after.reason = "timeouts";
    std::string text = mover.name + " ran out of time at " + record_.name + " (timeout " +
                       std::to_string(seat.timeouts) + ")";
    text += takeover ? (record_.takeover_by == SeatController::kRobot ? "; a robot plays the seat from now on." :
                                                         "; the seat passes on its own from now on.")
                     : "; the seat passes until the phase ends.";
    for (const SeatRecord& s : record_.seats) {
      if (s.robot) continue;
      // The person whose seat was taken is told how to come back.
      const bool reclaim = takeover && s.seat == mover.seat;
      after.notes.push_back(NotificationDraft{
          s.user_id, "timed_out", id_, reclaim ? text + " Take your seat back on the table's page whenever you want." : text,
          protocol::TimedOutDetails{mover.seat, mover.name, seat.timeouts, std::string(to_string(seat.controller)),
                                    reclaim}});
    }
  }
  if (next.is_finished()) {
    after.deadline = Aftermath::Deadline::kClear;
    FinishedGame finished{record_.player_count, {}};
    for (const SeatRecord& s : record_.seats) {
      const SeatController controller = after.seat && after.seat->seat == s.seat ? after.seat->controller : s.controller;
      const auto at = static_cast<std::size_t>(s.seat);
      finished.seats.push_back(FinishedSeat{s.seat, s.user_id, s.robot, next.final_scores[at].place,
                                            !s.robot && controller != SeatController::kHuman,
                                            s.robot ? s.robot_level : std::nullopt, next.final_scores[at].total,
                                            next.players[at].rubles});
    }
    after.finished = std::move(finished);
    const std::string text = "The game at " + record_.name + " has ended." + place_text(next, names_);
    for (const SeatRecord& s : record_.seats) {
      if (s.robot) continue;
      after.notes.push_back(NotificationDraft{s.user_id, "game_ended", id_, text,
                                              protocol::GameEndedDetails{
                                                  next.final_scores[static_cast<std::size_t>(s.seat)].place,
                                                  next.final_scores[static_cast<std::size_t>(s.seat)].total}});
    }
    return after;
  }
  const auto to_act = engine::seats_to_act(next);
  if (to_act.empty()) {
    after.deadline = Aftermath::Deadline::kClear;
    return after;
  }
  const SeatRecord& waiting = record_.seats.at(to_act.front().value);
  const SeatController controller = after.seat && after.seat->seat == waiting.seat ? after.seat->controller
                                                                                     : waiting.controller;
  // A seat whose standing order moves it at once is not waited for.
  if (controller != SeatController::kHuman ||
      engine::standing_order_move(next, to_act.front(), orders_.once(after, to_act.front()))) {
    after.deadline = Aftermath::Deadline::kClear;
    return after;
  }
  after.deadline = Aftermath::Deadline::kFresh;
  after.wait_seat = waiting.seat;
  after.fresh_user = waiting.user_id;
  after.waiting_user = waiting.user_id;
  // Told once per turn: not again while the same person goes on deciding, and
  // not while the seat's player has the table open (its update says it all).
  const bool watching = audience_.watching_seat(waiting.seat);
  if (!watching && (waiting.seat != move.seat.value || move.actor != Actor::kPlayer)) {
    after.notes.push_back(NotificationDraft{waiting.user_id, "your_turn", id_,
                                            "It is your turn at " + record_.name + ".",
                                            protocol::YourTurnDetails{static_cast<std::int64_t>(log_.size()) + 2}});
  }
  return after;
}

void Table::change(Aftermath aftermath, std::function<void(bool ok)> done, BeforeWrite before) {
  auto written = std::make_shared<AftermathWritten>();
  const std::int64_t now = correspondence_.clock.now();
  writing_ = true;
  store_.submit(
      [table = id_, clock = table_clock_of(record_), aftermath, written, now, fence = fence_,
       moves = record_.move_count, before = std::move(before)](Records& db) {
        if (fence) db.check_lease(table, *fence);
        Aftermath to_write = aftermath;
        if (before && !before(db, to_write, now)) return;
        *written = write_aftermath(db, table, clock, to_write, now);
        if (fence) db.tell_followers(table, moves);
      },
      [self = shared_from_this(), aftermath, written, done = std::move(done)](std::exception_ptr error) mutable {
        boost::asio::post(self->strand_, [self, aftermath = std::move(aftermath), written, error,
                                          done = std::move(done)] {
          self->writing_ = false;
          if (error && is_lease_lost(error)) {
            done(false);
            return self->lease_lost("a change was written");
          }
          if (error) {
            done(false);
            return self->fault("a change of seat control or deadline could not be stored: " + failure_reason(error));
          }
          if (const auto announcement = self->apply_aftermath(aftermath, *written)) self->announce(protocol::encode(*announcement));
          for (const Aftermath::Orders& orders : aftermath.orders) self->tell_orders(orders.seat);
          done(true);
          self->process_next();
        });
      });
}

std::optional<protocol::SeatControl> Table::apply_aftermath(const Aftermath& aftermath, const AftermathWritten& written) {
  std::optional<protocol::SeatControl> announcement;
  for (const Aftermath::Orders& orders : aftermath.orders) orders_.replace(static_cast<std::size_t>(orders.seat), orders.list);
  if (aftermath.seat) {
    SeatRecord& seat = record_.seats.at(static_cast<std::size_t>(aftermath.seat->seat));
    const bool handed_over = seat.controller != aftermath.seat->controller;
    seat.controller = aftermath.seat->controller;
    seat.timeouts = aftermath.seat->timeouts;
    seat.robot_level = written.robot_level;
    seat.robot_rating = written.robot_rating;
    if (handed_over) {
      announcement = protocol::SeatControl{id_, seat.seat, std::string(to_string(seat.controller)), seat.timeouts,
                                           aftermath.reason};
    }
  }
  if (written.clocks) put_clocks(record_, *written.clocks);
  if (written.off) {
    seat_off_ = *written.off;
    off_known_ = true;
  }
  if (written.deadline_changed) {
    record_.deadline_at = written.at;
    record_.deadline_left = written.left;
    arm_deadline();
  }
  correspondence_.notifier.deliver(written.notes);
  return announcement;
}

void Table::arm_deadline() {
  const bool waits = record_.deadline_at && !faulted_ && !state_.is_finished();
  const std::int64_t now = correspondence_.clock.now();
  // The wait began when the clock that runs out at the deadline started.
  pace_.wait_for(waits ? record_.deadline_at : std::nullopt, record_.clock_since.value_or(now), now, alarms());
}

Pace::Alarms Table::alarms() {
  return {[weak = weak_from_this()](std::int64_t at) {
            if (auto self = weak.lock()) self->deadline_passed(at);
          },
          [weak = weak_from_this()](std::int64_t deadline_at, DeadlineWarning warning) {
            if (auto self = weak.lock()) self->deadline_warning_due(deadline_at, warning);
          }};
}

void Table::deadline_passed(std::int64_t at) {
  when_idle([self = shared_from_this(), at] {
    // A move made meanwhile set another deadline, or none.
    if (self->faulted_ || self->state_.is_finished() || self->record_.deadline_at != at) return;
    if (self->correspondence_.clock.now() < at) return self->arm_deadline();
    const auto seat = self->seat_to_act();
    if (!seat || self->controller_of(*seat) != SeatController::kHuman) return;
    if (self->record_.floating_vacation) return self->spend_floating_day_or_time_out(*seat);
    self->time_out(*seat);
  });
}

void Table::play_automatic_soon() {
  if (faulted_ || state_.is_finished()) return;
  const auto seat = seat_to_act();
  if (!seat || (controller_of(*seat) == SeatController::kHuman && !orders_.move_for(state_, *seat))) return;
  const auto wait = controller_of(*seat) == SeatController::kHuman ? std::nullopt : stand_in_wait();
  if (!wait) pace_.hurry();
  // Posted, not run here: between two robot moves the strand serves others.
  if (!pace_.post_automatic()) return;
  const auto run = [weak = weak_from_this()] {
    auto self = weak.lock();
    if (!self) return;
    boost::asio::post(self->strand_, [self] {
      self->pace_.automatic_running();
      self->play_automatic();
    });
  };
  if (wait) return pace_.automatic_at(correspondence_.clock.now() + *wait, run);
  run();
}

std::optional<std::int64_t> Table::stand_in_wait() const {
  if (correspondence_.stand_in_wait_seconds <= 0) return std::nullopt;
  bool standing_in = false;
  for (const SeatRecord& s : record_.seats) {
    if (s.robot) continue;
    // A person still plays: the game goes at their pace.
    if (s.controller == SeatController::kHuman) return std::nullopt;
    // Taken over after timeouts: its person may come back. A resigned seat's
    // person will not, nor one whose part the others ended, and a seat an
    // administrator handed to the robot was the table's choice to go on
    // without them.
    const engine::Seat seat{static_cast<std::uint8_t>(s.seat)};
    if (s.timeouts > 0 && !resigned(seat) && !part_ended(log_, seat)) standing_in = true;
  }
  if (!standing_in) return std::nullopt;
  return correspondence_.stand_in_wait_seconds;
}

void Table::play_automatic() {
  if (thinking_ || writing_ || !pending_.empty() || faulted_ || state_.is_finished()) return;
  const auto seat = seat_to_act();
  if (!seat) return;
  const SeatController controller = controller_of(*seat);
  if (controller == SeatController::kHuman) {
    const auto ordered = orders_.move_for(state_, *seat);
    if (!ordered) return;
    auto next = engine::apply(state_, *seat, ordered->action);
    if (!next) return fault("a standing order's move was refused: " + next.error().message);
    return commit_move(Move{*seat, ordered->action, Actor::kOrder, {}, monotonic_seconds(), ordered->order},
                       std::move(*next));
  }
  const auto number = static_cast<std::int64_t>(log_.size()) + 1;
  if (controller == SeatController::kRobot && correspondence_.robots) return ask_robot(*seat, number);
  const engine::Action action = controller == SeatController::kRobot
                                    ? robot_action(state_, *seat, robot_level_of(*seat), robots_seed_of(record_), number)
                                    : absent_action(state_, *seat);
  auto next = engine::apply(state_, *seat, action);
  if (!next) return fault("the " + std::string(to_string(controller)) + " seat's move was refused: " + next.error().message);
  commit_move(Move{*seat, action, controller == SeatController::kRobot ? Actor::kRobot : Actor::kAbsent, {},
                   monotonic_seconds(), {}},
              std::move(*next));
}

void Table::ask_robot(engine::Seat seat, std::int64_t number) {
  thinking_ = true;
  correspondence_.robots->submit(RobotJob{
      [state = state_, seat, level = robot_level_of(seat), seed = robots_seed_of(record_),
       number](const engine::SearchStop& stop) {
        return robot_action(state, seat, level, seed, number, &stop);
      },
      [weak = weak_from_this(), strand = strand_, seat, number](engine::Action action) {
        // The table is reached on its strand only: if it is gone by then, so is the answer.
        boost::asio::post(strand, [weak, seat, number, action = std::move(action)] {
          if (auto self = weak.lock()) self->robot_decided(seat, number, action);
        });
      }});
}

void Table::robot_decided(engine::Seat seat, std::int64_t number, const engine::Action& action) {
  thinking_ = false;
  // Meanwhile a person may have taken the seat back, an administrator ended
  // the game, or a change may be on its way to the database.
  const bool unchanged = !faulted_ && !state_.is_finished() && !writing_ && pending_.empty() &&
                         static_cast<std::int64_t>(log_.size()) + 1 == number && seat_to_act() == seat &&
                         controller_of(seat) == SeatController::kRobot;
  if (!unchanged) {
    metrics_.robot_decisions_dropped.fetch_add(1, std::memory_order_relaxed);
    return play_automatic_soon();
  }
  auto next = engine::apply(state_, seat, action);
  if (!next) return fault("the robot seat's move was refused: " + next.error().message);
  commit_move(Move{seat, action, Actor::kRobot, {}, monotonic_seconds(), {}}, std::move(*next));
}

void Table::set_seat_controller(engine::Seat seat, SeatController controller, std::string reason, ReplyFn done) {
  when_idle([self = shared_from_this(), seat, controller, reason = std::move(reason), done = std::move(done)] {
    if (self->faulted_) return done(self->stopped_reply("This table stopped after a storage failure."));
    if (seat.value >= self->record_.seats.size()) return done(Reply::error(ErrorCode::kBadRequest, "There is no such seat."));
    if (self->state_.is_finished()) return done(Reply::error(ErrorCode::kTableNotPlaying, "That game is over."));
    const SeatRecord& current = self->record_.seats.at(seat.value);
    if (controller == SeatController::kHuman && self->resigned(seat)) return done(Reply::error(ErrorCode::kSeatResigned));
    if (controller == SeatController::kHuman && part_ended(self->log_, seat)) {
      return done(Reply::error(ErrorCode::kPartEnded));
    }
    if (current.robot && controller == SeatController::kHuman) {
      return done(Reply::error(ErrorCode::kBadRequest, "A robot's own seat has nobody to hand it to."));
    }
    if (controller == current.controller) return done(Reply::result(protocol::encode_table_data(self->summary())));
    Aftermath after;
    SeatRecord changed = current;
    changed.controller = controller;
    if (controller == SeatController::kHuman) changed.timeouts = 0;
    after.seat = changed;
    after.reason = reason;
    if (self->seat_to_act() == seat) {
      after.deadline = controller == SeatController::kHuman ? Aftermath::Deadline::kFresh : Aftermath::Deadline::kClear;
      after.wait_seat = current.seat;
      after.fresh_user = current.user_id;
      after.waiting_changed = true;
      if (controller == SeatController::kHuman) after.waiting_user = current.user_id;
    }
    spdlog::info("table {} seat {}: {} ({})", self->id_, seat.value, to_string(changed.controller), reason);
    self->change(std::move(after), [self, done](bool ok) {
      if (!ok) return done(Reply::error(ErrorCode::kInternalError, "The seat's control could not be stored."));
      done(Reply::result(protocol::encode_table_data(self->summary())));
    });
  });
}

void Table::reclaim_seat(std::int64_t user_id, ReplyFn done) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, done = std::move(done)] {
    const auto seat = self->seat_of(user_id);
    if (!seat) return done(Reply::error(ErrorCode::kNotSeated, "You have no seat at this table."));
    self->set_seat_controller(*seat, SeatController::kHuman, "taken back by its player", done);
  });
}

void Table::vacation_changed(std::int64_t user_id, bool away) {
  when_idle([self = shared_from_this(), user_id, away] {
    if (self->faulted_ || self->state_.is_finished()) return;
    const auto seat = self->seat_to_act();
    if (!seat || self->record_.seats.at(seat->value).user_id != user_id) return;
    if (self->controller_of(*seat) != SeatController::kHuman) return;
    Aftermath after;
    after.wait_seat = seat->value;
    if (away && self->record_.deadline_at) {
      after.deadline = Aftermath::Deadline::kPause;
    } else if (!away && self->record_.deadline_left) {
      after.deadline = Aftermath::Deadline::kResume;
    } else {
      return;
    }
    self->change(std::move(after), [](bool) {});
  });
}

}  // namespace sp::server
