#include "server/net/ws_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "protocol/reply_frames.hpp"
#include "protocol/request_envelope.hpp"

namespace sp::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

// A client that keeps flooding after this many refusals in a row is closed.
constexpr int kMaxStrikes = 50;
// Requests a client may send ahead of their replies.
constexpr std::size_t kMaxQueuedRequests = 256;

}  // namespace

WsSession::WsSession(boost::asio::ip::tcp::socket socket, Services& services, SessionList& sessions,
                     ConnectionSlot slot)
    : ws_(std::move(socket)),
      services_(services),
      sessions_(sessions),
      slot_(std::move(slot)),
      deadline_(ws_.get_executor()),
      tokens_(services.config.request_burst),
      refilled_(std::chrono::steady_clock::now()),
      opened_(refilled_) {
  boost::system::error_code ignored;
  const auto peer = ws_.next_layer().remote_endpoint(ignored);
  if (!ignored) state_.remote_address = peer.address().to_string() + ":" + std::to_string(peer.port());
  state_.client_address = slot_.address();
}

WsSession::~WsSession() {
  if (counted_) services_.metrics.connections.fetch_sub(1, std::memory_order_relaxed);
  sessions_.remove(this);
}

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  boost::asio::dispatch(ws_.get_executor(), [self = std::static_pointer_cast<WsSession>(shared_from_this()),
                                             request = std::move(request)]() mutable {
    websocket::stream_base::timeout timeout{};
    timeout.handshake_timeout = std::chrono::seconds(self->services_.config.handshake_timeout_seconds);
    timeout.idle_timeout = std::chrono::seconds(self->services_.config.idle_timeout_seconds);
    timeout.keep_alive_pings = true;
    self->ws_.set_option(timeout);
    self->ws_.read_message_max(self->services_.config.max_frame_bytes);
    self->ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "spb"); }));
    self->ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, self));
  });
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return;
  counted_ = true;
  opened_ = std::chrono::steady_clock::now();
  services_.metrics.connections.fetch_add(1, std::memory_order_relaxed);
  services_.metrics.connections_total.fetch_add(1, std::memory_order_relaxed);
  sessions_.add(std::static_pointer_cast<WsSession>(shared_from_this()));
  arm_deadline(std::min(services_.config.hello_timeout_seconds, services_.config.login_timeout_seconds));
  do_read();
}

void WsSession::arm_deadline(int seconds) {
  deadline_.expires_after(std::chrono::seconds(seconds));
  deadline_.async_wait([self = std::static_pointer_cast<WsSession>(shared_from_this())](beast::error_code ec) {
    if (!ec) self->on_deadline();
  });
}

void WsSession::on_deadline() {
  const auto& config = services_.config;
  if (!state_.greeted) {
    services_.metrics.refuse(Refusal::kHelloTimeout);
    return close_when_written(websocket::close_reason(
        websocket::close_code::policy_error, "say hello within " + std::to_string(config.hello_timeout_seconds) + " s"));
  }
  if (state_.settled) return;
  const auto open_for = std::chrono::steady_clock::now() - opened_;
  const auto left = std::chrono::seconds(config.login_timeout_seconds) - open_for;
  if (left > std::chrono::milliseconds(0)) {
    return arm_deadline(static_cast<int>(std::chrono::ceil<std::chrono::seconds>(left).count()));
  }
  services_.metrics.refuse(Refusal::kLoginTimeout);
  close_when_written(websocket::close_reason(
      websocket::close_code::policy_error,
      "log in or subscribe within " + std::to_string(config.login_timeout_seconds) + " s"));
}

void WsSession::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read,
                                                    std::static_pointer_cast<WsSession>(shared_from_this())));
}

bool WsSession::take_token() {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - refilled_).count();
  refilled_ = now;
  // A bot's account, once signed in, draws from the bots' narrower bucket.
  const bool bot = state_.bot;
  const double burst = bot ? services_.config.bot_request_burst : services_.config.request_burst;
  const double rate = bot ? services_.config.bot_requests_per_second : services_.config.requests_per_second;
  tokens_ = std::min(burst, tokens_ + elapsed * rate);
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    // Closed, timed out, or a frame over the limit (Beast then closes with 1009).
    deadline_.cancel();
    forget_connection(services_, shared_from_this());
    return;
  }
  inbound_.emplace_back(beast::buffers_to_string(buffer_.data()), ws_.got_text());
  buffer_.consume(buffer_.size());
  if (inbound_.size() > kMaxQueuedRequests) {
    // Far more requests sent than answered: a flood, not a client.
    inbound_.clear();
    close_when_written(websocket::close_reason(websocket::close_code::policy_error, "too many requests in flight"));
    return;
  }
  handle_next();
  do_read();
}

