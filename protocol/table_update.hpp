// A table's moves on the wire: the move entry (a move with its events as one
// viewer may see them) and the `table_update` push that carries it. The one
// encoder of each, for the live table, a subscriber catching up and a replay.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/replay.hpp"
#include "engine/view.hpp"

namespace sp::protocol {

struct MoveEntry {
  std::int64_t move_number = 0;
  const engine::LoggedAction& logged;
  const engine::Events& events;
  // Who chose the move (player, robot, timeout, absent); left out where the
  // message has no such field (replay_view).
  std::optional<std::string_view> actor;
};

nlohmann::json encode_move_entry(const MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer);

// What one viewer class is sent of a move: `"view":{...},"moves":[...]`, so a
// table encodes it once for every watcher who sees the same.
std::string encode_update_body(std::string_view view_text, const nlohmann::json& moves);

// The table_update push: the table, its move number and deadline, a body
// from encode_update_body, the receiver's own legal actions and its prices
// for the cards in view (engine/card_prices.hpp), whoever is to act.
std::string encode_table_update(std::int64_t table, std::int64_t move_number, std::optional<std::int64_t> deadline_at,
                                std::string_view body, const nlohmann::json& legal_actions,
                                const nlohmann::json& prices);

}  // namespace sp::protocol
