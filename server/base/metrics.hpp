// Metrics: counters and histograms in the Prometheus text format, served at
// /metrics. Every member is atomic: safe from any thread, no locks.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace sp::server {

// A histogram with fixed bucket bounds in seconds.
class Histogram {
 public:
  static constexpr std::array<double, 12> kBounds = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                     0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
  void observe(double seconds);
  std::string render(const std::string& name, const std::string& help) const;

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> counts_{};
  std::atomic<std::uint64_t> total_micros_{0};
};

// Why the server's guards refused a client (spb_refused_total's reason label).
enum class Refusal {
  kConnectionsPerAddress,   // over --max-connections-per-address
  kHelloTimeout,            // no hello within --hello-timeout
  kLoginTimeout,            // neither logged in nor subscribed within --login-timeout
  kLoginThrottled,          // a login while failed logins make the account or address wait
  kRegistrationsThrottled,  // over --registrations-per-address-hour
  kChatThrottled,           // over --chat-per-account-minute or --chat-per-address-minute
  kInvitationsThrottled,    // over --invitations-per-account-hour
  kConfirmationsThrottled,  // over --confirmations-per-address-hour
  kResetsThrottled,         // over --resets-per-address-hour
  kRateLimited,             // over the per-connection request rate
  kUnknownField,            // a request with a field its schema does not have
  kCount
};
const char* to_string(Refusal refusal);

// The ways a notice leaves the server besides the page (notice_channels.hpp),
// each with its own delivery counts; a new channel adds its word here.
enum class NoticeChannel : std::uint8_t { kEmail, kWebhook, kPush, kCount };
const char* to_string(NoticeChannel channel);

// One channel's deliveries. Latency runs from the notice's outbox row to the
// delivery, in seconds of the server's clock: hours when quiet hours held it.
struct ChannelStats {
  static constexpr std::array<double, 10> kBounds = {1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 12 * 3600, 86400};
  std::atomic<std::uint64_t> sent{0};
  std::atomic<std::uint64_t> failed{0};    // attempts that failed (each retry counts)
  std::atomic<std::uint64_t> given_up{0};  // deliveries abandoned after their last attempt
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> latency_counts{};
  std::atomic<std::int64_t> latency_sum{0};

  void observe_latency(std::int64_t seconds);
};

struct Metrics {
  std::atomic<std::int64_t> connections{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> tables_active{0};    // played by this node
  std::atomic<std::int64_t> tables_followed{0};  // copies kept for watchers here while another node plays them
  std::atomic<std::uint64_t> follow_reads{0};    // reads of the database by those copies
  std::atomic<std::uint64_t> table_news{0};      // writes those copies applied from their notification alone
  std::atomic<std::uint64_t> actions_accepted{0};
  std::atomic<std::uint64_t> actions_rejected{0};
  std::atomic<std::uint64_t> requests{0};
  std::atomic<std::uint64_t> requests_rejected{0};
  std::atomic<std::uint64_t> tables_faulted{0};
  std::atomic<std::int64_t> tables_stopped{0};  // in memory, refusing moves since a failed write or a bug
  std::atomic<std::uint64_t> commit_failures{0};
  // Several nodes on one PostgreSQL (docs/scaling.md): this node's leases.
  std::atomic<std::int64_t> leases_held{0};
  std::atomic<std::uint64_t> leases_lost{0};      // expired or taken while this node held them
  std::atomic<std::uint64_t> leases_adopted{0};   // tables no live node played, taken by this node
  std::atomic<std::uint64_t> handovers_asked{0};  // tables this node asked another node to hand over
  std::atomic<std::uint64_t> handovers_given{0};  // tables this node was asked to hand over
  std::atomic<std::uint64_t> tables_moved_replies{0};  // requests answered table_moved
  // Requests carried to the node that plays their table (forwarding.hpp).
  std::atomic<std::uint64_t> forwards_carried{0};     // sent from here to another node
  std::atomic<std::uint64_t> forwards_served{0};      // another node's, done here
  std::atomic<std::uint64_t> peer_messages_sent{0};      // carried requests and answers written to a node's peer connection
  std::atomic<std::uint64_t> peer_messages_received{0};  // read from another node's peer connection
  std::atomic<std::uint64_t> watching_heard{0};          // other nodes' word of the seats they watch (spb_watching)
  std::atomic<std::uint64_t> forwards_unanswered{0};  // sent, unanswered in time: the table was taken here instead
  std::atomic<std::int64_t> database_up{1};     // the last read of the readiness check succeeded (readiness.hpp)
  std::atomic<std::int64_t> ready{1};           // /readyz answers 200
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(Refusal::kCount)> refused{};
  std::atomic<std::uint64_t> outbound_refused{0};
  // The outboxes, read from the database every few seconds (server/notices/outbox_gauge.hpp).
  std::atomic<std::int64_t> outbox_backlog{0};         // rows due or retrying, not yet delivered nor given up
  std::atomic<std::int64_t> outbox_oldest_seconds{0};  // the oldest such row's age
  std::atomic<std::int64_t> claims_waiting{0};         // rows due now that no node holds a live claim on  // webhook and push attempts the outbound policy stopped
  std::array<ChannelStats, static_cast<std::size_t>(NoticeChannel::kCount)> channels;
  Histogram action_latency;  // from request to acknowledgement, storage included
  Histogram commit_latency;  // one database transaction
  // Robots deciding on their pool's threads (server/robots/robot_pool.hpp).
  std::atomic<std::uint64_t> robot_decisions{0};
  std::atomic<std::uint64_t> robot_decisions_cut{0};      // a search stopped by the time budget (or the shutdown)
  std::atomic<std::uint64_t> robot_decisions_dropped{0};  // the table changed while the robot thought
  std::atomic<std::int64_t> robot_queue{0};               // jobs waiting for a pool thread
  Histogram robot_decision_time;                          // one decision on a pool thread

  ChannelStats& channel(NoticeChannel c) { return channels[static_cast<std::size_t>(c)]; }
  void refuse(Refusal why) { refused[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed); }
  std::string render() const;
};

}  // namespace sp::server
