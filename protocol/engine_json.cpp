#include "protocol/engine_json.hpp"

#include <optional>

#include "engine/overloaded.hpp"
#include "protocol/echoed_text.hpp"

namespace sp::protocol {
namespace {

using engine::CardId;
using engine::Source;

Unexpected<DecodeError> bad(std::string code, std::string message) {
  return unexpected(DecodeError{std::move(code), std::move(message)});
}

std::string card_name(CardId card) { return std::string(engine::spec(card).id); }

json card_list(const auto& cards) {
  json out = json::array();
  for (CardId card : cards) out.push_back(card_name(card));
  return out;
}

std::optional<Source> source_from_string(std::string_view text) {
  for (Source s : {Source::kUpper, Source::kLower, Source::kDrawn, Source::kDiscard, Source::kHand,
                   Source::kTableau}) {
    if (to_string(s) == text) return s;
  }
  return std::nullopt;
}

// Reads an optional field of the given JSON type; a field of another type is an error.
Expected<const json*, DecodeError> field(const json& j, const char* name, json::value_t type, bool required) {
  const auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (required) return bad("bad_action", std::string(name) + ": this field is required");
    return static_cast<const json*>(nullptr);
  }
  const bool ok = type == json::value_t::number_integer ? it->is_number_integer() : it->type() == type;
  if (!ok) {
    const char* expected = type == json::value_t::string    ? "a string"
                           : type == json::value_t::boolean ? "true or false"
                                                             : "a whole number";
    return bad("bad_action", std::string(name) + ": must be " + expected);
  }
  return &*it;
}

Expected<std::optional<CardId>, DecodeError> optional_card(const json& j, const char* name, bool required) {
  auto f = field(j, name, json::value_t::string, required);
  if (!f) return unexpected(f.error());
  if (*f == nullptr) return std::optional<CardId>{};
  auto card = decode_card(**f, name);
  if (!card) return unexpected(card.error());
  return std::optional<CardId>{*card};
}

Expected<std::optional<Source>, DecodeError> optional_source(const json& j, bool required) {
  auto f = field(j, "from", json::value_t::string, required);
  if (!f) return unexpected(f.error());
  if (*f == nullptr) return std::optional<Source>{};
  const auto source = source_from_string((*f)->get<std::string>());
  if (!source) {
    return bad("bad_action", "from: must be one of upper, lower, drawn, discard, hand, tableau");
  }
  return std::optional<Source>{*source};
}

Expected<int, DecodeError> whole_number(const json& j, const char* name) {
  auto f = field(j, name, json::value_t::number_integer, true);
  if (!f) return unexpected(f.error());
  const auto value = (*f)->get<long long>();
  if (value < -1000000 || value > 1000000) return bad("bad_action", std::string(name) + ": out of range");
  return static_cast<int>(value);
}

Expected<engine::Action, DecodeError> decode_card_move(const json& j, const std::string& type) {
  auto card = optional_card(j, "card", true);
  if (!card) return unexpected(card.error());
  if (type == "play") {
    auto displace = optional_card(j, "displace", false);
    if (!displace) return unexpected(displace.error());
    auto target = optional_card(j, "target", false);
    if (!target) return unexpected(target.error());
    return engine::Action{engine::Play{**card, *displace, *target}};
  }
  auto from = optional_source(j, true);
  if (!from) return unexpected(from.error());
  if (type == "take") return engine::Action{engine::Take{**card, **from}};
  auto displace = optional_card(j, "displace", false);
  if (!displace) return unexpected(displace.error());
  return engine::Action{engine::Buy{**card, **from, *displace}};
}

}  // namespace

std::string_view to_string(Source source) {
  switch (source) {
    case Source::kUpper: return "upper";
    case Source::kLower: return "lower";
    case Source::kDrawn: return "drawn";
    case Source::kDiscard: return "discard";
    case Source::kHand: return "hand";
    case Source::kTableau: return "tableau";
  }
  return "unknown";
}

std::string_view to_string(engine::Step step) {
  switch (step) {
    case engine::Step::kActions: return "actions";
    case engine::Step::kPickpocket: return "pickpocket";
    case engine::Step::kDrawnCard: return "drawn_card";
    case engine::Step::kDiscardPick: return "discard_pick";
    case engine::Step::kPubPurchase: return "pub_purchase";
    case engine::Step::kFinished: return "finished";
  }
  return "unknown";
}

