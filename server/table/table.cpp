#include "server/table/table.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <chrono>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/table_update.hpp"
#include "server/correspondence/correspondence_json.hpp"
#include "server/store/snapshot.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

using nlohmann::json;

std::vector<std::string> seat_names(const TableRecord& record) {
  std::vector<std::string> names(static_cast<std::size_t>(record.player_count));
  for (const SeatRecord& seat : record.seats) names.at(static_cast<std::size_t>(seat.seat)) = seat.name;
  return names;
}

engine::Viewer viewer_for(std::optional<engine::Seat> seat) {
  return seat ? engine::Viewer::of_seat(*seat) : engine::Viewer::spectator();
}

}  // namespace

double monotonic_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}


Table::Table(boost::asio::any_io_executor executor, Store& store, Metrics& metrics, Correspondence& correspondence,
             TableRecord record, engine::GameSetup setup, engine::GameState state,
             std::vector<engine::LoggedAction> log, std::vector<Actor> actors)
    : id_(record.id),
      store_(store),
      metrics_(metrics),
      correspondence_(correspondence),
      setup_(std::move(setup)),
      names_(seat_names(record)),
      strand_(boost::asio::make_strand(executor)),
      record_(std::move(record)),
      state_(std::move(state)),
      log_(std::move(log)),
      actors_(std::move(actors)) {
  actors_.resize(log_.size(), Actor::kPlayer);
}

Table::~Table() {
  if (faulted_) metrics_.tables_stopped.fetch_sub(1, std::memory_order_relaxed);
}

std::optional<engine::Seat> Table::seat_of(std::int64_t user_id) const {
  for (const SeatRecord& seat : record_.seats) {
    if (seat.user_id == user_id) return engine::Seat{static_cast<std::uint8_t>(seat.seat)};
  }
  return std::nullopt;
}

