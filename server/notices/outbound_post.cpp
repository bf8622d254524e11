#include "server/notices/outbound_post.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <memory>
#include <regex>
#include <stdexcept>

namespace sp::server {
namespace {

namespace net = boost::asio;
namespace ssl = net::ssl;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

class Post : public std::enable_shared_from_this<Post> {
 public:
  using Done = std::function<void(PostOutcome)>;

  Post(net::any_io_executor executor, std::shared_ptr<ssl::context> tls, OutboundRequest request, int timeout_seconds,
       OutboundPolicy policy, Done done)
      : tls_(std::move(tls)),
        strand_(net::make_strand(executor)),
        resolver_(strand_),
        stream_(strand_, *tls_),
        deadline_(strand_),
        url_(std::move(request.url)),
        timeout_(timeout_seconds),
        policy_(std::move(policy)),
        done_(std::move(done)) {
    const bool default_port = url_.port == (url_.scheme == UrlScheme::kHttps ? "443" : "80");
    request_.method(http::verb::post);
    request_.target(url_.target);
    request_.version(11);
    request_.set(http::field::host, url_.host + (default_port ? "" : ":" + url_.port));
    request_.set(http::field::user_agent, "spb");
    request_.set(http::field::content_type, request.content_type);
    request_.set(http::field::connection, "close");
    for (auto& [name, value] : request.headers) request_.set(name, value);
    request_.body() = std::move(request.body);
    request_.prepare_payload();
    parser_.body_limit(64 * 1024);
  }

