#include "protocol/card_names.hpp"

namespace sp::protocol {

std::vector<std::string_view> card_names_by_id(std::span<const CardName> names) {
  std::vector<std::string_view> by_id(static_cast<std::size_t>(engine::card_count()));
  for (int i = 0; i < engine::card_count(); ++i) by_id[static_cast<std::size_t>(i)] = engine::spec(engine::CardId{static_cast<std::uint8_t>(i)}).name;
  for (const CardName& n : names) {
    if (const auto card = engine::find_card(n.id)) by_id[card->value] = n.name;
  }
  return by_id;
}

}  // namespace sp::protocol
