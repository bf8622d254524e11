// A table's summary (protocol/table_summary.hpp) from its record: the one
// builder, for a table read from the store and, with what only it knows, for
// a live table (Table::summary).
#pragma once

#include "protocol/table_summary.hpp"
#include "server/store/rows.hpp"

namespace sp::server {

protocol::TableSummary table_summary(const TableRecord& table);

}  // namespace sp::server
