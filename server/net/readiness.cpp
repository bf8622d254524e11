#include "server/net/readiness.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

namespace sp::server {
namespace {

constexpr auto kFresh = std::chrono::seconds(1);
constexpr auto kBeat = std::chrono::seconds(5);
constexpr auto kPatience = std::chrono::seconds(2);

}  // namespace

std::string_view describe(ReadyState state) {
  switch (state) {
    case ReadyState::kReady: return "ready";
    case ReadyState::kDatabaseDown: return "the database does not answer";
    case ReadyState::kDraining: return "draining: this node is stopping";
  }
  return "unknown";
}

Readiness::Readiness(boost::asio::any_io_executor executor, Store& store, Metrics& metrics)
    : strand_(boost::asio::make_strand(executor)), store_(store), metrics_(metrics), beat_(strand_), late_(strand_) {}

void Readiness::start() {
  boost::asio::post(strand_, [this] {
    probe();
    beat_.expires_after(kBeat);
    beat_.async_wait([this](boost::system::error_code ec) {
      if (!ec) start();
    });
  });
}

void Readiness::drain() {
  boost::asio::post(strand_, [this] {
    draining_ = true;
    metrics_.ready.store(0, std::memory_order_relaxed);
  });
}

void Readiness::check(Answer answer) {
  boost::asio::post(strand_, [this, answer = std::move(answer)]() mutable {
    // A read overdue already answered "down": checks meanwhile are not held.
    if (draining_ || (probing_ && overdue_) || (!probing_ && Clock::now() - probed_at_ < kFresh)) {
      return answer(state());
    }
    waiting_.push_back(std::move(answer));
    if (!probing_) probe();
  });
}

void Readiness::probe() {
  if (probing_) return;
  probing_ = true;
  overdue_ = false;
  const std::uint64_t generation = ++generation_;
  late_.expires_after(kPatience);
  late_.async_wait([this, generation](boost::system::error_code ec) {
    if (!ec) probe_late(generation);
  });
  // The store's completion runs on the network threads: back to the strand.
  // The store outlives this object's last read (server.cpp stops the
  // readiness before the store goes).
  store_.submit([](Records& db) { db.find_user(0); },
                [this, generation](std::exception_ptr error) {
                  boost::asio::post(strand_, [this, generation, up = error == nullptr] { probe_done(up, generation); });
                });
}

void Readiness::probe_done(bool up, std::uint64_t generation) {
  if (generation != generation_) return;
  late_.cancel();
  probing_ = false;
  probed_at_ = Clock::now();
  if (up != database_up_) {
    if (up) {
      spdlog::info("database: answering again");
    } else {
      spdlog::error("database: a read failed; this node answers /readyz with 503 until it succeeds");
    }
  }
  database_up_ = up;
  metrics_.database_up.store(up ? 1 : 0, std::memory_order_relaxed);
  answer_all();
}

void Readiness::probe_late(std::uint64_t generation) {
  if (generation != generation_ || !probing_) return;
  // Still waiting on the store: down until it answers. The read stays in
  // flight (a store job cannot be withdrawn), so no other is sent meanwhile.
  if (database_up_) spdlog::error("database: no answer to a read within 2 s; this node answers /readyz with 503");
  overdue_ = true;
  database_up_ = false;
  metrics_.database_up.store(0, std::memory_order_relaxed);
  answer_all();
}

void Readiness::answer_all() {
  metrics_.ready.store(state() == ReadyState::kReady ? 1 : 0, std::memory_order_relaxed);
  std::vector<Answer> waiting;
  waiting.swap(waiting_);
  for (Answer& answer : waiting) answer(state());
}

ReadyState Readiness::state() const {
  if (draining_) return ReadyState::kDraining;
  return database_up_ ? ReadyState::kReady : ReadyState::kDatabaseDown;
}

}  // namespace sp::server