void Table::act(std::int64_t user_id, std::int64_t move_number, engine::Action action, ReplyFn reply) {
  when_idle([self = shared_from_this(), request = PendingAct{user_id, move_number, std::move(action), std::move(reply),
                                                             monotonic_seconds()}]() mutable {
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
    return refuse(ErrorCode::kTableNotPlaying, "An administrator aborted this table; no more moves are played.");
  }
  if (faulted_) {
    return refuse(ErrorCode::kTableFaulted, "This table stopped after a storage failure; an administrator must look at it.");
  }
  const auto seat = seat_of(request.user_id);
  if (!seat) return refuse(ErrorCode::kNotSeated, "You have no seat at this table.");
  const engine::Action& action = request.action;

  const auto next_number = static_cast<std::int64_t>(log_.size()) + 1;
  if (request.move_number >= 1 && request.move_number < next_number) {
    const engine::LoggedAction& stored = log_[static_cast<std::size_t>(request.move_number - 1)];
    if (stored.seat == *seat && stored.action == action) {
      request.reply(Reply::result(json{{"move_number", request.move_number}, {"duplicate", true}}));
      return;
    }
  }
  if (request.move_number != next_number) {
    return refuse(ErrorCode::kStaleMove, "The table is at move " + std::to_string(next_number - 1) + "; send move number " +
                                    std::to_string(next_number) + " after catching up.");
  }
  if (controller_of(*seat) != SeatController::kHuman) {
    return refuse(ErrorCode::kSeatNotYoursNow, "A robot or the table plays your seat now; take it back first (reclaim_seat).");
  }
  auto next = engine::apply(state_, *seat, action);
  if (!next) {
    return refuse_with(Reply::rule_error(next.error()));
  }
  commit_move(Move{*seat, action, Actor::kPlayer, std::move(request.reply), request.started}, std::move(*next));
}

void Table::commit_move(Move move, engine::Transition next) {
  const auto number = static_cast<std::int64_t>(log_.size()) + 1;
  const std::int64_t now = correspondence_.clock.now();
  MoveRecord record{number, move.seat.value, protocol::encode_action(move.action).dump(),
                    engine::state_hash_hex(next.state), now, move.actor};
  const TableStatus status = next.state.is_finished() ? TableStatus::kFinished : TableStatus::kPlaying;
  std::optional<SnapshotRecord> snapshot;
  if (number % kSnapshotEvery == 0 || next.state.is_finished()) {
    snapshot = SnapshotRecord{number, encode_snapshot(next.state)};
  }
  // Shared by the job and its completion (their order of construction is unspecified).
  auto aftermath = std::make_shared<const Aftermath>(aftermath_of_move(move, next.state));
  auto written = std::make_shared<AftermathWritten>();
  writing_ = true;
  store_.submit(
      [table = id_, record, status, snapshot = std::move(snapshot), aftermath, written, now,
       move_seconds = record_.move_seconds](Records& db) {
        db.append_move(table, record, status);
        if (snapshot) db.replace_snapshot(table, *snapshot);
        *written = write_aftermath(db, table, move_seconds, *aftermath, now);
      },
      [self = shared_from_this(), move = std::move(move), next = std::move(next), aftermath,
       written](std::exception_ptr error) mutable {
        boost::asio::post(self->strand_, [self, move = std::move(move), next = std::move(next), aftermath, written,
                                          error]() mutable {
          self->on_committed(std::move(move), std::move(next), *aftermath, std::move(*written), error);
        });
      });
}

void Table::on_committed(Move move, engine::Transition next, const Aftermath& aftermath, AftermathWritten written,
                         std::exception_ptr error) {
  writing_ = false;
  if (error) {
    // The move may or may not be on disk: stop here rather than guess. The
    // table is marked stopped before the reply, so whoever reads the reply
    // also sees the table stopped.
    fault("move " + std::to_string(log_.size() + 1) + " could not be stored: " + failure_reason(error));
    if (move.reply) move.reply(Reply::error(ErrorCode::kInternalError, "The move could not be stored; the table is stopped."));
    return;
  }
  state_ = std::move(next.state);
  const engine::LoggedAction logged{move.seat, move.action};
  log_.push_back(logged);
  actors_.push_back(move.actor);
  record_.move_count = static_cast<std::int64_t>(log_.size());
  if (state_.is_finished()) record_.status = TableStatus::kFinished;
  metrics_.actions_accepted.fetch_add(1, std::memory_order_relaxed);
  if (move.reply) {
    metrics_.action_latency.observe(monotonic_seconds() - move.started);
    move.reply(Reply::result(json{{"move_number", record_.move_count}, {"duplicate", false}}));
  }
  const auto seat_announcement = apply_aftermath(aftermath, written);
  broadcast(logged, move.actor, next.events);
  if (seat_announcement) announce(*seat_announcement);
  process_next();
}

void Table::fault(std::string why) {
  if (!faulted_) metrics_.tables_stopped.fetch_add(1, std::memory_order_relaxed);
  faulted_ = true;
  metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
  spdlog::error("table {} stopped: {}", id_, why);
  correspondence_.scheduler.cancel({Due::kMoveDeadline, id_});
  // Every waiting job sees faulted_ and refuses.
  while (!pending_.empty()) {
    auto job = std::move(pending_.front());
    pending_.pop_front();
    job();
  }
}

void Table::broadcast(const engine::LoggedAction& logged, Actor actor, const engine::Events& events) {
  std::erase_if(watchers_, [](const Watcher& w) { return w.subscriber.expired(); });
  // With public money and hands every seat and spectator sees the same view and
  // events: encode them once for all. Otherwise once per seat (and spectators).
  const bool shared = setup_.options.public_money && setup_.options.public_hands;
  std::map<int, std::string> encoded;  // viewer class -> `"view":...,"moves":[...]`
  auto body_for = [&](std::optional<engine::Seat> seat) -> const std::string& {
    const int key = shared || !seat ? -1 : seat->value;
    auto it = encoded.find(key);
    if (it != encoded.end()) return it->second;
    const engine::Viewer viewer = key < 0 ? engine::Viewer::spectator() : engine::Viewer::of_seat(*seat);
    const protocol::MoveEntry move{record_.move_count, logged, events, to_string(actor)};
    protocol::ViewText& view_text = view_texts_.try_emplace(key, names_).first->second;
    std::string body = protocol::encode_update_body(view_text.encode(engine::view_for(state_, viewer)),
                                                    json::array({protocol::encode_move_entry(move, setup_.options, viewer)}));
    return encoded.emplace(key, std::move(body)).first->second;
  };
  for (const Watcher& w : watchers_) {
    auto subscriber = w.subscriber.lock();
    if (!subscriber) continue;
    subscriber->send(std::make_shared<const std::string>(protocol::encode_table_update(
                         id_, record_.move_count, record_.deadline_at, body_for(w.seat), legal_json(w.seat))),
                     w.epoch);
  }
}

json Table::view_json(std::optional<engine::Seat> seat) const {
  return protocol::encode_view(engine::view_for(state_, viewer_for(seat)), names_);
}

json Table::legal_json(std::optional<engine::Seat> seat) const {
  json out = json::array();
  if (!seat || faulted_) return out;
  for (const engine::LegalAction& legal : engine::legal_actions(state_, *seat)) {
    out.push_back(protocol::encode_legal_action(legal));
  }
  return out;
}

json Table::moves_since(std::int64_t since, std::optional<engine::Seat> seat) const {
  // Events are not stored: a replay from the setup recomputes them (a game is
  // a few hundred moves; this takes well under a millisecond).
  json out = json::array();
  const engine::Viewer viewer = viewer_for(seat);
  const auto replayed = engine::replay(setup_, log_, [&](std::size_t i, const engine::LoggedAction& logged,
                                                         const engine::GameState&, const engine::Events& events) {
    const auto number = static_cast<std::int64_t>(i) + 1;
    if (number <= since) return;
    out.push_back(protocol::encode_move_entry(protocol::MoveEntry{number, logged, events, to_string(actors_[i])},
                                              setup_.options, viewer));
  });
  if (!replayed) {
    // The log in memory was applied move by move as it was played: a bug. The
    // client gets the moves up to it, and the log says where.
    spdlog::error("table {}: its moves stop replaying at move {}: {}", record_.id, replayed.error().index + 1,
                  replayed.error().message);
  }
  return out;
}

void Table::subscribe(std::weak_ptr<Subscriber> subscriber, IdentityEpoch epoch, std::int64_t user_id,
                      std::optional<std::int64_t> since, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber = std::move(subscriber), epoch, user_id, since,
                              reply = std::move(reply)] {
    const auto seat = self->seat_of(user_id);
    const Subscriber* key = subscriber.lock().get();
    std::erase_if(self->watchers_, [key](const Watcher& w) { return w.key == key || w.subscriber.expired(); });
    self->watchers_.push_back(Watcher{subscriber, key, epoch, seat});
    const std::int64_t from = std::clamp<std::int64_t>(since.value_or(self->record_.move_count), 0,
                                                       self->record_.move_count);
    reply(Reply::result(json{{"table", self->summary_json()},
                             {"seat", seat ? json(seat->value) : json(nullptr)},
                             {"view", self->view_json(seat)},
                             {"legal_actions", self->legal_json(seat)},
                             {"moves", self->moves_since(from, seat)}}));
  });
}

