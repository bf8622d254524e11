#include "protocol/engine_json.hpp"

#include <doctest/doctest.h>

#include "engine/setup.hpp"
#include "engine/view.hpp"

using namespace sp;
using nlohmann::json;

TEST_CASE("every kind of action survives a round trip through JSON") {
  const char* actions[] = {
      R"({"type":"buy","card":"st_isaacs_cathedral","from":"lower","displace":"market"})",
      R"({"type":"take","card":"gold_miner","from":"upper"})",
      R"({"type":"play","card":"jester","target":"fur_shop"})",
      R"({"type":"pass","until_phase_end":true})",
      R"({"type":"pass"})",
      R"({"type":"cancel_pass_until_phase_end"})",
      R"({"type":"observatory","stack":"building"})",
      R"({"type":"discard","card":"sycophant","from":"tableau"})",
      R"({"type":"discard"})",
      R"({"type":"pub","points":3})",
      R"({"type":"guild_hall","rubles":1,"points":3})",
      R"({"type":"trading_house"})",
      R"({"type":"debtors_prison"})",
  };
  for (const char* text : actions) {
    const json j = json::parse(text);
    const auto action = protocol::decode_action(j);
    REQUIRE_MESSAGE(action.has_value(), text);
    CHECK(protocol::encode_action(*action) == j);
  }
}

TEST_CASE("malformed actions are refused with a code and the field's name, never an exception") {
  struct Case {
    const char* text;
    const char* code;
    const char* mentions;
  };
  const Case cases[] = {
      {R"([1,2])", "bad_action", "object"},
      {R"({"card":"market"})", "bad_action", "type"},
      {R"({"type":"buy","card":"dragon","from":"upper"})", "unknown_card", "dragon"},
      {R"({"type":"buy","card":"market"})", "bad_action", "from"},
      {R"({"type":"buy","card":"market","from":"attic"})", "bad_action", "from"},
      {R"({"type":"buy","card":7,"from":"upper"})", "bad_action", "card"},
      {R"({"type":"pass","until_phase_end":"yes"})", "bad_action", "until_phase_end"},
      {R"({"type":"pub","points":"three"})", "bad_action", "points"},
      {R"({"type":"observatory","stack":"cellar"})", "bad_action", "stack"},
      {R"({"type":"dance"})", "unknown_action", "dance"},
  };
  for (const Case& c : cases) {
    const auto action = protocol::decode_action(json::parse(c.text));
    REQUIRE_MESSAGE(!action.has_value(), c.text);
    CHECK(action.error().code == c.code);
    CHECK_MESSAGE(action.error().message.find(c.mentions) != std::string::npos, action.error().message);
  }
}

TEST_CASE("options default to the online style and refuse unknown names") {
  const auto defaults = protocol::decode_options(json::object());
  REQUIRE(defaults.has_value());
  CHECK(*defaults == engine::TableOptions{});
  const auto hidden = protocol::decode_options(json::parse(R"({"public_money": false})"));
  REQUIRE(hidden.has_value());
  CHECK_FALSE(hidden->auto_pass_forced);
  CHECK_FALSE(protocol::decode_options(json::parse(R"({"public_monay": false})")).has_value());
  CHECK_FALSE(protocol::decode_options(json::parse(R"({"expansions": ["dragons"]})")).has_value());
  CHECK_FALSE(protocol::decode_options(json::parse(R"({"pub_timing": "never"})")).has_value());
}

TEST_CASE("a seat's view as JSON shows hidden fields as null and never the stacks' order") {
  engine::GameSetup setup;
  setup.player_count = 2;
  setup.options.public_money = false;
  setup.options.auto_pass_forced = false;
  const auto state = engine::new_game(setup);
  REQUIRE(state.has_value());
  const std::vector<std::string> names{"Ann", "Bob"};
  const json view = protocol::encode_view(engine::view_for(*state, engine::Viewer::of_seat(engine::Seat{0})), names);
  CHECK(view.at("players").at(0).at("rubles") == 25);
  CHECK(view.at("players").at(1).at("rubles").is_null());
  CHECK(view.at("players").at(1).at("name") == "Bob");
  CHECK_FALSE(view.contains("stack_order"));
  CHECK(view.contains("stack_contents"));
}
