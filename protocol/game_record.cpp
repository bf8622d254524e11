#include "protocol/game_record.hpp"

#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

json encode_header(const RecordHeader& h) {
  json seats = json::array();
  for (const auto& [seat, name] : h.seats) seats.push_back(json{{"seat", seat}, {"name", name}});
  json header{{"format", kRecordFormat},
              {"version", kRecordVersion},
              {"table", json{{"id", h.table},
                             {"name", h.name},
                             {"status", h.status},
                             {"creator", h.creator},
                             {"created_at", h.created_at}}},
              {"players", h.players},
              {"seats", seats},
              {"options", encode_options(h.options)},
              {"seed", std::to_string(h.seed)},
              {"card_set_version", h.card_set_version},
              {"rules_version", h.rules_version}};
  if (h.deal) header["deal"] = encode_deal(*h.deal);
  return header;
}

json encode_move(const RecordMove& m) {
  json events = json::array();
  for (const engine::Event& e : m.events) events.push_back(encode_event(e));
  return json{{"move_number", m.move_number},
              {"seat", m.seat},
              {"action", encode_log_entry(m.entry)},
              {"events", std::move(events)},
              {"state_hash", m.state_hash},
              {"at", m.at},
              {"actor", m.actor}};
}

json encode_trailer(const RecordTrailer& t) {
  return json{{"end", kRecordFormat},
              {"moves", t.moves},
              {"status", t.status},
              {"state_hash", t.state_hash},
              {"final", t.final_view ? encode_view(*t.final_view, t.names).at("final") : json(nullptr)}};
}

}  // namespace

json GameRecord::to_json() const {
  json list = json::array();
  for (const RecordMove& m : moves) list.push_back(encode_move(m));
  return json{{"header", encode_header(header)}, {"moves", std::move(list)}, {"trailer", encode_trailer(trailer)}};
}

void GameRecord::write_lines(std::ostream& out) const {
  out << encode_header(header).dump() << '\n';
  for (const RecordMove& m : moves) out << encode_move(m).dump() << '\n';
  out << encode_trailer(trailer).dump() << '\n';
}

std::string encode_data(const GameRecord& record) { return record.to_json().dump(); }

}  // namespace sp::protocol
