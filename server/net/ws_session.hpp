// WsSession: one WebSocket connection, on its own strand.
//
// It reads frames one at a time and hands each to the request handlers, with a
// per-connection rate limit (a token bucket); it writes frames from a bounded
// queue, and closes a connection whose queue overflows (a client that does not
// read). Beast's timeouts close half-open connections: a handshake timeout, and
// pings after a quiet spell with a close when nothing answers. A connection
// that does not say hello in time, or neither logs in nor subscribes in time,
// is closed (--hello-timeout, --login-timeout): an idle socket holds a file
// descriptor. It holds its client address's ConnectionSlot while it is open.
//
// Thread-safety: send() and post() are safe from any thread; everything else
// runs on the session's strand.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "server/session/connection.hpp"
#include "server/requests/requests.hpp"
#include "server/security/connection_slots.hpp"

namespace sp::server {

class SessionList;

class WsSession : public Connection {
 public:
  WsSession(boost::asio::ip::tcp::socket socket, Services& services, SessionList& sessions, ConnectionSlot slot);
  ~WsSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(std::shared_ptr<const std::string> frame, IdentityEpoch epoch) override;
  void post(std::function<void()> fn) override;
  void respond(std::string frame) override;
  void deliver(std::shared_ptr<const std::string> frame) override;
  ConnectionState& state() override { return state_; }
  void request_done() override;
  // Sends a close frame (server shutting down).
  void shut_down();

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void queue(std::shared_ptr<const std::string> frame);
  // Starts the next queued request unless one is being handled.
  void handle_next();
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  bool take_token();
  // The hello deadline, then the login-or-subscribe deadline.
  void arm_deadline(int seconds);
  void on_deadline();
  // Closes with a close frame once the queued frames are written (Beast allows
  // one write at a time, and a close frame is a write).
  void close_when_written(boost::beast::websocket::close_reason reason);

  // Over the bare socket: Beast's websocket keeps its own timeouts (the
  // handshake's and the idle pings'), so tcp_stream's timer layer would only
  // add its cost to every read and write.
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  boost::beast::flat_buffer buffer_;
  Services& services_;
  SessionList& sessions_;
  ConnectionSlot slot_;
  boost::asio::steady_timer deadline_;
  // Everything below is accessed only on the stream's strand.
  ConnectionState state_;
  std::deque<std::shared_ptr<const std::string>> outbound_;
  std::deque<std::pair<std::string, bool>> inbound_;  // frames not handled yet, and whether text
  bool handling_ = false;                             // a request awaits its reply
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
  std::chrono::steady_clock::time_point opened_;  // when the upgrade completed
  int strikes_ = 0;  // rate-limit refusals in a row
  bool closing_ = false;
  std::optional<boost::beast::websocket::close_reason> close_after_write_;
  bool counted_ = false;
};

// The open sessions, for a graceful shutdown. Safe from any thread.
class SessionList {
 public:
  void add(const std::shared_ptr<WsSession>& session);
  void remove(const WsSession* session);
  void shut_down_all();

 private:
  std::mutex mutex_;
  std::vector<std::pair<const WsSession*, std::weak_ptr<WsSession>>> sessions_;  // guarded by mutex_
};

}  // namespace sp::server
