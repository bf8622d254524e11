#include "server/security/connection_slots.hpp"

namespace sp::server {

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this != &other) {
    release();
    slots_ = std::move(other.slots_);
    address_ = std::move(other.address_);
  }
  return *this;
}

ConnectionSlot::~ConnectionSlot() { release(); }

void ConnectionSlot::release() {
  if (slots_) slots_->release(address_);
  slots_.reset();
}

ConnectionSlot ConnectionSlots::acquire(const std::string& address) {
  std::lock_guard lock(mutex_);
  int& open = open_[address];
  if (per_address_ > 0 && open >= per_address_) {
    if (open == 0) open_.erase(address);
    return {};
  }
  ++open;
  return ConnectionSlot(shared_from_this(), address);
}

int ConnectionSlots::open_from(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

void ConnectionSlots::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = open_.find(address);
  if (it == open_.end()) return;
  if (--it->second <= 0) open_.erase(it);
}

}  // namespace sp::server
