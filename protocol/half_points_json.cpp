#include "protocol/half_points_json.hpp"

namespace sp::protocol {

nlohmann::json half_points_json(int half) {
  if (half % 2 == 0) return nlohmann::json(half / 2);
  return nlohmann::json(half / 2.0);
}

nlohmann::json places_json(const std::vector<std::optional<int>>& places) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& place : places) out.push_back(place ? nlohmann::json(*place) : nlohmann::json(nullptr));
  return out;
}

}  // namespace sp::protocol
