// Request: one protocol request in flight, and the helpers every group of
// request handlers shares (store jobs, table lookups).
//
// Handlers are grouped by subject, one file each (account_requests.cpp,
// lobby_requests.cpp, play_requests.cpp, ...); each takes its request as the
// typed struct protocol/requests.hpp decoded, whose fields are already
// checked. Each group adds its handlers to the dispatch table (Routes)
// through an add_*_requests function declared here.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "protocol/requests.hpp"
#include "server/requests/requests.hpp"
#include "server/session/reply.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/table_start.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// One request in flight: what it asks and where its reply goes. Copies are
// cheap (the request is shared), so handlers capture it by value in callbacks.
struct Request {
  Services& services;
  std::shared_ptr<Connection> connection;
  protocol::RequestId id;
  std::string type;  // as the reply echoes it
  // Null when the frame was refused before it became a request.
  std::shared_ptr<const protocol::ClientRequest> decoded;
  // The connection's identity when the request began (subscriber.hpp).
  IdentityEpoch epoch = 0;
  // Every request gets exactly one reply, even if a bug tried to answer twice.
  std::shared_ptr<std::atomic<bool>> replied = std::make_shared<std::atomic<bool>>(false);
  // How a request for a table sends itself again when the table went to
  // another node meanwhile (table_moved): set by with_requested_table, run
  // instead of that reply while attempts are left, cleared by the reply.
  struct Reroute {
    std::function<void()> again;
    int attempts_left = 2;
  };
  std::shared_ptr<Reroute> reroute = std::make_shared<Reroute>();

  void reply(Reply r) const;
  // Replies with a frame another node answered this request with
  // (forwarding.hpp), as if it were this node's reply.
  void relay(std::string frame) const;
  void fail(protocol::ErrorCode code, std::string message) const { reply(Reply::error(code, std::move(message))); }
  void fail(protocol::ErrorCode code) const { reply(Reply::error(code)); }
  // On the connection's strand only.
  ConnectionState& state() const { return connection->state(); }
};

// Who may send a request: checked by the dispatch before the request's own
// fields are judged, so a refused field is reported only to whoever may ask.
enum class Access : std::uint8_t {
  kAnyone,
  kUser,           // a logged-in connection; else not_logged_in
  kAdministrator,  // a connection that did admin_login; else not_administrator
};

// The dispatch table: for each ClientRequest alternative, who may send it and
// its handler, which receives the typed request.
class Routes {
 public:
  using Handle = void (*)(const Request&, const protocol::ClientRequest&);
  struct Route {
    Access access = Access::kAnyone;
    Handle handle = nullptr;
  };

  template <class Message, void (*Handler)(const Request&, const Message&)>
  void add(Access access) {
    routes_[protocol::kRequestIndex<Message>] =
        Route{access, [](const Request& r, const protocol::ClientRequest& m) { Handler(r, std::get<Message>(m)); }};
  }
  const Route& operator[](std::size_t index) const { return routes_[index]; }
  std::size_t size() const { return routes_.size(); }

 private:
  std::array<Route, std::variant_size_v<protocol::ClientRequest>> routes_{};
};

void add_account_requests(Routes& routes);
void add_password_reset_requests(Routes& routes);
void add_account_export_requests(Routes& routes);
void add_lobby_requests(Routes& routes);
void add_play_requests(Routes& routes);
void add_correspondence_requests(Routes& routes);
void add_order_requests(Routes& routes);
void add_consent_requests(Routes& routes);
void add_push_requests(Routes& routes);
void add_admin_requests(Routes& routes);
void add_record_requests(Routes& routes);
void add_notice_requests(Routes& routes);
void add_profile_requests(Routes& routes);
void add_tournament_requests(Routes& routes);
void add_league_requests(Routes& routes);

// A player leaves a tournament (tournament_requests.cpp): before its start the
// registration goes; after it the player is marked as left (`how`, with an
// administrator's `reason`) and each seat of theirs at a table still being
// played is handed to the robot. `done` gets the tournament's summary as
// `asker` sees it (nothing: as a visitor), or why not. Callable from any
// thread: it reads nothing of the connection.
void leave_tournament(const Request& r, std::int64_t tournament_id, std::int64_t user_id, LeftHow how,
                      std::optional<std::string> reason, std::optional<std::int64_t> asker, ReplyFn done);

// The administrator token, however a request gives it, is checked as
// admin_login checks it: under the failed-login limit of the client's address,
// compared in constant time, each attempt written to the administrators' log
// and the server's log. When it is refused, the request is answered why.
bool administrator_token_accepted(const Request& r, const std::string& token);

// A store job whose outcome is the reply; a failure of the database becomes
// internal_error.
// `committed`, when given, runs after a successful commit, before the reply.
void store_job(const Request& r, std::function<Reply(Records&)> work, std::function<void()> committed = {});

// Runs `fn` with the table `table_id`, or replies why not. A request that
// only watches or reads the table passes `watch`: with several nodes it is
// served by this node's copy of a table another node plays (table_registry.hpp).
// Any other request for a table another node plays is carried to that node
// and answered from there (forwarding.hpp); `fn` then does not run here.
void with_requested_table(const Request& r, std::int64_t table_id, std::function<void(std::shared_ptr<Table>)> fn,
                          bool watch = false);

// The refusal for a table with_table could not serve; `not_playing` is the
// sentence for a table that is open or aborted.
Reply unavailable_reply(const TableUnavailable& why, std::string not_playing);

// A store job's failure as its reply: storage_unavailable while the database
// is out of reach (the client sends the request again), else internal_error
// with `sentence`.
Reply store_failure(const std::exception_ptr& error, std::string sentence);

// A ReplyFn that answers this request.
ReplyFn replier(const Request& r);

}  // namespace sp::server
