// A competition's director: moves each tournament, or each league, on when it
// is due, as the store job of its kind (tournament/advance.hpp,
// league/advance_league.hpp), then serves the tables it started, hands to the
// robot the seats its finish date takes, and delivers its notices.
//
// It looks at a competition when its next date comes (an entry of the
// scheduler, on the server's clock, so the test clock moves it too), when a
// table of it ends (Correspondence::competition_table_ended), when a request
// changes it (a league's player joining), and, on every node, once an hour at
// every competition still going: so a table whose end a dying node never
// passed on still moves its competition on. Each step happens once however
// many nodes look (the advance functions claim each step).
//
// Thread-safety: every public method is safe from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/base/clock.hpp"
#include "server/notices/notifier.hpp"
#include "server/store/store.hpp"
#include "server/table/table_registry.hpp"
#include "server/time/scheduler.hpp"
#include "server/tournament/advance.hpp"

namespace sp::server {

// What tells tournaments and leagues apart for their director.
struct CompetitionKind {
  std::string noun;  // for the log: "tournament", "league"
  Due next_look;     // the scheduler's entry of one competition's next date
  Due sweep;         // the scheduler's entry of the hourly look
  std::function<std::vector<std::int64_t>(Records&)> going;  // the ids to look at hourly
  std::function<Advanced(Records&, std::int64_t id, std::int64_t now)> advance;
};

// Tournaments' (advance.hpp); leagues' is server/league/league_kind.hpp.
CompetitionKind tournaments_kind();

class CompetitionDirector {
 public:
  CompetitionDirector(CompetitionKind kind, Store& store, const Clock& clock, Scheduler& scheduler,
                      TableRegistry& tables, Notifier& notifier);

  // Looks at every competition still going now, then once an hour.
  void start();
  // Looks at the competition now.
  void check(std::int64_t id);

 private:
  void sweep();
  void checked(std::int64_t id, const Advanced& advanced);

  const CompetitionKind kind_;
  Store& store_;
  const Clock& clock_;
  Scheduler& scheduler_;
  TableRegistry& tables_;
  Notifier& notifier_;
};

}  // namespace sp::server
