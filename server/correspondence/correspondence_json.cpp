#include "server/correspondence/correspondence_json.hpp"

namespace sp::server {

using nlohmann::json;

namespace {
json optional_json(const std::optional<std::int64_t>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

json seat_summary(const SeatRecord& seat) {
  return json{{"seat", seat.seat},
              {"name", seat.name},
              {"controller", to_string(seat.controller)},
              {"robot", seat.robot},
              {"timeouts", seat.timeouts}};
}

void add_pace(json& summary, const TableRecord& table) {
  summary["pace"] = json{{"move_deadline_hours", table.move_seconds ? json(*table.move_seconds / 3600) : json(nullptr)},
                         {"takeover_after", table.takeover_after ? json(*table.takeover_after) : json(nullptr)},
                         {"takeover_by", to_string(table.takeover_by)}};
  summary["deadline_at"] = optional_json(table.deadline_at);
  summary["deadline_paused_left"] = optional_json(table.deadline_left);
}

}  // namespace sp::server
