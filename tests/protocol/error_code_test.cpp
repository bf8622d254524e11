// The protocol's error codes: one enum, its wire strings exactly the schemas'
// protocol_error_code, and one encoder of the reply frames.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <string>

#include "protocol/error_code.hpp"
#include "protocol/reply_frames.hpp"

namespace {

using nlohmann::json;
using sp::protocol::ErrorCode;

json defs() {
  std::ifstream in(std::string(SPB_SCHEMA_DIR) + "/defs.json");
  return json::parse(in);
}

}  // namespace

TEST_CASE("every protocol error code is the schema's, and the schema's every code is one") {
  std::set<std::string> enumerated;
  for (const ErrorCode code : sp::protocol::all_error_codes()) {
    enumerated.emplace(sp::protocol::to_string(code));
    CHECK_FALSE(sp::protocol::default_message(code).empty());
  }
  const json schema_defs = defs();
  std::set<std::string> schema;
  for (const json& code : schema_defs.at("$defs").at("protocol_error_code").at("enum")) {
    schema.insert(code.get<std::string>());
  }
  CHECK(enumerated == schema);
}

TEST_CASE("an error frame echoes the request's id and type, and leaves out a null id") {
  const json with_id =
      json::parse(sp::protocol::encode_error(7, "act", ErrorCode::kStaleMove, "The table is at move 3."));
  CHECK(with_id == json{{"type", "error"}, {"id", 7}, {"request", "act"}, {"code", "stale_move"},
                        {"message", "The table is at move 3."}});
  const json without_id = json::parse(sp::protocol::encode_error(nullptr, "", ErrorCode::kBadJson, "Not JSON."));
  CHECK_FALSE(without_id.contains("id"));
}

TEST_CASE("a result frame carries the request's data") {
  const json frame = json::parse(sp::protocol::encode_result("a", "logout", json::object()));
  CHECK(frame == json{{"type", "result"}, {"id", "a"}, {"request", "logout"}, {"data", json::object()}});
}

TEST_CASE("an act's result may carry the move's table_update as written, as its data's last member") {
  const std::string update = R"({"type":"table_update","table":3,"move_number":8,"legal_actions":[]})";
  const json data{{"move_number", 8}, {"duplicate", false}};
  const std::string text = sp::protocol::encode_result_with_update(json(7), "act", data.dump(), update);
  CHECK(text.ends_with("\"update\":" + update + "}}"));
  json expected{{"type", "result"}, {"id", 7}, {"request", "act"}, {"data", data}};
  expected["data"]["update"] = json::parse(update);
  CHECK(json::parse(text) == expected);
  CHECK(json::parse(sp::protocol::encode_result_with_update(json(nullptr), "act", "{}", update)) ==
        json{{"type", "result"}, {"request", "act"}, {"data", {{"update", json::parse(update)}}}});
}

TEST_CASE("an act's result written as text is the bytes its document gave") {
  for (const bool duplicate : {false, true}) {
    const json data{{"move_number", 31}, {"duplicate", duplicate}};
    CHECK(sp::protocol::act_result_data(31, duplicate) == data.dump());
    for (const json& id : {json(7), json("a\"b"), json(nullptr)}) {
      CHECK(sp::protocol::encode_result_text(id, "act", sp::protocol::act_result_data(31, duplicate)) ==
            sp::protocol::encode_result(id, "act", data));
    }
  }
}
