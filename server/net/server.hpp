// Server: the process of `spb serve`. Owns the io_context and its threads, the
// store, the table registry and the listener; stops gracefully on SIGINT and
// SIGTERM: it stops accepting, closes every WebSocket with a close frame, lets
// the tables' writes commit, then returns.
#pragma once

#include "server/base/config.hpp"

namespace sp::server {

// Runs until a signal asks it to stop. Returns the process exit status.
int run_server(const ServerConfig& config);

}  // namespace sp::server
