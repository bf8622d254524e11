#include "server/tournament/tournament_director.hpp"

#include <spdlog/spdlog.h>

#include <vector>

#include "server/table/table.hpp"

namespace sp::server {

namespace {

constexpr std::int64_t kSweepSeconds = 3600;

}  // namespace

TournamentDirector::TournamentDirector(Store& store, const Clock& clock, Scheduler& scheduler, TableRegistry& tables,
                                       Notifier& notifier)
    : store_(store), clock_(clock), scheduler_(scheduler), tables_(tables), notifier_(notifier) {}

void TournamentDirector::start() { sweep(); }

void TournamentDirector::sweep() {
  auto ids = std::make_shared<std::vector<std::int64_t>>();
  store_.submit([ids](Records& db) { *ids = db.active_tournament_ids(); },
                [this, ids](std::exception_ptr error) {
                  if (error) spdlog::warn("tournaments: the active ones could not be read; trying again in an hour");
                  if (!error) {
                    for (std::int64_t id : *ids) check(id);
                  }
                  scheduler_.set({Due::kTournamentSweep, 0}, clock_.now() + kSweepSeconds, [this] { sweep(); });
                });
}

void TournamentDirector::check(std::int64_t tournament_id) {
  auto advanced = std::make_shared<Advanced>();
  store_.submit(
      [tournament_id, advanced, now = clock_.now()](Records& db) {
        *advanced = advance_tournament(db, tournament_id, now);
      },
      [this, tournament_id, advanced](std::exception_ptr error) {
        if (error) {
          // Nothing was written: the next look (a table's end, the hourly sweep) tries again.
          spdlog::warn("tournament {}: could not be moved on: {}", tournament_id, failure_reason(error));
          return;
        }
        checked(tournament_id, *advanced);
      });
}

void TournamentDirector::checked(std::int64_t tournament_id, const Advanced& advanced) {
  for (const TableRecord& table : advanced.started) tables_.add_started(table);
  for (const Advanced::Seat& seat : advanced.to_robots) {
    tables_.with_table(seat.table, [seat = seat.seat](std::shared_ptr<Table> table, TableUnavailable) {
      if (!table) return;
      table->set_seat_controller(engine::Seat{static_cast<std::uint8_t>(seat)}, SeatController::kRobot,
                                 "the tournament's finish date came", [](Reply) {});
    });
  }
  if (!advanced.to_robots.empty()) {
    spdlog::info("tournament {}: its finish date came; {} seats handed to the robot", tournament_id,
                 advanced.to_robots.size());
  }
  notifier_.deliver(advanced.notes);
  if (!advanced.started.empty()) {
    spdlog::info("tournament {}: round {} started with {} tables", tournament_id,
                 advanced.started.front().tournament ? advanced.started.front().tournament->round : 0,
                 advanced.started.size());
  }
  if (advanced.check_at) {
    scheduler_.set({Due::kTournament, tournament_id}, *advanced.check_at, [this, tournament_id] { check(tournament_id); });
  }
}

}  // namespace sp::server
