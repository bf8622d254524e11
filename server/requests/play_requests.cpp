#include "server/requests/request.hpp"


namespace sp::server {

using protocol::ErrorCode;
namespace {

using nlohmann::json;

void on_subscribe(const Request& r) {
  std::optional<std::int64_t> since;
  if (r.body().contains("since_move")) {
    since = int_field(r, "since_move", 0, INT64_MAX);
    if (!since) return;
  }
  const std::int64_t user = r.state().user_id.value_or(0);
  with_requested_table(r, [r, since, user](std::shared_ptr<Table> table) {
    r.connection->post([r, table] {
      // A subscription made for a former identity is left by that change (connection_identity.hpp).
      if (r.state().epoch != r.epoch) return;
      r.state().subscriptions.insert(table->id());
      r.state().settled = true;
    });
    table->subscribe(std::weak_ptr<Subscriber>(std::static_pointer_cast<Subscriber>(r.connection)), r.epoch, user,
                     since, replier(r));
  });
}

void on_unsubscribe(const Request& r) {
  with_requested_table(r, [r](std::shared_ptr<Table> table) {
    table->unsubscribe(r.connection.get());
    r.connection->post([r, id = table->id()] { r.state().subscriptions.erase(id); });
    r.reply(Reply::result(json::object()));
  });
}

void on_act(const Request& r) {
  if (!require_login(r)) return;
  const auto move_number = int_field(r, "move_number", 1, INT64_MAX);
  if (!move_number) return;
  if (!r.body().contains("action") || !r.body().at("action").is_object()) {
    return r.fail(ErrorCode::kBadRequest, "action: an action object is required");
  }
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user, move_number = *move_number](std::shared_ptr<Table> table) {
    table->act(user, move_number, r.body().at("action"), replier(r));
  });
}

void on_legal_actions(const Request& r) {
  if (!require_login(r)) return;
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user](std::shared_ptr<Table> table) { table->legal_actions(user, replier(r)); });
}

void on_chat(const Request& r) {
  if (!require_login(r)) return;
  const auto text = text_field(r, "text", 1, 500);
  if (!text) return;
  const std::int64_t user = *r.state().user_id;
  Guards& guards = r.services.guards;
  const auto now = ThrottleClock::now();
  int retry_after = 0;
  if (!guards.chat_by_account.take(std::to_string(user), now, retry_after) ||
      !guards.chat_by_address.take(r.state().client_address, now, retry_after)) {
    r.services.metrics.refuse(Refusal::kChatThrottled);
    return r.fail(ErrorCode::kChatThrottled, "Too many chat messages; wait " + std::to_string(retry_after) + " s.");
  }
  with_requested_table(r, [r, user, text = *text](std::shared_ptr<Table> table) { table->chat(user, text, replier(r)); });
}

constexpr int kChatPageDefault = 50;
constexpr int kChatPageMax = 100;

json chat_page_json(std::int64_t table, const ChatPage& page) {
  json messages = json::array();
  for (const ChatLine& line : page.lines) {
    messages.push_back(json{{"id", line.id}, {"from", line.from}, {"text", line.text}, {"at", line.at}});
  }
  return json{{"table", table}, {"messages", messages}, {"more", page.more}};
}

// Whoever may watch a table may read its chat back: the table is looked up as
// subscribe does it, then the lines are read on the store's thread.
void on_chat_history(const Request& r) {
  const auto before = int_field(r, "before", 1, INT64_MAX, /*required=*/false);
  if (!before && field_given(r, "before")) return;
  const auto limit = int_field(r, "limit", 1, kChatPageMax, /*required=*/false);
  if (!limit && field_given(r, "limit")) return;
  with_requested_table(r, [r, before, limit = static_cast<int>(limit.value_or(kChatPageDefault))](
                              std::shared_ptr<Table> table) {
    store_job(r, [id = table->id(), before, limit](Records& db) {
      return Reply::result(chat_page_json(id, db.chat_page(id, before, limit)));
    });
  });
}

}  // namespace

void add_play_requests(HandlerTable& table) {
  table.insert({
      {"subscribe", on_subscribe},
      {"unsubscribe", on_unsubscribe},
      {"act", on_act},
      {"legal_actions", on_legal_actions},
      {"chat", on_chat},
      {"chat_history", on_chat_history},
  });
}

}  // namespace sp::server
