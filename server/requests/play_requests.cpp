#include "protocol/reply_frames.hpp"
#include "protocol/table_results.hpp"
#include "server/requests/request.hpp"
#include "server/table/table.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

void on_subscribe(const Request& r, const client::Subscribe& subscribe) {
  const std::int64_t user = r.state().user_id.value_or(0);
  const bool compact = r.state().compact_updates;
  with_requested_table(r, subscribe.table, [r, since = subscribe.since_move, user, compact](std::shared_ptr<Table> table) {
    r.connection->post([r, table] {
      // A subscription made for a former identity is left by that change (connection_identity.hpp).
      if (r.state().epoch != r.epoch) return;
      r.state().subscriptions.insert(table->id());
      r.state().settled = true;
    });
    table->subscribe(std::weak_ptr<Subscriber>(std::static_pointer_cast<Subscriber>(r.connection)), r.epoch, user,
                     since, compact, replier(r));
  }, /*watch=*/true);
}

void on_unsubscribe(const Request& r, const client::Unsubscribe& unsubscribe) {
  with_requested_table(r, unsubscribe.table, [r](std::shared_ptr<Table> table) {
    table->unsubscribe(r.connection.get());
    r.connection->post([r, id = table->id()] { r.state().subscriptions.erase(id); });
    r.reply(Reply::result(protocol::encode_data(protocol::Acknowledged{})));
  }, /*watch=*/true);
}

void on_act(const Request& r, const client::Act& act) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, act.table, [r, user, move_number = act.move_number, action = act.action](std::shared_ptr<Table> table) {
    table->act(user, move_number, action, replier(r), r.connection.get());
  });
}

void on_legal_actions(const Request& r, const client::LegalActions& legal) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(
      r, legal.table, [r, user](std::shared_ptr<Table> table) { table->legal_actions(user, replier(r)); },
      /*watch=*/true);
}

void on_chat(const Request& r, const client::Chat& chat) {
  const std::int64_t user = *r.state().user_id;
  Guards& guards = r.services.guards;
  const auto now = ThrottleClock::now();
  int retry_after = 0;
  if (!guards.chat_by_account.take(std::to_string(user), now, retry_after) ||
      !guards.chat_by_address.take(r.state().client_address, now, retry_after)) {
    r.services.metrics.refuse(Refusal::kChatThrottled);
    return r.fail(ErrorCode::kChatThrottled, "Too many chat messages; wait " + std::to_string(retry_after) + " s.");
  }
  // A line is stored and told to every node's watchers (node_bus.hpp) from
  // whichever node has the table: chatting never moves a table.
  with_requested_table(
      r, chat.table, [r, user, text = chat.text](std::shared_ptr<Table> table) { table->chat(user, text, replier(r)); },
      /*watch=*/true);
}

constexpr int kChatPageDefault = 50;

protocol::ChatHistoryPage chat_history_of(std::int64_t table, const ChatPage& page) {
  protocol::ChatHistoryPage shown{table, {}, page.more};
  for (const ChatLine& line : page.lines) shown.messages.push_back({line.id, line.from, line.text, line.at});
  return shown;
}

// Whoever may watch a table may read its chat back: the table is looked up as
// subscribe does it, then the lines are read on the store's thread.
void on_chat_history(const Request& r, const client::ChatHistory& history) {
  const std::int64_t user = r.state().user_id.value_or(0);
  with_requested_table(r, history.table, [r, user, before = history.before, limit = history.limit.value_or(kChatPageDefault)](
                                             std::shared_ptr<Table> table) {
    table->may_watch(user, [r, id = table->id(), before, limit](bool may) {
      if (!may) {
        return r.fail(ErrorCode::kRoundNotFinished,
                      "This table's chat is its players' until its duplicate round has finished.");
      }
      store_job(r, [id, before, limit](Records& db) {
        return Reply::result(protocol::encode_data(chat_history_of(id, db.chat_page(id, before, limit))));
      });
    });
  }, /*watch=*/true);
}

}  // namespace

void add_play_requests(Routes& routes) {
  routes.add<client::Subscribe, on_subscribe>(Access::kAnyone);
  routes.add<client::Unsubscribe, on_unsubscribe>(Access::kAnyone);
  routes.add<client::Act, on_act>(Access::kUser);
  routes.add<client::LegalActions, on_legal_actions>(Access::kUser);
  routes.add<client::Chat, on_chat>(Access::kUser);
  routes.add<client::ChatHistory, on_chat_history>(Access::kAnyone);
}

}  // namespace sp::server
