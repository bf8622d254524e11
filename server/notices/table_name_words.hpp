// A table's name as an email says it, in its reader's language. The server
// names a tournament's and a league's tables in English words ("Autumn cup,
// round 2, table 3"); a mail says them again in the reader's from the
// table's mark and its competition's name, as the page does
// (web/js/table_name.js). Any other table's name is its creator's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/store/records.hpp"

namespace sp::server {

// Nothing: no such table.
std::optional<std::string> table_name_in(Records& db, std::int64_t table_id, const std::string& language);

}  // namespace sp::server
