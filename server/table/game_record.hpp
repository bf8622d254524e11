// Game records (protocol/game_record.hpp, docs/records.md): a stored table's
// record written from a replay of its log, and records read from a file of
// JSON lines (several records one after the other) into the database.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "protocol/game_record.hpp"
#include "server/table/log_replay.hpp"
#include "server/store/records.hpp"

namespace sp::server {

using protocol::GameRecord;
using protocol::kRecordFormat;
using protocol::kRecordVersion;

// The record of a started table, replayed from its log with every hash
// checked; a table that does not replay has no record.
Expected<GameRecord, Divergence> record_of(const TableRecord& table, const std::vector<MoveRecord>& moves);

struct ImportError {
  std::size_t line = 0;  // 1-based line of the file; 0 for the file as a whole
  std::string message;
};

struct ImportedTable {
  std::int64_t source_table = 0;  // the id in the record
  std::int64_t table = 0;         // the new id in this database
  std::int64_t moves = 0;
  std::string state_hash;
};

// Reads every record of `in`, proves each by replaying it (every move legal,
// every state hash and the trailer's final hash reached, the events as
// recorded), then stores them all under new table ids. Run it as one store
// job: the job's transaction makes the import all or nothing. Players are
// matched to accounts by name; a name without an account gets one that cannot
// log in. On any error nothing is written. `who` goes to the administrators'
// log.
Expected<std::vector<ImportedTable>, ImportError> import_records(Records& db, std::istream& in, std::int64_t now,
                                                                 const std::string& who);

}  // namespace sp::server
