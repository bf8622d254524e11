#include "server/requests/vacations.hpp"
#include "server/table/table.hpp"

#include <memory>
#include <vector>

namespace sp::server {
namespace {

void tell_tables(Services& services, std::int64_t user_id, bool away) {
  auto ids = std::make_shared<std::vector<std::int64_t>>();
  services.store.submit(
      [user_id, ids](Records& db) {
        for (const TableRecord& t : db.tables_of_user(user_id)) {
          if (t.status == TableStatus::kPlaying) ids->push_back(t.id);
        }
      },
      [&services, user_id, ids, away](std::exception_ptr error) {
        if (error) return;
        for (std::int64_t id : *ids) {
          services.tables.with_table(id, [user_id, away](std::shared_ptr<Table> table, TableUnavailable) {
            if (table) table->vacation_changed(user_id, away);
          });
        }
      });
}

void schedule_end(Services& services, const VacationRecord& v) {
  services.correspondence.scheduler.set({Due::kVacationEnd, v.user_id}, v.ends_at, [&services, v] {
    auto closed = std::make_shared<bool>(false);
    services.store.submit([v, closed](Records& db) { *closed = db.close_vacation(v.id, v.ends_at); },
                          [&services, v, closed](std::exception_ptr error) {
                            // Not closed here: ended early, or by another node, which tells the tables.
                            if (!error && *closed) tell_tables(services, v.user_id, false);
                          });
  });
}

}  // namespace

void vacation_began(Services& services, const VacationRecord& vacation) {
  schedule_end(services, vacation);
  tell_tables(services, vacation.user_id, true);
}

void vacation_ended(Services& services, std::int64_t user_id) {
  services.correspondence.scheduler.cancel({Due::kVacationEnd, user_id});
  tell_tables(services, user_id, false);
}

void schedule_open_vacations(Services& services) {
  std::vector<VacationRecord> open;
  services.store.run_sync([&open](Records& db) { open = db.open_vacations(); });
  for (const VacationRecord& v : open) schedule_end(services, v);
}

void vacation_booked_elsewhere(Services& services, std::int64_t user_id) {
  auto open = std::make_shared<std::vector<VacationRecord>>();
  services.store.submit(
      [open](Records& db) { *open = db.open_vacations(); },
      [&services, user_id, open](std::exception_ptr error) {
        if (error) return;
        for (const VacationRecord& v : *open) {
          if (v.user_id == user_id) schedule_end(services, v);
        }
      });
}

}  // namespace sp::server
