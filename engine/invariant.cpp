#include "engine/invariant.hpp"

namespace sp::engine {

void fail_invariant(const char* condition, const char* file, int line) {
  throw InvariantViolation(std::string("invariant violated: ") + condition + " at " + file + ":" +
                           std::to_string(line));
}

}  // namespace sp::engine
