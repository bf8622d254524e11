#include "engine/tableau.hpp"

namespace sp::engine {

int count_card(const PlayerState& player, CardId card) {
  return player.tableau.count_if([card](const TableauCard& t) { return t.card == card; });
}

int count_color(const PlayerState& player, Color color) {
  return player.tableau.count_if([color](const TableauCard& t) { return spec(t.card).color == color; });
}

int count_ability(const PlayerState& player, Ability ability) {
  return player.tableau.count_if(
      [ability](const TableauCard& t) { return spec(t.card).ability == ability; });
}

bool has_ability(const PlayerState& player, Ability ability) {
  return player.tableau.find_if([ability](const TableauCard& t) {
    return spec(t.card).ability == ability;
  }) >= 0;
}

int find_face_up(const PlayerState& player, Ability ability) {
  return player.tableau.find_if([ability](const TableauCard& t) {
    return !t.face_down && spec(t.card).ability == ability;
  });
}

int hand_limit(const PlayerState& player) { return has_ability(player, Ability::kWarehouse) ? 4 : 3; }

bool has_hand_room(const PlayerState& player) {
  return static_cast<int>(player.hand.size()) < hand_limit(player);
}

bool has_displacement_target(const PlayerState& player, CardId trading) {
  return player.tableau.find_if([trading](const TableauCard& t) { return can_displace(trading, t); }) >= 0;
}

int displacement_index(const PlayerState& player, CardId trading, CardId target) {
  int fallback = -1;
  for (std::size_t i = 0; i < player.tableau.size(); ++i) {
    const TableauCard& t = player.tableau[i];
    if (t.card != target || !can_displace(trading, t)) continue;
    if (!t.jester && !t.banquet) return static_cast<int>(i);
    if (fallback < 0) fallback = static_cast<int>(i);
  }
  return fallback;
}

int attachment_index(const PlayerState& player, CardId target, Ability attachment) {
  const CardSpec& s = spec(target);
  if (s.rubles <= 0 || s.points <= 0) return -1;
  return player.tableau.find_if([&](const TableauCard& t) {
    if (t.card != target) return false;
    return attachment == Ability::kJester ? !t.jester : !t.banquet;
  });
}

}  // namespace sp::engine
