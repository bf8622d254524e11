#include "server/requests/forwarding.hpp"

#include <spdlog/spdlog.h>

#include <vector>

#include "server/requests/carried_connection.hpp"
#include "server/requests/requests.hpp"

namespace sp::server {

namespace {

// The payloads after the node's name (NodeLeases::forward), one field a line,
// the frame last since it may hold line breaks:
//   q, the asking node, the request's number there, who sent it (JSON), the frame
//   a, the request's number, the frame that answers it
//   l, the request's number: done, but its answer is too long to carry back
constexpr char kRequest = 'q';
constexpr char kAnswer = 'a';
constexpr char kTooLong = 'l';

// Splits `count` lines off the front of `payload`; the rest is the last field.
std::optional<std::vector<std::string>> fields_of(const std::string& payload, std::size_t count) {
  std::vector<std::string> fields;
  std::size_t from = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto end = payload.find('\n', from);
    if (end == std::string::npos) return std::nullopt;
    fields.push_back(payload.substr(from, end - from));
    from = end + 1;
  }
  fields.push_back(payload.substr(from));
  return fields;
}

}  // namespace

Forwarder::Forwarder(boost::asio::any_io_executor executor, NodeLeases& leases, Metrics& metrics,
                     std::chrono::milliseconds patience)
    : executor_(std::move(executor)),
      leases_(leases),
      metrics_(metrics),
      patience_(patience),
      transport_([&leases](const std::string& to, std::string message) { return leases.forward(to, std::move(message)); }) {}

Forwarder::~Forwarder() {
  std::lock_guard lock(mutex_);
  for (auto& [number, pending] : pending_) pending.patience->cancel();
}

void Forwarder::carry(const std::string& to, const CarriedIdentity& identity, const std::string& frame,
                      Answered answered) {
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    number = next_++;
    auto timer = std::make_unique<boost::asio::steady_timer>(executor_, patience_);
    timer->async_wait([this, number](boost::system::error_code ec) {
      if (ec) return;  // answered, or the node is stopping
      metrics_.forwards_unanswered.fetch_add(1, std::memory_order_relaxed);
      answer(number, CarriedAnswer{});
    });
    pending_.emplace(number, Pending{std::move(answered), std::move(timer)});
  }
  const std::string payload = std::string(1, kRequest) + "\n" + leases_.node() + "\n" + std::to_string(number) + "\n" +
                              protocol::encode_carried_identity(identity) + "\n" + frame;
  if (!transport_(to, payload)) return answer(number, CarriedAnswer{});
  metrics_.forwards_carried.fetch_add(1, std::memory_order_relaxed);
}

void Forwarder::answer(std::uint64_t number, CarriedAnswer carried) {
  Answered answered;
  {
    std::lock_guard lock(mutex_);
    const auto it = pending_.find(number);
    if (it == pending_.end()) return;  // answered already, or given up on
    answered = std::move(it->second.answered);
    it->second.patience->cancel();
    pending_.erase(it);
  }
  answered(std::move(carried));
}

void Forwarder::heard(Services& services, const std::string& payload) {
  if (payload.empty()) return;
  if (payload[0] == kRequest) {
    auto fields = fields_of(payload, 4);
    if (!fields) return;
    return serve(services, (*fields)[1], (*fields)[2], (*fields)[3], std::move((*fields)[4]));
  }
  auto fields = fields_of(payload, 2);
  if (!fields) return;
  std::uint64_t number = 0;
  try {
    number = std::stoull((*fields)[1]);
  } catch (const std::exception&) {
    return;
  }
  if (payload[0] == kAnswer) return answer(number, CarriedAnswer{CarriedAnswer::Kind::kFrame, std::move((*fields)[2])});
  if (payload[0] == kTooLong) return answer(number, CarriedAnswer{CarriedAnswer::Kind::kAnswerTooLong, {}});
}

void Forwarder::serve(Services& services, const std::string& from, const std::string& number,
                      const std::string& identity, std::string frame) {
  const auto who = protocol::decode_carried_identity(identity);
  if (!who) {
    spdlog::warn("node {}: a request carried from node {} names nobody; it is not done", leases_.node(), from);
    return;
  }
  metrics_.forwards_served.fetch_add(1, std::memory_order_relaxed);
  auto connection = std::make_shared<CarriedConnection>(executor_, *who, [this, from, number](std::string answer) {
    if (!transport_(from, std::string(1, kAnswer) + "\n" + number + "\n" + answer)) {
      transport_(from, std::string(1, kTooLong) + "\n" + number + "\n");
    }
  });
  connection->post([&services, connection, frame = std::move(frame)] {
    handle_frame(services, connection, frame);
  });
}

}  // namespace sp::server
