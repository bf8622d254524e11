// What a write of a table changed, as a copy that follows the table on
// another node needs it (docs/scaling.md, "Table news"): the moves after the
// ones the table had, its status and its clocks. With PostgreSQL the write
// sends it in its NOTIFY spb_table (schema/postgresql/0020_table_news.sql,
// read by pg/table_news_payload.hpp), so that the follower applies it
// without reading the database; a read of the table gives the same news
// when the notification could not carry it.
#pragma once

#include <cstdint>
#include <optional>
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

// The same news from a read of the table and of its moves after those read before.
TableNews news_of(const TableRecord& table, std::vector<MoveRecord> moves);

}  // namespace sp::server
