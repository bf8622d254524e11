// Connections open at once per client address, capped, so that one client
// cannot hold every file descriptor of the server.
//
// A connection holds a ConnectionSlot for as long as it is open; the slot
// gives its place back when destroyed.
//
// Thread-safety: safe from any thread (one mutex).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace sp::server {

class ConnectionSlots;

class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(std::shared_ptr<ConnectionSlots> slots, std::string address)
      : slots_(std::move(slots)), address_(std::move(address)) {}
  ConnectionSlot(ConnectionSlot&& other) noexcept = default;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ~ConnectionSlot();

  bool held() const { return slots_ != nullptr; }
  const std::string& address() const { return address_; }

 private:
  void release();
  std::shared_ptr<ConnectionSlots> slots_;
  std::string address_;
};

class ConnectionSlots : public std::enable_shared_from_this<ConnectionSlots> {
 public:
  // `per_address` 0: no cap (slots are still counted).
  explicit ConnectionSlots(int per_address) : per_address_(per_address) {}

  // A slot for one more connection from `address`, or an empty slot when the
  // address already holds its share.
  ConnectionSlot acquire(const std::string& address);
  int open_from(const std::string& address);

 private:
  friend class ConnectionSlot;
  void release(const std::string& address);

  const int per_address_;
  std::mutex mutex_;
  std::unordered_map<std::string, int> open_;  // guarded by mutex_
};

}  // namespace sp::server
