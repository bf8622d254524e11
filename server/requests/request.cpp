#include "server/requests/request.hpp"

#include "protocol/carried_request.hpp"
#include "protocol/catalogue.hpp"
#include "protocol/reply_frames.hpp"
#include "server/requests/forwarding.hpp"
#include "server/store/database_error.hpp"
#include "server/table/table.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

// The requests that change who the connection speaks for: their own change is
// expected between the request and its reply.
bool changes_identity(const std::shared_ptr<const protocol::ClientRequest>& message) {
  using namespace protocol::client;
  return message && (std::holds_alternative<Login>(*message) || std::holds_alternative<Register>(*message) ||
                     std::holds_alternative<ResumeSession>(*message) || std::holds_alternative<Logout>(*message) ||
                     std::holds_alternative<LogoutEverywhere>(*message) ||
                     std::holds_alternative<ResetPassword>(*message));
}

}  // namespace

void Request::reply(Reply reply) const {
  if (!reply.ok && reply.code == protocol::to_string(ErrorCode::kTableMoved) && reroute->again &&
      reroute->attempts_left > 0) {
    --reroute->attempts_left;
    // The table was forgotten here before this refusal: looked up again, it
    // is taken back from the node that plays it now.
    auto again = reroute->again;
    return again();
  }
  // The reroute captures this request: dropping it breaks that cycle.
  reroute->again = nullptr;
  if (replied->exchange(true)) return;
  connection->post([connection = connection, id = id, type = type, r = std::move(reply), epoch = epoch,
                    identity_changing = changes_identity(decoded), &metrics = services.metrics]() mutable {
    // The session ended elsewhere while this request was handled: what it
    // found was for the former user, who is no longer here to see it.
    if (r.ok && connection->state().epoch != epoch && !identity_changing) {
      r = Reply::error(protocol::ErrorCode::kSessionEnded,
                       std::string(protocol::default_message(protocol::ErrorCode::kSessionEnded)));
    }
    if (!r.ok) metrics.requests_rejected.fetch_add(1, std::memory_order_relaxed);
    if (!r.ok && r.code == protocol::to_string(protocol::ErrorCode::kTableMoved)) {
      metrics.tables_moved_replies.fetch_add(1, std::memory_order_relaxed);
    }
    if (r.rule) r.message = protocol::rule_error_message(*r.rule, connection->state().language);
    const bool then = r.ok && r.then && connection->state().epoch == r.then_epoch;
    if (then && connection->state().compact_updates) {
      // A compact client reads the move's own table_update inside the act's
      // result (docs/protocol.md, "Compact updates"): one frame, not two.
      connection->respond(protocol::encode_result_with_update(id, type, r.data_text, *r.then));
    } else if (r.ok) {
      connection->respond(protocol::encode_result_text(id, type, r.data_text));
      if (then) connection->deliver(std::move(r.then));
    } else {
      connection->respond(protocol::encode_error(id, type, r.code, r.message));
    }
    connection->request_done();
  });
}

void Request::relay(std::string frame) const {
  reroute->again = nullptr;
  if (replied->exchange(true)) return;
  connection->post([connection = connection, id = id, type = type, frame = std::move(frame), epoch = epoch,
                    &metrics = services.metrics]() mutable {
    const bool ok = protocol::is_result_frame(frame);
    if (ok && connection->state().epoch != epoch) {
      // As reply(): the session ended here while the other node did it.
      frame = protocol::encode_error(id, type, protocol::to_string(ErrorCode::kSessionEnded),
                                     protocol::default_message(ErrorCode::kSessionEnded));
    }
    if (!ok) metrics.requests_rejected.fetch_add(1, std::memory_order_relaxed);
    connection->respond(std::move(frame));
    connection->request_done();
  });
}

// A store job whose outcome is a Reply; failures of the database become
// storage_unavailable or internal_error (store_failure), and a job may reply with a rule of the lobby by setting it.
void store_job(const Request& r, std::function<Reply(Records&)> work, std::function<void()> committed) {
  auto outcome = std::make_shared<Reply>();
  r.services.store.submit([work = std::move(work), outcome](Records& db) { *outcome = work(db); },
                          [r, outcome, committed = std::move(committed)](std::exception_ptr error) {
                            if (error) return r.reply(store_failure(error, "The database could not do that; nothing was changed."));
                            if (committed && outcome->ok) committed();
                            r.reply(*outcome);
                          });
}