std::string_view to_string(engine::PubTiming timing) {
  return timing == engine::PubTiming::kBuildingActions ? "building_actions" : "after_building_scoring";
}

Expected<CardId, DecodeError> decode_card(const json& j, std::string_view name) {
  if (!j.is_string()) return bad("bad_action", std::string(name) + ": must be a card id (a string)");
  const auto& text = j.get_ref<const std::string&>();
  const auto card = engine::find_card(text);
  if (!card) {
    return bad("unknown_card", std::string(name) + ": there is no card called \"" + echoed(text) + "\"");
  }
  return *card;
}

Expected<engine::Action, DecodeError> decode_action(const json& j) {
  if (!j.is_object()) return bad("bad_action", "an action must be a JSON object");
  auto type_field = field(j, "type", json::value_t::string, true);
  if (!type_field) return unexpected(type_field.error());
  const std::string type = (*type_field)->get<std::string>();

  if (type == "buy" || type == "take" || type == "play") return decode_card_move(j, type);
  if (type == "pass") {
    auto until = field(j, "until_phase_end", json::value_t::boolean, false);
    if (!until) return unexpected(until.error());
    return engine::Action{engine::Pass{*until != nullptr && (*until)->get<bool>()}};
  }
  if (type == "cancel_pass_until_phase_end") return engine::Action{engine::CancelPassUntilPhaseEnd{}};
  if (type == "observatory") {
    auto stack = field(j, "stack", json::value_t::string, true);
    if (!stack) return unexpected(stack.error());
    const auto deck = engine::deck_from_string((*stack)->get<std::string>());
    if (!deck) return bad("bad_action", "stack: must be one of worker, building, aristocrat, trading");
    return engine::Action{engine::UseObservatory{*deck}};
  }
  if (type == "discard") {
    auto card = optional_card(j, "card", false);
    if (!card) return unexpected(card.error());
    auto from = optional_source(j, false);
    if (!from) return unexpected(from.error());
    return engine::Action{engine::Discard{*card, *from}};
  }
  if (type == "pub") {
    auto points = whole_number(j, "points");
    if (!points) return unexpected(points.error());
    return engine::Action{engine::BuyPoints{*points}};
  }
  if (type == "guild_hall") {
    auto rubles = whole_number(j, "rubles");
    if (!rubles) return unexpected(rubles.error());
    auto points = whole_number(j, "points");
    if (!points) return unexpected(points.error());
    return engine::Action{engine::SetGuildHall{*rubles, *points}};
  }
  if (type == "trading_house") return engine::Action{engine::UseTradingHouse{}};
  if (type == "debtors_prison") return engine::Action{engine::UseDebtorsPrison{}};
  return bad("unknown_action", "type: there is no action called \"" + echoed(type) + "\"");
}

json encode_action(const engine::Action& action) {
  return std::visit(
      Overloaded{
          [](const engine::Buy& a) {
            json j{{"type", "buy"}, {"card", card_name(a.card)}, {"from", to_string(a.from)}};
            if (a.displace) j["displace"] = card_name(*a.displace);
            return j;
          },
          [](const engine::Take& a) {
            return json{{"type", "take"}, {"card", card_name(a.card)}, {"from", to_string(a.from)}};
          },
          [](const engine::Play& a) {
            json j{{"type", "play"}, {"card", card_name(a.card)}};
            if (a.displace) j["displace"] = card_name(*a.displace);
            if (a.target) j["target"] = card_name(*a.target);
            return j;
          },
          [](const engine::Pass& a) {
            json j{{"type", "pass"}};
            if (a.until_phase_end) j["until_phase_end"] = true;
            return j;
          },
          [](const engine::CancelPassUntilPhaseEnd&) { return json{{"type", "cancel_pass_until_phase_end"}}; },
          [](const engine::UseObservatory& a) {
            return json{{"type", "observatory"}, {"stack", engine::to_string(a.stack)}};
          },
          [](const engine::Discard& a) {
            json j{{"type", "discard"}};
            if (a.card) j["card"] = card_name(*a.card);
            if (a.from) j["from"] = to_string(*a.from);
            return j;
          },
          [](const engine::BuyPoints& a) { return json{{"type", "pub"}, {"points", a.points}}; },
          [](const engine::SetGuildHall& a) {
            return json{{"type", "guild_hall"}, {"rubles", a.rubles}, {"points", a.points}};
          },
          [](const engine::UseTradingHouse&) { return json{{"type", "trading_house"}}; },
          [](const engine::UseDebtorsPrison&) { return json{{"type", "debtors_prison"}}; },
      },
      action);
}

