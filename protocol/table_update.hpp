// A table's moves on the wire: the move entry (a move with its events as one
// viewer may see them) and the `table_update` push that carries it. The one
// encoder of each, for the live table, a subscriber catching up and a replay.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/card_prices.hpp"
#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/replay.hpp"
#include "engine/view.hpp"
#include "protocol/table_clocks.hpp"

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

// Whether every viewer sees the move's events alike: nothing in them is
// hidden from a spectator, who sees least (engine::event_for). Then one move
// entry serves every watcher.
bool events_seen_alike(const engine::Events& events, const engine::TableOptions& options);

// What one viewer class is sent of a move: `"view":{...},"moves":[...]`
// (`moves_text` a JSON array of move entries), so a table encodes it once for
// every watcher who sees the same.
std::string encode_update_body(std::string_view view_text, std::string_view moves_text);
// The same for the compact form: `"view_changes":{...},"moves":[...]`, the
// changes from ViewText::changes.
std::string encode_compact_update_body(std::string_view changes_text, std::string_view moves_text);

// A seat's prices for the cards in view as JSON text, written directly (the
// members of encode_card_price, without building a document): every seat is
// sent its prices after every move.
std::string encode_prices_text(std::span<const engine::CardPrice> prices);

// The table_update push: the table, its move number and deadline, a body
// from encode_update_body or encode_compact_update_body, the receiver's own
// legal actions and its prices for the cards in view (engine/card_prices.hpp),
// whoever is to act, both as JSON arrays' text. A compact update leaves the
// prices out when the receiver's are the same as after the move before. A
// table with a clock shows its seats' clocks to everyone.
std::string encode_table_update(std::int64_t table, std::int64_t move_number, std::optional<std::int64_t> deadline_at,
                                std::string_view body, std::string_view legal_actions,
                                std::optional<std::string_view> prices,
                                const std::optional<ClocksShown>& clocks = std::nullopt);

}  // namespace sp::protocol
