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
    case Refusal::kInvitationsThrottled: return "invitations_throttled";
    case Refusal::kConfirmationsThrottled: return "confirmations_throttled";
    case Refusal::kResetsThrottled: return "resets_throttled";
    case Refusal::kRateLimited: return "rate_limited";
    case Refusal::kUnknownField: return "unknown_field";
    case Refusal::kCount: break;
  }
  return "unknown";
}

const char* to_string(NoticeChannel channel) {
  switch (channel) {
    case NoticeChannel::kEmail: return "email";
    case NoticeChannel::kWebhook: return "webhook";
    case NoticeChannel::kPush: return "push";
    case NoticeChannel::kCount: break;
  }
  return "unknown";
}

void ChannelStats::observe_latency(std::int64_t seconds) {
  std::size_t bucket = 0;
  while (bucket < kBounds.size() && static_cast<double>(seconds) > kBounds[bucket]) ++bucket;
  latency_counts[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_sum.fetch_add(seconds, std::memory_order_relaxed);
}

namespace {

std::string render_channels(const std::array<ChannelStats, static_cast<std::size_t>(NoticeChannel::kCount)>& channels) {
  std::string out =
      "# HELP spb_notice_deliveries_total Notice deliveries by channel and outcome (failed: each failed attempt).\n"
      "# TYPE spb_notice_deliveries_total counter\n";
  for (std::size_t i = 0; i < channels.size(); ++i) {
    const std::string c = to_string(static_cast<NoticeChannel>(i));
    out += "spb_notice_deliveries_total{channel=\"" + c + "\",outcome=\"sent\"} " +
           std::to_string(channels[i].sent.load()) + "\n";
    out += "spb_notice_deliveries_total{channel=\"" + c + "\",outcome=\"failed\"} " +
           std::to_string(channels[i].failed.load()) + "\n";
    out += "spb_notice_deliveries_total{channel=\"" + c + "\",outcome=\"given_up\"} " +
           std::to_string(channels[i].given_up.load()) + "\n";
  }
  out += "# HELP spb_notice_delivery_seconds From a notice's outbox row to its delivery, by channel.\n"
         "# TYPE spb_notice_delivery_seconds histogram\n";
  for (std::size_t i = 0; i < channels.size(); ++i) {
    const std::string c = to_string(static_cast<NoticeChannel>(i));
    std::uint64_t cumulative = 0;
    for (std::size_t b = 0; b < ChannelStats::kBounds.size(); ++b) {
      cumulative += channels[i].latency_counts[b].load();
      char bound[32];
      std::snprintf(bound, sizeof bound, "%g", ChannelStats::kBounds[b]);
      out += "spb_notice_delivery_seconds_bucket{channel=\"" + c + "\",le=\"" + bound + "\"} " +
             std::to_string(cumulative) + "\n";
    }
    cumulative += channels[i].latency_counts[ChannelStats::kBounds.size()].load();
    out += "spb_notice_delivery_seconds_bucket{channel=\"" + c + "\",le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
    out += "spb_notice_delivery_seconds_sum{channel=\"" + c + "\"} " + std::to_string(channels[i].latency_sum.load()) + "\n";
    out += "spb_notice_delivery_seconds_count{channel=\"" + c + "\"} " + std::to_string(cumulative) + "\n";
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
  gauge("spb_tables_active", "Tables this node plays, loaded in memory.", tables_active.load());
  gauge("spb_tables_followed",
        "Copies of tables another node plays, kept in memory for this node's watchers.", tables_followed.load());
  counter("spb_follow_reads_total",
          "Reads of the database by those copies: news missed, or too long for a notification.", follow_reads.load());
  counter("spb_table_news_total",
          "Writes by another node whose news (in its notification) those copies took; news that began after a move "
          "not yet applied is followed by a read.",
          table_news.load());
  counter("spb_actions_accepted_total", "Game actions accepted and committed.", actions_accepted.load());
  counter("spb_actions_rejected_total", "Game actions refused (rules, stale move numbers).", actions_rejected.load());
  counter("spb_requests_total", "Protocol requests received.", requests.load());
  counter("spb_requests_rejected_total", "Protocol requests answered with an error.", requests_rejected.load());
  counter("spb_tables_faulted_total", "Tables stopped by a storage failure or a bug.", tables_faulted.load());
  gauge("spb_tables_stopped", "Tables in memory that refuse moves since a failed write or a bug.",
        tables_stopped.load());
  counter("spb_db_commit_failures_total",
          "Database transactions that did not commit (the database out of reach, a full disk, a lost lease).",
          commit_failures.load());
  gauge("spb_leases_held", "Tables whose lease this node holds (several nodes on one PostgreSQL).",
        leases_held.load());
  counter("spb_leases_lost_total",
          "Leases this node lost: expired (a pause, an outage) or taken by another node, found at its beat or by a "
          "write the fence refused.",
          leases_lost.load());
  counter("spb_leases_adopted_total", "Tables no live node played that this node took.", leases_adopted.load());
  counter("spb_handovers_asked_total", "Tables this node asked another node to hand over to it.",
          handovers_asked.load());
  counter("spb_handovers_given_total", "Tables another node asked this node to hand over.", handovers_given.load());
  counter("spb_forwards_carried_total", "Requests carried from this node to the node that plays their table.",
          forwards_carried.load());
  counter("spb_forwards_served_total", "Requests another node carried here, done by this node.", forwards_served.load());
  counter("spb_peer_messages_sent_total",
          "Carried requests and answers written to a direct connection to another node (--peer-listen).",
          peer_messages_sent.load());
  counter("spb_peer_messages_received_total", "Carried requests and answers read from another node's direct connection.",
          peer_messages_received.load());
  counter("spb_watching_heard_total", "Messages of other nodes saying which seats of this node's tables their connections watch.",
          watching_heard.load());
  counter("spb_forwards_unanswered_total",
          "Requests carried to another node that did not answer in time; their tables were taken here instead.",
          forwards_unanswered.load());
  counter("spb_table_moved_total", "Requests answered table_moved: the table could not be had from another node.",
          tables_moved_replies.load());
  gauge("spb_database_up", "1 while the database answers the readiness check's read (every 5 s), else 0.",
        database_up.load());
  gauge("spb_ready", "1 while /readyz answers 200: the database answers and the node is not draining.", ready.load());
  out += "# HELP spb_refused_total Clients refused by the server's guards, by reason.\n# TYPE spb_refused_total counter\n";
  for (std::size_t i = 0; i < refused.size(); ++i) {
    out += std::string("spb_refused_total{reason=\"") + to_string(static_cast<Refusal>(i)) + "\"} " +
           std::to_string(refused[i].load()) + "\n";
  }
  counter("spb_outbound_refused_total",
          "Outbound requests (webhook and push attempts) refused: their address is not public (loopback, private, "
          "link-local, multicast, ...) and not allowed by --outbound-allow.",
          outbound_refused.load());
  gauge("spb_outbox_backlog",
        "Outbox rows (webhook, push, email) due or waiting for a retry, not yet delivered nor given up; read every 5 s.",
        outbox_backlog.load());
  gauge("spb_outbox_oldest_seconds",
        "Age of the oldest row of spb_outbox_backlog, from its notice's creation (0: none); read every 5 s.",
        outbox_oldest_seconds.load());
  gauge("spb_claims_waiting", "Outbox rows due now that no node holds a live claim on; read every 5 s.",
        claims_waiting.load());
  counter("spb_robot_decisions_total", "Robot decisions made on the robot threads.", robot_decisions.load());
  counter("spb_robot_decisions_cut_total", "Robot searches stopped by the per-decision time budget (or the shutdown).",
          robot_decisions_cut.load());
  counter("spb_robot_decisions_dropped_total",
          "Robot decisions dropped because the table changed while the robot thought (decided again).",
          robot_decisions_dropped.load());
  gauge("spb_robot_queue", "Robot decisions waiting for a robot thread.", robot_queue.load());
  out += render_channels(channels);
  out += action_latency.render("spb_action_latency_seconds", "From an act request to its acknowledgement.");
  out += commit_latency.render("spb_db_commit_seconds", "One database transaction (group commit).");
  out += robot_decision_time.render("spb_robot_decision_seconds", "One robot decision on a robot thread.");
  return out;
}

}  // namespace sp::server
