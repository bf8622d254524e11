#include "server/app/request.hpp"


namespace sp::server {
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
    r.connection->post([r, table] { r.state().subscriptions.insert(table->id()); });
    table->subscribe(std::weak_ptr<Subscriber>(std::static_pointer_cast<Subscriber>(r.connection)), user, since,
                     replier(r));
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
    return r.fail("bad_request", "action: an action object is required");
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
  with_requested_table(r, [r, user, text = *text](std::shared_ptr<Table> table) { table->chat(user, text, replier(r)); });
}

}  // namespace

void add_play_requests(HandlerTable& table) {
  table.insert({
      {"subscribe", on_subscribe},
      {"unsubscribe", on_unsubscribe},
      {"act", on_act},
      {"legal_actions", on_legal_actions},
      {"chat", on_chat},
  });
}

}  // namespace sp::server
