// Resigning, aborting, undoing: resign, propose_abort, vote_abort,
// request_undo, answer_undo; vote_late, the players' decision about a late
// seat. The table decides (table_consent.cpp, table_late_vote.cpp).
#include "server/requests/request.hpp"
#include "server/table/table.hpp"

namespace sp::server {
namespace {

namespace client = protocol::client;

void on_resign(const Request& r, const client::Resign& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table, [r, user](std::shared_ptr<Table> table) { table->resign(user, replier(r)); });
}

void on_propose_abort(const Request& r, const client::ProposeAbort& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table, [r, user](std::shared_ptr<Table> table) { table->propose_abort(user, replier(r)); });
}

void on_vote_abort(const Request& r, const client::VoteAbort& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table,
                       [r, user, yes = m.yes](std::shared_ptr<Table> table) { table->vote_abort(user, yes, replier(r)); });
}

void on_request_undo(const Request& r, const client::RequestUndo& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table, [r, user](std::shared_ptr<Table> table) { table->request_undo(user, replier(r)); });
}

void on_answer_undo(const Request& r, const client::AnswerUndo& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table, [r, user, accept = m.accept](std::shared_ptr<Table> table) {
    table->answer_undo(user, accept, replier(r));
  });
}

void on_vote_late(const Request& r, const client::VoteLate& m) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, m.table, [r, user, choice = m.choice](std::shared_ptr<Table> table) {
    table->vote_late(user, choice, replier(r));
  });
}

}  // namespace

void add_consent_requests(Routes& routes) {
  routes.add<client::Resign, on_resign>(Access::kUser);
  routes.add<client::ProposeAbort, on_propose_abort>(Access::kUser);
  routes.add<client::VoteAbort, on_vote_abort>(Access::kUser);
  routes.add<client::RequestUndo, on_request_undo>(Access::kUser);
  routes.add<client::AnswerUndo, on_answer_undo>(Access::kUser);
  routes.add<client::VoteLate, on_vote_late>(Access::kUser);
}

}  // namespace sp::server
