#include "protocol/table_clocks.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode(const TimeBankHours& bank) {
  return json{{"initial_hours", bank.initial_hours},
              {"increment_hours", bank.increment_hours},
              {"cap_hours", bank.cap_hours}};
}

json encode(const ClocksShown& clocks) {
  return json{{"left", clocks.left}, {"running", clocks.running ? json(*clocks.running) : json(nullptr)}};
}

}  // namespace sp::protocol
