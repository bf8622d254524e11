// Game records: a stored table as a self-contained, versioned document that
// any server can replay (docs/records.md, schema/records/record-v1.schema.json).
//
// On disk a record is JSON lines: a header (format, version, table, seats,
// options, seed, card set), one line per move (seat, action, the events the
// engine computed, the state hash after it), and a trailer (move count, final
// state hash, final scoring). Files may hold several records one after the
// other. Over the protocol the same three parts travel as one JSON object.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "server/table/log_replay.hpp"
#include "server/store/records.hpp"

namespace sp::server {

inline constexpr const char* kRecordFormat = "spb-record";
inline constexpr int kRecordVersion = 1;

struct GameRecord {
  nlohmann::json header;
  nlohmann::json moves = nlohmann::json::array();
  nlohmann::json trailer;

  // {"header": ..., "moves": [...], "trailer": ...}
  nlohmann::json to_json() const;
  // The header line, one line per move, the trailer line.
  void write_lines(std::ostream& out) const;
};

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
