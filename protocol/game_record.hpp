// A game record (docs/records.md, schema/records/record-v1.schema.json): a
// stored table as a self-contained, versioned document that any server can
// replay. On disk it is JSON lines: a header (format, version, table, seats,
// options, seed, card set, deal), one line per move (seat, action, the events
// the engine computed, the state hash after it), and a trailer (move count,
// final state hash, final scoring). Over the protocol (table_record) the same
// three parts travel as one object. One struct and one encoder; the server
// fills it from a replay of the table's log (server/table/game_record.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/replay.hpp"
#include "engine/view.hpp"
#include "protocol/table_summary.hpp"

namespace sp::protocol {

inline constexpr const char* kRecordFormat = "spb-record";
inline constexpr int kRecordVersion = 1;

struct RecordHeader {
  std::int64_t table = 0;
  std::string name;
  std::string status;  // a TableStatus's word
  std::string creator;
  std::int64_t created_at = 0;
  int players = 0;
  std::vector<std::pair<int, std::string>> seats;  // each seat and its player's name, as stored
  engine::TableOptions options;
  std::uint64_t seed = 0;
  std::string card_set_version;
  int rules_version = 1;
  std::optional<PublicDeal> deal;  // none for a table dealt before fair deals
};

struct RecordMove {
  std::int64_t move_number = 0;
  int seat = 0;
  engine::LoggedAction entry;
  engine::Events events;  // as the engine computed them
  std::string state_hash;
  std::int64_t at = 0;
  // Who chose it (player, robot, timeout, absent, order: the stored actor's
  // word), so that a record shows the clock's timeouts and the seats robots
  // or nobody played.
  std::string actor = "player";
};

struct RecordTrailer {
  std::int64_t moves = 0;
  std::string status;
  std::string state_hash;
  // The game's end as the administrator sees it, for its final scoring; none
  // while the game is not over.
  std::optional<engine::TableView> final_view;
  std::vector<std::string> names;  // the seats' names, for the final scoring
};

struct GameRecord {
  RecordHeader header;
  std::vector<RecordMove> moves;
  RecordTrailer trailer;

  // {"header": ..., "moves": [...], "trailer": ...}: table_record's data.
  nlohmann::json to_json() const;
  // The header line, one line per move, the trailer line.
  void write_lines(std::ostream& out) const;
};

std::string encode_data(const GameRecord& record);

}  // namespace sp::protocol
