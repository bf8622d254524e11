// A table's clocks on the wire (docs/protocol.md "Correspondence play"): the
// time bank create_table asks for and summaries show, in whole hours, and the
// seats' clocks every view of the table carries.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::protocol {

struct TimeBankHours {
  std::int64_t initial_hours = 0;
  std::int64_t increment_hours = 0;
  std::int64_t cap_hours = 0;
  friend bool operator==(const TimeBankHours&, const TimeBankHours&) = default;
};

// Each seat's time left (seconds) when its clock last stopped, or, for the
// running seat, when it started; the running seat runs out at the view's
// deadline_at.
struct ClocksShown {
  // A seat's player's off time as it stands (docs/correspondence.md "Off
  // time"): whether it is on now, and when that next changes.
  struct Off {
    bool now = false;
    std::optional<std::int64_t> change_at;
    friend bool operator==(const Off&, const Off&) = default;
  };
  std::vector<std::int64_t> left;
  std::optional<int> running;
  // By seat, on a live table only: none for a seat whose player declared no
  // off time; empty when nobody at the table declared any, or the table
  // does not know.
  std::vector<std::optional<Off>> off;
  friend bool operator==(const ClocksShown&, const ClocksShown&) = default;
};

nlohmann::json encode(const TimeBankHours& bank);
nlohmann::json encode(const ClocksShown& clocks);

}  // namespace sp::protocol
