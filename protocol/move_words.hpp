// Moves in words: the engine's events and prices as sentences with the
// players' names ("Bob bought a Market from the lower row for 4 rubles"), in
// the speaker's language (catalogue.hpp), for administrators reading a replay
// and for the records of disputes.
//
// A sentence never says more than the viewer may see: engine::event_for
// decides what that is, for these words and the wire's events alike.
#pragma once

#include <span>
#include <string>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/pricing.hpp"
#include "engine/replay.hpp"
#include "engine/view.hpp"
#include "protocol/language.hpp"

namespace sp::protocol {

struct Speaker {
  std::span<const std::string> names;  // by seat
  engine::TableOptions options;
  engine::Viewer viewer = engine::Viewer::administrator();
  Language language = Language::kEnglish;
};

std::string describe_event(const engine::Event& event, const Speaker& speaker);

// A log entry that is no action (a resign, a vote, an undo), in words.
// REQUIRES: entry.kind is not LogKind::kAction.
std::string describe_entry(const engine::LoggedAction& entry, const Speaker& speaker);

// "printed cost 6, -1 for 1 identical card already owned, -1 from the lower row = 4 rubles"
std::string describe_price(const engine::PriceBreakdown& price, Language language = Language::kEnglish);

}  // namespace sp::protocol
