// The records over SQLite, for one server alone on its file (sql_records.hpp,
// one_node.hpp).
#pragma once

#include "server/store/sql_records.hpp"
#include "server/store/sqlite/one_node.hpp"

namespace sp::server {

using SqliteRecords = SqlRecords<OneNode>;
extern template class SqlRecords<OneNode>;

}  // namespace sp::server
