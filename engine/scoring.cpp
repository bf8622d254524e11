#include "engine/scoring.hpp"

#include <algorithm>
#include <utility>

#include "engine/tableau.hpp"

namespace sp::engine {
namespace {

int count_weaving(const PlayerState& player) {
  // Textile Factory: Shepherds, Weaving Mills, the Czar and Carpenter and the
  // New Society card: the wool symbol, or every symbol.
  return player.tableau.count_if([](const TableauCard& t) {
    const Symbol s = spec(t.card).symbol;
    return s == Symbol::kWool || s == Symbol::kAny;
  });
}

Gain card_income(const PlayerState& player, const TableauCard& card) {
  const CardSpec& c = spec(card.card);
  Gain g{c.rubles, card.face_down ? 0 : c.points};
  switch (c.ability) {
    case Ability::kMariinskijRubles:
    case Ability::kCoffeeHouseRubles:
      g.rubles += count_color(player, Color::kOrange);
      break;
    case Ability::kMariinskijPoints:
      g.points += count_color(player, Color::kOrange);
      break;
    case Ability::kTextileFactory:
      g.points += 2 * count_weaving(player);
      break;
    case Ability::kGuildHall:
      g.rubles += player.guild_hall_rubles;
      g.points += 4 - player.guild_hall_rubles;
      break;
    case Ability::kTaxMan:
      g.rubles += count_color(player, Color::kGreen);
      break;
    case Ability::kMayorRubles:
      g.rubles += count_color(player, Color::kBlue);
      break;
    default:
      break;
  }
  // Ruling 22: with both on one card, swap, then double.
  if (card.jester) std::swap(g.rubles, g.points);
  if (card.banquet) {
    g.rubles *= 2;
    g.points *= 2;
  }
  return g;
}

}  // namespace

Color scored_color(Phase phase) {
  switch (phase) {
    case Phase::kWorker: return Color::kGreen;
    case Phase::kBuilding: return Color::kBlue;
    case Phase::kAristocrat: return Color::kOrange;
    default: return Color::kPurple;
  }
}

void score_phase(GameState& state, Phase phase, Events* events) {
  const Color color = scored_color(phase);
  const CardId jester = card_with_ability(Ability::kJester);
  const CardId banquet = card_with_ability(Ability::kBanquet);
  PhaseScored scored{phase, {}, state.player_count};
  std::vector<CardDiscarded> sycophants_discarded;

  for (int seat = 0; seat < state.player_count; ++seat) {
    PlayerState& player = state.players[seat];
    Gain total;
    for (const TableauCard& card : player.tableau) {
      if (spec(card.card).color != color) continue;
      if (spec(card.card).ability == Ability::kSycophant) continue;  // paid last (ruling 26)
      const Gain g = card_income(player, card);
      total.rubles += g.rubles;
      total.points += g.points;
    }
    player.rubles += total.rubles;
    player.points += total.points;

    // Jester and Banquet are discarded after the scoring they changed.
    for (TableauCard& card : player.tableau) {
      if (spec(card.card).color != color) continue;
      if (card.jester) state.discard.push_back(jester);
      if (card.banquet) state.discard.push_back(banquet);
      card.jester = card.banquet = false;
    }

    // Ruling 26: Sycophants cost 1 ruble each after every other income, one at
    // a time while the money lasts; one that cannot be paid is discarded.
    if (phase == Phase::kAristocrat) {
      for (std::size_t i = 0; i < player.tableau.size();) {
        const CardId card = player.tableau[i].card;
        if (spec(card).ability != Ability::kSycophant) {
          ++i;
          continue;
        }
        if (player.rubles >= 1) {
          player.rubles -= 1;
          total.rubles -= 1;
          ++i;
        } else {
          player.tableau.erase_at(i);
          state.discard.push_back(card);
          sycophants_discarded.push_back(CardDiscarded{Seat{static_cast<std::uint8_t>(seat)}, card,
                                                       Source::kTableau});
        }
      }
    }
    scored.gains[seat] = total;
  }
  if (events != nullptr) {
    events->push_back(scored);
    for (const CardDiscarded& d : sycophants_discarded) events->push_back(d);
  }
}

void score_final(GameState& state) {
  const bool new_society = state.options.expansions.new_society;
  for (int seat = 0; seat < state.player_count; ++seat) {
    PlayerState& player = state.players[seat];
    FinalScore& score = state.final_scores[seat];
    // Ruling 15: each aristocrat name and each orange trading card is one kind.
    std::array<bool, 256> seen{};
    int distinct = 0;
    for (const TableauCard& card : player.tableau) {
      if (spec(card.card).color != Color::kOrange || seen[card.card.value]) continue;
      seen[card.card.value] = true;
      ++distinct;
    }
    score.points_before = player.points;
    score.aristocrat_bonus = aristocrat_bonus(distinct, new_society);
    score.money_points = player.rubles / 10;
    score.hand_penalty =
        -5 * player.hand.count_if([](CardId card) { return !spec(card).is_action_card(); });
    score.total = score.points_before + score.aristocrat_bonus + score.money_points + score.hand_penalty;
    player.points = score.total;
  }
  // Most points wins; ties go to the most rubles; still tied, they share.
  for (int seat = 0; seat < state.player_count; ++seat) {
    int better = 0;
    for (int other = 0; other < state.player_count; ++other) {
      const bool ahead =
          state.final_scores[other].total > state.final_scores[seat].total ||
          (state.final_scores[other].total == state.final_scores[seat].total &&
           state.players[other].rubles > state.players[seat].rubles);
      better += ahead ? 1 : 0;
    }
    state.final_scores[seat].place = better + 1;
  }
}

}  // namespace sp::engine
