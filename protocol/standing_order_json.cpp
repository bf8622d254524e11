#include "protocol/standing_order_json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>

#include "engine/overloaded.hpp"

namespace sp::protocol {
namespace {

using engine::CardId;
using nlohmann::json;

constexpr int kMaxPrice = 1000;
constexpr int kMaxPoints = 100;

constexpr std::array<std::pair<engine::Color, std::string_view>, 4> kColors{{
    {engine::Color::kGreen, "green"},
    {engine::Color::kBlue, "blue"},
    {engine::Color::kOrange, "orange"},
    {engine::Color::kPurple, "purple"},
}};
constexpr std::array<std::pair<engine::Expiry, std::string_view>, 3> kExpiries{{
    {engine::Expiry::kPhaseEnd, "phase_end"},
    {engine::Expiry::kRoundEnd, "round_end"},
    {engine::Expiry::kUntilCancelled, "until_cancelled"},
}};
constexpr std::array<std::pair<engine::DrawnCardChoice, std::string_view>, 3> kDrawnChoices{{
    {engine::DrawnCardChoice::kBuy, "buy"},
    {engine::DrawnCardChoice::kTake, "take"},
    {engine::DrawnCardChoice::kDiscard, "discard"},
}};
constexpr std::array<std::pair<engine::PickChoice, std::string_view>, 3> kPickChoices{{
    {engine::PickChoice::kBuy, "buy"},
    {engine::PickChoice::kTake, "take"},
    {engine::PickChoice::kGiveUp, "give_up"},
}};

template <class Enum, std::size_t N>
std::string_view word_of(const std::array<std::pair<Enum, std::string_view>, N>& words, Enum value) {
  for (const auto& [e, word] : words) {
    if (e == value) return word;
  }
  return words.front().second;
}

template <class Enum, std::size_t N>
std::optional<Enum> value_of(const std::array<std::pair<Enum, std::string_view>, N>& words, std::string_view text) {
  for (const auto& [e, word] : words) {
    if (word == text) return e;
  }
  return std::nullopt;
}

template <class Enum, std::size_t N>
std::string word_list(const std::array<std::pair<Enum, std::string_view>, N>& words) {
  std::string list;
  for (const auto& [e, word] : words) list += (list.empty() ? "" : ", ") + std::string(word);
  return list;
}

std::string card_id(CardId card) { return std::string(engine::spec(card).id); }

json encode_match(const engine::CardMatch& match) {
  return std::visit(Overloaded{
                        [](CardId card) { return json(card_id(card)); },
                        [](engine::AnyOfColor any) { return json{{"color", word_of(kColors, any.color)}}; },
                        [](engine::AnyOfDeck any) { return json{{"deck", engine::to_string(any.deck)}}; },
                    },
                    match);
}

// Reads the fields of one order object; the first fault is kept, like the
// request reader, so the decoder reads fields as plain statements.
class OrderReader {
 public:
  OrderReader(const json& j, std::string_view field) : j_(j), field_(field) {}

  bool ok() const { return !fault_; }
  const DecodeError& fault() const { return *fault_; }
  void refuse(std::string code, const std::string& message) {
    if (!fault_) fault_ = DecodeError{std::move(code), std::string(field_) + "." + message};
  }

