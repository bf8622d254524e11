#include "protocol/table_clocks.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode(const TimeBankHours& bank) {
  return json{{"initial_hours", bank.initial_hours},
              {"increment_hours", bank.increment_hours},
              {"cap_hours", bank.cap_hours}};
}

json encode(const ClocksShown& clocks) {
  json out{{"left", clocks.left}, {"running", clocks.running ? json(*clocks.running) : json(nullptr)}};
  if (!clocks.off.empty()) {
    json off = json::array();
    for (const auto& seat : clocks.off) {
      off.push_back(seat ? json{{"now", seat->now}, {"change_at", seat->change_at ? json(*seat->change_at) : json(nullptr)}}
                         : json(nullptr));
    }
    out["off"] = std::move(off);
  }
  return out;
}

}  // namespace sp::protocol
