// HttpSession: plain HTTP on the server's port: /healthz (alive), /readyz
// (ready for new players: readiness.hpp), /metrics, the
// browser client's static files, the links of emails (email_pages.hpp), and
// the upgrade of /ws to a WebSocket.
//
// It holds its client's ConnectionSlot from the accept on, and hands it to the
// WebSocket. A connection from a trusted proxy gets its slot at the upgrade,
// by the client address X-Forwarded-For names (client_address.hpp).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>

#include "server/requests/requests.hpp"
#include "server/net/readiness.hpp"
#include "server/net/ws_session.hpp"

namespace sp::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `slot` is empty for a connection from a trusted proxy.
  HttpSession(boost::asio::ip::tcp::socket socket, Services& services, SessionList& sessions, ConnectionSlot slot,
              Readiness& readiness);
  void run();

 private:
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void answer_email(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void answer_readiness(const boost::beast::http::request<boost::beast::http::string_body>& request);
  boost::beast::http::response<boost::beast::http::string_body> respond(
      const boost::beast::http::request<boost::beast::http::string_body>& request) const;

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  Services& services_;
  SessionList& sessions_;
  ConnectionSlot slot_;
  Readiness& readiness_;
};

}  // namespace sp::server
