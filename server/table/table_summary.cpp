// The table's summary for lobby listings and "my tables" (table.hpp).
#include "server/table/table.hpp"

#include <boost/asio/post.hpp>

#include "engine/legal_actions.hpp"
#include "protocol/engine_json.hpp"
#include "server/correspondence/correspondence_json.hpp"
#include "server/table/table_deal.hpp"

namespace sp::server {

using nlohmann::json;

void Table::summarize(std::function<void(json)> fn) {
  boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] { fn(self->summary_json()); });
}

json Table::summary_json() const {
  json seats = json::array();
  for (const SeatRecord& seat : record_.seats) seats.push_back(seat_summary(seat));
  json to_act = json::array();
  for (engine::Seat seat : engine::seats_to_act(state_)) to_act.push_back(seat.value);
  json summary{{"id", id_},
              {"name", record_.name},
              {"status", faulted_ && !moved_ && record_.status != TableStatus::kAborted ? std::string_view("faulted")
                                                                           : to_string(record_.status)},
              {"players", record_.player_count},
              {"seats", seats},
              {"options", protocol::encode_options(setup_.options)},
              {"creator", record_.creator_name},
              {"move_number", record_.move_count},
              {"to_act", to_act},
              {"created_at", record_.created_at}};
  add_pace(summary, record_);
  if (auto deal = public_deal(record_)) summary["deal"] = std::move(*deal);
  summary["private"] = record_.invite_code.has_value();
  return summary;
}
}  // namespace sp::server
