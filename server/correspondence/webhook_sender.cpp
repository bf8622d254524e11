#include "server/correspondence/webhook_sender.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <regex>
#include <vector>

namespace sp::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

constexpr int kBatch = 16;

// How one attempt ended.
struct PostOutcome {
  std::string error;     // empty: delivered
  bool refused = false;  // by the outbound policy: another attempt would only be refused again
};

// One POST with a time limit over all of it (name lookup included), sent only
// to an address the outbound policy allows.
class WebhookPost : public std::enable_shared_from_this<WebhookPost> {
 public:
  using Done = std::function<void(PostOutcome)>;

  WebhookPost(net::any_io_executor executor, HttpUrl url, std::string body, int timeout_seconds,
              OutboundPolicy outbound, Done done)
      : strand_(net::make_strand(executor)),
        resolver_(strand_),
        stream_(strand_),
        deadline_(strand_),
        url_(std::move(url)),
        timeout_(timeout_seconds),
        outbound_(std::move(outbound)),
        done_(std::move(done)) {
    request_.method(http::verb::post);
    request_.target(url_.target);
    request_.version(11);
    request_.set(http::field::host, url_.host + (url_.port == "80" ? "" : ":" + url_.port));
    request_.set(http::field::user_agent, "spb-webhook");
    request_.set(http::field::content_type, "application/json");
    request_.set(http::field::connection, "close");
    request_.body() = std::move(body);
    request_.prepare_payload();
    parser_.body_limit(64 * 1024);
  }

  void run() {
    net::dispatch(strand_, [self = shared_from_this()] {
      self->deadline_.expires_after(std::chrono::seconds(self->timeout_));
      self->deadline_.async_wait([self](boost::system::error_code ec) {
        if (ec) return;
        self->resolver_.cancel();
        self->stream_.cancel();
        self->finish("no answer within " + std::to_string(self->timeout_) + " s");
      });
      self->resolver_.async_resolve(self->url_.host, self->url_.port,
                                    [self](boost::system::error_code ec, tcp::resolver::results_type results) {
                                      if (ec) return self->finish("address lookup: " + ec.message());
                                      self->connect(results);
                                    });
    });
  }

 private:
  // Tries the resolved addresses the policy allows, in the resolver's order.
  void connect(const tcp::resolver::results_type& results) {
    std::vector<tcp::endpoint> allowed;
    std::optional<std::string> refusal;
    for (const auto& entry : results) {
      auto why = outbound_.refusal(entry.endpoint().address());
      if (!why) {
        allowed.push_back(entry.endpoint());
      } else if (!refusal) {
        refusal = std::move(why);
      }
    }
    if (allowed.empty()) return refusal ? refuse(*refusal) : finish("address lookup: no address");
    stream_.async_connect(allowed, [self = shared_from_this()](boost::system::error_code ec, const tcp::endpoint&) {
      if (ec) return self->finish("connect: " + ec.message());
      self->check_peer();
    });
  }

  // The address actually connected to, judged again before a byte is sent:
  // the connection, not the lookup, is what must stay out of the server's
  // network, whatever a name resolved to in between.
  void check_peer() {
    boost::system::error_code ec;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(ec);
    if (ec) return finish("connect: " + ec.message());
    if (auto why = outbound_.refusal(peer.address())) return refuse(*why);
    write();
  }

  void write() {
    http::async_write(stream_, request_, [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
      if (ec) return self->finish("send: " + ec.message());
      http::async_read(self->stream_, self->buffer_, self->parser_,
                       [self](boost::system::error_code ec2, std::size_t) {
                         if (ec2) return self->finish("answer: " + ec2.message());
                         const unsigned status = self->parser_.get().result_int();
                         if (status >= 200 && status < 300) return self->finish("");
                         // A redirect's Location is chosen by the receiver, and
                         // could name the server's own network: never followed.
                         const bool redirect = status >= 300 && status < 400;
                         self->finish("HTTP status " + std::to_string(status) +
                                      (redirect ? " (redirects are not followed)" : ""));
                       });
    });
  }

  void refuse(const std::string& why) { finish("refused: " + why, true); }

  void finish(std::string error, bool refused = false) {
    if (!done_) return;
    deadline_.cancel();
    boost::system::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    auto done = std::move(done_);
    done_ = nullptr;
    done(PostOutcome{std::move(error), refused});
  }

