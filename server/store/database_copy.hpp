// Copies every row of one spb database into another, empty one, across
// backends (SQLite to PostgreSQL and back): spb admin migrate's copy. Both
// are at this build's schema version; the rows keep their ids, so every
// reference between them holds. The copy is one transaction on the target: a
// failure leaves it as empty as it was.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/expected.hpp"

namespace sp::server {

struct CopiedTable {
  std::string name;
  std::int64_t rows = 0;         // copied from the source
  std::int64_t target_rows = 0;  // counted in the target after the commit
};

// Why nothing was copied, in words for the operator.
struct CopyRefusal {
  std::string message;
};

// Copies `from` (an SQLite path or a PostgreSQL location, as --db takes) into
// `to`, which is migrated first and must hold no row. `progress` is told each
// table once it is copied. Throws DatabaseError when a database fails.
Expected<std::vector<CopiedTable>, CopyRefusal> copy_database(
    const std::string& from, const std::string& to, const std::function<void(const CopiedTable&)>& progress);

}  // namespace sp::server
