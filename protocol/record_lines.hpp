// A game record's file read back (docs/records.md): each JSON line decoded
// into its typed header, move or trailer, or the sentence that names the
// field that is wrong. What the lines mean together (the replay, the deal's
// proof, storing them) is the server's (server/table/game_record.hpp); this
// is only their reading, so the server holds no JSON document.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "protocol/recorded_deal.hpp"
#include "protocol/table_status.hpp"

namespace sp::protocol {

// {"format": "spb-record", "version": 1, "table": {...}, ...}
struct HeaderLine {
  std::int64_t table = 0;  // the id where it was played
  std::string name;
  std::string creator;
  TableStatus status = TableStatus::kPlaying;  // playing, finished or aborted
  std::int64_t created_at = 0;
  int players = 0;
  std::vector<std::pair<int, std::string>> seats;  // every seat from 0 to players - 1 once, and its player's name
  engine::TableOptions options;
  std::uint64_t seed = 0;
  std::string card_set_version;  // this server's: a record of another card set is refused
  std::optional<RecordedDeal> deal;
  int rules_version = 1;
};

// {"move_number", "seat", "action", "events", "state_hash", "at"}
struct MoveLine {
  std::int64_t move_number = 0;
  int seat = 0;
  std::string action;  // the action's JSON text, as the replay reads it
  std::string state_hash;
  std::optional<std::string> events;  // the recorded events' JSON text; nothing: not recorded
  std::int64_t at = 0;
  std::optional<std::string> actor;  // who chose it, as recorded; nothing: not recorded
};

// {"end": "spb-record", "moves", "state_hash", "status", ...}
struct TrailerLine {
  std::int64_t moves = 0;
  std::string state_hash;
  std::optional<std::string> status;  // nothing: missing or no text
};

enum class RecordLineKind : std::uint8_t {
  kHeader,   // has "format"
  kTrailer,  // has "end"
  kMove,     // anything else
};

struct RecordLine {
  RecordLineKind kind = RecordLineKind::kMove;
  bool spb_format = false;  // a header whose "format" is this one's ("spb-record")
  // The line's fields, as far as they were read before a fault (a header's
  // table id, once read, names the record in the file's errors).
  std::variant<HeaderLine, MoveLine, TrailerLine> fields;
  std::optional<std::string> fault;  // which field is wrong, as a sentence
};

// Nothing: the text is not a JSON object.
std::optional<RecordLine> read_record_line(std::string_view text);

// Whether a move line's recorded events are the ones the engine computed
// (compared as JSON values, whatever their spacing or members' order).
bool events_as_recorded(std::string_view recorded, const engine::Events& computed);

}  // namespace sp::protocol
