#include "server/store/pg/table_news_payload.hpp"

#include <nlohmann/json.hpp>

namespace sp::server {
namespace {

using nlohmann::json;

template <typename T>
std::optional<T> optional_field(const json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

// The JSON the database built (json_build_object in spb_table_news): any
// other shape is refused whole rather than half applied.
TableNews read_news(const json& object) {
  TableNews news;
  news.table = object.at("table").get<std::int64_t>();
  const auto status = parse_table_status(object.at("status").get<std::string>());
  if (!status) throw std::invalid_argument("unknown status");
  news.status = *status;
  news.deadline_at = optional_field<std::int64_t>(object, "deadline_at");
  news.deadline_left = optional_field<std::int64_t>(object, "deadline_left");
  news.clock_seat = optional_field<int>(object, "clock_seat");
  news.clock_since = optional_field<std::int64_t>(object, "clock_since");
  for (const json& seat : object.at("seats")) {
    const auto controller = parse_seat_controller(seat.at(1).get<std::string>());
    if (!controller) throw std::invalid_argument("unknown controller");
    news.seats.push_back(SeatNews{seat.at(0).get<int>(), *controller, seat.at(2).get<int>(),
                                  seat.at(3).is_null() ? std::nullopt
                                                       : std::optional<std::int64_t>(seat.at(3).get<std::int64_t>())});
  }
  for (const json& move : object.at("moves")) {
    news.moves.push_back(MoveRecord{move.at(0).get<std::int64_t>(), move.at(1).get<int>(),
                                    move.at(2).get<std::string>(), move.at(3).get<std::string>(),
                                    move.at(4).get<std::int64_t>(), parse_actor(move.at(5).get<std::string>())});
  }
  return news;
}

}  // namespace

std::optional<TableNews> parse_table_news(std::string_view payload) {
  if (payload.empty() || payload.front() != '{') return std::nullopt;
  const json object = json::parse(payload, nullptr, /*allow_exceptions=*/false);
  if (!object.is_object()) return std::nullopt;
  try {
    return read_news(object);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace sp::server
