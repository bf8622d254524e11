#include "protocol/lobby_results.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode_player_standing(const PlayerStanding& s) {
  return json{{"rating", s.rating},
              {"rated_games", s.rated_games},
              {"timeout_rate", s.timeout_rate ? json(*s.timeout_rate) : json(nullptr)}};
}

json encode_lobby_table(const LobbyTable& t) {
  json out = encode_table_summary(t.summary);
  if (t.invite_code) out["invite_code"] = *t.invite_code;
  if (t.terms) {
    out["rated"] = t.terms->rated;
    if (t.terms->min_rating) out["min_rating"] = *t.terms->min_rating;
    if (t.terms->max_timeout_rate) out["max_timeout_rate"] = *t.terms->max_timeout_rate;
    if (t.terms->bots_allowed) out["bots_allowed"] = true;
  }
  for (const auto& [seat, standing] : t.standings) {
    for (json& shown : out.at("seats")) {
      if (shown.at("seat") == seat) shown["standing"] = encode_player_standing(standing);
    }
  }
  if (t.your_seat) out["your_seat"] = *t.your_seat;
  if (t.invited) out["invited"] = true;
  return out;
}

std::string encode_table_data(const LobbyTable& table) { return json{{"table", encode_lobby_table(table)}}.dump(); }

std::string encode_tables_data(const std::vector<LobbyTable>& tables) {
  json list = json::array();
  for (const LobbyTable& t : tables) list.push_back(encode_lobby_table(t));
  return json{{"tables", list}}.dump();
}

std::string encode_data(const MyTables& data) {
  json list = json::array();
  for (const LobbyTable& t : data.tables) list.push_back(encode_lobby_table(t));
  return json{{"tables", list}, {"awaiting_me", data.awaiting_me}}.dump();
}

}  // namespace sp::protocol
