// The records over PostgreSQL, for nodes sharing it (sql_records.hpp,
// several_nodes.hpp). Each statement is prepared once on the connection
// (pg_connection.hpp).
#pragma once

#include "server/store/pg/several_nodes.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {

using PgRecords = SqlRecords<SeveralNodes>;
extern template class SqlRecords<SeveralNodes>;

}  // namespace sp::server
