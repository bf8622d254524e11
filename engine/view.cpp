#include "engine/view.hpp"

#include <algorithm>

#include "engine/legal_actions.hpp"

namespace sp::engine {
namespace {

bool is_admin(Viewer viewer) { return viewer.kind == Viewer::Kind::kAdministrator; }
bool is_self(Viewer viewer, Seat seat) { return viewer.kind == Viewer::Kind::kSeat && viewer.seat == seat; }

PlayerView player_view(const GameState& state, Seat seat, Viewer viewer) {
  const PlayerState& p = state.player(seat);
  const bool own = is_admin(viewer) || is_self(viewer, seat);
  PlayerView v;
  v.seat = seat;
  if (own || state.options.public_money) v.rubles = p.rubles;
  v.points = p.points;
  if (own || state.options.public_hands) v.hand = std::vector<CardId>(p.hand.begin(), p.hand.end());
  v.hand_size = static_cast<int>(p.hand.size());
  v.tableau.assign(p.tableau.begin(), p.tableau.end());
  for (int phase = 0; phase < 4; ++phase) {
    if (state.markers[phase] == seat) v.starting_markers.push_back(static_cast<Phase>(phase));
  }
  v.disc = state.disc_holder == seat.value;
  v.passed_until_phase_end = p.passed_until_phase_end;
  v.pub_used = p.pub_used;
  v.trading_house_used = p.trading_house_used;
  v.guild_hall_rubles = p.guild_hall_rubles;
  if (state.is_finished()) v.final_score = state.final_scores[seat.value];
  return v;
}

}  // namespace

std::vector<CardCount> stack_contents(const Stack& stack) {
  std::array<int, 256> counts{};
  for (CardId card : stack) ++counts[card.value];
  std::vector<CardCount> contents;
  for (int i = 0; i < card_count(); ++i) {
    if (counts[i] > 0) contents.push_back(CardCount{CardId{static_cast<std::uint8_t>(i)}, counts[i]});
  }
  return contents;
}

TableView view_for(const GameState& state, Viewer viewer) {
  TableView v;
  v.options = state.options;
  v.player_count = state.player_count;
  v.round = state.round;
  v.phase = state.phase;
  v.step = state.step;
  v.to_act = seats_to_act(state);
  v.last_round = state.last_round;
  v.move_number = state.move_number;
  for (int seat = 0; seat < state.player_count; ++seat) {
    v.players.push_back(player_view(state, Seat{static_cast<std::uint8_t>(seat)}, viewer));
  }
  v.upper.assign(state.upper.begin(), state.upper.end());
  v.lower.assign(state.lower.begin(), state.lower.end());
  for (int d = 0; d < kDeckCount; ++d) {
    const Stack& stack = state.stacks[d];
    StackView& s = v.stacks[d];
    s.size = static_cast<int>(stack.size());
    if (state.options.stack_peek || is_admin(viewer)) s.contents = stack_contents(stack);
    if (is_admin(viewer)) s.order = std::vector<CardId>(stack.begin(), stack.end());
    if (s.order) std::reverse(s.order->begin(), s.order->end());
  }
  v.discard.assign(state.discard.begin(), state.discard.end());
  v.card_drawn = state.step == Step::kDrawnCard;
  // The drawn card is the drawer's to decide on; others see it where hands are public.
  if (v.card_drawn && (is_admin(viewer) || is_self(viewer, state.current) || state.options.public_hands)) {
    v.drawn = state.drawn;
  }
  if (state.disc_holder != kNoSeat) v.disc = Seat{state.disc_holder};
  if (state.is_finished()) {
    std::vector<Seat> ranking;
    for (int seat = 0; seat < state.player_count; ++seat) ranking.push_back(Seat{static_cast<std::uint8_t>(seat)});
    std::stable_sort(ranking.begin(), ranking.end(), [&](Seat a, Seat b) {
      return state.final_scores[a.value].place < state.final_scores[b.value].place;
    });
    v.ranking = ranking;
  }
  return v;
}

EventView event_for(const Event& event, const TableOptions& options, Viewer viewer) {
  EventView seen{event, false};
  if (options.public_hands || is_admin(viewer)) return seen;
  if (auto* drew = std::get_if<ObservatoryUsed>(&seen.event); drew && !is_self(viewer, drew->seat)) {
    drew->drawn = CardId{};
    seen.drawn_card_hidden = true;
  }
  if (auto* taken = std::get_if<CardTaken>(&seen.event);
      taken && taken->from == Source::kDrawn && !is_self(viewer, taken->seat)) {
    taken->card = CardId{};
    seen.drawn_card_hidden = true;
  }
  return seen;
}

}  // namespace sp::engine
