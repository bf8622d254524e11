// The client's requests as typed values: every example of the schemas goes
// through decode_client_request and comes back from encode_client_request as
// it was; each family's typical refusals keep their codes and sentences.
#include "protocol/requests.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace sp;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return json::parse(in);
}

// The schemas of client requests (their title ends in " request"), by type.
std::vector<std::pair<std::string, json>> request_schemas() {
  std::vector<std::pair<std::string, json>> schemas;
  for (const auto& entry : std::filesystem::directory_iterator(SPB_SCHEMA_DIR)) {
    if (entry.path().extension() != ".json") continue;
    json schema = read_json(entry.path());
    const std::string title = schema.value("title", "");
    if (title.size() < 8 || title.substr(title.size() - 8) != " request") continue;
    schemas.emplace_back(schema.at("properties").at("type").at("const").get<std::string>(), std::move(schema));
  }
  std::sort(schemas.begin(), schemas.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return schemas;
}

protocol::RequestError refusal_of(const json& frame, const protocol::RequestLimits& limits = {}) {
  const auto decoded = protocol::decode_client_request(frame.dump(), limits);
  REQUIRE_MESSAGE(!decoded.has_value(), frame.dump());
  return decoded.error();
}

// The refusal's code and sentence, as the reply frame carries them.
void check_refused(const json& frame, std::string_view code, std::string_view message,
                   const protocol::RequestLimits& limits = {}) {
  const auto error = refusal_of(frame, limits);
  CHECK_MESSAGE(error.wire_code() == code, frame.dump());
  CHECK_MESSAGE(error.message == message, frame.dump());
}

}  // namespace

TEST_CASE("ClientRequest has exactly one struct per request type of the schemas") {
  std::vector<std::string> schemas;
  for (const auto& [type, schema] : request_schemas()) schemas.push_back(type);
  std::vector<std::string> structs;
  for (const auto type : protocol::client_request_types()) structs.emplace_back(type);
  std::sort(structs.begin(), structs.end());
  CHECK(structs == schemas);
}

TEST_CASE("every example of every request schema decodes and encodes back as it was") {
  const auto schemas = request_schemas();
  REQUIRE(schemas.size() > 30);
  for (const auto& [type, schema] : schemas) {
    INFO(type);
    REQUIRE_MESSAGE(schema.contains("examples"), (std::string("schema/protocol/") + type + ".json has no examples"));
    REQUIRE(!schema.at("examples").empty());
    for (const json& example : schema.at("examples")) {
      INFO(example.dump());
      const auto decoded = protocol::decode_client_request(example.dump());
      REQUIRE_MESSAGE(decoded.has_value(), decoded.error().message);
      CHECK(protocol::request_type(decoded->request) == type);
      CHECK(protocol::encode_client_request(decoded->request, decoded->id) == example);
    }
  }
}

TEST_CASE("every valid request example of tests/schema decodes, and its encoding decodes to the same request") {
  // These examples may leave options at their defaults, which the encoding
  // then spells out: the request is the same, its text longer.
  const auto schemas = request_schemas();
  int seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(SPB_SCHEMA_EXAMPLES_DIR "/valid")) {
    const std::string stem = entry.path().stem().string();
    const std::string type = stem.substr(0, stem.find("__"));
    if (std::none_of(schemas.begin(), schemas.end(), [&](const auto& s) { return s.first == type; })) continue;
    INFO(entry.path().filename().string());
    json example = read_json(entry.path());
    if (example.contains("id") && example.at("id").is_number_float()) {
      // The schema allows any number as an id; the server, stricter, whole ones only.
      CHECK(refusal_of(example).message == "id: a number or a text of at most 64 characters");
      example.erase("id");
    }
    const auto decoded = protocol::decode_client_request(example.dump());
    REQUIRE_MESSAGE(decoded.has_value(), decoded.error().message);
    const auto again = protocol::decode_client_request(protocol::encode_client_request(decoded->request, decoded->id).dump());
    REQUIRE(again.has_value());
    CHECK(again->request == decoded->request);
    CHECK(again->id == decoded->id);
    ++seen;
  }
  CHECK(seen > 40);
}