Expected<engine::TableOptions, DecodeError> decode_options(const json& j) {
  engine::TableOptions options;
  if (j.is_null()) return options;
  if (!j.is_object()) return bad("bad_options", "options: must be a JSON object");
  auto boolean = [&](const char* name, bool& out) -> Expected<bool, DecodeError> {
    const auto it = j.find(name);
    if (it == j.end()) return false;
    if (!it->is_boolean()) return bad("bad_options", std::string("options.") + name + ": must be true or false");
    out = it->get<bool>();
    return true;
  };
  for (const auto& [key, value] : j.items()) {
    static constexpr std::string_view kKnown[] = {"expansions",        "public_money",         "public_hands",
                                                  "stack_peek",        "pub_timing",           "pass_until_phase_end",
                                                  "auto_pass_forced"};
    if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown)) {
      return bad("bad_options", "options." + echoed(key) + ": there is no such option");
    }
  }
  if (const auto it = j.find("expansions"); it != j.end()) {
    if (!it->is_array()) return bad("bad_options", "options.expansions: must be a list");
    for (const json& e : *it) {
      if (e == "banquet") {
        options.expansions.banquet = true;
      } else if (e == "new_society") {
        options.expansions.new_society = true;
      } else {
        return bad("bad_options", "options.expansions: each must be \"banquet\" or \"new_society\"");
      }
    }
  }
  for (auto [name, target] : {std::pair{"public_money", &options.public_money},
                              std::pair{"public_hands", &options.public_hands},
                              std::pair{"stack_peek", &options.stack_peek},
                              std::pair{"pass_until_phase_end", &options.pass_until_phase_end}}) {
    if (auto r = boolean(name, *target); !r) return unexpected(r.error());
  }
  // Forced passes default to on only where money and hands are public.
  options.auto_pass_forced = options.public_money && options.public_hands;
  if (auto r = boolean("auto_pass_forced", options.auto_pass_forced); !r) return unexpected(r.error());
  if (const auto it = j.find("pub_timing"); it != j.end()) {
    if (*it == "building_actions") {
      options.pub_timing = engine::PubTiming::kBuildingActions;
    } else if (*it == "after_building_scoring") {
      options.pub_timing = engine::PubTiming::kAfterBuildingScoring;
    } else {
      return bad("bad_options", "options.pub_timing: must be \"building_actions\" or \"after_building_scoring\"");
    }
  }
  return options;
}

json encode_options(const engine::TableOptions& o) {
  json expansions = json::array();
  if (o.expansions.banquet) expansions.push_back("banquet");
  if (o.expansions.new_society) expansions.push_back("new_society");
  return json{{"expansions", std::move(expansions)},
              {"public_money", o.public_money},
              {"public_hands", o.public_hands},
              {"stack_peek", o.stack_peek},
              {"pub_timing", to_string(o.pub_timing)},
              {"pass_until_phase_end", o.pass_until_phase_end},
              {"auto_pass_forced", o.auto_pass_forced}};
}

json encode_player(const engine::PlayerView& p, std::span<const std::string> names) {
  json tableau = json::array();
  json face_down = json::array();
  json attached = json::array();
  for (const engine::TableauCard& t : p.tableau) {
    tableau.push_back(card_name(t.card));
    if (t.face_down) face_down.push_back(card_name(t.card));
    if (t.jester) attached.push_back({{"card", "jester"}, {"target", card_name(t.card)}});
    if (t.banquet) attached.push_back({{"card", "banquet"}, {"target", card_name(t.card)}});
  }
  json markers = json::array();
  for (engine::Phase phase : p.starting_markers) markers.push_back(engine::to_string(phase));
  return json{{"seat", p.seat.value},
              {"name", p.seat.value < names.size() ? names[p.seat.value] : std::string()},
              {"rubles", p.rubles ? json(*p.rubles) : json(nullptr)},
              {"points", p.points},
              {"hand", p.hand ? card_list(*p.hand) : json(nullptr)},
              {"hand_size", p.hand_size},
              {"tableau", std::move(tableau)},
              {"face_down", std::move(face_down)},
              {"attached", std::move(attached)},
              {"starting_markers", std::move(markers)},
              {"disc", p.disc},
              {"passed_until_phase_end", p.passed_until_phase_end},
              {"pub_used", p.pub_used},
              {"trading_house_used", p.trading_house_used},
              {"guild_hall", {{"rubles", p.guild_hall_rubles}, {"points", 4 - p.guild_hall_rubles}}}};
}

