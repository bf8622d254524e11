#include "server/notices/outbox_gauge.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

namespace sp::server {
namespace {

constexpr auto kBeat = std::chrono::seconds(5);

}  // namespace

OutboxGauge::OutboxGauge(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Metrics& metrics)
    : store_(store), clock_(clock), metrics_(metrics), beat_(executor) {}

void OutboxGauge::start() { read(); }

void OutboxGauge::read() {
  const std::int64_t now = clock_.now();
  auto depth = std::make_shared<OutboxDepth>();
  store_.submit([depth, now](Records& db) { *depth = db.outbox_depth(now); },
                [this, depth, now](std::exception_ptr error) {
                  // A failed read keeps the last values: spb_database_up says
                  // the database is out of reach.
                  if (!error) {
                    metrics_.outbox_backlog.store(depth->backlog, std::memory_order_relaxed);
                    metrics_.claims_waiting.store(depth->waiting, std::memory_order_relaxed);
                    metrics_.outbox_oldest_seconds.store(
                        depth->oldest_created_at ? std::max<std::int64_t>(0, now - *depth->oldest_created_at) : 0,
                        std::memory_order_relaxed);
                  }
                  beat_.expires_after(kBeat);
                  beat_.async_wait([this](boost::system::error_code ec) {
                    if (!ec) read();
                  });
                });
}

}  // namespace sp::server