TEST_CASE("every invalid request example of tests/schema is refused, but where the action decoder is lenient") {
  // decode_action reads the fields an action has and ignores others, and
  // takes a null card as none: these pass the server, not the schema.
  const std::vector<std::string> lenient = {"act__action_with_price.json", "act__null_displace.json",
                                            "act__pass_with_card.json", "act__take_with_displace.json"};
  const auto schemas = request_schemas();
  int refused = 0;
  for (const auto& entry : std::filesystem::directory_iterator(SPB_SCHEMA_EXAMPLES_DIR "/invalid")) {
    const std::string name = entry.path().filename().string();
    const std::string type = name.substr(0, std::min(name.find("__"), name.find(".json")));
    if (std::none_of(schemas.begin(), schemas.end(), [&](const auto& s) { return s.first == type; })) continue;
    INFO(name);
    const bool accepted = protocol::decode_client_request(read_json(entry.path()).dump()).has_value();
    CHECK(accepted == (std::find(lenient.begin(), lenient.end(), name) != lenient.end()));
    refused += accepted ? 0 : 1;
  }
  CHECK(refused > 40);
}

TEST_CASE("an id comes back exactly as it came: none, a text, a negative or a very large number") {
  for (const char* id : {R"("a-1")", "-5", "0", "18446744073709551615"}) {
    const json frame = json::parse(std::string(R"({"type":"logout","id":)") + id + "}");
    const auto decoded = protocol::decode_client_request(frame.dump());
    REQUIRE(decoded.has_value());
    CHECK(protocol::encode_client_request(decoded->request, decoded->id).dump() == frame.dump());
  }
  const auto none = protocol::decode_client_request(R"({"type":"logout"})");
  REQUIRE(none.has_value());
  CHECK_FALSE(none->id.given());
}

TEST_CASE("a refused request keeps its id and says which request it was") {
  const auto error = refusal_of(json{{"type", "chat"}, {"id", 9}, {"table", 3}, {"text", ""}});
  CHECK(error.id == protocol::RequestId(9));
  CHECK(error.type == "chat");
  REQUIRE(error.request_index.has_value());
  CHECK(protocol::request_type(*error.request_index) == "chat");
  // Refused before its type was known: no request to speak of.
  const auto unknown = refusal_of(json{{"type", "chat"}, {"id", "x"}, {"tabel", 3}});
  CHECK(unknown.code == ErrorCode::kUnknownField);
  CHECK(unknown.id == protocol::RequestId(std::string("x")));
  CHECK_FALSE(unknown.request_index.has_value());
}

TEST_CASE("the first fault in the order the fields are read is the one reported") {
  check_refused(json{{"type", "act"}, {"move_number", 0}}, "bad_request",
                "move_number: a whole number from 1 to 9223372036854775807 is required");
  check_refused(json{{"type", "act"}, {"move_number", 2}, {"action", json{{"type", "dance"}}}}, "bad_request",
                "table: a whole number is required");
  check_refused(json{{"type", "register"}, {"name", "x"}}, "invalid_name",
                "A name has 3 to 24 letters, digits, '_' or '-'.");
}

TEST_CASE("accounts: missing, mistyped and out-of-range fields") {
  check_refused(json{{"type", "hello"}}, "bad_request", "protocol: a whole number is required");
  check_refused(json{{"type", "hello"}, {"protocol", "1"}}, "bad_request",
                "protocol: a whole number from 1 to 1000 is required");
  check_refused(json{{"type", "register"}, {"name", 5}, {"password", "correct horse"}}, "bad_request",
                "name: a text is required");
  check_refused(json{{"type", "register"}, {"name", "ann"}, {"password", "short"}}, "weak_password",
                "A password has 8 to 256 characters.");
  check_refused(json{{"type", "login"}, {"name", "ann"}, {"password", ""}}, "bad_request",
                "password: 1 to 256 characters");
  check_refused(json{{"type", "resume_session"}, {"token", std::string(129, 't')}}, "bad_request",
                "token: 1 to 128 characters");
  check_refused(json{{"type", "change_password"}, {"old_password", "correct horse"}}, "bad_request",
                "new_password: a text is required");
  // The client's name is read only when it is a text, as it always was.
  const auto hello = protocol::decode_client_request(R"({"type":"hello","protocol":1,"client":7})");
  REQUIRE(hello.has_value());
  CHECK(std::get<protocol::client::Hello>(hello->request).client == std::nullopt);
}

