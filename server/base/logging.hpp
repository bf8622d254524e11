// The server's log: one line per event on standard output, as text for people
// or as JSON objects for log collectors (--log-format json).
#pragma once

#include "server/base/config.hpp"

namespace sp::server {

// Makes spdlog's default logger write in the configured format.
void configure_logging(const ServerConfig& config);

}  // namespace sp::server
