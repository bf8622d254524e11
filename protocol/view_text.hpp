// A table's view as JSON text, kept from one move to the next.
//
// After every move the server sends each watcher the table's whole view
// (about 3.5 KB with four players). Between two moves most of it is the same:
// the players who did not act, the stacks' contents, the options. Encoding
// the whole view each time took an eighth of the server's time at 5,000
// moves/s, so this keeps the text of those parts and encodes again only the
// ones that changed. Its text parses to exactly what encode_view returns;
// only the order of the view's members differs, which JSON leaves open.
//
// One per table and viewer class; not thread-safe (a table's strand owns it).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/view.hpp"

namespace sp::protocol {

class ViewText {
 public:
  std::string encode(const engine::TableView& view, std::span<const std::string> names);

 private:
  // A part's text and what it was encoded from.
  template <typename Source>
  struct Kept {
    Source source;
    std::string text;
  };
  struct Player {
    engine::PlayerView view;
    std::string name;
    friend bool operator==(const Player&, const Player&) = default;
  };
  using Contents = std::array<std::optional<std::vector<engine::CardCount>>, engine::kDeckCount>;

  std::vector<std::optional<Kept<Player>>> players_;  // by seat
  std::optional<Kept<Contents>> contents_;
  std::optional<Kept<engine::TableOptions>> options_;
};

}  // namespace sp::protocol