TEST_CASE("the lobby: players, options, pace and status") {
  check_refused(json{{"type", "create_table"}, {"players", 6}}, "bad_request",
                "players: a whole number from 2 to 5 is required");
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"options", {{"expansions", {"dragons"}}}}}, "bad_request",
                "options.expansions: each must be \"banquet\" or \"new_society\"");
  // Five players need The New Society: no game can be dealt.
  const auto five = refusal_of(json{{"type", "create_table"}, {"players", 5}, {"options", json::object()}});
  CHECK(five.code == ErrorCode::kBadRequest);
  CHECK_FALSE(five.message.empty());
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"name", nullptr}}, "bad_request", "name: a text is required");
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"move_deadline_hours", 337}}, "bad_request",
                "move_deadline_hours: a whole number from 1 to 336 is required");
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"timeout_policy", 3}}, "bad_request",
                "timeout_policy: an object {takeover_after, takeover_by, vote}");
  // A number beyond int is out of range, not cut down to one that fits.
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"timeout_policy", {{"takeover_after", 4294967297LL}}}},
                "bad_request", "timeout_policy.takeover_after: 1 to 20, or null");
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"timeout_policy", {{"takeover_by", "nobody"}}}},
                "bad_request", "timeout_policy.takeover_by: robot or absent");
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"timeout_policy", {{"vote", "yes"}}}}, "bad_request",
                "timeout_policy.vote: true or false");
  check_refused(json{{"type", "vote_late"}, {"table", 3}, {"choice", "expel"}}, "bad_request",
                "choice: wait, robot or end");
  check_refused(json{{"type", "vote_late"}, {"table", 3}}, "bad_request", "choice: wait, robot or end");
  const auto vote = protocol::decode_client_request(R"({"type":"vote_late","table":3,"choice":"end"})");
  REQUIRE(vote.has_value());
  CHECK(std::get<protocol::client::VoteLate>(vote->request).choice == protocol::LateChoice::kEnd);
  const auto voting = protocol::decode_client_request(
      R"({"type":"create_table","players":3,"move_deadline_hours":24,"timeout_policy":{"vote":true}})");
  REQUIRE(voting.has_value());
  CHECK(std::get<protocol::client::CreateTable>(voting->request).timeout_policy->vote);
  check_refused(json{{"type", "create_table"}, {"players", 3}, {"robots", 4}}, "bad_request",
                "robots: a whole number from 0 to 3 is required");
  // Level 0's random moves are for matches, not a table's opponents.
  check_refused(json{{"type", "create_table"}, {"players", 2}, {"robots", 1}, {"robot_level", 0}}, "bad_request",
                "robot_level: a whole number from 1 to 3 is required");
  check_refused(json{{"type", "create_table"}, {"players", 2}, {"robots", 1}, {"robot_level", 4}}, "bad_request",
                "robot_level: a whole number from 1 to 3 is required");
  check_refused(json{{"type", "create_table"}, {"players", 2}, {"robots", 1}, {"robot_level", "strongest"}}, "bad_request",
                "robot_level: a whole number from 1 to 3 is required");
  const auto level = protocol::decode_client_request(R"({"type":"create_table","players":2,"robots":1,"robot_level":3})");
  REQUIRE(level.has_value());
  CHECK(std::get<protocol::client::CreateTable>(level->request).robot_level == sp::engine::RobotLevel::kDeepSearch);
  check_refused(json{{"type", "list_tables"}, {"status", "aborted"}}, "bad_request", "status: open, playing or finished");
  check_refused(json{{"type", "list_tables"}, {"status", nullptr}}, "bad_request", "status: a text is required");
  check_refused(json{{"type", "join_table"}}, "bad_request", "table: a whole number is required");
  check_refused(json{{"type", "join_table"}, {"table", "12"}}, "bad_request",
                "table: a whole number from 1 to 9223372036854775807 is required");
  check_refused(json{{"type", "invite"}, {"table", 1}, {"name", ""}}, "bad_request", "name: 1 to 64 characters");

  const auto null_pace = protocol::decode_client_request(
      R"({"type":"create_table","players":3,"move_deadline_hours":null,"timeout_policy":{"takeover_after":null}})");
  REQUIRE(null_pace.has_value());
  const auto& create = std::get<protocol::client::CreateTable>(null_pace->request);
  CHECK(create.move_deadline_hours == std::nullopt);
  REQUIRE(create.timeout_policy.has_value());
  CHECK(create.timeout_policy->takeover_after == protocol::TimeoutPolicy::TakeoverAfter{std::nullopt});
}