void Table::unsubscribe(const Subscriber* subscriber) {
  boost::asio::post(strand_, [self = shared_from_this(), subscriber] {
    std::erase_if(self->watchers_, [subscriber](const Watcher& w) { return w.key == subscriber; });
  });
}

void Table::legal_actions(std::int64_t user_id, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, reply = std::move(reply)] {
    reply(Reply::result(json{{"actions", self->legal_json(self->seat_of(user_id))}}));
  });
}

void Table::chat(std::int64_t user_id, std::string text, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, text = std::move(text),
                              reply = std::move(reply)]() mutable {
    const auto seat = self->seat_of(user_id);
    if (!seat) return reply(Reply::error(ErrorCode::kNotSeated, "Only the table's players may write in its chat."));
    const std::string from = self->names_[seat->value];
    const std::int64_t now = self->correspondence_.clock.now();
    // The line's id goes out with it, so a client can page back (chat_history) from what it saw.
    auto chat_id = std::make_shared<std::int64_t>(0);
    self->store_.submit([table = self->id_, user_id, text, now, chat_id](Records& db) {
                          *chat_id = db.insert_chat(table, user_id, text, now);
                        },
                        [self, reply = std::move(reply), from, text, now, chat_id](std::exception_ptr error) {
                          if (error) return reply(Reply::error(ErrorCode::kInternalError, "The message could not be stored."));
                          reply(Reply::result(json::object()));
                          boost::asio::post(self->strand_, [self, from, text, now, chat_id = *chat_id] {
                            const auto frame = std::make_shared<const std::string>(
                                json{{"type", "chat_message"}, {"table", self->id_}, {"chat_id", chat_id},
                                     {"from", from}, {"text", text}, {"at", now}}
                                    .dump());
                            for (const Watcher& w : self->watchers_) {
                              if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
                            }
                          });
                        });
  });
}

void Table::summarize(std::function<void(json)> fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(self->summary_json()); });
}

json Table::summary_json() const {
  json seats = json::array();
  for (const SeatRecord& seat : record_.seats) seats.push_back(seat_summary(seat));
  json to_act = json::array();
  for (engine::Seat seat : engine::seats_to_act(state_)) to_act.push_back(seat.value);
  json summary{{"id", id_},
              {"name", record_.name},
              {"status", faulted_ && record_.status != TableStatus::kAborted ? std::string_view("faulted")
                                                                           : to_string(record_.status)},
              {"players", record_.player_count},
              {"seats", seats},
              {"options", protocol::encode_options(setup_.options)},
              {"creator", record_.creator_name},
              {"move_number", record_.move_count},
              {"to_act", to_act},
              {"created_at", record_.created_at}};
  add_pace(summary, record_);
  return summary;
}

void Table::announce(const json& message) {
  const auto frame = std::make_shared<const std::string>(message.dump());
  for (const Watcher& w : watchers_) {
    if (auto s = w.subscriber.lock()) s->send(frame, w.epoch);
  }
}

}  // namespace sp::server
