// The protocol's requests (docs/protocol.md): decoding, checks, and the work
// each one does through the store, the table registry and the tables.
#pragma once

#include <boost/asio/thread_pool.hpp>

#include <memory>
#include <string>
#include <vector>

#include "server/base/config.hpp"
#include "server/base/metrics.hpp"
#include "server/requests/guards.hpp"
#include "server/session/connection.hpp"
#include "server/store/store.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/table_registry.hpp"

namespace sp::server {

inline constexpr int kProtocolVersion = 1;
// What hello's greeting and a player's data export name the server as.
inline constexpr const char* kServerName = "spb 0.1.0";

class Digests;
class EmailSender;
class Forwarder;
class CompetitionDirector;
class WebhookSender;

struct Services {
  const ServerConfig& config;
  Store& store;
  TableRegistry& tables;
  Metrics& metrics;
  boost::asio::thread_pool& slow_work;  // password hashing
  Correspondence& correspondence;  // the clock, the scheduler and the notifier the tables share
  WebhookSender& webhooks;
  EmailSender* email;         // nothing: the server sends no email
  Digests* digests;           // nothing: likewise
  ManualClock* manual_clock;  // only with `spb serve --test-clock`: debug_advance_clock moves it
  Guards& guards;
  Forwarder* forwarder = nullptr;  // with several nodes: carries requests to the node that plays their table
  CompetitionDirector* tournaments = nullptr;  // nothing: tournaments are not moved on (tests without a server)
  CompetitionDirector* leagues = nullptr;      // nothing: leagues are not moved on (tests without a server)
};

// Handles one text frame from `connection`; called on its strand. Never throws.
void handle_frame(Services& services, const std::shared_ptr<Connection>& connection, const std::string& frame);

// The request types this server has a handler for, in alphabetical order:
// exactly the schemas' (protocol::request_types), as a test checks.
std::vector<std::string> served_request_types();

// When a connection closes: leaves its tables' subscriber lists.
void forget_connection(Services& services, const std::shared_ptr<Connection>& connection);

}  // namespace sp::server
