// Play at a table: subscribe, unsubscribe, act, legal_actions, chat,
// chat_history.
#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr int kChatPageMax = 100;

client::Act act(FieldReader& f) {
  client::Act act;
  act.move_number = f.whole("move_number", 1, INT64_MAX);
  const json& action = f.at("action");
  if (f.ok() && !action.is_object()) f.refuse(ErrorCode::kBadRequest, "action: an action object is required");
  act.table = f.table();
  act.action = f.action(action);
  return act;
}

}  // namespace

void add_play_codecs(RequestCodecs& codecs) {
  codecs.add<client::Subscribe>(
      [](FieldReader& f) {
        client::Subscribe subscribe;
        if (f.has("since_move")) subscribe.since_move = f.whole("since_move", 0, INT64_MAX);
        subscribe.table = f.table();
        return subscribe;
      },
      [](const client::Subscribe& m, json& out) {
        out["table"] = m.table;
        put_optional(out, "since_move", m.since_move);
      });
  codecs.add<client::Unsubscribe>([](FieldReader& f) { return client::Unsubscribe{f.table()}; },
                                  [](const client::Unsubscribe& m, json& out) { out["table"] = m.table; });
  codecs.add<client::Act>(act, [](const client::Act& m, json& out) {
    out["table"] = m.table;
    out["move_number"] = m.move_number;
    out["action"] = encode_action(m.action);
  });
  codecs.add<client::LegalActions>([](FieldReader& f) { return client::LegalActions{f.table()}; },
                                   [](const client::LegalActions& m, json& out) { out["table"] = m.table; });
  codecs.add<client::Chat>(
      [](FieldReader& f) {
        std::string text = f.text("text", 1, 500);
        return client::Chat{f.table(), std::move(text)};
      },
      [](const client::Chat& m, json& out) {
        out["table"] = m.table;
        out["text"] = m.text;
      });
  codecs.add<client::ChatHistory>(
      [](FieldReader& f) {
        client::ChatHistory history;
        history.before = f.optional_whole("before", 1, INT64_MAX);
        if (const auto limit = f.optional_whole("limit", 1, kChatPageMax)) history.limit = static_cast<int>(*limit);
        history.table = f.table();
        return history;
      },
      [](const client::ChatHistory& m, json& out) {
        out["table"] = m.table;
        put_optional(out, "before", m.before);
        put_optional(out, "limit", m.limit);
      });
}

}  // namespace sp::protocol
