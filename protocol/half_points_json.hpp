// Competition points on the wire (tournaments, their bundles, leagues): the
// standings count in half points, written as numbers (21 -> 10.5, 20 -> 10).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace sp::protocol {

nlohmann::json half_points_json(int half);

// A finished table's places by seat, null for a seat without one.
nlohmann::json places_json(const std::vector<std::optional<int>>& places);

}  // namespace sp::protocol
