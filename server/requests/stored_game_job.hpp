// Requests that read a stored game (administration and public records): the
// table's record and moves are read on the store's thread, then replayed on
// the slow-work pool, never on the writer thread or a table's strand.
#pragma once

#include <functional>
#include <vector>

#include "engine/view.hpp"
#include "protocol/language.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

// Answers no_such_table for an unknown table, else with `work`'s reply;
// through `answer` when given, else to the request.
void with_stored_game(const Request& r, std::int64_t table,
                      std::function<Reply(const TableRecord&, const std::vector<MoveRecord>&)> work,
                      ReplyFn answer = {});

// The reply of admin_replay and replay_view: {table, move_number, view, move},
// the game after move `move_number` (0: the deal) as `viewer` sees it, and
// that move with its events (null for 0). Refuses no_such_move past the end
// and table_faulted when the log diverges before it.
// With `words` (admin_replay), the move's events in words and each
// purchase's price explained (`words`, `prices`), in that language.
Reply replay_reply(const TableRecord& table, const std::vector<MoveRecord>& moves, std::int64_t move_number,
                   engine::Viewer viewer, std::optional<protocol::Language> words = std::nullopt);

// The names of a stored table's seats, by seat.
std::vector<std::string> seat_names_of(const TableRecord& table);

}  // namespace sp::server
