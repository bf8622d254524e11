#include "server/app/user_channels.hpp"

#include <algorithm>

namespace sp::server {

void UserChannels::add(std::int64_t user_id, const std::shared_ptr<Subscriber>& connection) {
  std::lock_guard lock(mutex_);
  auto& channels = users_[user_id];
  std::erase_if(channels, [&](const Channel& c) { return c.key == connection.get() || c.connection.expired(); });
  channels.push_back(Channel{connection.get(), connection});
}

void UserChannels::remove(std::int64_t user_id, const Subscriber* connection) {
  std::lock_guard lock(mutex_);
  const auto it = users_.find(user_id);
  if (it == users_.end()) return;
  std::erase_if(it->second, [&](const Channel& c) { return c.key == connection || c.connection.expired(); });
  if (it->second.empty()) users_.erase(it);
}

std::size_t UserChannels::send(std::int64_t user_id, const std::shared_ptr<const std::string>& frame) {
  std::vector<std::shared_ptr<Subscriber>> open;
  {
    std::lock_guard lock(mutex_);
    const auto it = users_.find(user_id);
    if (it == users_.end()) return 0;
    std::erase_if(it->second, [](const Channel& c) { return c.connection.expired(); });
    for (const Channel& c : it->second) {
      if (auto s = c.connection.lock()) open.push_back(std::move(s));
    }
    if (it->second.empty()) users_.erase(it);
  }
  for (const auto& s : open) s->send(frame);
  return open.size();
}

}  // namespace sp::server
