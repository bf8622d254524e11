// Moves in words: the engine's events and prices as English sentences with
// the players' names ("Bob bought a Market from the lower row for 4 rubles"),
// for administrators reading a replay and for the records of disputes.
//
// A sentence never says more than the viewer may see: engine::event_for
// decides what that is, for these words and the wire's events alike.
#pragma once

#include <span>
#include <string>

#include "engine/event.hpp"
#include "engine/options.hpp"
#include "engine/pricing.hpp"
#include "engine/view.hpp"

namespace sp::protocol {

struct Speaker {
  std::span<const std::string> names;  // by seat
  engine::TableOptions options;
  engine::Viewer viewer = engine::Viewer::administrator();
};

std::string describe_event(const engine::Event& event, const Speaker& speaker);

// "printed cost 6, -1 for 1 Market already owned, -1 from the lower row"
std::string describe_price(const engine::PriceBreakdown& price);

// "a Market", "an Observatory", "St. Isaac's Cathedral" stays as printed.
std::string card_with_article(engine::CardId card);

}  // namespace sp::protocol