json encode_stack_contents(const std::array<engine::StackView, engine::kDeckCount>& stacks) {
  json contents = json::object();
  for (int d = 0; d < engine::kDeckCount; ++d) {
    const engine::StackView& s = stacks[d];
    if (!s.contents) continue;
    json counts = json::object();
    for (const engine::CardCount& c : *s.contents) counts[card_name(c.card)] = c.count;
    contents[std::string(engine::to_string(static_cast<engine::Deck>(d)))] = std::move(counts);
  }
  return contents;
}

json encode_view_rest(const engine::TableView& v) {
  json to_act = json::array();
  for (engine::Seat seat : v.to_act) to_act.push_back(seat.value);
  json stacks = json::object();
  json order = json::object();
  for (int d = 0; d < engine::kDeckCount; ++d) {
    const std::string deck(engine::to_string(static_cast<engine::Deck>(d)));
    const engine::StackView& s = v.stacks[d];
    stacks[deck] = s.size;
    if (s.order) order[deck] = card_list(*s.order);
  }
  json out{{"round", v.round},
           {"phase", engine::to_string(v.phase)},
           {"step", to_string(v.step)},
           {"to_act", std::move(to_act)},
           {"move_number", v.move_number},
           {"last_round", v.last_round},
           {"board", {{"upper", card_list(v.upper)}, {"lower", card_list(v.lower)}}},
           {"stacks", std::move(stacks)},
           {"discard", card_list(v.discard)},
           {"card_drawn", v.card_drawn},
           {"drawn", v.drawn ? json(card_name(*v.drawn)) : json(nullptr)},
           {"disc", v.disc ? json(v.disc->value) : json(nullptr)},
           {"final", nullptr}};
  if (!order.empty()) out["stack_order"] = std::move(order);
  if (v.ranking) {
    json ranking = json::array();
    for (engine::Seat seat : *v.ranking) ranking.push_back(seat.value);
    json finals = json::array();
    for (const engine::PlayerView& p : v.players) {
      const engine::FinalScore& f = *p.final_score;
      finals.push_back({{"seat", p.seat.value},
                        {"points", f.points_before},
                        {"aristocrat_bonus", f.aristocrat_bonus},
                        {"money_points", f.money_points},
                        {"hand_penalty", f.hand_penalty},
                        {"total", f.total},
                        {"place", f.place}});
    }
    out["final"] = {{"ranking", std::move(ranking)}, {"players", std::move(finals)}};
  }
  return out;
}

json encode_view(const engine::TableView& v, std::span<const std::string> names) {
  json out = encode_view_rest(v);
  json players = json::array();
  for (const engine::PlayerView& p : v.players) players.push_back(encode_player(p, names));
  out["players"] = std::move(players);
  out["options"] = encode_options(v.options);
  json contents = encode_stack_contents(v.stacks);
  if (!contents.empty()) out["stack_contents"] = std::move(contents);
  return out;
}

namespace {

// A card engine::event_for blanked out for the viewer is null on the wire.
json hidden_or_card(CardId card) { return card == CardId{} ? json(nullptr) : json(card_name(card)); }

}  // namespace

