#include "server/net/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/static_files.hpp"
#include "server/notices/email_pages.hpp"
#include "server/notices/email_sender.hpp"

namespace sp::server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// Every answer but the page's files (static_files.cpp has its own policy):
// nothing in it may load, run or be framed, and its type is not guessed. The
// email pages' one form posts back to this origin; their address carries a
// token, which no referrer may take elsewhere.
void secure(http::response<http::string_body>& response) {
  response.set("Content-Security-Policy",
               "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
}

}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, Services& services, SessionList& sessions,
                         ConnectionSlot slot, Readiness& readiness)
    : stream_(std::move(socket)), services_(services), sessions_(sessions), slot_(std::move(slot)),
      readiness_(readiness) {}

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
    if (!slot_.held()) {
      // From a trusted proxy: the client is the one X-Forwarded-For names.
      boost::system::error_code ignored;
      const std::string peer = stream_.socket().remote_endpoint(ignored).address().to_string();
      const auto forwarded = request["X-Forwarded-For"];
      slot_ = services_.guards.connections->acquire(
          services_.guards.trusted_proxies.client_of(peer, std::string_view(forwarded.data(), forwarded.size())));
      if (!slot_.held()) {
        services_.metrics.refuse(Refusal::kConnectionsPerAddress);
        auto response = std::make_shared<http::response<http::string_body>>(http::status::too_many_requests,
                                                                            request.version());
        response->set(http::field::server, "spb");
        response->set(http::field::content_type, "text/plain");
        response->keep_alive(false);
        response->body() = "Too many connections from your address.\n";
        secure(*response);
        response->prepare_payload();
        http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code write_ec, std::size_t n) {
          self->on_write(false, write_ec, n);
        });
        return;
      }
    }
    std::make_shared<WsSession>(stream_.release_socket(), services_, sessions_, std::move(slot_))
        ->run(std::move(request));
    return;
  }
  const std::string_view target(request.target().data(), request.target().size());
  if (is_email_link(target) && services_.email != nullptr) return answer_email(request);
  if (target == "/readyz" && (request.method() == http::verb::get || request.method() == http::verb::head)) {
    return answer_readiness(request);
  }
  auto response = std::make_shared<http::response<http::string_body>>(respond(request));
  http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code write_ec, std::size_t n) {
    self->on_write(response->keep_alive(), write_ec, n);
  });
}

// Confirm and unsubscribe links read and write the database: answered from
// the store's completion, on this session's executor.
void HttpSession::answer_email(const http::request<http::string_body>& request) {
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();
  if (request.method() != http::verb::get && request.method() != http::verb::post) {
    auto response = std::make_shared<http::response<http::string_body>>(http::status::method_not_allowed, version);
    response->set(http::field::content_type, "text/plain");
    response->keep_alive(keep_alive);
    response->body() = "Use GET to see the page, and POST to confirm or unsubscribe.\n";
    secure(*response);
    response->prepare_payload();
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code ec, std::size_t n) {
      self->on_write(response->keep_alive(), ec, n);
    });
    return;
  }
  EmailSender& email = *services_.email;
  answer_email_link(services_.store, services_.correspondence.clock, email.links(), *services_.digests,
                    std::string_view(request.target().data(), request.target().size()),
                    request.method() == http::verb::post, [self = shared_from_this(), version, keep_alive](EmailPage page) {
                      boost::asio::post(self->stream_.get_executor(), [self, version, keep_alive, page = std::move(page)] {
                        auto response = std::make_shared<http::response<http::string_body>>(
                            static_cast<http::status>(page.status), version);
                        response->set(http::field::server, "spb");
                        response->set(http::field::content_type, "text/html; charset=utf-8");
                        response->set(http::field::cache_control, "no-store");
                        response->keep_alive(keep_alive);
                        response->body() = page.html;
                        secure(*response);
                        response->prepare_payload();
                        http::async_write(self->stream_, *response,
                                          [self, response](beast::error_code ec, std::size_t n) {
                                            self->on_write(response->keep_alive(), ec, n);
                                          });
                      });
                    });
}

// 200 "ready", or 503 with the reason; answered once the readiness check has
// a current answer (a read of the database, two seconds at most).
void HttpSession::answer_readiness(const http::request<http::string_body>& request) {
  readiness_.check([self = shared_from_this(), version = request.version(),
                    keep_alive = request.keep_alive()](ReadyState state) {
    boost::asio::post(self->stream_.get_executor(), [self, version, keep_alive, state] {
      auto response = std::make_shared<http::response<http::string_body>>(
          state == ReadyState::kReady ? http::status::ok : http::status::service_unavailable, version);
      response->set(http::field::server, "spb");
      response->set(http::field::content_type, "text/plain");
      response->set(http::field::cache_control, "no-store");
      response->keep_alive(keep_alive);
      response->body() = std::string(describe(state)) + "\n";
      secure(*response);
      response->prepare_payload();
      http::async_write(self->stream_, *response, [self, response](beast::error_code ec, std::size_t n) {
        self->on_write(response->keep_alive(), ec, n);
      });
    });
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
    secure(res);
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
  if (const auto file = StaticFiles(services_.config.static_dir).find(target)) {
    return StaticFiles::respond(*file, request);
  }
  return reply(http::status::not_found, "text/plain", "Not found.\n");
}

}  // namespace sp::server