TEST_CASE("play: the action is decoded to the engine's, or refused naming its field") {
  check_refused(json{{"type", "act"}, {"table", 1}, {"move_number", 1}}, "bad_request", "action: an action object is required");
  check_refused(json{{"type", "act"}, {"table", 1}, {"move_number", 1}, {"action", "pass"}}, "bad_request",
                "action: an action object is required");
  const auto card = refusal_of(
      json{{"type", "act"}, {"table", 1}, {"move_number", 1}, {"action", {{"type", "buy"}, {"card", "dragon"}, {"from", "upper"}}}});
  CHECK(card.wire_code() == "unknown_card");
  CHECK(card.message.rfind("action.", 0) == 0);
  const auto kind = refusal_of(json{{"type", "act"}, {"table", 1}, {"move_number", 1}, {"action", {{"type", "dance"}}}});
  CHECK(kind.wire_code() == "bad_request");
  CHECK(kind.message.rfind("action.", 0) == 0);

  const auto pass = protocol::decode_client_request(
      R"({"type":"act","table":4,"move_number":7,"action":{"type":"pass"}})");
  REQUIRE(pass.has_value());
  const auto& act = std::get<protocol::client::Act>(pass->request);
  CHECK(act.table == 4);
  CHECK(act.move_number == 7);
  CHECK(act.action == engine::Action{engine::Pass{}});

  check_refused(json{{"type", "subscribe"}, {"table", 1}, {"since_move", nullptr}}, "bad_request",
                "since_move: a whole number is required");
  check_refused(json{{"type", "subscribe"}, {"table", 1}, {"since_move", -1}}, "bad_request",
                "since_move: a whole number from 0 to 9223372036854775807 is required");
  check_refused(json{{"type", "chat"}, {"table", 1}, {"text", std::string(501, 'x')}}, "bad_request",
                "text: 1 to 500 characters");
  check_refused(json{{"type", "chat_history"}, {"table", 1}, {"limit", 101}}, "bad_request",
                "limit: a whole number from 1 to 100 is required");
  check_refused(json{{"type", "chat_history"}, {"table", 1}, {"before", 1.5}}, "bad_request",
                "before: a whole number from 1 to 9223372036854775807 is required");
}

TEST_CASE("correspondence play: optional numbers, the webhook's address and the yearly allowance") {
  const auto nulls = protocol::decode_client_request(R"({"type":"notifications","after":null,"limit":null})");
  REQUIRE(nulls.has_value());
  CHECK(std::get<protocol::client::Notifications>(nulls->request) == protocol::client::Notifications{});
  check_refused(json{{"type", "notifications"}, {"limit", 0}}, "bad_request", "limit: a whole number from 1 to 200 is required");
  check_refused(json{{"type", "mark_notifications_read"}, {"up_to", "all"}}, "bad_request",
                "up_to: a whole number from 0 to 9223372036854775807 is required");
  check_refused(json{{"type", "set_webhook"}}, "bad_request", "url: an https:// address, or null to stop");
  check_refused(json{{"type", "set_webhook"}, {"url", 5}}, "bad_request", "url: an https:// address, or null to stop");
  const auto stop = protocol::decode_client_request(R"({"type":"set_webhook","url":null})");
  REQUIRE(stop.has_value());
  CHECK(std::get<protocol::client::SetWebhook>(stop->request).url == std::nullopt);

  check_refused(json{{"type", "set_vacation"}, {"days", 22}}, "bad_request", "days: a whole number from 1 to 21 is required");
  check_refused(json{{"type", "set_vacation"}, {"days", 31}}, "bad_request", "days: a whole number from 1 to 30 is required",
                protocol::RequestLimits{30});
  check_refused(json{{"type", "set_vacation"}, {"days", 2}}, "bad_request", "days: a whole number from 1 to 1 is required",
                protocol::RequestLimits{0});
  check_refused(json{{"type", "debug_advance_clock"}}, "bad_request", "seconds: a whole number is required");
  check_refused(json{{"type", "reclaim_seat"}, {"table", 0}}, "bad_request",
                "table: a whole number from 1 to 9223372036854775807 is required");
}

