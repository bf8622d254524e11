// Card names by CardId from a generated list of {id, name} pairs (one page
// catalogue's, see embed_card_names.cmake). A card the list lacks would keep
// its English name; i18n:catalogues checks that every page catalogue names
// every card.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "engine/card.hpp"

namespace sp::protocol {

struct CardName {
  std::string_view id;
  std::string_view name;
};

std::vector<std::string_view> card_names_by_id(std::span<const CardName> names);

}  // namespace sp::protocol
