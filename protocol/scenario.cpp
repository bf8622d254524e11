#include "protocol/scenario.hpp"

#include <optional>
#include <vector>

#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

// A problem with the file itself: where, and what.
struct InvalidFile {
  std::string message;
};

template <typename T>
using Parsed = Expected<T, InvalidFile>;

Unexpected<InvalidFile> invalid(std::string message) { return unexpected(InvalidFile{std::move(message)}); }

bool is_seat_array(const json& expected) {
  if (!expected.is_array() || expected.empty()) return false;
  for (const json& e : expected) {
    if (!e.is_object() || !e.contains("seat")) return false;
  }
  return true;
}

Parsed<std::vector<std::string>> parse_players(const json& doc) {
  const auto it = doc.find("players");
  if (it == doc.end() || !it->is_array()) return invalid("players: must be a list of names");
  std::vector<std::string> names;
  for (const json& name : *it) {
    if (!name.is_string()) return invalid("players: each name must be a string");
    names.push_back(name.get<std::string>());
  }
  if (names.size() < 2 || names.size() > 5) return invalid("players: a table seats 2 to 5 players");
  return names;
}

Parsed<engine::Seat> parse_seat(const json& j, const std::string& where, std::size_t players) {
  if (!j.is_number_integer() || j.get<long long>() < 0 || j.get<long long>() >= static_cast<long long>(players)) {
    return invalid(where + ": must be a seat number from 0 to " + std::to_string(players - 1));
  }
  return engine::Seat{static_cast<std::uint8_t>(j.get<int>())};
}

Parsed<bool> parse_setup(const json& doc, engine::GameSetup& setup) {
  const auto it = doc.find("setup");
  if (it == doc.end()) return true;
  const json& s = *it;
  if (!s.is_object()) return invalid("setup: must be an object");
  if (const auto seed = s.find("seed"); seed != s.end()) {
    if (!seed->is_number_unsigned() && !seed->is_number_integer()) return invalid("setup.seed: must be a whole number");
    setup.seed = seed->is_number_unsigned() ? seed->get<std::uint64_t>()
                                            : static_cast<std::uint64_t>(seed->get<std::int64_t>());
  }
  if (const auto stacks = s.find("stacks"); stacks != s.end()) {
    if (!stacks->is_object()) return invalid("setup.stacks: must be an object");
    for (const auto& [name, cards] : stacks->items()) {
      const auto deck = engine::deck_from_string(name);
      if (!deck) return invalid("setup.stacks." + name + ": there is no such stack");
      if (!cards.is_array()) return invalid("setup.stacks." + name + ": must be a list of card ids");
      std::vector<engine::CardId> list;
      for (std::size_t i = 0; i < cards.size(); ++i) {
        auto card = decode_card(cards[i], "setup.stacks." + name + "[" + std::to_string(i) + "]");
        if (!card) return invalid(card.error().message);
        list.push_back(*card);
      }
      setup.stacks[static_cast<int>(*deck)] = std::move(list);
    }
  }
  if (const auto markers = s.find("starting_markers"); markers != s.end()) {
    if (!markers->is_object()) return invalid("setup.starting_markers: must be an object");
    std::array<engine::Seat, 4> holders{};
    for (int phase = 0; phase < 4; ++phase) {
      const std::string name(engine::to_string(static_cast<engine::Phase>(phase)));
      const auto holder = markers->find(name);
      if (holder == markers->end()) return invalid("setup.starting_markers." + name + ": is missing");
      auto seat = parse_seat(*holder, "setup.starting_markers." + name, static_cast<std::size_t>(setup.player_count));
      if (!seat) return unexpected(seat.error());
      holders[phase] = *seat;
    }
    setup.starting_markers = holders;
  }
  if (const auto rubles = s.find("rubles"); rubles != s.end()) {
    if (!rubles->is_array()) return invalid("setup.rubles: must be a list of whole numbers");
    std::vector<int> amounts;
    for (const json& r : *rubles) {
      if (!r.is_number_integer() || r.get<long long>() < 0 || r.get<long long>() > 100000) {
        return invalid("setup.rubles: each must be a whole number from 0 to 100000");
      }
      amounts.push_back(r.get<int>());
    }
    setup.rubles = std::move(amounts);
  }
  if (const auto disc = s.find("disc"); disc != s.end() && !disc->is_null()) {
    auto seat = parse_seat(*disc, "setup.disc", static_cast<std::size_t>(setup.player_count));
    if (!seat) return unexpected(seat.error());
    setup.disc = *seat;
  }
  return true;
}