TEST_CASE("records and administration: tables, moves, seats and statuses") {
  check_refused(json{{"type", "replay_view"}, {"table", 1}, {"move_number", -1}}, "bad_request",
                "move_number: a whole number from 0 to 9223372036854775807 is required");
  check_refused(json{{"type", "table_record"}, {"table", "1"}}, "bad_request",
                "table: a whole number from 1 to 9223372036854775807 is required");
  check_refused(json{{"type", "admin_login"}}, "bad_request", "token: a text is required");
  check_refused(json{{"type", "admin_list_tables"}, {"status", "closed"}}, "bad_request",
                "status: open, playing, finished or aborted");
  check_refused(json{{"type", "admin_remove_player"}, {"table", 1}, {"seat", 5}}, "bad_request",
                "seat: a whole number from 0 to 4 is required");
  check_refused(json{{"type", "admin_replay"}, {"table", 1}, {"move_number", 0}, {"seat", -1}}, "bad_request",
                "seat: a whole number from 0 to 4 is required");
  check_refused(json{{"type", "admin_abort"}, {"table", 1}}, "bad_request", "reason: a text is required");
  check_refused(json{{"type", "admin_log"}, {"limit", 1001}}, "bad_request", "limit: a whole number from 1 to 1000 is required");
}

TEST_CASE("bots: become_bot carries nothing, admin_flag_bot a name, create_table's bots_allowed a boolean") {
  check_refused(json{{"type", "become_bot"}, {"name", "ann"}}, "unknown_field",
                "A become_bot request has no field \"name\".");
  check_refused(json{{"type", "admin_flag_bot"}}, "bad_request", "name: a text is required");
  check_refused(json{{"type", "create_table"}, {"players", 2}, {"bots_allowed", 1}}, "bad_request",
                "bots_allowed: true or false");
  const auto become = protocol::decode_client_request(R"({"type":"become_bot","id":3})");
  REQUIRE(become.has_value());
  CHECK(std::holds_alternative<protocol::client::BecomeBot>(become->request));
  const auto flag = protocol::decode_client_request(R"({"type":"admin_flag_bot","name":"deep_tsar"})");
  REQUIRE(flag.has_value());
  CHECK(std::get<protocol::client::AdminFlagBot>(flag->request).name == "deep_tsar");
  const auto open = protocol::decode_client_request(R"({"type":"create_table","players":2,"bots_allowed":true})");
  REQUIRE(open.has_value());
  CHECK(std::get<protocol::client::CreateTable>(open->request).bots_allowed);
  const auto people = protocol::decode_client_request(R"({"type":"create_table","players":2})");
  REQUIRE(people.has_value());
  CHECK_FALSE(std::get<protocol::client::CreateTable>(people->request).bots_allowed);
  CHECK(protocol::encode_client_request(open->request)["bots_allowed"] == true);
  CHECK_FALSE(protocol::encode_client_request(people->request).contains("bots_allowed"));
}