  net::strand<net::any_io_executor> strand_;
  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  net::steady_timer deadline_;
  HttpUrl url_;
  int timeout_;
  OutboundPolicy outbound_;
  Done done_;
  http::request<http::string_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

std::int64_t webhook_retry_delay(int failed_attempts, const WebhookPolicy& policy) {
  std::int64_t delay = policy.first_retry_seconds;
  for (int i = 1; i < failed_attempts && delay < policy.longest_retry_seconds; ++i) delay *= 2;
  return std::min(delay, policy.longest_retry_seconds);
}

std::optional<HttpUrl> parse_webhook_url(const std::string& url) {
  static const std::regex kUrl(R"(http://([A-Za-z0-9.-]{1,253})(?::([0-9]{1,5}))?(/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?)");
  std::smatch m;
  if (url.size() > 500 || !std::regex_match(url, m, kUrl)) return std::nullopt;
  HttpUrl out{m[1].str(), m[2].matched ? m[2].str() : "80", m[3].matched ? m[3].str() : "/"};
  if (m[2].matched && (std::stoi(out.port) < 1 || std::stoi(out.port) > 65535)) return std::nullopt;
  return out;
}

WebhookSender::WebhookSender(net::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                             WebhookPolicy policy, OutboundPolicy outbound, Metrics& metrics)
    : executor_(executor),
      store_(store),
      clock_(clock),
      scheduler_(scheduler),
      policy_(policy),
      outbound_(std::move(outbound)),
      metrics_(metrics),
      strand_(net::make_strand(executor)) {}

void WebhookSender::wake() {
  net::post(strand_, [this] {
    if (stopped_) return;
    if (running_) {
      again_ = true;
      return;
    }
    running_ = true;
    fetch();
  });
}

void WebhookSender::stop() {
  net::post(strand_, [this] { stopped_ = true; });
}

void WebhookSender::fetch() {
  auto due = std::make_shared<std::vector<DeliveryRecord>>();
  auto next = std::make_shared<std::optional<std::int64_t>>();
  const std::int64_t now = clock_.now();
  store_.submit(
      [due, next, now](Records& db) {
        *due = db.due_deliveries(now, kBatch);
        *next = db.next_delivery_at();
      },
      [this, due, next](std::exception_ptr error) {
        net::post(strand_, [this, due, next, error] {
          if (stopped_) return;
          if (error) spdlog::error("webhooks: the outbox could not be read");
          if (error || due->empty()) {
            running_ = false;
            if (*next) scheduler_.set({Due::kWebhookRetry, 0}, **next, [this] { wake(); });
            if (again_) {
              again_ = false;
              wake();
            }
            return;
          }
          send_batch(std::move(*due));
        });
      });
}

void WebhookSender::send_batch(std::vector<DeliveryRecord> batch) {
  struct Progress {
    std::vector<DeliveryRecord> outcomes;
    std::size_t waiting;
  };
  auto progress = std::make_shared<Progress>(Progress{std::move(batch), 0});
  progress->waiting = progress->outcomes.size();
  // Backoff counts from the attempt, not from when its answer came: a slow
  // receiver does not push its next try further out.
  const std::int64_t attempted_at = clock_.now();
  for (std::size_t i = 0; i < progress->outcomes.size(); ++i) {
    const DeliveryRecord& d = progress->outcomes[i];
    auto settle = [this, progress, i, attempted_at](PostOutcome post) {
      net::post(strand_, [this, progress, i, attempted_at, post = std::move(post)] {
        DeliveryRecord& outcome = progress->outcomes[i];
        outcome.attempts += 1;
        outcome.last_error = post.error;
        if (post.error.empty()) {
          outcome.status = DeliveryStatus::kDelivered;
        } else if (post.refused) {
          // The address is the player's choice and the refusal the server's:
          // retrying would only ask again. The error stays in the outbox.
          metrics_.outbound_refused.fetch_add(1, std::memory_order_relaxed);
          outcome.status = DeliveryStatus::kGivenUp;
          spdlog::warn("webhook delivery {} given up: {}", outcome.id, post.error);
        } else if (outcome.attempts >= policy_.max_attempts) {
          outcome.status = DeliveryStatus::kGivenUp;
          spdlog::warn("webhook delivery {} given up after {} attempts: {}", outcome.id, outcome.attempts, post.error);
        } else {
          outcome.next_attempt_at = attempted_at + webhook_retry_delay(outcome.attempts, policy_);
        }
        if (--progress->waiting == 0) finish_batch(std::move(progress->outcomes));
      });
    };
    const auto url = parse_webhook_url(d.url);
    if (!url) {
      settle(PostOutcome{"not an http:// address"});
      continue;
    }
    std::make_shared<WebhookPost>(executor_, *url, d.body_json, policy_.timeout_seconds, outbound_, std::move(settle))
        ->run();
  }
}

void WebhookSender::finish_batch(std::vector<DeliveryRecord> outcomes) {
  const std::int64_t now = clock_.now();
  store_.submit(
      [outcomes = std::move(outcomes), now](Records& db) {
        for (const DeliveryRecord& d : outcomes) db.update_delivery(d, now);
      },
      [this](std::exception_ptr error) {
        net::post(strand_, [this, error] {
          if (stopped_) return;
          if (error) {
            // Left pending in the outbox: the next wake tries them again.
            spdlog::error("webhooks: outcomes could not be recorded");
            running_ = false;
            return;
          }
          fetch();
        });
      });
}

}  // namespace sp::server
