// The load generator: plays many complete random games over real WebSocket
// connections against a running `spb serve`, or holds many idle connections,
// and reports throughput, acknowledgement latency and the server's memory.
//
// It speaks the documented protocol only, like any third-party client, so it
// lives with the tests rather than in the server's tree; `spb loadgen` runs it.
#pragma once

#include <cstdint>
#include <string>

namespace sp::loadgen {

struct LoadOptions {
  std::string host = "127.0.0.1";
  std::string port = "8080";  // or several, comma-separated: one per node of a site
  // With several ports: whether all of a table's players use one node
  // (tables spread over the nodes, as a balancer routing by table would)
  // or each seat of a table uses another node (the worst case: every move
  // changes node).
  bool spread_players = false;
  int tables = 100;
  int players = 4;
  int seconds = 60;        // stop after this long even if games go on
  int idle = 0;            // > 0: hold this many idle connections instead of playing
  int threads = 1;
  std::uint64_t seed = 1;
  int server_pid = 0;      // > 0: report that process's resident memory
  int rate = 0;            // > 0: offered actions/s in all, by pacing each table's moves
  int tables_per_account = 25;  // tables each group of accounts (one per seat) plays
  bool compact = true;     // players ask for compact table_updates (hello's compact_updates)
};

// Returns the process exit status; prints the report on standard output.
int run(const LoadOptions& options);

}  // namespace sp::loadgen
