#include "protocol/record_lines.hpp"

#include <nlohmann/json.hpp>

#include <charconv>

#include "engine/card.hpp"
#include "engine/seat.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/game_record.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

bool has_integer(const json& object, const char* key) { return object.contains(key) && object.at(key).is_number_integer(); }
bool has_text(const json& object, const char* key) { return object.contains(key) && object.at(key).is_string(); }

// Each reader fills `line` field by field and stops at the first wrong one.
using Fault = std::optional<std::string>;

Fault read_header(const json& h, HeaderLine& header) {
  const auto fault = [](std::string sentence) { return Fault(std::move(sentence)); };
  const auto version = h.find("version");
  if (version == h.end() || !version->is_number_integer()) return fault("version: a whole number is required");
  if (version->get<std::int64_t>() != kRecordVersion) {
    return fault("record format version " + version->dump() + " is not known to this server (it reads version " +
                 std::to_string(kRecordVersion) + ")");
  }
  const json* table = h.contains("table") && h.at("table").is_object() ? &h.at("table") : nullptr;
  if (!table) return fault("table: an object is required");
  if (!has_integer(*table, "id")) return fault("table.id: a whole number is required");
  if (!has_text(*table, "name")) return fault("table.name: a text is required");
  if (!has_text(*table, "creator")) return fault("table.creator: a text is required");
  if (!has_text(*table, "status")) return fault("table.status: a text is required");
  header.table = table->at("id").get<std::int64_t>();
  header.name = table->at("name").get<std::string>();
  header.creator = table->at("creator").get<std::string>();
  const auto status = parse_table_status(table->at("status").get<std::string>());
  if (!status || *status == TableStatus::kOpen) return fault("table.status: playing, finished or aborted");
  header.status = *status;
  if (has_integer(*table, "created_at")) header.created_at = table->at("created_at").get<std::int64_t>();
  if (!has_integer(h, "players")) return fault("players: a whole number is required");
  header.players = h.at("players").get<int>();
  if (header.players < engine::kMinSeats || header.players > engine::kMaxSeats) return fault("players: 2 to 5");
  if (!h.contains("seats") || !h.at("seats").is_array()) return fault("seats: a list is required");
  for (const json& s : h.at("seats")) {
    if (!s.is_object() || !has_integer(s, "seat") || !has_text(s, "name") || s.at("name").get<std::string>().empty()) {
      return fault("seats: each seat needs a number and a name");
    }
    header.seats.emplace_back(s.at("seat").get<int>(), s.at("name").get<std::string>());
  }
  std::vector<bool> taken(static_cast<std::size_t>(header.players), false);
  for (const auto& [seat, name] : header.seats) {
    if (seat < 0 || seat >= header.players || taken[static_cast<std::size_t>(seat)]) {
      return fault("seats: every seat from 0 to players - 1 exactly once");
    }
    taken[static_cast<std::size_t>(seat)] = true;
  }
  if (header.seats.size() != taken.size()) return fault("seats: every seat from 0 to players - 1 exactly once");
  const auto options = decode_options(h.contains("options") ? h.at("options") : json());
  if (!options) return fault(options.error().message);
  header.options = *options;
  const json* seed = has_text(h, "seed") ? &h.at("seed") : nullptr;
  if (!seed) return fault("seed: a text of decimal digits is required");
  const auto& digits = seed->get_ref<const std::string&>();
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), header.seed);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) {
    return fault("seed: a text of decimal digits (0 to 18446744073709551615) is required");
  }
  if (!has_text(h, "card_set_version")) return fault("card_set_version: a text is required");
  header.card_set_version = h.at("card_set_version").get<std::string>();
  if (header.card_set_version != engine::card_set_version()) {
    return fault("the game was played with card set " + header.card_set_version + "; this server plays card set " +
                 std::string(engine::card_set_version()) + ", so its replay would not be the game");
  }
  if (h.contains("deal")) {
    auto deal = read_recorded_deal(h.at("deal"), header.players);
    if (!deal) return fault(deal.error());
    header.deal = std::move(*deal);
  }
  header.rules_version = has_integer(h, "rules_version") ? h.at("rules_version").get<int>() : 1;
  return std::nullopt;
}

Fault read_move(const json& m, MoveLine& move) {
  if (!has_integer(m, "move_number")) return "move_number: a whole number is required";
  if (!has_integer(m, "seat")) return "seat: a whole number is required";
  if (!m.contains("action") || !m.at("action").is_object()) return "action: an object is required";
  if (!has_text(m, "state_hash")) return "state_hash: a text is required";
  move.move_number = m.at("move_number").get<std::int64_t>();
  move.seat = m.at("seat").get<int>();
  move.action = m.at("action").dump();
  move.state_hash = m.at("state_hash").get<std::string>();
  if (m.contains("events")) move.events = m.at("events").dump();
  move.at = has_integer(m, "at") ? m.at("at").get<std::int64_t>() : 0;
  if (m.contains("actor")) {
    if (!has_text(m, "actor")) return "actor: a text is required";
    move.actor = m.at("actor").get<std::string>();
  }
  return std::nullopt;
}

Fault read_trailer(const json& t, TrailerLine& trailer) {
  if (t.at("end") != kRecordFormat) return "end: must be \"spb-record\"";
  if (!has_integer(t, "moves")) return "moves: a whole number is required";
  if (!has_text(t, "state_hash")) return "state_hash: a text is required";
  trailer.moves = t.at("moves").get<std::int64_t>();
  trailer.state_hash = t.at("state_hash").get<std::string>();
  if (has_text(t, "status")) trailer.status = t.at("status").get<std::string>();
  return std::nullopt;
}

template <typename Line, typename Reader>
RecordLine read_as(RecordLineKind kind, bool spb_format, const json& j, Reader reader) {
  RecordLine line{kind, spb_format, Line{}, std::nullopt};
  line.fault = reader(j, std::get<Line>(line.fields));
  return line;
}

}  // namespace

std::optional<RecordLine> read_record_line(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  if (j.contains("format")) return read_as<HeaderLine>(RecordLineKind::kHeader, j.at("format") == kRecordFormat, j, read_header);
  if (j.contains("end")) return read_as<TrailerLine>(RecordLineKind::kTrailer, false, j, read_trailer);
  return read_as<MoveLine>(RecordLineKind::kMove, false, j, read_move);
}

bool events_as_recorded(std::string_view recorded, const engine::Events& computed) {
  json events = json::array();
  for (const engine::Event& e : computed) events.push_back(encode_event(e));
  return json::parse(recorded, nullptr, false) == events;
}

}  // namespace sp::protocol
