#include "protocol/log_entry_json.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode_log_entry(const engine::LoggedAction& entry) {
  if (entry.kind == engine::LogKind::kAction) return encode_action(entry.action);
  return json{{"entry", engine::to_string(entry.kind)}};
}

Expected<engine::LoggedAction, DecodeError> decode_log_entry(const json& j, engine::Seat seat) {
  if (j.is_object() && j.contains("entry")) {
    const json& word = j["entry"];
    const auto kind = word.is_string() ? engine::parse_log_kind(word.get<std::string>()) : std::nullopt;
    if (!kind || *kind == engine::LogKind::kAction || j.size() != 1) {
      return unexpected(DecodeError{"bad_action", "entry: must be one of resign, abort_proposed, abort_voted, "
                                                  "abort_refused, abort_lapsed, aborted, undo, late_asked, "
                                                  "late_voted_wait, late_voted_robot, late_voted_end, late_waited, "
                                                  "late_robot, late_ended, and alone"});
    }
    return engine::LoggedAction{seat, engine::Action{}, *kind};
  }
  auto action = decode_action(j);
  if (!action) return unexpected(action.error());
  return engine::LoggedAction{seat, *action};
}

}  // namespace sp::protocol