json encode_event(const engine::Event& event) {
  auto optional_card_json = [](const std::optional<CardId>& card) {
    return card ? json(card_name(*card)) : json(nullptr);
  };
  return std::visit(
      Overloaded{
          [&](const engine::CardBought& e) {
            return json{{"type", "card_bought"}, {"seat", e.seat.value}, {"card", card_name(e.card)},
                        {"from", to_string(e.from)}, {"price", e.price}, {"displaced", optional_card_json(e.displaced)}};
          },
          [](const engine::CardTaken& e) {
            return json{{"type", "card_taken"}, {"seat", e.seat.value}, {"card", hidden_or_card(e.card)},
                        {"from", to_string(e.from)}};
          },
          [&](const engine::CardPlayed& e) {
            return json{{"type", "card_played"}, {"seat", e.seat.value}, {"card", card_name(e.card)},
                        {"price", e.price}, {"displaced", optional_card_json(e.displaced)},
                        {"target", optional_card_json(e.target)}};
          },
          [](const engine::Passed& e) {
            const char* kind = e.kind == engine::PassKind::kChosen          ? "chosen"
                               : e.kind == engine::PassKind::kUntilPhaseEnd ? "until_phase_end"
                                                                            : "forced";
            return json{{"type", "passed"}, {"seat", e.seat.value}, {"kind", kind},
                        {"until_phase_end", e.until_phase_end}};
          },
          [](const engine::PassUntilPhaseEndCancelled& e) {
            return json{{"type", "pass_until_phase_end_cancelled"}, {"seat", e.seat.value}};
          },
          [](const engine::ObservatoryUsed& e) {
            return json{{"type", "observatory_used"}, {"seat", e.seat.value}, {"stack", engine::to_string(e.stack)},
                        {"drawn", hidden_or_card(e.drawn)}};
          },
          [](const engine::DebtorsPrisonUsed& e) {
            return json{{"type", "debtors_prison_used"}, {"seat", e.seat.value}};
          },
          [](const engine::CardDiscarded& e) {
            return json{{"type", "card_discarded"}, {"seat", e.seat.value}, {"card", card_name(e.card)},
                        {"from", to_string(e.from)}};
          },
          [](const engine::PointsBought& e) {
            return json{{"type", "points_bought"}, {"seat", e.seat.value}, {"with", card_name(e.with)},
                        {"points", e.points}, {"rubles", e.rubles}};
          },
          [](const engine::GuildHallSplitChosen& e) {
            return json{{"type", "guild_hall_split_chosen"}, {"seat", e.seat.value}, {"rubles", e.rubles},
                        {"points", e.points}};
          },
          [](const engine::RublesGained& e) {
            return json{{"type", "rubles_gained"}, {"seat", e.seat.value}, {"card", card_name(e.from_card)},
                        {"rubles", e.rubles}};
          },
          [](const engine::PhaseScored& e) {
            json gains = json::array();
            for (int seat = 0; seat < e.players; ++seat) {
              const engine::Gain& g = e.gains[static_cast<std::size_t>(seat)];
              gains.push_back({{"rubles", g.rubles}, {"points", g.points}});
            }
            return json{{"type", "phase_scored"}, {"phase", engine::to_string(e.phase)}, {"gains", std::move(gains)}};
          },
          [](const engine::DiscScored& e) {
            return json{{"type", "disc_scored"}, {"seat", e.seat.value}, {"points", e.points}};
          },
          [](const engine::DisplayFilled& e) {
            return json{{"type", "display_filled"}, {"stack", engine::to_string(e.deck)}, {"cards", e.cards},
                        {"starts_last_round", e.starts_last_round}};
          },
          [](const engine::PhaseStarted& e) {
            return json{{"type", "phase_started"}, {"round", e.round}, {"phase", engine::to_string(e.phase)},
                        {"starting_seat", e.starting_seat.value}};
          },
          [](const engine::PickpocketAnswered& e) {
            return json{{"type", "pickpocket_answered"}, {"seat", e.seat.value}, {"played", e.played}};
          },
          [](const engine::DiscardPickGivenUp& e) {
            return json{{"type", "discard_pick_given_up"}, {"seat", e.seat.value}};
          },
          [](const engine::RoundEnded& e) {
            json discarded = json::array();
            for (const CardId card : e.discarded) discarded.push_back(card_name(card));
            json moved_down = json::array();
            for (const CardId card : e.moved_down) moved_down.push_back(card_name(card));
            return json{{"type", "round_ended"}, {"round", e.round},
                        {"discarded_from_lower_row", e.discarded_from_lower_row}, {"discarded", discarded},
                        {"moved_down", moved_down}};
          },
          [](const engine::GameEnded&) { return json{{"type", "game_ended"}}; },
      },
      event);
}

json encode_event_for(const engine::Event& event, const engine::TableOptions& options, engine::Viewer viewer) {
  return encode_event(engine::event_for(event, options, viewer).event);
}

json encode_legal_action(const engine::LegalAction& legal) {
  json j = encode_action(legal.action);
  j["price"] = legal.price ? json(*legal.price) : json(nullptr);
  return j;
}

json encode_card_price(const engine::CardPrice& price) {
  json out{{"card", card_name(price.card)}, {"from", to_string(price.from)}, {"price", price.price}};
  if (price.displace) out["displace"] = card_name(*price.displace);
  return out;
}

json encode_rule_error(const engine::RuleError& error) {
  return json{{"code", engine::to_string(error.code)}, {"message", error.message}};
}

}  // namespace sp::protocol
