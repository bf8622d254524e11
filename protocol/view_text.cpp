#include "protocol/view_text.hpp"

#include <algorithm>
#include <utility>

#include "protocol/engine_json.hpp"
#include "protocol/json_text.hpp"

namespace sp::protocol {
namespace {

// The parts that change with most moves (the acting player, the rest) are
// written as text directly: an nlohmann document built and dumped for them
// after every move was a tenth of the server's time. Their text parses to
// encode_player's and encode_view_rest's (view_text_test.cpp).
using json_text::append_bool;
using json_text::append_int;
using json_text::append_string;

void append_card(std::string& out, engine::CardId card) { append_string(out, engine::spec(card).id); }

template <typename Cards>
void append_cards(std::string& out, const Cards& cards) {
  out += '[';
  bool first = true;
  for (const engine::CardId card : cards) {
    if (!std::exchange(first, false)) out += ',';
    append_card(out, card);
  }
  out += ']';
}

// encode_player's object, as text.
std::string player_text(const engine::PlayerView& p, const std::vector<std::string>& names) {
  std::string out;
  out.reserve(512);
  out += "{\"seat\":";
  append_int(out, p.seat.value);
  out += ",\"name\":";
  append_string(out, p.seat.value < names.size() ? std::string_view(names[p.seat.value]) : std::string_view());
  out += ",\"rubles\":";
  if (p.rubles) {
    append_int(out, *p.rubles);
  } else {
    out += "null";
  }
  out += ",\"points\":";
  append_int(out, p.points);
  out += ",\"hand\":";
  if (p.hand) {
    append_cards(out, *p.hand);
  } else {
    out += "null";
  }
  out += ",\"hand_size\":";
  append_int(out, p.hand_size);
  out += ",\"tableau\":[";
  for (std::size_t i = 0; i < p.tableau.size(); ++i) {
    if (i > 0) out += ',';
    append_card(out, p.tableau[i].card);
  }
  out += "],\"face_down\":[";
  bool first = true;
  for (const engine::TableauCard& t : p.tableau) {
    if (!t.face_down) continue;
    if (!std::exchange(first, false)) out += ',';
    append_card(out, t.card);
  }
  out += "],\"attached\":[";
  first = true;
  for (const engine::TableauCard& t : p.tableau) {
    for (const auto& [on, name] : {std::pair{t.jester, "jester"}, std::pair{t.banquet, "banquet"}}) {
      if (!on) continue;
      if (!std::exchange(first, false)) out += ',';
      out += "{\"card\":\"";
      out += name;
      out += "\",\"target\":";
      append_card(out, t.card);
      out += '}';
    }
  }
  out += "],\"starting_markers\":[";
  first = true;
  for (const engine::Phase phase : p.starting_markers) {
    if (!std::exchange(first, false)) out += ',';
    append_string(out, engine::to_string(phase));
  }
  out += "],\"disc\":";
  append_bool(out, p.disc);
  out += ",\"passed_until_phase_end\":";
  append_bool(out, p.passed_until_phase_end);
  out += ",\"pub_used\":";
  append_bool(out, p.pub_used);
  out += ",\"trading_house_used\":";
  append_bool(out, p.trading_house_used);
  out += ",\"guild_hall\":{\"rubles\":";
  append_int(out, p.guild_hall_rubles);
  out += ",\"points\":";
  append_int(out, 4 - p.guild_hall_rubles);
  out += "}}";
  return out;
}

// The members of encode_view_rest's object, without its braces.
void append_rest(std::string& out, const engine::TableView& v) {
  out += "\"round\":";
  append_int(out, v.round);
  out += ",\"phase\":";
  append_string(out, engine::to_string(v.phase));
  out += ",\"step\":";
  append_string(out, to_string(v.step));
  out += ",\"to_act\":[";
  for (std::size_t i = 0; i < v.to_act.size(); ++i) {
    if (i > 0) out += ',';
    append_int(out, v.to_act[i].value);
  }
  out += "],\"move_number\":";
  append_int(out, v.move_number);
  out += ",\"last_round\":";
  append_bool(out, v.last_round);
  out += ",\"board\":{\"upper\":";
  append_cards(out, v.upper);
  out += ",\"lower\":";
  append_cards(out, v.lower);
  out += "},\"stacks\":{";
  bool ordered = false;
  for (int d = 0; d < engine::kDeckCount; ++d) {
    if (d > 0) out += ',';
    append_string(out, engine::to_string(static_cast<engine::Deck>(d)));
    out += ':';
    append_int(out, v.stacks[d].size);
    ordered = ordered || v.stacks[d].order.has_value();
  }
  out += '}';
  if (ordered) {
    out += ",\"stack_order\":{";
    bool first = true;
    for (int d = 0; d < engine::kDeckCount; ++d) {
      if (!v.stacks[d].order) continue;
      if (!std::exchange(first, false)) out += ',';
      append_string(out, engine::to_string(static_cast<engine::Deck>(d)));
      out += ':';
      append_cards(out, *v.stacks[d].order);
    }
    out += '}';
  }
  out += ",\"discard\":";
  append_cards(out, v.discard);
  out += ",\"card_drawn\":";
  append_bool(out, v.card_drawn);
  out += ",\"drawn\":";
  if (v.drawn) {
    append_card(out, *v.drawn);
  } else {
    out += "null";
  }
  out += ",\"disc\":";
  if (v.disc) {
    append_int(out, v.disc->value);
  } else {
    out += "null";
  }
  out += ",\"final\":";
  if (!v.ranking) {
    out += "null";
    return;
  }
  out += "{\"ranking\":[";
  for (std::size_t i = 0; i < v.ranking->size(); ++i) {
    if (i > 0) out += ',';
    append_int(out, (*v.ranking)[i].value);
  }
  out += "],\"players\":[";
  for (std::size_t i = 0; i < v.players.size(); ++i) {
    const engine::PlayerView& p = v.players[i];
    const engine::FinalScore& f = *p.final_score;
    if (i > 0) out += ',';
    out += "{\"seat\":";
    append_int(out, p.seat.value);
    out += ",\"points\":";
    append_int(out, f.points_before);
    out += ",\"aristocrat_bonus\":";
    append_int(out, f.aristocrat_bonus);
    out += ",\"money_points\":";
    append_int(out, f.money_points);
    out += ",\"hand_penalty\":";
    append_int(out, f.hand_penalty);
    out += ",\"total\":";
    append_int(out, f.total);
    out += ",\"place\":";
    append_int(out, f.place);
    out += '}';
  }
  out += "]}";
}


// Brings a part's kept text up to `source`, encoding it again (and copying
// the source) only if it changed.
template <typename Kept, typename Source, typename Encode>
void keep(std::optional<Kept>& kept, const Source& source, Encode encode) {
  if (kept && kept->source == source) {
    kept->changed = false;
    return;
  }
  kept = Kept{source, encode(), true};
}

}  // namespace

void ViewText::update(const engine::TableView& view) {
  follows_previous_ = move_number_ && *move_number_ + 1 == view.move_number;
  move_number_ = view.move_number;
  players_.resize(view.players.size());
  for (std::size_t i = 0; i < view.players.size(); ++i) {
    const engine::PlayerView& p = view.players[i];
    keep(players_[i], p, [&] { return player_text(p, names_); });
  }
  keep(options_, view.options, [&] { return encode_options(view.options).dump(); });
  was_peeked_ = peeked_;
  peeked_ = std::any_of(view.stacks.begin(), view.stacks.end(),
                        [](const engine::StackView& s) { return s.contents.has_value(); });
  if (peeked_) keep(contents_, view.stacks, [&] { return encode_stack_contents(view.stacks).dump(); });
  // The rest: small, and most of it changes with every move.
  rest_.clear();
  append_rest(rest_, view);
}

std::string ViewText::whole() const {
  std::string text = "{\"players\":[";
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (i > 0) text += ',';
    text += players_[i]->text;
  }
  text += "],\"options\":";
  text += options_->text;
  if (peeked_) {
    text += ",\"stack_contents\":";
    text += contents_->text;
  }
  text += ',';
  text += rest_;
  text += '}';
  return text;
}

std::string ViewText::changes() const {
  std::string text = "{\"players\":[";
  bool first = true;
  for (const auto& player : players_) {
    if (follows_previous_ && !player->changed) continue;
    if (!first) text += ',';
    first = false;
    text += player->text;
  }
  text += "],";
  text += rest_;
  if (!follows_previous_ || options_->changed) {
    text += ",\"options\":";
    text += options_->text;
  }
  if (peeked_ && (!follows_previous_ || !was_peeked_ || contents_->changed)) {
    text += ",\"stack_contents\":";
    text += contents_->text;
  } else if (!peeked_ && (!follows_previous_ || was_peeked_)) {
    text += ",\"stack_contents\":null";
  }
  text += '}';
  return text;
}

std::string ViewText::encode(const engine::TableView& view) {
  update(view);
  return whole();
}

}  // namespace sp::protocol
