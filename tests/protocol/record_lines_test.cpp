// A record file read back line by line (protocol/record_lines.hpp,
// docs/records.md): each line typed, or the sentence naming its wrong field.
#include "protocol/record_lines.hpp"

#include <doctest/doctest.h>

#include <string>

#include "engine/card.hpp"
#include "protocol/engine_json.hpp"

using namespace sp;
using protocol::RecordLineKind;

namespace {

std::string header_line(const std::string& version = "1", const std::string& seed = "\"42\"") {
  return R"({"format":"spb-record","version":)" + version +
         R"(,"table":{"id":17,"name":"Fontanka","creator":"anna","status":"finished","created_at":5},)"
         R"("players":2,"seats":[{"seat":1,"name":"boris"},{"seat":0,"name":"anna"}],"options":{},"seed":)" +
         seed + R"(,"card_set_version":")" + std::string(engine::card_set_version()) + R"(","rules_version":2})";
}

}  // namespace

TEST_CASE("a line that is no JSON object is no record line") {
  CHECK_FALSE(protocol::read_record_line("not json"));
  CHECK_FALSE(protocol::read_record_line("[1, 2]"));
}

TEST_CASE("a header line reads into its table, seats, seed and card set") {
  const auto line = protocol::read_record_line(header_line());
  REQUIRE(line);
  CHECK(line->kind == RecordLineKind::kHeader);
  CHECK(line->spb_format);
  CHECK_FALSE(line->fault);
  const auto& header = std::get<protocol::HeaderLine>(line->fields);
  CHECK(header.table == 17);
  CHECK(header.name == "Fontanka");
  CHECK(header.creator == "anna");
  CHECK(header.status == protocol::TableStatus::kFinished);
  CHECK(header.created_at == 5);
  CHECK(header.players == 2);
  REQUIRE(header.seats.size() == 2);
  CHECK(header.seats[0] == std::pair<int, std::string>{1, "boris"});
  CHECK(header.seed == 42);
  CHECK(header.rules_version == 2);
  CHECK_FALSE(header.deal);
}

TEST_CASE("a header of another format is told apart from a header of this one") {
  const auto line = protocol::read_record_line(R"({"format":"pgn"})");
  REQUIRE(line);
  CHECK(line->kind == RecordLineKind::kHeader);
  CHECK_FALSE(line->spb_format);
}

TEST_CASE("a header names its first wrong field, keeping the table's id once read") {
  const auto version = protocol::read_record_line(header_line("2"));
  REQUIRE(version);
  CHECK(*version->fault == "record format version 2 is not known to this server (it reads version 1)");
  CHECK(std::get<protocol::HeaderLine>(version->fields).table == 0);
  const auto seed = protocol::read_record_line(header_line("1", "\"4x2\""));
  REQUIRE(seed);
  CHECK(*seed->fault == "seed: a text of decimal digits (0 to 18446744073709551615) is required");
  CHECK(std::get<protocol::HeaderLine>(seed->fields).table == 17);
}

TEST_CASE("a move line keeps its action and events as JSON text") {
  const auto line = protocol::read_record_line(
      R"({"move_number":3,"seat":1,"action":{"type":"pass"},"events":[],"state_hash":"ab","at":9})");
  REQUIRE(line);
  CHECK(line->kind == RecordLineKind::kMove);
  REQUIRE_FALSE(line->fault);
  const auto& move = std::get<protocol::MoveLine>(line->fields);
  CHECK(move.move_number == 3);
  CHECK(move.seat == 1);
  CHECK(move.action == R"({"type":"pass"})");
  CHECK(move.events == std::optional<std::string>("[]"));
  CHECK(move.state_hash == "ab");
  CHECK(move.at == 9);
  const auto missing = protocol::read_record_line(R"({"move_number":3,"seat":1,"state_hash":"ab"})");
  REQUIRE(missing);
  CHECK(*missing->fault == "action: an object is required");
}

TEST_CASE("a trailer line must end this format, and its status may be missing") {
  const auto line = protocol::read_record_line(R"({"end":"spb-record","moves":4,"state_hash":"cd"})");
  REQUIRE(line);
  CHECK(line->kind == RecordLineKind::kTrailer);
  REQUIRE_FALSE(line->fault);
  CHECK(std::get<protocol::TrailerLine>(line->fields).moves == 4);
  CHECK_FALSE(std::get<protocol::TrailerLine>(line->fields).status);
  const auto other = protocol::read_record_line(R"({"end":"pgn","moves":4,"state_hash":"cd"})");
  REQUIRE(other);
  CHECK(*other->fault == "end: must be \"spb-record\"");
}

TEST_CASE("recorded events match the computed ones whatever their spacing") {
  CHECK(protocol::events_as_recorded(" [ ] ", engine::Events{}));
  CHECK_FALSE(protocol::events_as_recorded("[1]", engine::Events{}));
  CHECK_FALSE(protocol::events_as_recorded("not json", engine::Events{}));
}
