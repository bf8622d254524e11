#include "protocol/profile_results.hpp"

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

namespace {

json rating_json(const RatingShown& r) {
  return json{{"rating", r.rating}, {"mu", r.mu}, {"sigma", r.sigma}, {"games", r.games}};
}

json optional_json(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }

}  // namespace

std::string encode_data(const Profile& d) {
  json history = json::array();
  for (const RatedGame& g : d.history) {
    history.push_back(json{{"table", g.table},
                           {"table_name", g.table_name},
                           {"finished_at", g.finished_at},
                           {"pool", g.pool},
                           {"players", g.players},
                           {"place", g.place},
                           {"abandoned", g.abandoned},
                           {"before", g.before},
                           {"after", g.after}});
  }
  json ratings{{"two_player", rating_json(d.two_player)}, {"multiplayer", rating_json(d.multiplayer)}};
  if (d.bot_two_player) ratings["bot_two_player"] = rating_json(*d.bot_two_player);
  if (d.bot_multiplayer) ratings["bot_multiplayer"] = rating_json(*d.bot_multiplayer);
  json out{{"name", d.name},
              {"ratings", ratings},
              {"games_played", d.games_played},
              {"games_finished", d.games_finished},
              {"games_abandoned", d.games_abandoned},
              {"moves_due", d.moves_due},
              {"timeouts", d.timeouts},
              {"timeout_rate", optional_json(d.timeout_rate)},
              {"average_move_seconds", optional_json(d.average_move_seconds)},
              {"history", history}};
  if (d.bot) out["bot"] = true;
  return out.dump();
}

}  // namespace sp::protocol
