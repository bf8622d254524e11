// What a write of a table changed, as a copy that follows the table on
// another node needs it (docs/scaling.md, "Table news"): the moves after the
// ones the table had, its status and its clocks. With PostgreSQL the write
// sends it in its NOTIFY spb_table (schema/postgresql/0020_table_news.sql),
// so that the follower applies it without reading the database; a read of
// the database gives the same thing when the notification could not carry it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/store/rows.hpp"

namespace sp::server {

struct SeatNews {
  int seat = 0;
  SeatController controller = SeatController::kHuman;
  int timeouts = 0;
  std::optional<std::int64_t> clock_left;
};

struct TableNews {
  std::int64_t table = 0;
  TableStatus status = TableStatus::kPlaying;
  std::optional<std::int64_t> deadline_at;
  std::optional<std::int64_t> deadline_left;
  std::optional<int> clock_seat;
  std::optional<std::int64_t> clock_since;
  std::vector<SeatNews> seats;
  std::vector<MoveRecord> moves;  // in order; none when only the clocks or the status changed
};

// The news in a notification's payload; nothing when the payload is not one
// (the table's id alone: the news did not fit, read it) or is malformed.
std::optional<TableNews> parse_table_news(std::string_view payload);

// The same news from a read of the table and of its moves after those read before.
TableNews news_of(const TableRecord& table, std::vector<MoveRecord> moves);

}  // namespace sp::server
