// The database an spb admin command reads: --db PATH (or a PostgreSQL URI or
// key=value string, open_backend.hpp), or $SPB_DB.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/cli/command_line.hpp"
#include "server/store/open_backend.hpp"

namespace sp::cli {

// The path of --db or $SPB_DB; sets `error` when neither is given.
std::string admin_database_path(const Flags& flags, std::string& error);

// Removes a bare switch (--verify) from `args`; whether it was there.
bool take_switch(std::vector<std::string>& args, const std::string& name);

// Opens an existing database, as it is (no migration), for a tool to read
// through its records(); nothing (and `error` set) when there is no file or
// PostgreSQL cannot be reached.
std::unique_ptr<server::StoreBackend> open_existing_database(const std::string& path, std::string& error);

}  // namespace sp::cli