json invalid_output(const std::string& message) {
  return json{{"error", {{"code", "invalid_scenario"}, {"message", message}}}};
}

}  // namespace

void match_partial(const json& expected, const json& actual, const std::string& path, json& mismatches) {
  if (expected.is_object() && actual.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      const std::string child = path.empty() ? key : path + "." + key;
      const auto it = actual.find(key);
      if (it == actual.end()) {
        mismatches.push_back({{"path", child}, {"expected", value}, {"actual", nullptr}});
      } else {
        match_partial(value, *it, child, mismatches);
      }
    }
    return;
  }
  if (is_seat_array(expected) && actual.is_array()) {
    for (const json& e : expected) {
      const std::string child = path + "[seat=" + e.at("seat").dump() + "]";
      const json* found = nullptr;
      for (const json& a : actual) {
        if (a.is_object() && a.contains("seat") && a.at("seat") == e.at("seat")) found = &a;
      }
      if (found == nullptr) {
        mismatches.push_back({{"path", child}, {"expected", e}, {"actual", nullptr}});
      } else {
        match_partial(e, *found, child, mismatches);
      }
    }
    return;
  }
  if (expected != actual) mismatches.push_back({{"path", path}, {"expected", expected}, {"actual", actual}});
}

ScenarioOutcome run_scenario(const std::string& text) {
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return {2, invalid_output("the file is not valid JSON")};
  if (!doc.is_object()) return {2, invalid_output("the scenario must be a JSON object")};

  const auto names = parse_players(doc);
  if (!names) return {2, invalid_output(names.error().message)};
  engine::GameSetup setup;
  setup.player_count = static_cast<int>(names->size());
  const auto options = decode_options(doc.contains("options") ? doc.at("options") : json(nullptr));
  if (!options) return {2, invalid_output(options.error().message)};
  setup.options = *options;
  if (auto ok = parse_setup(doc, setup); !ok) return {2, invalid_output(ok.error().message)};

  const json actions = doc.contains("actions") ? doc.at("actions") : json::array();
  if (!actions.is_array()) return {2, invalid_output("actions: must be a list")};
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string where = "actions[" + std::to_string(i) + "]";
    if (!actions[i].is_object()) return {2, invalid_output(where + ": must be an object")};
    if (!actions[i].contains("seat")) return {2, invalid_output(where + ".seat: is missing")};
    if (!actions[i].at("seat").is_number_integer()) return {2, invalid_output(where + ".seat: must be a whole number")};
    if (!actions[i].contains("type") || !actions[i].at("type").is_string()) {
      return {2, invalid_output(where + ".type: must be an action name")};
    }
  }
  const auto expect = doc.find("expect");
  if (expect != doc.end() && !expect->is_object()) return {2, invalid_output("expect: must be an object")};

  auto state = engine::new_game(setup);
  if (!state) return {2, invalid_output("setup: " + state.error().message)};

  json results = json::array();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const json& a = actions[i];
    json result{{"index", i}};
    const long long seat = a.at("seat").get<long long>();
    const auto action = decode_action(a);
    if (!action) {
      result["ok"] = false;
      result["error"] = {{"code", action.error().code}, {"message", action.error().message}};
    } else if (seat < 0 || seat > 255) {
      result["ok"] = false;
      result["error"] = {{"code", "unknown_seat"}, {"message", "There is no seat " + std::to_string(seat) + " at this table."}};
    } else {
      auto applied = engine::apply_in_place(*state, engine::Seat{static_cast<std::uint8_t>(seat)}, *action, nullptr);
      result["ok"] = applied.has_value();
      if (!applied) result["error"] = encode_rule_error(applied.error());
    }
    results.push_back(std::move(result));
  }

  json final_state = encode_view(engine::view_for(*state, engine::Viewer::administrator()), *names);
  final_state["state_hash"] = engine::state_hash_hex(*state);
  json mismatches = json::array();
  if (expect != doc.end()) match_partial(*expect, final_state, "", mismatches);
  const bool held = mismatches.empty();
  return {held ? 0 : 1,
          json{{"results", results}, {"state", final_state}, {"expect", {{"ok", held}, {"mismatches", mismatches}}}}};
}

}  // namespace sp::protocol
