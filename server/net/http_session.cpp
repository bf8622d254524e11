#include "server/net/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace sp::server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

std::string_view mime_type(const std::filesystem::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json") return "application/json";
  return "application/octet-stream";
}

}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, Services& services, SessionList& sessions)
    : stream_(std::move(socket)), services_(services), sessions_(sessions) {}

void HttpSession::run() {
  boost::asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(16 * 1024);
  parser_->header_limit(16 * 1024);
  stream_.expires_after(std::chrono::seconds(services_.config.handshake_timeout_seconds));
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec) return;
  auto request = parser_->release();
  if (beast::websocket::is_upgrade(request) && request.target() == "/ws") {
    std::make_shared<WsSession>(stream_.release_socket(), services_, sessions_)->run(std::move(request));
    return;
  }
  auto response = std::make_shared<http::response<http::string_body>>(respond(request));
  http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code write_ec, std::size_t n) {
    self->on_write(response->keep_alive(), write_ec, n);
  });
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  do_read();
}

http::response<http::string_body> HttpSession::respond(const http::request<http::string_body>& request) const {
  auto reply = [&](http::status status, std::string_view type, std::string body) {
    http::response<http::string_body> res{status, request.version()};
    res.set(http::field::server, "spb");
    res.set(http::field::content_type, type);
    res.keep_alive(request.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
  };
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    return reply(http::status::method_not_allowed, "text/plain", "Only GET is served here.\n");
  }
  const std::string_view target(request.target().data(), request.target().size());
  if (target == "/healthz") return reply(http::status::ok, "text/plain", "ok\n");
  if (target == "/metrics") {
    return reply(http::status::ok, "text/plain; version=0.0.4", services_.metrics.render());
  }
  if (target == "/ws") return reply(http::status::upgrade_required, "text/plain", "Connect with a WebSocket.\n");
  if (!services_.config.static_dir.empty() && target.find("..") == std::string_view::npos && !target.empty() &&
      target.front() == '/') {
    std::string path(target.substr(0, target.find('?')));
    if (path == "/") path = "/index.html";
    const std::filesystem::path file = std::filesystem::path(services_.config.static_dir) / path.substr(1);
    std::ifstream in(file, std::ios::binary);
    if (in && std::filesystem::is_regular_file(file)) {
      std::ostringstream body;
      body << in.rdbuf();
      return reply(http::status::ok, mime_type(file), body.str());
    }
  }
  return reply(http::status::not_found, "text/plain", "Not found.\n");
}

}  // namespace sp::server
