#include "server/tournament/competition_director.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "server/table/table.hpp"

namespace sp::server {

namespace {

constexpr std::int64_t kSweepSeconds = 3600;

}  // namespace

CompetitionKind tournaments_kind() {
  return CompetitionKind{"tournament", Due::kTournament, Due::kTournamentSweep,
                         [](Records& db) { return db.active_tournament_ids(); }, advance_tournament};
}

CompetitionDirector::CompetitionDirector(CompetitionKind kind, Store& store, const Clock& clock, Scheduler& scheduler,
                                         TableRegistry& tables, Notifier& notifier)
    : kind_(std::move(kind)), store_(store), clock_(clock), scheduler_(scheduler), tables_(tables), notifier_(notifier) {}

void CompetitionDirector::start() { sweep(); }

void CompetitionDirector::sweep() {
  auto ids = std::make_shared<std::vector<std::int64_t>>();
  store_.submit([ids, going = kind_.going](Records& db) { *ids = going(db); },
                [this, ids](std::exception_ptr error) {
                  if (error) spdlog::warn("{}s: the ones going could not be read; trying again in an hour", kind_.noun);
                  if (!error) {
                    for (std::int64_t id : *ids) check(id);
                  }
                  scheduler_.set({kind_.sweep, 0}, clock_.now() + kSweepSeconds, [this] { sweep(); });
                });
}

void CompetitionDirector::check(std::int64_t id) {
  auto advanced = std::make_shared<Advanced>();
  store_.submit(
      [id, advanced, advance = kind_.advance, now = clock_.now()](Records& db) { *advanced = advance(db, id, now); },
      [this, id, advanced](std::exception_ptr error) {
        if (error) {
          // Nothing was written: the next look (a table's end, the hourly sweep) tries again.
          spdlog::warn("{} {}: could not be moved on: {}", kind_.noun, id, failure_reason(error));
          return;
        }
        checked(id, *advanced);
      });
}

void CompetitionDirector::checked(std::int64_t id, const Advanced& advanced) {
  for (const TableRecord& table : advanced.started) tables_.add_started(table);
  const std::string why = "the " + kind_.noun + "'s finish date came";
  for (const Advanced::Seat& seat : advanced.to_robots) {
    tables_.with_table(seat.table, [seat = seat.seat, why](std::shared_ptr<Table> table, TableUnavailable) {
      if (!table) return;
      table->set_seat_controller(engine::Seat{static_cast<std::uint8_t>(seat)}, SeatController::kRobot, why,
                                 [](Reply) {});
    });
  }
  if (!advanced.to_robots.empty()) {
    spdlog::info("{} {}: its finish date came; {} seats handed to the robot", kind_.noun, id, advanced.to_robots.size());
  }
  notifier_.deliver(advanced.notes);
  if (!advanced.started.empty()) spdlog::info("{} {}: {} tables started", kind_.noun, id, advanced.started.size());
  if (advanced.check_at) {
    scheduler_.set({kind_.next_look, id}, *advanced.check_at, [this, id] { check(id); });
  }
}

}  // namespace sp::server
