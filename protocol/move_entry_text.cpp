#include "protocol/move_entry_text.hpp"

#include "engine/overloaded.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/json_text.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/object_text.hpp"

namespace sp::protocol {
namespace {

using engine::CardId;

// A card that may be hidden from the receiver (engine::event_for blanked it).
void card_or_null(ObjectText& o, std::string_view key, CardId card) {
  if (card == CardId{}) return o.null(key);
  o.card(key, card);
}

void optional_card(ObjectText& o, std::string_view key, const std::optional<CardId>& card) {
  if (!card) return o.null(key);
  o.card(key, *card);
}

template <typename Cards>
std::string card_list(const Cards& cards) {
  std::string out = "[";
  for (const CardId card : cards) {
    if (out.size() > 1) out += ',';
    json_text::append_string(out, engine::spec(card).id);
  }
  out += ']';
  return out;
}

// encode_event's members, each event's in sorted order.
void append_event(std::string& out, const engine::Event& event) {
  ObjectText o(out);
  std::visit(
      Overloaded{
          [&](const engine::CardBought& e) {
            o.card("card", e.card);
            optional_card(o, "displaced", e.displaced);
            o.word("from", to_string(e.from));
            o.number("price", e.price);
            o.number("seat", e.seat.value);
            o.word("type", "card_bought");
          },
          [&](const engine::CardTaken& e) {
            card_or_null(o, "card", e.card);
            o.word("from", to_string(e.from));
            o.number("seat", e.seat.value);
            o.word("type", "card_taken");
          },
          [&](const engine::CardPlayed& e) {
            o.card("card", e.card);
            optional_card(o, "displaced", e.displaced);
            o.number("price", e.price);
            o.number("seat", e.seat.value);
            optional_card(o, "target", e.target);
            o.word("type", "card_played");
          },
          [&](const engine::Passed& e) {
            o.word("kind", e.kind == engine::PassKind::kChosen          ? "chosen"
                           : e.kind == engine::PassKind::kUntilPhaseEnd ? "until_phase_end"
                                                                        : "forced");
            o.number("seat", e.seat.value);
            o.word("type", "passed");
            o.boolean("until_phase_end", e.until_phase_end);
          },
          [&](const engine::PassUntilPhaseEndCancelled& e) {
            o.number("seat", e.seat.value);
            o.word("type", "pass_until_phase_end_cancelled");
          },
          [&](const engine::ObservatoryUsed& e) {
            card_or_null(o, "drawn", e.drawn);
            o.number("seat", e.seat.value);
            o.word("stack", engine::to_string(e.stack));
            o.word("type", "observatory_used");
          },
          [&](const engine::DebtorsPrisonUsed& e) {
            o.number("seat", e.seat.value);
            o.word("type", "debtors_prison_used");
          },
          [&](const engine::CardDiscarded& e) {
            o.card("card", e.card);
            o.word("from", to_string(e.from));
            o.number("seat", e.seat.value);
            o.word("type", "card_discarded");
          },
          [&](const engine::PointsBought& e) {
            o.number("points", e.points);
            o.number("rubles", e.rubles);
            o.number("seat", e.seat.value);
            o.word("type", "points_bought");
            o.card("with", e.with);
          },
          [&](const engine::GuildHallSplitChosen& e) {
            o.number("points", e.points);
            o.number("rubles", e.rubles);
            o.number("seat", e.seat.value);
            o.word("type", "guild_hall_split_chosen");
          },
          [&](const engine::RublesGained& e) {
            o.card("card", e.from_card);
            o.number("rubles", e.rubles);
            o.number("seat", e.seat.value);
            o.word("type", "rubles_gained");
          },
          [&](const engine::PhaseScored& e) {
            std::string gains = "[";
            for (int seat = 0; seat < e.players; ++seat) {
              if (seat > 0) gains += ',';
              const engine::Gain& g = e.gains[static_cast<std::size_t>(seat)];
              ObjectText gain(gains);
              gain.number("points", g.points);
              gain.number("rubles", g.rubles);
            }
            gains += ']';
            o.raw("gains", gains);
            o.word("phase", engine::to_string(e.phase));
            o.word("type", "phase_scored");
          },
          [&](const engine::DiscScored& e) {
            o.number("points", e.points);
            o.number("seat", e.seat.value);
            o.word("type", "disc_scored");
          },
          [&](const engine::DisplayFilled& e) {
            o.number("cards", e.cards);
            o.word("stack", engine::to_string(e.deck));
            o.boolean("starts_last_round", e.starts_last_round);
            o.word("type", "display_filled");
          },
          [&](const engine::PhaseStarted& e) {
            o.word("phase", engine::to_string(e.phase));
            o.number("round", e.round);
            o.number("starting_seat", e.starting_seat.value);
            o.word("type", "phase_started");
          },
          [&](const engine::PickpocketAnswered& e) {
            o.boolean("played", e.played);
            o.number("seat", e.seat.value);
            o.word("type", "pickpocket_answered");
          },
          [&](const engine::DiscardPickGivenUp& e) {
            o.number("seat", e.seat.value);
            o.word("type", "discard_pick_given_up");
          },
          [&](const engine::RoundEnded& e) {
            o.raw("discarded", card_list(e.discarded));
            o.number("discarded_from_lower_row", e.discarded_from_lower_row);
            o.raw("moved_down", card_list(e.moved_down));
            o.number("round", e.round);
            o.word("type", "round_ended");
          },
          [&](const engine::GameEnded&) { o.word("type", "game_ended"); },
      },
      event);
}

}  // namespace

std::string encode_move_entry_text(const MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer) {
  std::string events = "[";
  for (const engine::Event& e : move.events) {
    if (events.size() > 1) events += ',';
    append_event(events, engine::event_for(e, options, viewer).event);
  }
  events += ']';
  std::string out;
  out.reserve(events.size() + 160);
  {
    ObjectText o(out);
    o.raw("action", encode_log_entry_text(move.logged));
    if (move.actor) o.word("actor", *move.actor);
    o.raw("events", events);
    o.number("move_number", move.move_number);
    o.number("seat", move.logged.seat.value);
  }
  return out;
}

}  // namespace sp::protocol
