// Digests' timing: once a day, at the hour each player chose in their time
// zone, one email that lists every table waiting for their move and the
// notices of the past day whose kind they chose "digest" for. What a digest
// says and its outbox row are notices' (notices/digest_mail.hpp); when it
// falls is here.
//
// Each player's next digest time is a column of their settings (written when
// they change settings or confirm an address, and after each digest); the
// scheduler wakes this at the earliest. The job that runs then queues each
// due player's digest in the same transaction that moves their next digest
// time on, so a day's digest is queued once whatever restarts happen.
//
// Nodes sharing one PostgreSQL database each wake at the earliest digest
// time; the job that queues digests locks the settings rows it takes and
// passes over those another node holds (Records::due_digests), so each day's
// digest is queued by one node.
//
// Thread-safety: start() and rearm() are safe from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "server/base/clock.hpp"
#include "server/store/store.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

class Digests {
 public:
  // In a store job: queues `user_id`'s digest due at `now` if there is
  // anything to tell, and plans their next; returns whether one was queued.
  using QueueDigest = std::function<bool(Records& db, std::int64_t user_id, std::int64_t now)>;

  // `queued` is called after digests were queued (it wakes the email sender).
  Digests(Store& store, const Clock& clock, Scheduler& scheduler, QueueDigest queue, std::function<void()> queued);

  void start() { rearm(); }
  // A player's next digest time may have changed: wake for the earliest.
  void rearm() { rearm_after(std::nullopt); }

 private:
  // As rearm(), but never before `not_before`.
  void rearm_after(std::optional<std::int64_t> not_before);
  void run();

  Store& store_;
  const Clock& clock_;
  Scheduler& scheduler_;
  const QueueDigest queue_;
  std::function<void()> queued_;
};

// Whether the player chose the digest for any kind of notice.
bool wants_digest(const NoticeSettingsRecord& settings);

// In a store job: the player's next digest time from their settings now
// (nothing when no kind is chosen for the digest or the address is not
// confirmed), stored with the settings.
void plan_next_digest(Records& db, std::int64_t user_id, std::int64_t now);

}  // namespace sp::server
