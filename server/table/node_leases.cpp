#include "server/table/node_leases.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include <future>

#include "server/store/database_error.hpp"
#include "server/store/pg/pg_leases.hpp"
#include "server/store/pg/pg_listener.hpp"
#include "server/store/pg/table_news_payload.hpp"

namespace sp::server {

namespace {

// Tables a node adopts from dead nodes per beat: the survivors share a dead
// node's tables among them instead of one taking them all at once.
constexpr int kAdoptPerBeat = 32;

const std::string kHandover = "spb_handover";
const std::string kReleased = "spb_released";
const std::string kTable = "spb_table";
const std::string kBus = "spb_bus";
const std::string kDue(kTimedWorkChannel);
const std::string kForward = "spb_forward";
const std::string kPeers = "spb_peers";
const std::string kWatching = "spb_watching";

// PostgreSQL refuses a notification payload of 8000 bytes or more.
constexpr std::size_t kMaxPayload = 7999;

std::optional<std::int64_t> table_of(const std::string& payload) {
  try {
    return std::stoll(payload);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

NodeLeases::NodeLeases(const std::string& conninfo, std::string node, std::int64_t lease_ms, Metrics& metrics)
    : node_(std::move(node)),
      lease_ms_(lease_ms),
      leases_(std::make_unique<PgLeases>(conninfo, node_, lease_ms)),
      heartbeat_(ioc_),
      metrics_(metrics),
      conninfo_(conninfo) {
  open_listener();
}

NodeLeases::~NodeLeases() { stop(); }

void NodeLeases::open_listener() {
  socket_.reset();
  listener_.reset();
  listener_ = std::make_unique<PgListener>(conninfo_, std::vector<std::string>{kHandover, kReleased, kTable, kBus, kDue, kForward, kPeers, kWatching});
  // The descriptor is libpq's: release() it before the listener closes it.
  socket_ = std::make_unique<boost::asio::posix::stream_descriptor>(ioc_, listener_->socket());
}

void NodeLeases::start(NodeLeaseHooks hooks, std::string announcement) {
  hooks_ = std::move(hooks);
  announcement_ = std::move(announcement);
  listen();
  boost::asio::post(ioc_, [this] { announce(); });
  heartbeat_.expires_after(std::chrono::milliseconds(lease_ms_ / 3));
  heartbeat_.async_wait([this](boost::system::error_code ec) {
    if (!ec) beat();
  });
  thread_ = std::thread([this] { ioc_.run(); });
}

void NodeLeases::stop() {
  if (!thread_.joinable()) return;
  boost::asio::post(ioc_, [this] {
    for (const auto& [table, epoch] : held_) {
      try {
        leases_->release(table, epoch);
        leases_->notify(kReleased, std::to_string(table));
      } catch (const DatabaseError& e) {
        spdlog::warn("table {}: the lease could not be released ({}); it expires instead", table, e.what());
      }
    }
    held_.clear();
    heartbeat_.cancel();
    if (socket_) socket_->release();
    socket_.reset();
    ioc_.stop();
  });
  thread_.join();
}

std::vector<std::pair<std::int64_t, std::int64_t>> NodeLeases::adopt_now(int limit) {
  std::vector<std::pair<std::int64_t, std::int64_t>> taken;
  for (std::int64_t table : leases_->orphans(limit)) {
    if (const auto epoch = leases_->acquire(table)) {
      held_[table] = *epoch;
      taken.emplace_back(table, *epoch);
    }
  }
  metrics_.leases_adopted.fetch_add(taken.size(), std::memory_order_relaxed);
  metrics_.leases_held.store(static_cast<std::int64_t>(held_.size()), std::memory_order_relaxed);
  return taken;
}

void NodeLeases::acquire(std::int64_t table, Acquired done) {
  boost::asio::post(ioc_, [this, table, done = std::move(done)]() mutable {
    auto [slot, fresh] = waiting_.try_emplace(table);
    slot->second.done.push_back(std::move(done));
    if (!fresh) return;  // already being asked for
    slot->second.give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(2 * lease_ms_);
    try_acquire(table);
  });
}

void NodeLeases::locate(std::int64_t table, std::function<void(Located)> done) {
  boost::asio::post(ioc_, [this, table, done = std::move(done)] {
    // Held already: the same epoch, as in try_acquire.
    if (const auto held = held_.find(table); held != held_.end()) return done(Located{held->second, {}});
    try {
      // Twice at most: the holder may give the lease up between the two reads.
      for (int attempt = 0; attempt < 2; ++attempt) {
        if (const auto epoch = leases_->acquire(table)) {
          held_[table] = *epoch;
          metrics_.leases_held.store(static_cast<std::int64_t>(held_.size()), std::memory_order_relaxed);
          return done(Located{epoch, {}});
        }
        if (auto holder = leases_->holder(table)) {
          return done(Located{std::nullopt, std::move(holder->node), holder->connected});
        }
      }
    } catch (const DatabaseError& e) {
      spdlog::warn("table {}: its lease could not be read: {}", table, e.what());
    }
    done(Located{});
  });
}

bool NodeLeases::forward(const std::string& to, std::string text) {
  // The asker's wait runs out and it takes the table instead.
  return notify_others(kForward, to + "\n" + std::move(text), "carry a request to another node");
}

bool NodeLeases::tell_watching(std::string lines) {
  // Told again at the next beat; meanwhile the players may be told it is their turn.
  return notify_others(kWatching, node_ + "\n" + std::move(lines), "tell the other nodes what it watches");
}

bool NodeLeases::notify_others(const std::string& channel, std::string payload, const char* what) {
  if (payload.size() > kMaxPayload) return false;
  boost::asio::post(ioc_, [this, channel, payload = std::move(payload), what] {
    try {
      leases_->notify(channel, payload);
    } catch (const DatabaseError& e) {
      spdlog::warn("node {}: could not {}: {}", node_, what, e.what());
    }
  });
  return true;
}

void NodeLeases::release(std::int64_t table, std::int64_t epoch) {
  boost::asio::post(ioc_, [this, table, epoch] {
    const auto held = held_.find(table);
    if (held == held_.end() || held->second != epoch) return;
    held_.erase(held);
    try {
      leases_->release(table, epoch);
      leases_->notify(kReleased, std::to_string(table));
    } catch (const DatabaseError& e) {
      spdlog::warn("table {}: the lease could not be released ({}); it expires instead", table, e.what());
    }
  });
}

void NodeLeases::try_acquire(std::int64_t table) {
  // Held already (adopted at a beat while a request asked for it): taking it
  // again would start a new epoch and fence out the table loaded under this one.
  if (const auto held = held_.find(table); held != held_.end()) return finish(table, held->second);
  try {
    if (const auto epoch = leases_->acquire(table)) {
      held_[table] = *epoch;
      return finish(table, epoch);
    }
    // Its node hands it over once no write is in flight, and says so
    // (spb_released); a dead node's lease expires and a beat takes it.
    metrics_.handovers_asked.fetch_add(1, std::memory_order_relaxed);
    leases_->notify(kHandover, std::to_string(table));
  } catch (const DatabaseError& e) {
    // A writer paused inside its transaction holds the row (lock_timeout):
    // the request is refused now rather than held for two lease lengths.
    spdlog::warn("table {}: its lease could not be taken: {}", table, e.what());
    return finish(table, std::nullopt);
  }
  const auto waiting = waiting_.find(table);
  if (waiting != waiting_.end() && std::chrono::steady_clock::now() >= waiting->second.give_up) {
    finish(table, std::nullopt);
  }
}

void NodeLeases::finish(std::int64_t table, std::optional<std::int64_t> epoch) {
  const auto waiting = waiting_.find(table);
  if (waiting == waiting_.end()) return;
  auto done = std::move(waiting->second.done);
  waiting_.erase(waiting);
  for (auto& callback : done) callback(epoch);
}

void NodeLeases::listen() {
  if (!socket_) return;
  socket_->async_wait(boost::asio::posix::stream_descriptor::wait_read, [this](boost::system::error_code ec) {
    if (ec) return;
    try {
      for (const PgNotification& note : listener_->drain()) on_notification(note.channel, note.payload);
      listen();
    } catch (const DatabaseError& e) {
      // Reopened at the next beat; meanwhile waiting acquisitions are retried
      // by the beat itself, so nothing waits on a lost notification.
      spdlog::warn("node {}: listening failed: {}", node_, e.what());
      if (socket_) socket_->release();
      socket_.reset();
      listener_.reset();
    }
  });
}

void NodeLeases::publish(NodeBus::Kind kind, std::int64_t id, std::string text) {
  boost::asio::post(ioc_, [this, kind, id, text = std::move(text)] {
    try {
      leases_->notify(kBus, node_ + "\n" + static_cast<char>(kind) + "\n" + std::to_string(id) + "\n" + text);
    } catch (const DatabaseError& e) {
      spdlog::warn("node {}: could not tell the other nodes: {}", node_, e.what());
    }
  });
}

void NodeLeases::announce() {
  if (announcement_.empty()) return;
  try {
    leases_->notify(kPeers, node_ + "\n" + announcement_);
  } catch (const DatabaseError& e) {
    spdlog::warn("node {}: could not announce its peer address: {}", node_, e.what());
  }
}

void NodeLeases::on_notification(const std::string& channel, const std::string& payload) {
  if (channel == kPeers) {
    const auto end = payload.find('\n');
    if (end == std::string::npos) return;
    std::string node = payload.substr(0, end);
    if (node == node_) return;
    // A node just started hears this node's address now, not a beat later.
    if (peers_heard_.insert(node).second) announce();
    if (hooks_.peer) hooks_.peer(std::move(node), payload.substr(end + 1));
    return;
  }
  if (channel == kWatching) {
    const auto end = payload.find('\n');
    if (end == std::string::npos || (end == node_.size() && payload.compare(0, end, node_) == 0)) return;
    if (hooks_.watching) hooks_.watching(payload.substr(0, end), payload.substr(end + 1));
    return;
  }
  if (channel == kDue) {
    // This node's own writes come back too: waking its own sender once more
    // costs a read, and telling them apart would cost a name in every payload.
    const auto due = parse_timed_work_due(payload);
    if (due && hooks_.timed_work) hooks_.timed_work(*due);
    return;
  }
  if (channel == kForward) {
    // Every node hears every carried request: only the one it names acts.
    const auto to = payload.find('\n');
    if (to == node_.size() && payload.compare(0, to, node_) == 0 && hooks_.forwarded) {
      hooks_.forwarded(payload.substr(to + 1));
    }
    return;
  }
  if (channel == kBus) {
    // node, kind, id, text: one line each but the text, which may hold more.
    const auto a = payload.find('\n');
    const auto b = a == std::string::npos ? a : payload.find('\n', a + 1);
    const auto c = b == std::string::npos ? b : payload.find('\n', b + 1);
    if (c == std::string::npos || b != a + 2) return;
    if (payload.compare(0, a, node_) == 0 && a == node_.size()) return;  // this node's own
    const auto id = table_of(payload.substr(b + 1, c - b - 1));
    if (id && hooks_.heard) hooks_.heard(static_cast<NodeBus::Kind>(payload[a + 1]), *id, payload.substr(c + 1));
    return;
  }
  if (channel == kTable) {
    // The write's news, or its table's id alone when the news was too long.
    if (auto news = parse_table_news(payload)) {
      if (held_.count(news->table) == 0 && hooks_.table_news) hooks_.table_news(std::move(*news));
      return;
    }
  }
  const auto table = table_of(payload);
  if (!table) return;
  if (channel == kHandover) {
    const auto held = held_.find(*table);
    if (held != held_.end() && hooks_.handover_asked) {
      metrics_.handovers_given.fetch_add(1, std::memory_order_relaxed);
      hooks_.handover_asked(*table, held->second);
    }
  } else if (channel == kReleased) {
    if (hooks_.released) hooks_.released(*table);
    if (waiting_.count(*table) != 0) try_acquire(*table);
  } else if (channel == kTable) {
    if (held_.count(*table) == 0 && hooks_.table_changed) hooks_.table_changed(*table);
  }
}

void NodeLeases::beat() {
  announce();
  try {
    if (!listener_) {
      open_listener();
      listen();
    }
    std::map<std::int64_t, std::int64_t> renewed;
    for (const auto& [table, epoch] : leases_->renew()) renewed[table] = epoch;
    std::vector<std::pair<std::int64_t, std::int64_t>> lost;
    for (const auto& [table, epoch] : held_) {
      const auto still = renewed.find(table);
      if (still == renewed.end() || still->second != epoch) lost.emplace_back(table, epoch);
    }
    for (const auto& [table, epoch] : renewed) {
      // A lease of this node's name that no table here holds (an earlier
      // process of the same name): give it up so another node may take it.
      const auto held = held_.find(table);
      if (held == held_.end() || held->second != epoch) {
        leases_->release(table, epoch);
        leases_->notify(kReleased, std::to_string(table));
      }
    }
    // One line a beat, not one a table: after a pause or an outage a node
    // may lose or take hundreds at once.
    for (const auto& [table, epoch] : lost) {
      held_.erase(table);
      if (hooks_.lost) hooks_.lost(table, epoch);
    }
    if (!lost.empty()) {
      metrics_.leases_lost.fetch_add(lost.size(), std::memory_order_relaxed);
      spdlog::warn("node {}: lost the leases of {} tables (first: table {}); another node plays them now", node_,
                   lost.size(), lost.front().first);
    }
    std::size_t adopted = 0;
    for (std::int64_t table : leases_->orphans(kAdoptPerBeat)) {
      if (waiting_.count(table) != 0) continue;
      if (const auto epoch = leases_->acquire(table)) {
        held_[table] = *epoch;
        ++adopted;
        if (hooks_.adopt) hooks_.adopt(table, *epoch);
      }
    }
    if (adopted > 0) {
      metrics_.leases_adopted.fetch_add(adopted, std::memory_order_relaxed);
      spdlog::info("node {}: adopted {} tables no live node played", node_, adopted);
    }
    metrics_.leases_held.store(static_cast<std::int64_t>(held_.size()), std::memory_order_relaxed);
    std::vector<std::int64_t> retry;
    for (const auto& [table, waiting] : waiting_) retry.push_back(table);
    for (std::int64_t table : retry) try_acquire(table);
    if (hooks_.beat) hooks_.beat();
  } catch (const DatabaseError& e) {
    spdlog::warn("node {}: the lease beat failed: {}", node_, e.what());
  }
  heartbeat_.expires_after(std::chrono::milliseconds(lease_ms_ / 3));
  heartbeat_.async_wait([this](boost::system::error_code ec) {
    if (!ec) beat();
  });
}

}  // namespace sp::server
