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

struct Metrics {
  std::atomic<std::int64_t> connections{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> tables_active{0};
  std::atomic<std::uint64_t> actions_accepted{0};
  std::atomic<std::uint64_t> actions_rejected{0};
  std::atomic<std::uint64_t> requests{0};
  std::atomic<std::uint64_t> requests_rejected{0};
  std::atomic<std::uint64_t> tables_faulted{0};
  Histogram action_latency;  // from request to acknowledgement, storage included
  Histogram commit_latency;  // one database transaction

  std::string render() const;
};

}  // namespace sp::server
