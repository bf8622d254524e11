#include "engine/state_hash.hpp"

#include "engine/hasher.hpp"

namespace sp::engine {

std::uint64_t state_hash(const GameState& s) {
  Hasher h;
  const TableOptions& o = s.options;
  h.add(o.expansions.banquet);
  h.add(o.expansions.new_society);
  h.add(o.public_money);
  h.add(o.public_hands);
  h.add(o.stack_peek);
  h.add(static_cast<std::uint64_t>(o.pub_timing));
  h.add(o.pass_until_phase_end);
  h.add(o.auto_pass_forced);
  h.add(s.player_count);
  h.add(s.round);
  h.add(static_cast<std::uint64_t>(s.phase));
  h.add(static_cast<std::uint64_t>(s.step));
  h.add(s.current.value);
  h.add(s.last_round);
  h.add(s.move_number);
  h.add(s.passed_since_action);
  h.add(s.extra_actions);
  h.add(s.in_double_turn);
  h.add_cards(s.taken_in_double_turn);
  h.add(s.drawn.value);
  h.add(static_cast<std::uint64_t>(s.discard_pick_reason));
  h.add(s.pub_window_asked);
  for (Seat holder : s.markers) h.add(holder.value);
  h.add(s.disc_holder);
  for (const Stack& stack : s.stacks) h.add_cards(stack);
  h.add_cards(s.upper);
  h.add_cards(s.lower);
  h.add_cards(s.discard);
  for (int seat = 0; seat < s.player_count; ++seat) {
    const PlayerState& p = s.players[seat];
    h.add_signed(p.rubles);
    h.add_signed(p.points);
    h.add_cards(p.hand);
    h.add(p.tableau.size());
    for (const TableauCard& t : p.tableau) {
      h.add(t.card.value);
      h.add(static_cast<std::uint64_t>(t.face_down) | static_cast<std::uint64_t>(t.jester) << 1 |
            static_cast<std::uint64_t>(t.banquet) << 2);
    }
    h.add(p.passed_until_phase_end);
    h.add(p.pub_used);
    h.add(p.trading_house_used);
    h.add(p.guild_hall_rubles);
    const FinalScore& f = s.final_scores[seat];
    for (int v : {f.points_before, f.aristocrat_bonus, f.money_points, f.hand_penalty, f.total, f.place}) {
      h.add_signed(v);
    }
  }
  return h.value();
}

std::string state_hash_hex(const GameState& state) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::uint64_t value = state_hash(state);
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kDigits[value & 0xF];
  return out;
}

CardCensus card_census(const GameState& s) {
  CardCensus census{};
  auto count = [&census](const auto& cards) {
    for (CardId card : cards) ++census[card.value];
  };
  for (const Stack& stack : s.stacks) count(stack);
  count(s.upper);
  count(s.lower);
  count(s.discard);
  if (s.step == Step::kDrawnCard) ++census[s.drawn.value];
  const CardId jester = card_with_ability(Ability::kJester);
  const CardId banquet = card_with_ability(Ability::kBanquet);
  for (int seat = 0; seat < s.player_count; ++seat) {
    const PlayerState& p = s.players[seat];
    count(p.hand);
    for (const TableauCard& t : p.tableau) {
      ++census[t.card.value];
      if (t.jester) ++census[jester.value];
      if (t.banquet) ++census[banquet.value];
    }
  }
  return census;
}

}  // namespace sp::engine
