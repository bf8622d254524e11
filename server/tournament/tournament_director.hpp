// The tournament director: moves each tournament on when it is due (its
// start date, the end of a round's last table), as the store job of
// advance.hpp, then serves the tables it started and delivers its notices.
//
// It looks at a tournament when its start date comes (an entry of the
// scheduler, on the server's clock, so the test clock moves it too), when a
// table of it ends (Correspondence::tournament_table_ended), and, on every
// node, once an hour at every tournament still registering or playing: so a
// round whose last table ended on a node that died before moving the
// tournament on is moved on by another. Each step happens once however many
// nodes look (advance.hpp).
//
// Thread-safety: every public method is safe from any thread.
#pragma once

#include <cstdint>
#include <exception>
#include <memory>

#include "server/base/clock.hpp"
#include "server/notices/notifier.hpp"
#include "server/store/store.hpp"
#include "server/table/table_registry.hpp"
#include "server/time/scheduler.hpp"
#include "server/tournament/advance.hpp"

namespace sp::server {

class TournamentDirector {
 public:
  TournamentDirector(Store& store, const Clock& clock, Scheduler& scheduler, TableRegistry& tables,
                     Notifier& notifier);

  // Looks at every tournament registering or playing now, then once an hour.
  void start();
  // Looks at the tournament now (it was created, or one of its tables ended).
  void check(std::int64_t tournament_id);

 private:
  void sweep();
  void checked(std::int64_t tournament_id, const Advanced& advanced);

  Store& store_;
  const Clock& clock_;
  Scheduler& scheduler_;
  TableRegistry& tables_;
  Notifier& notifier_;
};

}  // namespace sp::server
