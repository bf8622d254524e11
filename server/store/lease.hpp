// A node's claim to write one table, as the store checks it: the node's name
// and the lease's epoch, the fencing token (docs/scaling.md, "Fencing").
// Records::check_lease proves it inside the transaction of each of the
// table's writes; a claim that no longer holds throws LeaseLost, so a node
// that lost its lease (paused, cut off) never writes a move.
#pragma once

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

namespace sp::server {

struct LeaseFence {
  std::string node;
  std::int64_t epoch = 0;
};

// Thrown by Records::check_lease: the table is another node's now, or its
// lease expired. Not a database failure: the table is not faulted, only no
// longer this node's to write.
class LeaseLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether a store job failed because its lease no longer holds.
inline bool is_lease_lost(const std::exception_ptr& error) {
  if (!error) return false;
  try {
    std::rethrow_exception(error);
  } catch (const LeaseLost&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace sp::server
