// A client's side of the compact table_update (docs/protocol.md, "Compact
// updates"), as web/js/table_page.js does it: the view after the move before,
// with a view_changes object applied.
#pragma once

#include <nlohmann/json.hpp>

namespace sp::test {

inline nlohmann::json apply_view_changes(const nlohmann::json& view, const nlohmann::json& changes) {
  nlohmann::json next = changes;
  next["players"] = view.at("players");
  for (const nlohmann::json& player : changes.at("players")) {
    next["players"].at(player.at("seat").get<std::size_t>()) = player;
  }
  if (!changes.contains("options")) next["options"] = view.at("options");
  if (!changes.contains("stack_contents")) {
    if (view.contains("stack_contents")) next["stack_contents"] = view.at("stack_contents");
  } else if (changes.at("stack_contents").is_null()) {
    next.erase("stack_contents");
  }
  return next;
}

}  // namespace sp::test
