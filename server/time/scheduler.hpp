// Scheduler: calls things back at a time of the server's clock (a table's move
// deadline and the warnings before it, the end of a vacation, the next webhook
// or email retry, the daily digests, the daily deletion of old notifications,
// the expiry of a connection's session).
//
// Each entry has a key; setting a key again replaces its time and callback, so
// a table re-arms its one deadline after each move. One asio steady timer waits
// for the earliest entry. The clock is the server's (clock.hpp): with the
// manual clock of the tests the timer only polls, and whoever moves the clock
// calls run_due(). Entries are not stored here: their owners store the times
// they stand for and set them again at start-up, so a time that passed while
// the server was down fires once, at once.
//
// Thread-safety: every public method is safe from any thread. Callbacks are
// posted to the executor, never run under the scheduler's lock.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <utility>

#include "server/base/clock.hpp"

namespace sp::server {

enum class Due : std::uint8_t {
  kMoveDeadline,
  kVacationEnd,
  kWebhookRetry,
  kRetentionSweep,
  kDeadlineWarning,  // a table's next warning before its move deadline
  kEmailRetry,       // the email outbox's next due row
  kDigest,           // the next player's daily digest
  kSessionExpiry,    // a logged-in connection's session expires
  kStandInMove,      // a table's next move by robots standing in for a person (docs/correspondence.md)
  kTournament,       // a tournament's start date (docs/tournaments.md)
  kTournamentSweep,  // the hourly look at every tournament registering or playing
  kLeague,           // a league's next look: a season's start or finish date (docs/leagues.md)
  kLeagueSweep,      // the hourly look at every league
};

class Scheduler {
 public:
  using Key = std::pair<Due, std::int64_t>;

  Scheduler(boost::asio::any_io_executor executor, const Clock& clock);

  // Calls `fire` once the clock reaches `at` (unix seconds; at once if it has),
  // unless the key is set again or cancelled first.
  void set(Key key, std::int64_t at, std::function<void()> fire);
  void cancel(Key key);
  // Fires every entry that is due by the clock now; for a manual clock that moved.
  void run_due();
  // Cancels the timer; entries never fire after this.
  void stop();

  std::size_t size() const;
  std::optional<std::int64_t> next_at() const;

 private:
  struct Entry {
    std::int64_t at;
    std::function<void()> fire;
  };
  void arm();  // on strand_

  const Clock& clock_;
  boost::asio::any_io_executor executor_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  boost::asio::steady_timer timer_;  // on strand_

  mutable std::mutex mutex_;
  std::map<Key, Entry> entries_;              // guarded by mutex_
  std::set<std::pair<std::int64_t, Key>> by_time_;  // guarded by mutex_
  bool stopped_ = false;                      // guarded by mutex_
};

}  // namespace sp::server
