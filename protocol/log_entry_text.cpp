#include "protocol/log_entry_text.hpp"

#include <optional>
#include <string_view>

#include "engine/card.hpp"
#include "engine/overloaded.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/json_text.hpp"
#include "protocol/object_text.hpp"

namespace sp::protocol {
namespace {

// An action's members into `o`, in sorted order.
void append_action_members(ObjectText& o, const engine::Action& action) {
  std::visit(Overloaded{
                 [&](const engine::Buy& a) {
                   o.card("card", a.card);
                   if (a.displace) o.card("displace", *a.displace);
                   o.word("from", to_string(a.from));
                   o.word("type", "buy");
                 },
                 [&](const engine::Take& a) {
                   o.card("card", a.card);
                   o.word("from", to_string(a.from));
                   o.word("type", "take");
                 },
                 [&](const engine::Play& a) {
                   o.card("card", a.card);
                   if (a.displace) o.card("displace", *a.displace);
                   if (a.target) o.card("target", *a.target);
                   o.word("type", "play");
                 },
                 [&](const engine::Pass& a) {
                   o.word("type", "pass");
                   if (a.until_phase_end) o.boolean("until_phase_end", true);
                 },
                 [&](const engine::CancelPassUntilPhaseEnd&) { o.word("type", "cancel_pass_until_phase_end"); },
                 [&](const engine::UseObservatory& a) {
                   o.word("stack", engine::to_string(a.stack));
                   o.word("type", "observatory");
                 },
                 [&](const engine::Discard& a) {
                   if (a.card) o.card("card", *a.card);
                   if (a.from) o.word("from", to_string(*a.from));
                   o.word("type", "discard");
                 },
                 [&](const engine::BuyPoints& a) {
                   o.number("points", a.points);
                   o.word("type", "pub");
                 },
                 [&](const engine::SetGuildHall& a) {
                   o.number("points", a.points);
                   o.number("rubles", a.rubles);
                   o.word("type", "guild_hall");
                 },
                 [&](const engine::UseTradingHouse&) { o.word("type", "trading_house"); },
                 [&](const engine::UseDebtorsPrison&) { o.word("type", "debtors_prison"); },
             },
             action);
}

void append_action(std::string& out, const engine::Action& action) {
  ObjectText o(out);
  append_action_members(o, action);
}

}  // namespace

std::string encode_log_entry_text(const engine::LoggedAction& entry) {
  std::string out;
  out.reserve(64);
  if (entry.kind == engine::LogKind::kAction) {
    append_action(out, entry.action);
  } else {
    ObjectText o(out);
    o.word("entry", engine::to_string(entry.kind));
  }
  return out;
}

std::string encode_legal_actions_text(std::span<const engine::LegalAction> actions) {
  std::string out = "[";
  out.reserve(2 + actions.size() * 72);
  for (const engine::LegalAction& legal : actions) {
    if (out.size() > 1) out += ',';
    ObjectText o(out);
    std::string price = "null";
    if (legal.price) {
      price.clear();
      json_text::append_int(price, *legal.price);
    }
    o.place("price", std::move(price));
    append_action_members(o, legal.action);
  }
  out += ']';
  return out;
}

}  // namespace sp::protocol