  void run() {
    net::dispatch(strand_, [self = shared_from_this()] {
      self->deadline_.expires_after(std::chrono::seconds(self->timeout_));
      self->deadline_.async_wait([self](boost::system::error_code ec) {
        if (ec) return;
        self->resolver_.cancel();
        beast::get_lowest_layer(self->stream_).cancel();
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
  beast::tcp_stream& tcp_stream() { return beast::get_lowest_layer(stream_); }

  // Tries the resolved addresses the policy allows, in the resolver's order.
  void connect(const tcp::resolver::results_type& results) {
    std::vector<tcp::endpoint> allowed;
    std::optional<std::string> refusal;
    for (const auto& entry : results) {
      auto why = policy_.refusal(entry.endpoint().address());
      if (!why) {
        allowed.push_back(entry.endpoint());
      } else if (!refusal) {
        refusal = std::move(why);
      }
    }
    if (allowed.empty()) return refusal ? refuse(*refusal) : finish("address lookup: no address");
    tcp_stream().async_connect(allowed, [self = shared_from_this()](boost::system::error_code ec, const tcp::endpoint&) {
      if (ec) return self->finish("connect: " + ec.message());
      self->check_peer();
    });
  }

  // The address actually connected to, judged again before a byte is sent:
  // the connection, not the lookup, is what must stay out of the server's
  // network, whatever a name resolved to in between.
  void check_peer() {
    boost::system::error_code ec;
    const tcp::endpoint peer = tcp_stream().socket().remote_endpoint(ec);
    if (ec) return finish("connect: " + ec.message());
    if (auto why = policy_.refusal(peer.address())) return refuse(*why);
    if (url_.scheme == UrlScheme::kHttp) return write(tcp_stream());
    handshake();
  }

  void handshake() {
    boost::system::error_code ec;
    net::ip::make_address(url_.host, ec);
    // SNI names a host, never an address (RFC 6066 §3).
    if (ec && SSL_set_tlsext_host_name(stream_.native_handle(), url_.host.c_str()) != 1) {
      return finish("TLS: the host name could not be set");
    }
    stream_.set_verify_mode(ssl::verify_peer);
    stream_.set_verify_callback(ssl::host_name_verification(url_.host));
    stream_.async_handshake(ssl::stream_base::client, [self = shared_from_this()](boost::system::error_code ec2) {
      if (ec2) return self->finish("TLS: " + ec2.message());
      self->write(self->stream_);
    });
  }

  template <class Stream>
  void write(Stream& stream) {
    http::async_write(stream, request_, [self = shared_from_this(), &stream](boost::system::error_code ec, std::size_t) {
      if (ec) return self->finish("send: " + ec.message());
      http::async_read(stream, self->buffer_, self->parser_, [self](boost::system::error_code ec2, std::size_t) {
        if (ec2) return self->finish("answer: " + ec2.message());
        const unsigned status = self->parser_.get().result_int();
        if (status >= 200 && status < 300) return self->finish("", status);
        // A redirect's Location is chosen by the receiver, and could name
        // the server's own network: never followed.
        const bool redirect = status >= 300 && status < 400;
        self->finish("HTTP status " + std::to_string(status) + (redirect ? " (redirects are not followed)" : ""),
                     status);
      });
    });
  }

  void refuse(const std::string& why) {
    if (!done_) return;
    auto done = take_done();
    done(PostOutcome{0, "refused: " + why, true});
  }

  void finish(std::string error, unsigned status = 0) {
    if (!done_) return;
    auto done = take_done();
    done(PostOutcome{status, std::move(error), false});
  }

  Done take_done() {
    deadline_.cancel();
    boost::system::error_code ignored;
    tcp_stream().socket().shutdown(tcp::socket::shutdown_both, ignored);
    tcp_stream().close();
    auto done = std::move(done_);
    done_ = nullptr;
    return done;
  }

  std::shared_ptr<ssl::context> tls_;  // shared with the poster, so either may go first
  net::strand<net::any_io_executor> strand_;
  tcp::resolver resolver_;
  ssl::stream<beast::tcp_stream> stream_;
  net::steady_timer deadline_;
  OutboundUrl url_;
  int timeout_;
  OutboundPolicy policy_;
  Done done_;
  http::request<http::string_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

std::string OutboundUrl::origin() const {
  const bool https = scheme == UrlScheme::kHttps;
  const bool default_port = port == (https ? "443" : "80");
  return std::string(https ? "https://" : "http://") + host + (default_port ? "" : ":" + port);
}

std::optional<OutboundUrl> parse_outbound_url(const std::string& url, std::size_t max_length) {
  static const std::regex kUrl(
      R"((https?)://([A-Za-z0-9.-]{1,253})(?::([0-9]{1,5}))?(/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?)");
  std::smatch m;
  if (url.size() > max_length || !std::regex_match(url, m, kUrl)) return std::nullopt;
  const bool https = m[1].str() == "https";
  OutboundUrl out{https ? UrlScheme::kHttps : UrlScheme::kHttp, m[2].str(),
                  m[3].matched ? m[3].str() : (https ? "443" : "80"), m[4].matched ? m[4].str() : "/"};
  if (m[3].matched && (std::stoi(out.port) < 1 || std::stoi(out.port) > 65535)) return std::nullopt;
  return out;
}

OutboundPoster::OutboundPoster(net::any_io_executor executor, OutboundPolicy policy, int timeout_seconds,
                               const std::optional<std::string>& extra_ca_file)
    : executor_(std::move(executor)),
      policy_(std::move(policy)),
      timeout_seconds_(timeout_seconds),
      tls_(std::make_shared<ssl::context>(ssl::context::tls_client)) {
  tls_->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                   ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
  tls_->set_default_verify_paths();
  if (extra_ca_file) {
    boost::system::error_code ec;
    tls_->load_verify_file(*extra_ca_file, ec);
    if (ec) throw std::runtime_error("--outbound-ca " + *extra_ca_file + ": " + ec.message());
  }
  tls_->set_verify_mode(ssl::verify_peer);
}

void OutboundPoster::post(OutboundRequest request, std::function<void(PostOutcome)> done) {
  std::make_shared<Post>(executor_, tls_, std::move(request), timeout_seconds_, policy_, std::move(done))->run();
}

}  // namespace sp::server
