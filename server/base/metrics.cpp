#include "server/base/metrics.hpp"

#include <cstdio>
#include <initializer_list>

namespace sp::server {

void Histogram::observe(double seconds) {
  std::size_t bucket = 0;
  while (bucket < kBounds.size() && seconds > kBounds[bucket]) ++bucket;
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  total_micros_.fetch_add(static_cast<std::uint64_t>(seconds * 1e6), std::memory_order_relaxed);
}

std::string Histogram::render(const std::string& name, const std::string& help) const {
  std::string out = "# HELP " + name + " " + help + "\n# TYPE " + name + " histogram\n";
  std::uint64_t cumulative = 0;
  char line[160];
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    std::snprintf(line, sizeof line, "%s_bucket{le=\"%g\"} %llu\n", name.c_str(), kBounds[i],
                  static_cast<unsigned long long>(cumulative));
    out += line;
  }
  cumulative += counts_[kBounds.size()].load(std::memory_order_relaxed);
  std::snprintf(line, sizeof line, "%s_bucket{le=\"+Inf\"} %llu\n%s_sum %.6f\n%s_count %llu\n", name.c_str(),
                static_cast<unsigned long long>(cumulative), name.c_str(),
                static_cast<double>(total_micros_.load(std::memory_order_relaxed)) / 1e6, name.c_str(),
                static_cast<unsigned long long>(cumulative));
  out += line;
  return out;
}

const char* to_string(Refusal refusal) {
  switch (refusal) {
    case Refusal::kConnectionsPerAddress: return "connections_per_address";
    case Refusal::kHelloTimeout: return "hello_timeout";
    case Refusal::kLoginTimeout: return "login_timeout";
    case Refusal::kLoginThrottled: return "login_throttled";
    case Refusal::kRegistrationsThrottled: return "registrations_throttled";
    case Refusal::kChatThrottled: return "chat_throttled";
    case Refusal::kRateLimited: return "rate_limited";
    case Refusal::kUnknownField: return "unknown_field";
    case Refusal::kCount: break;
  }
  return "unknown";
}

namespace {

struct NamedChannel {
  const char* name;
  const ChannelMetrics* metrics;
};

std::string render_channels(std::initializer_list<NamedChannel> channels) {
  std::string out;
  auto family = [&](const char* name, const char* type, const char* help, auto value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
    for (const NamedChannel& c : channels) {
      out += std::string(name) + "{channel=\"" + c.name + "\"} " + value(*c.metrics) + "\n";
    }
  };
  auto count = [](const std::atomic<std::uint64_t> ChannelMetrics::*member) {
    return [member](const ChannelMetrics& m) { return std::to_string((m.*member).load()); };
  };
  family("spb_notices_sent_total", "counter", "Notice deliveries a receiver accepted (2xx), by channel.",
         count(&ChannelMetrics::sent));
  family("spb_notices_failed_total", "counter",
         "Notice delivery attempts that failed (refused, no answer, an error status), by channel.",
         count(&ChannelMetrics::failed));
  family("spb_notices_given_up_total", "counter", "Notice deliveries given up, by channel.",
         count(&ChannelMetrics::given_up));
  out += "# HELP spb_notice_delivery_seconds Time of the accepted delivery attempts, by channel.\n"
         "# TYPE spb_notice_delivery_seconds summary\n";
  for (const NamedChannel& c : channels) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "spb_notice_delivery_seconds_sum{channel=\"%s\"} %.6f\nspb_notice_delivery_seconds_count{channel=\"%s\"} "
                  "%llu\n",
                  c.name, static_cast<double>(c.metrics->latency_micros.load()) / 1e6, c.name,
                  static_cast<unsigned long long>(c.metrics->sent.load()));
    out += line;
  }
  return out;
}

}  // namespace

std::string Metrics::render() const {
  std::string out;
  auto gauge = [&out](const char* name, const char* help, std::int64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " gauge\n" + name + " " +
           std::to_string(value) + "\n";
  };
  auto counter = [&out](const char* name, const char* help, std::uint64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " counter\n" + name + " " +
           std::to_string(value) + "\n";
  };
  gauge("spb_connections", "Open WebSocket connections.", connections.load());
  counter("spb_connections_total", "WebSocket connections accepted.", connections_total.load());
  gauge("spb_tables_active", "Tables being played, loaded in memory.", tables_active.load());
  counter("spb_actions_accepted_total", "Game actions accepted and committed.", actions_accepted.load());
  counter("spb_actions_rejected_total", "Game actions refused (rules, stale move numbers).", actions_rejected.load());
  counter("spb_requests_total", "Protocol requests received.", requests.load());
  counter("spb_requests_rejected_total", "Protocol requests answered with an error.", requests_rejected.load());
  counter("spb_tables_faulted_total", "Tables stopped by a storage failure or a bug.", tables_faulted.load());
  gauge("spb_tables_stopped", "Tables in memory that refuse moves since a failed write or a bug.",
        tables_stopped.load());
  out += "# HELP spb_refused_total Clients refused by the server's guards, by reason.\n# TYPE spb_refused_total counter\n";
  for (std::size_t i = 0; i < refused.size(); ++i) {
    out += std::string("spb_refused_total{reason=\"") + to_string(static_cast<Refusal>(i)) + "\"} " +
           std::to_string(refused[i].load()) + "\n";
  }
  counter("spb_outbound_refused_total",
          "Outbound requests (webhook and push attempts) refused: their address is not public (loopback, private, "
          "link-local, multicast, ...) and not allowed by --outbound-allow.",
          outbound_refused.load());
  out += render_channels({{"webhook", &webhook}, {"push", &push}});
  out += action_latency.render("spb_action_latency_seconds", "From an act request to its acknowledgement.");
  out += commit_latency.render("spb_db_commit_seconds", "One database transaction (group commit).");
  return out;
}

}  // namespace sp::server
