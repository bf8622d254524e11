#include "server/store/table_news.hpp"

namespace sp::server {

TableNews news_of(const TableRecord& table, std::vector<MoveRecord> moves) {
  TableNews news;
  news.table = table.id;
  news.status = table.status;
  news.deadline_at = table.deadline_at;
  news.deadline_left = table.deadline_left;
  news.clock_seat = table.clock_seat;
  news.clock_since = table.clock_since;
  for (const SeatRecord& seat : table.seats) {
    news.seats.push_back(SeatNews{seat.seat, seat.controller, seat.timeouts, seat.clock_left});
  }
  news.moves = std::move(moves);
  return news;
}

}  // namespace sp::server
