// The `data` of the results that read a stored game (result.json's `$defs`):
// replay_view and admin_replay, table_history, admin_view. One struct per
// result and one encoder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/pricing.hpp"
#include "engine/replay.hpp"
#include "engine/view.hpp"
#include "protocol/language.hpp"
#include "protocol/table_summary.hpp"

namespace sp::protocol {

// The move a replay stops after, with its events.
struct ReplayedMove {
  std::int64_t move_number = 0;
  engine::LoggedAction logged;
  engine::Events events;
};

// A purchase's price explained (protocol/move_prices.hpp).
struct PaidPrice {
  engine::CardId card;
  engine::PriceBreakdown price;
  int charged = 0;
};

// admin_replay's move in words: its entry and events said, and the prices paid.
struct MoveExplained {
  std::vector<std::string> words;
  std::vector<PaidPrice> prices;
  Language language = Language::kEnglish;
};

// replay_view and admin_replay: the game after move `move_number` (0: the
// deal) as `viewer` sees it, and that move (none for 0).
struct ReplayView {
  std::int64_t table = 0;
  std::int64_t move_number = 0;
  engine::TableView view;
  std::vector<std::string> names;  // the seats' names, for the view
  std::optional<ReplayedMove> move;
  engine::TableOptions options;
  engine::Viewer viewer;
  std::optional<MoveExplained> explained;  // admin_replay only
};

// Each seat's rubles and points at one moment of the game.
struct RoundStandings {
  int round = 0;  // 0: the deal
  struct Seat {
    int seat = 0;
    int rubles = 0;
    int points = 0;
  };
  std::vector<Seat> players;
};

// table_history: the standings at the deal and after each round.
struct TableHistory {
  std::int64_t table = 0;
  std::vector<RoundStandings> rounds;
};

// Where a stored table's log stops replaying.
struct LogDivergence {
  std::int64_t move_number = 0;
  std::string reason;
};

// admin_view: the table as its log leaves it, seen by the administrator.
struct AdminTableView {
  TableSummary table;
  engine::TableView view;
  std::vector<std::string> names;
  std::optional<LogDivergence> divergence;
};

std::string encode_data(const ReplayView& data);
std::string encode_data(const TableHistory& data);
std::string encode_data(const AdminTableView& data);

}  // namespace sp::protocol