namespace {

using TableFn = std::function<void(std::shared_ptr<Table>)>;

void look_up_table(const Request& r, std::int64_t table_id, const TableFn& fn, bool watch,
                   const std::shared_ptr<const CarriedIdentity>& carry_as);

// Carries the request to `node`, which plays the table, and relays its
// answer; unanswered, the table is taken here instead.
void carry_request(const Request& r, std::int64_t table_id, const TableFn& fn, const std::string& node,
                   const std::shared_ptr<const CarriedIdentity>& carry_as) {
  const std::string frame = protocol::encode_client_request(*r.decoded, r.id).dump();
  r.services.forwarder->carry(node, *carry_as, frame, [r, table_id, fn](CarriedAnswer answer) {
    switch (answer.kind) {
      case CarriedAnswer::Kind::kFrame: return r.relay(std::move(answer.frame));
      case CarriedAnswer::Kind::kAnswerTooLong:
        return r.fail(ErrorCode::kInternalError,
                      "The node that plays this table did it, but its answer was too long to bring back: read the "
                      "table again.");
      case CarriedAnswer::Kind::kUnanswered:
        r.services.tables.forget_player(table_id);
        return look_up_table(r, table_id, fn, /*watch=*/false, nullptr);
    }
  });
}

// `carry_as`: who sent the request, when it may be carried to another node.
void look_up_table(const Request& r, std::int64_t table_id, const TableFn& fn, bool watch,
                   const std::shared_ptr<const CarriedIdentity>& carry_as) {
  r.reroute->again = [r, table_id, fn, watch, carry_as] { look_up_table(r, table_id, fn, watch, carry_as); };
  auto found = [r, table_id, fn, carry_as](std::shared_ptr<Table> table, TableUnavailable why) {
    if (table) return fn(std::move(table));
    if (why.reason == TableUnavailable::Reason::kPlayedElsewhere && carry_as) {
      return carry_request(r, table_id, fn, why.detail, carry_as);
    }
    // Two lease lengths were waited already: the client decides what next.
    if (why.reason == TableUnavailable::Reason::kElsewhere) r.reroute->attempts_left = 0;
    r.reply(unavailable_reply(why, "That table is not being played."));
  };
  if (watch) return r.services.tables.watch_table(table_id, std::move(found));
  r.services.tables.with_table(table_id, std::move(found), carry_as ? Reach::kLocate : Reach::kTake);
}

}  // namespace

void with_requested_table(const Request& r, std::int64_t table_id, std::function<void(std::shared_ptr<Table>)> fn,
                          bool watch) {
  // Read here, on the connection's strand: a request carried from another
  // node is never carried on.
  std::shared_ptr<const CarriedIdentity> carry_as;
  const ConnectionState& state = r.state();
  if (!watch && r.services.forwarder && !state.carried && r.decoded && state.user_id) {
    carry_as = std::make_shared<const CarriedIdentity>(CarriedIdentity{*state.user_id, state.user_name,
                                                                       state.administrator, state.bot, state.language,
                                                                       state.client_address, state.remote_address});
  }
  look_up_table(r, table_id, fn, watch, carry_as);
}

Reply unavailable_reply(const TableUnavailable& why, std::string not_playing) {
  switch (why.reason) {
    case TableUnavailable::Reason::kNoSuchTable: return Reply::error(ErrorCode::kNoSuchTable);
    case TableUnavailable::Reason::kNotPlaying: return Reply::error(ErrorCode::kTableNotPlaying, std::move(not_playing));
    case TableUnavailable::Reason::kElsewhere:
    case TableUnavailable::Reason::kPlayedElsewhere: return Reply::error(ErrorCode::kTableMoved);
    case TableUnavailable::Reason::kStorageUnavailable: return Reply::error(ErrorCode::kStorageUnavailable);
    case TableUnavailable::Reason::kFaulted:
    case TableUnavailable::Reason::kNone: break;
  }
  return Reply::error(ErrorCode::kTableFaulted, why.detail);
}

Reply store_failure(const std::exception_ptr& error, std::string sentence) {
  if (is_database_unavailable(error)) return Reply::error(ErrorCode::kStorageUnavailable);
  return Reply::error(ErrorCode::kInternalError, std::move(sentence));
}

ReplyFn replier(const Request& r) {
  return [r](Reply reply) { r.reply(std::move(reply)); };
}

}  // namespace sp::server