  const json* find(const char* name) const {
    const auto it = j_.find(name);
    return it == j_.end() || it->is_null() ? nullptr : &*it;
  }
  std::string word(const char* name, bool required) {
    const json* f = find(name);
    if (!f) {
      if (required) refuse("bad_order", std::string(name) + ": this field is required");
      return {};
    }
    if (!f->is_string()) refuse("bad_order", std::string(name) + ": must be a string");
    return ok() ? f->get<std::string>() : std::string{};
  }
  int whole(const char* name, int min, int max, bool required) {
    const json* f = find(name);
    if (!f) {
      if (required) refuse("bad_order", std::string(name) + ": this field is required");
      return min;
    }
    if (!f->is_number_integer() || f->get<long long>() < min || f->get<long long>() > max) {
      refuse("bad_order", std::string(name) + ": a whole number from " + std::to_string(min) + " to " +
                              std::to_string(max) + " is required");
      return min;
    }
    return static_cast<int>(f->get<long long>());
  }
  bool flag(const char* name) {
    const json* f = find(name);
    if (!f) return false;
    if (!f->is_boolean()) refuse("bad_order", std::string(name) + ": must be true or false");
    return ok() && f->get<bool>();
  }
  std::optional<CardId> card(const char* name, bool required) {
    const json* f = find(name);
    if (!f) {
      if (required) refuse("bad_order", std::string(name) + ": this field is required");
      return std::nullopt;
    }
    auto card = decode_card(*f, name);
    if (!card) {
      refuse(card.error().code == "unknown_card" ? "unknown_card" : "bad_order", card.error().message);
      return std::nullopt;
    }
    return *card;
  }
  std::optional<engine::CardMatch> match(const char* name, bool required) {
    const json* f = find(name);
    if (!f) {
      if (required) refuse("bad_order", std::string(name) + ": this field is required");
      return std::nullopt;
    }
    if (f->is_string()) {
      if (auto card = this->card(name, true)) return engine::CardMatch{*card};
      return std::nullopt;
    }
    const auto bad_kind = [&] {
      refuse("bad_order", std::string(name) + ": a card id, {\"color\": " + word_list(kColors) +
                              "} or {\"deck\": worker, building, aristocrat, trading} is required");
    };
    if (!f->is_object() || f->size() != 1) {
      bad_kind();
      return std::nullopt;
    }
    if (const auto it = f->find("color"); it != f->end() && it->is_string()) {
      if (const auto color = value_of(kColors, it->get_ref<const std::string&>())) {
        return engine::CardMatch{engine::AnyOfColor{*color}};
      }
    }
    if (const auto it = f->find("deck"); it != f->end() && it->is_string()) {
      if (const auto deck = engine::deck_from_string(it->get_ref<const std::string&>())) {
        return engine::CardMatch{engine::AnyOfDeck{*deck}};
      }
    }
    bad_kind();
    return std::nullopt;
  }

