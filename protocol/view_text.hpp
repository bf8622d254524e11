// A table's view as JSON text, kept from one move to the next.
//
// After every move the server sends each watcher the table's view (about
// 3.5 KB with four players). Between two moves most of it is the same: the
// players who did not act, the stacks' contents, the options. Encoding the
// whole view each time took an eighth of the server's time at 5,000 moves/s,
// so this keeps the text of those parts and encodes again only the ones that
// changed. Its text parses to exactly what encode_view returns; only the order
// of the view's members differs, which JSON leaves open.
//
// What changed is also what a client that holds the view after the previous
// move needs to be sent (the compact table_update, docs/protocol.md): the
// players whose part changed, the view's small rest whole, and the options and
// stack contents when they changed. Whether a part changed is judged on this
// viewer's own text, so a change tells a client nothing its whole views would
// not.
//
// One per table and viewer class, with the table's seat names; not
// thread-safe (a table's strand owns it).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/view.hpp"

namespace sp::protocol {

// A part of a view's text and what it was encoded from. (At namespace scope:
// as a template nested in ViewText, clang 14 crashes compiling a member
// access on it.)
template <typename Source>
struct KeptPart {
  Source source;
  std::string text;
  bool changed = true;  // in the last update
};

class ViewText {
 public:
  explicit ViewText(std::vector<std::string> names) : names_(std::move(names)) {}

  // Keeps the text of `view`'s parts, encoding again those that changed.
  void update(const engine::TableView& view);
  // The whole view of the last update, as JSON text.
  std::string whole() const;
  // The view_changes object of the last update: what a client holding the
  // view after the move before it must replace. When the update before was
  // not that move's view (this viewer class was not encoded for it), every
  // part is in it.
  std::string changes() const;
  // update, then whole.
  std::string encode(const engine::TableView& view);

 private:
  const std::vector<std::string> names_;  // by seat
  std::vector<std::optional<KeptPart<engine::PlayerView>>> players_;  // by seat
  // The whole stacks, though only their contents are written: a stack's size
  // and order change only with its contents.
  std::optional<KeptPart<std::array<engine::StackView, engine::kDeckCount>>> contents_;
  std::optional<KeptPart<engine::TableOptions>> options_;
  std::string rest_;  // the members of encode_view_rest's object, without its braces
  bool peeked_ = false;         // stack contents are in the view
  bool was_peeked_ = false;     // ... and were in the update before
  bool follows_previous_ = false;  // the update before was the view after the move before
  std::optional<std::uint32_t> move_number_;  // of the last update
};

}  // namespace sp::protocol
