#include "protocol/log_entry_text.hpp"

#include <string_view>

#include "engine/card.hpp"
#include "engine/overloaded.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/json_text.hpp"

namespace sp::protocol {
namespace {

// One object's text, its members appended in the caller's order: the caller
// names them in sorted order, as nlohmann's objects are.
class ObjectText {
 public:
  explicit ObjectText(std::string& out) : out_(out) { out_ += '{'; }
  ~ObjectText() { out_ += '}'; }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;

  void word(std::string_view key, std::string_view value) {
    name(key);
    json_text::append_string(out_, value);
  }
  void card(std::string_view key, engine::CardId card) { word(key, engine::spec(card).id); }
  void number(std::string_view key, std::int64_t value) {
    name(key);
    json_text::append_int(out_, value);
  }
  void boolean(std::string_view key, bool value) {
    name(key);
    json_text::append_bool(out_, value);
  }

 private:
  void name(std::string_view key) {
    if (!first_) out_ += ',';
    first_ = false;
    json_text::append_string(out_, key);
    out_ += ':';
  }

  std::string& out_;
  bool first_ = true;
};

void append_action(std::string& out, const engine::Action& action) {
  ObjectText o(out);
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

}  // namespace sp::protocol