void WsSession::request_done() {
  handling_ = false;
  handle_next();
}

void WsSession::handle_next() {
  while (!handling_ && !inbound_.empty() && !closing_) {
    auto [frame, text] = std::move(inbound_.front());
    inbound_.pop_front();
    if (!text) {
      respond(protocol::encode_error(protocol::RequestId{}, "", protocol::ErrorCode::kBadRequest, "Send JSON as text frames."));
      continue;
    }
    if (!take_token()) {
      services_.metrics.requests_rejected.fetch_add(1, std::memory_order_relaxed);
      services_.metrics.refuse(Refusal::kRateLimited);
      // Echo the request's id and type so the client can match the refusal.
      const protocol::RequestLabel label = protocol::label_request(frame);
      respond(protocol::encode_error(label.id, label.type, protocol::ErrorCode::kRateLimited,
                                     protocol::default_message(protocol::ErrorCode::kRateLimited)));
      if (++strikes_ >= kMaxStrikes) {
        close_when_written(websocket::close_reason(websocket::close_code::policy_error, "rate limit"));
        return;
      }
      continue;
    }
    strikes_ = 0;
    handling_ = true;
    try {
      handle_frame(services_, shared_from_this(), frame);
    } catch (const std::exception&) {
      handling_ = false;
      respond(protocol::encode_error(protocol::RequestId{}, "", protocol::ErrorCode::kInternalError,
                                     protocol::default_message(protocol::ErrorCode::kInternalError)));
    }
  }
}

void WsSession::send(std::shared_ptr<const std::string> frame, IdentityEpoch epoch) {
  boost::asio::post(ws_.get_executor(), [self = std::static_pointer_cast<WsSession>(shared_from_this()),
                                         frame = std::move(frame), epoch]() mutable {
    // Made for an identity this connection no longer has: it must not be sent.
    if (epoch != self->state_.epoch) return;
    self->queue(std::move(frame));
  });
}

void WsSession::post(std::function<void()> fn) { boost::asio::post(ws_.get_executor(), std::move(fn)); }

void WsSession::respond(std::string frame) { queue(std::make_shared<const std::string>(std::move(frame))); }

void WsSession::deliver(std::shared_ptr<const std::string> frame) { queue(std::move(frame)); }

void WsSession::queue(std::shared_ptr<const std::string> frame) {
  if (closing_ && !close_after_write_) return;
  if (outbound_.size() >= services_.config.max_outbound_frames) {
    // The client does not read what it is sent: close rather than buffer without end.
    // The front frame is being written: its buffer must live until the write
    // completes (on_write clears the rest when it fails on the closed socket).
    closing_ = true;
    close_after_write_.reset();
    outbound_.erase(outbound_.begin() + 1, outbound_.end());
    boost::system::error_code ignored;
    ws_.next_layer().close(ignored);
    return;
  }
  outbound_.push_back(std::move(frame));
  if (outbound_.size() == 1) do_write();
}

void WsSession::do_write() {
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(*outbound_.front()),
                  beast::bind_front_handler(&WsSession::on_write, std::static_pointer_cast<WsSession>(shared_from_this())));
}

void WsSession::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    outbound_.clear();
    return;
  }
  outbound_.pop_front();
  if (!outbound_.empty()) {
    do_write();
  } else if (close_after_write_) {
    ws_.async_close(*close_after_write_, [self = shared_from_this()](beast::error_code) {});
    close_after_write_.reset();
  }
}

void WsSession::close_when_written(websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  deadline_.cancel();
  if (outbound_.empty()) {
    ws_.async_close(reason, [self = shared_from_this()](beast::error_code) {});
  } else {
    close_after_write_ = reason;
  }
}

void WsSession::shut_down() {
  boost::asio::post(ws_.get_executor(), [self = std::static_pointer_cast<WsSession>(shared_from_this())] {
    self->close_when_written(websocket::close_reason(websocket::close_code::going_away, "server shutting down"));
  });
}

void SessionList::add(const std::shared_ptr<WsSession>& session) {
  std::lock_guard lock(mutex_);
  sessions_.emplace_back(session.get(), session);
}

void SessionList::remove(const WsSession* session) {
  std::lock_guard lock(mutex_);
  std::erase_if(sessions_, [session](const auto& entry) { return entry.first == session; });
}

void SessionList::shut_down_all() {
  std::vector<std::shared_ptr<WsSession>> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, weak] : sessions_) {
      if (auto s = weak.lock()) open.push_back(std::move(s));
    }
  }
  for (const auto& s : open) s->shut_down();
}

}  // namespace sp::server
