// Request: one protocol request in flight, and the helpers every group of
// request handlers shares (field readers, store jobs, table lookups).
//
// Handlers are grouped by subject, one file each (account_requests.cpp,
// lobby_requests.cpp, play_requests.cpp, ...); each group adds its handlers to
// the dispatch table through an add_*_requests function declared here.
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "server/requests/requests.hpp"
#include "server/table/table.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// One request in flight: what it asks and where its reply goes. Copies are
// cheap (the body is shared), so handlers capture it by value in callbacks.
struct Request {
  Services& services;
  std::shared_ptr<Connection> connection;
  nlohmann::json id;
  std::string type;
  std::shared_ptr<const nlohmann::json> body_ptr;
  // The connection's identity when the request began (subscriber.hpp).
  IdentityEpoch epoch = 0;
  // Every request gets exactly one reply, even if a bug tried to answer twice.
  std::shared_ptr<std::atomic<bool>> replied = std::make_shared<std::atomic<bool>>(false);

  const nlohmann::json& body() const { return *body_ptr; }
  void reply(Reply r) const;
  void fail(protocol::ErrorCode code, std::string message) const { reply(Reply::error(code, std::move(message))); }
  void fail(protocol::ErrorCode code) const { reply(Reply::error(code)); }
  // On the connection's strand only.
  ConnectionState& state() const { return connection->state(); }
};

using Handler = void (*)(const Request&);
using HandlerTable = std::map<std::string, Handler, std::less<>>;

void add_account_requests(HandlerTable& table);
void add_lobby_requests(HandlerTable& table);
void add_play_requests(HandlerTable& table);
void add_correspondence_requests(HandlerTable& table);
void add_admin_requests(HandlerTable& table);
void add_record_requests(HandlerTable& table);

// Field readers: they reply with bad_request and return nothing on a bad field.
std::optional<std::string> text_field(const Request& r, const char* name, std::size_t min, std::size_t max);
// Whether the request carries `name` with a value (null counts as left out,
// as int_field takes it): an optional field that is given but failed to read
// has already been answered with an error.
bool field_given(const Request& r, const char* name);
std::optional<std::int64_t> int_field(const Request& r, const char* name, std::int64_t min, std::int64_t max,
                                      bool required = true);

// Replies not_logged_in and returns false when the connection has no user.
bool require_login(const Request& r);

nlohmann::json user_json(std::int64_t id, const std::string& name);
// A table's summary for lobby listings, from its stored record.
nlohmann::json summary_of(const TableRecord& t);

// A store job whose outcome is the reply; a failure of the database becomes
// internal_error.
// `committed`, when given, runs after a successful commit, before the reply.
void store_job(const Request& r, std::function<Reply(Records&)> work, std::function<void()> committed = {});

// Runs `fn` with the table named by the request's "table" field, or replies why not.
void with_requested_table(const Request& r, std::function<void(std::shared_ptr<Table>)> fn);

// The refusal for a table with_table could not serve; `not_playing` is the
// sentence for a table that is open or aborted.
Reply unavailable_reply(const TableUnavailable& why, std::string not_playing);

// A ReplyFn that answers this request.
ReplyFn replier(const Request& r);

// Correspondence play (correspondence_requests.cpp) ---------------------------

// create_table's pace: move_deadline_hours, timeout_policy and robots.
struct TablePace {
  std::optional<std::int64_t> move_seconds;
  std::optional<int> takeover_after;
  std::string takeover_by = "robot";
  int robots = 0;  // robots fill the last seats; as many as players: the creator watches
};
std::optional<TablePace> pace_fields(const Request& r, int players);
// In create_table's job: stores the pace and seats the robots.
void write_table_pace(Records& db, std::int64_t table_id, const TablePace& pace, int players);
// In start_table's job: the first deadline and the start's notifications.
std::vector<StoredNotification> write_table_start(Records& db, const TableRecord& table,
                                                  const engine::GameState& state, std::int64_t now);

}  // namespace sp::server