TEST_CASE("floating vacation: a boolean in set_notice_settings, and create_table's refusal of it, true when left out") {
  check_refused(json{{"type", "set_notice_settings"}, {"floating_vacation", "yes"}}, "bad_request",
                "floating_vacation: true or false");
  check_refused(json{{"type", "create_table"}, {"players", 2}, {"floating_vacation", 0}}, "bad_request",
                "floating_vacation: true or false");
  const auto on = protocol::decode_client_request(R"({"type":"set_notice_settings","floating_vacation":true})");
  REQUIRE(on.has_value());
  CHECK(std::get<protocol::client::SetNoticeSettings>(on->request).floating_vacation == true);
  CHECK(protocol::encode_client_request(on->request)["floating_vacation"] == true);
  const auto unsaid = protocol::decode_client_request(R"({"type":"set_notice_settings","digest_hour":9})");
  REQUIRE(unsaid.has_value());
  CHECK_FALSE(std::get<protocol::client::SetNoticeSettings>(unsaid->request).floating_vacation.has_value());
  const auto refused = protocol::decode_client_request(R"({"type":"create_table","players":2,"floating_vacation":false})");
  REQUIRE(refused.has_value());
  CHECK_FALSE(std::get<protocol::client::CreateTable>(refused->request).floating_vacation);
  CHECK(protocol::encode_client_request(refused->request)["floating_vacation"] == false);
  const auto allowed = protocol::decode_client_request(R"({"type":"create_table","players":2})");
  REQUIRE(allowed.has_value());
  CHECK(std::get<protocol::client::CreateTable>(allowed->request).floating_vacation);
  CHECK_FALSE(protocol::encode_client_request(allowed->request).contains("floating_vacation"));
}

TEST_CASE("tournaments: the invalid examples of tests/schema are refused with their sentences") {
  const std::vector<std::pair<std::string, std::string>> sentences = {
      {"create_tournament__unknown_table_key.json", "table.private: not a field of a competition's tables"},
      {"create_tournament__group_size_with_swiss.json", "group_size: only for round_robin"},
      {"create_tournament__advance_out_of_range.json", "advance: a whole number from 1 to 3 is required"},
      {"create_tournament__rounds_zero.json", "rounds: a whole number from 1 to 20 is required"},
      {"create_tournament__two_players.json", "table.players: a whole number from 3 to 5 is required"},
      {"create_tournament__rounds_with_elimination.json",
       "rounds: left out for elimination, whose rounds follow from the field"},
      {"create_tournament__round_robin_without_group_size.json", "group_size: a whole number is required"},
      {"list_tournaments__unknown_status.json", "status: registering, playing, finished or cancelled"},
      {"register_tournament__no_tournament.json", "tournament: a whole number is required"},
      {"admin_disqualify__reason_too_long.json", "reason: 1 to 200 characters"},
  };
  for (const auto& [name, sentence] : sentences) {
    INFO(name);
    check_refused(read_json(std::string(SPB_SCHEMA_EXAMPLES_DIR "/invalid/") + name), "bad_request", sentence);
  }
}

