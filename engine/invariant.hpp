// Broken invariants are bugs, not rule violations: SP_ASSERT throws
// InvariantViolation in every build, and the server's table strand is the one
// place that catches it (the table is then marked faulted).
#pragma once

#include <stdexcept>
#include <string>

namespace sp::engine {

class InvariantViolation : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void fail_invariant(const char* condition, const char* file, int line);

}  // namespace sp::engine

#define SP_ASSERT(condition)                                          \
  do {                                                                \
    if (!(condition)) ::sp::engine::fail_invariant(#condition, __FILE__, __LINE__); \
  } while (false)