 private:
  const json& j_;
  std::string_view field_;
  std::optional<DecodeError> fault_;
};

std::optional<engine::OrderRule> read_rule(OrderReader& r, const std::string& kind) {
  if (kind == "pass_until_phase_end") return engine::PassUntilPhaseEndOrder{};
  if (kind == "pass_until_board_changes") return engine::PassUntilBoardChangesOrder{};
  if (kind == "buy") {
    engine::BuyOrder buy;
    if (auto match = r.match("card", true)) buy.card = *match;
    buy.max_price = r.whole("max_price", 0, kMaxPrice, true);
    buy.displace = r.card("displace", false);
    buy.then_pass_until_phase_end = r.flag("then_pass_until_phase_end");
    return buy;
  }
  if (kind == "take") {
    engine::TakeOrder take;
    if (auto match = r.match("card", true)) take.card = *match;
    take.then_pass_until_phase_end = r.flag("then_pass_until_phase_end");
    return take;
  }
  if (kind == "play") {
    engine::PlayOrder play;
    if (auto card = r.card("card", true)) play.card = *card;
    play.max_price = r.whole("max_price", 0, kMaxPrice, false);
    play.displace = r.card("displace", false);
    play.target = r.card("target", false);
    return play;
  }
  if (kind == "pickpocket") return engine::PickpocketAnswer{r.flag("play")};
  if (kind == "pub") return engine::PubAnswer{r.whole("points", 0, kMaxPoints, true)};
  if (kind == "drawn_card") {
    engine::DrawnCardAnswer answer;
    const auto choice = value_of(kDrawnChoices, r.word("choice", true));
    if (r.ok() && !choice) r.refuse("bad_order", "choice: must be one of " + word_list(kDrawnChoices));
    if (choice) answer.choice = *choice;
    answer.card = r.match("card", false);
    answer.max_price = r.whole("max_price", 0, kMaxPrice, answer.choice == engine::DrawnCardChoice::kBuy);
    answer.displace = r.card("displace", false);
    return answer;
  }
  if (kind == "discard_pick") {
    engine::DiscardPickAnswer answer;
    const auto choice = value_of(kPickChoices, r.word("choice", true));
    if (r.ok() && !choice) r.refuse("bad_order", "choice: must be one of " + word_list(kPickChoices));
    if (choice) answer.choice = *choice;
    answer.card = r.match("card", false);
    answer.max_price = r.whole("max_price", 0, kMaxPrice, answer.choice == engine::PickChoice::kBuy);
    answer.displace = r.card("displace", false);
    return answer;
  }
  r.refuse("bad_order",
           "order: must be one of pass_until_phase_end, pass_until_board_changes, buy, take, play, pickpocket, "
           "drawn_card, pub, discard_pick");
  return std::nullopt;
}

template <class T>
void put_card(json& out, const char* name, const std::optional<T>& card) {
  if (card) out[name] = card_id(*card);
}

json encode_rule(const engine::OrderRule& rule) {
  return std::visit(
      Overloaded{
          [](const engine::PassUntilPhaseEndOrder&) { return json{{"order", "pass_until_phase_end"}}; },
          [](const engine::PassUntilBoardChangesOrder&) { return json{{"order", "pass_until_board_changes"}}; },
          [](const engine::BuyOrder& o) {
            json out{{"order", "buy"}, {"card", encode_match(o.card)}, {"max_price", o.max_price}};
            put_card(out, "displace", o.displace);
            if (o.then_pass_until_phase_end) out["then_pass_until_phase_end"] = true;
            return out;
          },
          [](const engine::TakeOrder& o) {
            json out{{"order", "take"}, {"card", encode_match(o.card)}};
            if (o.then_pass_until_phase_end) out["then_pass_until_phase_end"] = true;
            return out;
          },
          [](const engine::PlayOrder& o) {
            json out{{"order", "play"}, {"card", card_id(o.card)}, {"max_price", o.max_price}};
            put_card(out, "displace", o.displace);
            put_card(out, "target", o.target);
            return out;
          },
          [](const engine::PickpocketAnswer& o) { return json{{"order", "pickpocket"}, {"play", o.play}}; },
          [](const engine::DrawnCardAnswer& o) {
            json out{{"order", "drawn_card"}, {"choice", word_of(kDrawnChoices, o.choice)}};
            if (o.card) out["card"] = encode_match(*o.card);
            if (o.choice == engine::DrawnCardChoice::kBuy) out["max_price"] = o.max_price;
            put_card(out, "displace", o.displace);
            return out;
          },
          [](const engine::PubAnswer& o) { return json{{"order", "pub"}, {"points", o.points}}; },
          [](const engine::DiscardPickAnswer& o) {
            json out{{"order", "discard_pick"}, {"choice", word_of(kPickChoices, o.choice)}};
            if (o.card) out["card"] = encode_match(*o.card);
            if (o.choice == engine::PickChoice::kBuy) out["max_price"] = o.max_price;
            put_card(out, "displace", o.displace);
            return out;
          },
      },
      rule);
}

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::optional<std::uint64_t> from_hex16(const std::string& text) {
  std::uint64_t value = 0;
  if (text.size() != 16) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<engine::Phase> phase_from_string(std::string_view text) {
  for (engine::Phase phase : {engine::Phase::kWorker, engine::Phase::kBuilding, engine::Phase::kAristocrat,
                              engine::Phase::kTrading, engine::Phase::kFinished}) {
    if (engine::to_string(phase) == text) return phase;
  }
  return std::nullopt;
}

// The fields an order may carry: what its player writes, and what the server
// adds when it is written (the anchor).
constexpr std::array<std::string_view, 10> kWishFields{"order",  "card",   "max_price", "displace", "target",
                                                       "then_pass_until_phase_end", "play", "choice", "points",
                                                       "expiry"};
constexpr std::array<std::string_view, 3> kAnchorFields{"round", "phase", "board"};

Expected<OrderWish, DecodeError> decode_wish(const json& j, std::string_view field, bool anchored) {
  if (!j.is_object()) return unexpected(DecodeError{"bad_order", std::string(field) + ": an order object is required"});
  for (const auto& [key, value] : j.items()) {
    const bool known = std::find(kWishFields.begin(), kWishFields.end(), key) != kWishFields.end() ||
                       (anchored && std::find(kAnchorFields.begin(), kAnchorFields.end(), key) != kAnchorFields.end());
    if (!known) {
      return unexpected(DecodeError{"bad_order", std::string(field) + "." + key + ": an order has no such field"});
    }
  }
  OrderReader r(j, field);
  OrderWish wish;
  const std::string kind = r.word("order", true);
  if (r.ok()) {
    if (auto rule = read_rule(r, kind)) wish.rule = std::move(*rule);
  }
  const std::string expiry = r.word("expiry", false);
  if (r.ok() && !expiry.empty()) {
    const auto parsed = value_of(kExpiries, expiry);
    if (!parsed) r.refuse("bad_order", "expiry: must be one of " + word_list(kExpiries));
    if (parsed) wish.expiry = *parsed;
  }
  if (!r.ok()) return unexpected(r.fault());
  return wish;
}

}  // namespace

std::string_view to_string(engine::Expiry expiry) { return word_of(kExpiries, expiry); }

json encode_order_wish(const OrderWish& wish) {
  json out = encode_rule(wish.rule);
  out["expiry"] = to_string(wish.expiry);
  return out;
}

json encode_order(const engine::StandingOrder& order) {
  json out = encode_order_wish(OrderWish{order.rule, order.expiry});
  out["round"] = order.round;
  out["phase"] = engine::to_string(order.phase);
  if (const auto* board = std::get_if<engine::PassUntilBoardChangesOrder>(&order.rule)) {
    out["board"] = hex16(board->board.value);
  }
  return out;
}

json encode_orders(std::span<const engine::StandingOrder> orders) {
  json out = json::array();
  for (const engine::StandingOrder& order : orders) out.push_back(encode_order(order));
  return out;
}

Expected<OrderWish, DecodeError> decode_order_wish(const json& j, std::string_view field) {
  return decode_wish(j, field, /*anchored=*/false);
}

Expected<std::vector<engine::StandingOrder>, DecodeError> decode_orders(const json& j) {
  if (!j.is_array()) return unexpected(DecodeError{"bad_order", "orders: a list is required"});
  std::vector<engine::StandingOrder> orders;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string field = "orders[" + std::to_string(i) + "]";
    auto wish = decode_wish(j[i], field, /*anchored=*/true);
    if (!wish) return unexpected(wish.error());
    engine::StandingOrder order{std::move(wish->rule), wish->expiry};
    OrderReader r(j[i], field);
    order.round = static_cast<std::uint16_t>(r.whole("round", 1, 1000, true));
    const auto phase = phase_from_string(r.word("phase", true));
    if (r.ok() && !phase) r.refuse("bad_order", "phase: not a phase of the game");
    if (phase) order.phase = *phase;
    if (auto* board = std::get_if<engine::PassUntilBoardChangesOrder>(&order.rule)) {
      const auto value = from_hex16(r.word("board", true));
      if (r.ok() && !value) r.refuse("bad_order", "board: 16 hexadecimal digits are required");
      if (value) board->board.value = *value;
    }
    if (!r.ok()) return unexpected(r.fault());
    orders.push_back(std::move(order));
  }
  return orders;
}

std::string encode_stored_orders(std::span<const engine::StandingOrder> orders) { return encode_orders(orders).dump(); }

Expected<std::vector<engine::StandingOrder>, DecodeError> decode_stored_orders(std::string_view text) {
  return decode_orders(nlohmann::json::parse(text, nullptr, false));
}

}  // namespace sp::protocol
