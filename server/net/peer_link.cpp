#include "server/net/peer_link.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <array>
#include <deque>
#include <optional>

namespace sp::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

std::string random_token() {
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();
  return hex;
}

// The message's length before it, big-endian.
std::string framed(const std::string& message) {
  const auto n = static_cast<std::uint32_t>(message.size());
  std::string out;
  out.reserve(4 + message.size());
  out.push_back(static_cast<char>(n >> 24));
  out.push_back(static_cast<char>(n >> 16));
  out.push_back(static_cast<char>(n >> 8));
  out.push_back(static_cast<char>(n));
  out += message;
  return out;
}

std::uint32_t length_of(const std::array<unsigned char, 4>& header) {
  return (std::uint32_t{header[0]} << 24) | (std::uint32_t{header[1]} << 16) | (std::uint32_t{header[2]} << 8) |
         std::uint32_t{header[3]};
}

bool same_token(const std::string& a, const std::string& b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

// A connection this node opened to another node: messages are written in
// order, one at a time; those not yet written when it fails go through the
// fallback.
class PeerLink::Outbound : public std::enable_shared_from_this<Outbound> {
 public:
  Outbound(PeerLink& link, std::string node, Peer peer)
      : link_(link), node_(std::move(node)), peer_(std::move(peer)), socket_(link.strand_), resolver_(link.strand_) {}

  const Peer& peer() const { return peer_; }

  void send(std::string message) {
    queue_.push_back(std::move(message));
    if (state_ == State::kIdle) connect();
    else if (state_ == State::kOpen) write();
  }

  void close() {
    boost::system::error_code ignored;
    resolver_.cancel();
    socket_.close(ignored);
  }

 private:
  enum class State : std::uint8_t { kIdle, kConnecting, kOpen, kFailed };

  void connect() {
    state_ = State::kConnecting;
    const auto colon = peer_.address.rfind(':');
    resolver_.async_resolve(
        peer_.address.substr(0, colon), peer_.address.substr(colon + 1),
        [self = shared_from_this()](boost::system::error_code ec, tcp::resolver::results_type endpoints) {
          if (ec) return self->fail(ec);
          net::async_connect(self->socket_, endpoints, [self](boost::system::error_code error, const tcp::endpoint&) {
            if (error) return self->fail(error);
            self->socket_.set_option(tcp::no_delay(true), error);
            self->state_ = State::kOpen;
            self->queue_.push_front(self->peer_.token);
            self->write();
          });
        });
  }

  void write() {
    if (writing_ || queue_.empty()) return;
    writing_ = true;
    current_ = framed(queue_.front());
    net::async_write(socket_, net::buffer(current_), [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
      self->writing_ = false;
      if (ec) return self->fail(ec);
      self->queue_.pop_front();
      self->link_.metrics_.peer_messages_sent.fetch_add(1, std::memory_order_relaxed);
      self->write();
    });
  }

  void fail(boost::system::error_code ec) {
    if (state_ == State::kFailed) return;
    state_ = State::kFailed;
    spdlog::warn("node connection to {} at {} failed ({}); requests for it go through the database", node_,
                 peer_.address, ec.message());
    close();
    // The token, first when the connection had just opened, is not a message.
    if (!queue_.empty() && queue_.front() == peer_.token) queue_.pop_front();
    link_.forget(node_, this);
    for (std::string& message : queue_) {
      link_.fallback_(node_, std::move(message));
    }
    queue_.clear();
  }

  PeerLink& link_;
  const std::string node_;
  const Peer peer_;
  tcp::socket socket_;
  tcp::resolver resolver_;
  std::deque<std::string> queue_;
  std::string current_;
  State state_ = State::kIdle;
  bool writing_ = false;
};

// A connection another node opened here: its token, then its messages.
class PeerLink::Inbound : public std::enable_shared_from_this<Inbound> {
 public:
  Inbound(PeerLink& link, tcp::socket socket) : link_(link), socket_(std::move(socket)) {}

  void start() { read_header(); }
  void close() {
    boost::system::error_code ignored;
    socket_.close(ignored);
  }

 private:
  void read_header() {
    net::async_read(socket_, net::buffer(header_), [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
      if (ec) return self->end();
      const std::uint32_t length = length_of(self->header_);
      if (length > kMaxPeerMessage || (!self->trusted_ && length != self->link_.token_.size())) {
        spdlog::warn("node connection from {}: a message of {} bytes; closed", self->remote(), length);
        return self->end();
      }
      self->body_.assign(length, '\0');
      self->read_body();
    });
  }

  void read_body() {
    net::async_read(socket_, net::buffer(body_), [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
      if (ec) return self->end();
      if (!self->trusted_) {
        if (!same_token(self->body_, self->link_.token_)) {
          spdlog::warn("node connection from {}: not the token this node announced; closed", self->remote());
          return self->end();
        }
        self->trusted_ = true;
      } else {
        self->link_.metrics_.peer_messages_received.fetch_add(1, std::memory_order_relaxed);
        self->link_.received_(std::move(self->body_));
      }
      self->read_header();
    });
  }

  std::string remote() const {
    boost::system::error_code ec;
    const auto endpoint = socket_.remote_endpoint(ec);
    return ec ? std::string("a closed connection") : endpoint.address().to_string();
  }

  void end() {
    close();
    link_.inbound_.erase(this);
  }

  PeerLink& link_;
  tcp::socket socket_;
  std::array<unsigned char, 4> header_{};
  std::string body_;
  bool trusted_ = false;
};

PeerLink::PeerLink(net::any_io_executor executor, tcp::acceptor acceptor, std::string address, Metrics& metrics)
    : strand_(net::make_strand(executor)),
      address_(std::move(address)),
      token_(random_token()),
      metrics_(metrics),
      acceptor_(std::move(acceptor)) {}

PeerLink::~PeerLink() = default;

void PeerLink::start(Received received, Fallback fallback) {
  received_ = std::move(received);
  fallback_ = std::move(fallback);
  net::dispatch(strand_, [this] { accept(); });
}

void PeerLink::accept() {
  acceptor_.async_accept(strand_, net::bind_executor(strand_, [this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (!ec) {
      socket.set_option(tcp::no_delay(true), ec);
      auto connection = std::make_shared<Inbound>(*this, std::move(socket));
      inbound_[connection.get()] = connection;
      connection->start();
    }
    accept();
  }));
}

std::string PeerLink::announcement() const { return address_ + "\n" + token_; }

bool PeerLink::heard(const std::string& node, const std::string& announcement) {
  const auto newline = announcement.find('\n');
  if (newline == std::string::npos || announcement.rfind(':', newline) == std::string::npos) return false;
  std::lock_guard lock(mutex_);
  peers_[node] = Peer{announcement.substr(0, newline), announcement.substr(newline + 1)};
  return true;
}

bool PeerLink::send(const std::string& to, std::string message) {
  std::optional<Peer> peer;
  {
    std::lock_guard lock(mutex_);
    if (const auto known = peers_.find(to); known != peers_.end()) peer = known->second;
  }
  if (!peer) return fallback_(to, std::move(message));
  if (message.size() > kMaxPeerMessage) return false;
  net::dispatch(strand_, [this, to, peer = std::move(*peer), message = std::move(message)]() mutable {
    auto& connection = outbound_[to];
    // Restarted elsewhere or with another token: a fresh connection.
    if (connection && (connection->peer().address != peer.address || connection->peer().token != peer.token)) {
      connection->close();
      connection.reset();
    }
    if (!connection) connection = std::make_shared<Outbound>(*this, to, std::move(peer));
    connection->send(std::move(message));
  });
  return true;
}

void PeerLink::forget(const std::string& node, const Outbound* connection) {
  const auto it = outbound_.find(node);
  if (it != outbound_.end() && it->second.get() == connection) outbound_.erase(it);
}

}  // namespace sp::server