TEST_CASE("tournaments: dates in order, a table's fields named under table., the entry's under entry.") {
  const json swiss = json::parse(R"({"type":"create_tournament","name":"Spring","format":"swiss","rounds":3,
      "table":{"players":3},"registration_closes_at":1000,"starts_at":2000})");
  const auto with = [&swiss](const json& changes) {
    json frame = swiss;
    frame.merge_patch(changes);
    return frame;
  };
  check_refused(with({{"starts_at", 999}}), "bad_request", "starts_at: at or after registration_closes_at");
  check_refused(with({{"finish_by", 2000}}), "bad_request", "finish_by: after starts_at");
  check_refused(with({{"registration_closes_at", nullptr}}), "bad_request", "registration_closes_at: a whole number is required");
  check_refused(with({{"format", "ladder"}}), "bad_request", "format: swiss, round_robin or elimination");
  check_refused(with({{"name", ""}}), "bad_request", "name: 1 to 60 characters");
  const auto unshown = refusal_of(with({{"name", "a\nb"}}));
  CHECK(unshown.code == ErrorCode::kInvalidName);
  CHECK(unshown.message.starts_with("name: that tournament name cannot be shown to other players. "));
  check_refused(with({{"table", 3}}), "bad_request",
                "table: an object {players, options, move_deadline_hours, time_bank, timeout_policy, rated, "
                "robot_level} is required");
  check_refused(with({{"table", {{"name", "x"}}}}), "bad_request", "table.name: not a field of a competition's tables");
  check_refused(with({{"table", {{"players", nullptr}, {"rated", true}}}}), "bad_request",
                "table.players: a whole number is required");
  check_refused(with({{"table", {{"time_bank", {{"initial_hours", 0}}}}}}), "bad_request",
                "table.time_bank: an object {initial_hours: 1 to 720, increment_hours: 0 to 336, cap_hours: "
                "initial_hours to 1440}");
  check_refused(with({{"table", {{"timeout_policy", {{"takeover_by", "nobody"}}}}}}), "bad_request",
                "table.timeout_policy.takeover_by: robot or absent");
  check_refused(with({{"table", {{"move_deadline_hours", 24}, {"time_bank", {{"initial_hours", 24}, {"increment_hours", 1}, {"cap_hours", 48}}}}}}),
                "bad_request", "table.time_bank: a table has a move deadline or a time bank, not both");
  check_refused(with({{"table", {{"options", {{"expansions", {"dragons"}}}}}}}), "bad_request",
                "table.options.expansions: each must be \"banquet\" or \"new_society\"");
  // A sentence about the whole game, not one of its fields.
  check_refused(with({{"table", {{"players", 5}, {"options", {{"expansions", json::array()}}}}}}), "bad_request",
                "table: Five players need The New Society expansion.");
  check_refused(with({{"table", {{"robot_level", 0}}}}), "bad_request",
                "table.robot_level: a whole number from 1 to 3 is required");
  check_refused(with({{"entry", {{"min_rating", 101}}}}), "bad_request", "entry.min_rating: a number from -100.0 to 100.0");
  check_refused(with({{"entry", {{"friends_only", true}}}}), "bad_request", "entry.friends_only: not an entry condition");
  check_refused(with({{"entry", {{"invitation_only", "yes"}}}}), "bad_request", "entry.invitation_only: true or false");
  check_refused(with({{"advance", 1}}), "bad_request", "advance: only for elimination");
  check_refused(with({{"max_players", 501}}), "bad_request", "max_players: a whole number from 3 to 500 is required");
  check_refused(with({{"duplicate", 1}}), "bad_request", "duplicate: true or false");
  json robin = with({{"format", "round_robin"}, {"group_size", 13}});
  check_refused(robin, "bad_request", "group_size: a whole number from 3 to 12 is required");

  // What the typed request holds: the table read by create_table's reader, no floating vacation days.
  const auto decoded = protocol::decode_client_request(
      with({{"table", {{"players", 4}, {"rated", true}, {"robot_level", 2}}}, {"duplicate", true}}).dump());
  REQUIRE(decoded.has_value());
  const auto& create = std::get<protocol::client::CreateTournament>(decoded->request);
  CHECK(create.table.players == 4);
  CHECK(create.table.rated);
  CHECK(create.table.robot_level == sp::engine::RobotLevel{2});
  CHECK_FALSE(create.table.floating_vacation);
  CHECK(create.duplicate);
  CHECK(create.rounds == 3);
  CHECK_FALSE(create.group_size.has_value());
  const auto knockout = protocol::decode_client_request(
      R"({"type":"create_tournament","name":"K","format":"elimination","table":{"players":3},
          "registration_closes_at":5,"starts_at":5,"advance":2})");
  REQUIRE(knockout.has_value());
  CHECK(std::get<protocol::client::CreateTournament>(knockout->request).rounds == 0);
  CHECK(std::get<protocol::client::CreateTournament>(knockout->request).advance == 2);
  check_refused(json{{"type", "tournament"}, {"tournament", 0}}, "bad_request",
                "tournament: a whole number from 1 to 9223372036854775807 is required");
  check_refused(json{{"type", "admin_disqualify"}, {"tournament", 1}, {"name", "bob"}, {"reason", "a\u202eb"}}, "bad_request",
                "reason: " + refusal_of(json{{"type", "admin_abort"}, {"table", 1}, {"reason", "a\u202eb"}}).message.substr(8));
}
