// Thousands of connections need thousands of file descriptors: the server and
// the load generator both raise their soft limit to the hard one at start.
#pragma once

#include <sys/resource.h>

namespace sp::net_limits {

inline void raise_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace sp::net_limits
