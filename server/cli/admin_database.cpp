#include "server/cli/admin_database.hpp"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace sp::cli {

std::string admin_database_path(const Flags& flags, std::string& error) {
  if (const auto db = flags.get("db")) return *db;
  if (const char* env = std::getenv("SPB_DB"); env != nullptr && *env != '\0') return env;
  error = "give --db PATH (or set SPB_DB)";
  return {};
}

bool take_switch(std::vector<std::string>& args, const std::string& name) {
  const auto before = args.size();
  std::erase(args, "--" + name);
  return args.size() != before;
}

std::unique_ptr<server::StoreBackend> open_existing_database(const std::string& path, std::string& error) {
  // Opening would create a missing file: a typo must not look like an empty server.
  if (server::backend_kind(path) == server::BackendKind::kSqlite && !std::filesystem::is_regular_file(path)) {
    error = "there is no database at " + path;
    return nullptr;
  }
  try {
    return server::open_backend_as_is(path);
  } catch (const server::DatabaseError& e) {
    error = "the database " + server::printable_location(path) + " cannot be opened: " + e.what();
    return nullptr;
  }
}

}  // namespace sp::cli
