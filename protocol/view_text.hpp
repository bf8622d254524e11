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
// One per table and viewer class, with the table's seat names; not
// thread-safe (a table's strand owns it).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/view.hpp"

namespace sp::protocol {

class ViewText {
 public:
  explicit ViewText(std::vector<std::string> names) : names_(std::move(names)) {}
  std::string encode(const engine::TableView& view);

 private:
  // A part's text and what it was encoded from.
  template <typename Source>
  struct Kept {
    Source source;
    std::string text;
  };

  const std::vector<std::string> names_;  // by seat
  std::vector<std::optional<Kept<engine::PlayerView>>> players_;  // by seat
  // The whole stacks, though only their contents are written: a stack's size
  // and order change only with its contents.
  std::optional<Kept<std::array<engine::StackView, engine::kDeckCount>>> contents_;
  std::optional<Kept<engine::TableOptions>> options_;
};

}  // namespace sp::protocol
