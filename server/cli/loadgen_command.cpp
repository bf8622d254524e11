// spb loadgen: load against a running server (see server/loadgen/loadgen.hpp).
#include <iostream>

#include "server/cli/command_line.hpp"
#include "server/cli/commands.hpp"
#include "tests/load/loadgen.hpp"

namespace sp::cli {

int run_loadgen_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags =
      Flags::parse(args, {"host", "port", "tables", "players", "seconds", "idle", "threads", "seed", "server-pid", "rate",
                          "tables-per-account", "updates", "spread"}, error);
  loadgen::LoadOptions o;
  if (flags) {
    o.host = flags->get("host").value_or(o.host);
    o.port = flags->get("port").value_or(o.port);
    const auto tables = flags->number("tables", 100, 1, 100000, error);
    const auto players = flags->number("players", 4, 2, 4, error);
    const auto seconds = flags->number("seconds", 60, 1, 86400, error);
    const auto idle = flags->number("idle", 0, 0, 100000, error);
    const auto threads = flags->number("threads", 1, 1, 64, error);
    const auto seed = flags->number("seed", 1, 0, UINT64_MAX, error);
    const auto pid = flags->number("server-pid", 0, 0, 1u << 30, error);
    const auto rate = flags->number("rate", 0, 0, 10000000, error);
    const auto per_account = flags->number("tables-per-account", 25, 1, 100000, error);
    const std::string updates = flags->get("updates").value_or("compact");
    if (updates != "compact" && updates != "full") error = "--updates: compact or full";
    o.compact = updates == "compact";
    const std::string spread = flags->get("spread").value_or("tables");
    if (spread != "tables" && spread != "players") error = "--spread: tables or players";
    o.spread_players = spread == "players";
    if (tables && players && seconds && idle && threads && seed && pid && rate && per_account) {
      o.tables_per_account = static_cast<int>(*per_account);
      o.rate = static_cast<int>(*rate);
      o.tables = static_cast<int>(*tables);
      o.players = static_cast<int>(*players);
      o.seconds = static_cast<int>(*seconds);
      o.idle = static_cast<int>(*idle);
      o.threads = static_cast<int>(*threads);
      o.seed = *seed;
      o.server_pid = static_cast<int>(*pid);
    }
  }
  if (!error.empty() || !flags) {
    std::cerr << "spb loadgen: " << error
              << "\nusage: spb loadgen [--host H] [--port P] [--tables N] [--players 2-4] [--seconds S]\n"
                 "                   [--idle N] [--threads T] [--seed S] [--server-pid PID] [--rate R]\n"
                 "                   [--tables-per-account K] [--updates compact|full] [--spread tables|players]\n"
                 "Plays N random games (players x N connections) against a running spb serve, or with\n"
                 "--idle N holds N idle connections; reports actions/s, ack latency and server memory.\n"
                 "--rate R offers R actions/s in all (each table waits between its moves);\n"
                 "without it every table acts as fast as the server answers.\n"
                 "--tables-per-account K: each group of accounts (one per seat) plays K tables (25).\n"
                 "--updates: players ask for compact table_updates (the default) or take the whole view.\n"
                 "--port P1,P2,...: the nodes of one site (PostgreSQL); accounts and tables are made\n"
                 "through the first. --spread tables (the default) puts each table's players on one node,\n"
                 "tables taking turns; --spread players puts each seat of a table on another node.\n"
                 "Start the server with a rate limit above the generator's pace, e.g. --rate 100000.\n";
    return 2;
  }
  return loadgen::run(o);
}

}  // namespace sp::cli
