#include "protocol/record_results.hpp"

#include <nlohmann/json.hpp>

#include "protocol/engine_json.hpp"
#include "protocol/move_prices.hpp"
#include "protocol/table_update.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string encode_data(const ReplayView& d) {
  json move = nullptr;
  if (d.move) move = encode_move_entry(MoveEntry{d.move->move_number, d.move->logged, d.move->events, std::nullopt},
                                       d.options, d.viewer);
  json data{{"table", d.table},
            {"move_number", d.move_number},
            {"view", encode_view(d.view, d.names)},
            {"move", std::move(move)}};
  if (d.explained) {
    json prices = json::array();
    for (const PaidPrice& p : d.explained->prices) {
      prices.push_back(encode_price(p.card, p.price, p.charged, d.explained->language));
    }
    data["words"] = d.explained->words;
    data["prices"] = std::move(prices);
  }
  return data.dump();
}

std::string encode_data(const TableHistory& d) {
  json rounds = json::array();
  for (const RoundStandings& round : d.rounds) {
    json players = json::array();
    for (const RoundStandings::Seat& s : round.players) {
      players.push_back(json{{"seat", s.seat}, {"rubles", s.rubles}, {"points", s.points}});
    }
    rounds.push_back(json{{"round", round.round}, {"players", players}});
  }
  return json{{"table", d.table}, {"rounds", rounds}}.dump();
}

std::string encode_data(const AdminTableView& d) {
  return json{{"table", encode_table_summary(d.table)},
              {"view", encode_view(d.view, d.names)},
              {"divergence", d.divergence ? json{{"move_number", d.divergence->move_number},
                                                 {"reason", d.divergence->reason}}
                                          : json(nullptr)}}
      .dump();
}

}  // namespace sp::protocol
