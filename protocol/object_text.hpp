// One JSON object's text, written member by member: the text encoders'
// (log_entry_text, move_entry_text) way of giving the very bytes nlohmann's
// dump of the same document gives, without building the document.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/card.hpp"
#include "protocol/json_text.hpp"

namespace sp::protocol {

// One object's text, its members appended in the caller's order: the caller
// names them in sorted order, as nlohmann's objects are. One member, given as
// its value's text, may be left to the object to place (`place`): it goes in
// before the first member whose name sorts after its own, or last.
class ObjectText {
 public:
  explicit ObjectText(std::string& out) : out_(out) { out_ += '{'; }
  ~ObjectText() {
    place_pending();
    out_ += '}';
  }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;

  void place(std::string_view key, std::string value_text) {
    pending_key_ = key;
    pending_ = std::move(value_text);
  }
  // A value already written as text (an object, an array, a number).
  void raw(std::string_view key, std::string_view value_text) {
    name(key);
    out_ += value_text;
  }
  void null(std::string_view key) { raw(key, "null"); }
  void word(std::string_view key, std::string_view value) {
    name(key);
    json_text::append_string(out_, value);
  }
  void card(std::string_view key, engine::CardId card) { word(key, engine::spec(card).id); }
  void number(std::string_view key, std::int64_t value) {
    name(key);
    json_text::append_int(out_, value);
  }
  void boolean(std::string_view key, bool value) {
    name(key);
    json_text::append_bool(out_, value);
  }

 private:
  void name(std::string_view key) {
    if (pending_ && pending_key_ < key) place_pending();
    separate(key);
  }
  void separate(std::string_view key) {
    if (!first_) out_ += ',';
    first_ = false;
    json_text::append_string(out_, key);
    out_ += ':';
  }
  void place_pending() {
    if (!pending_) return;
    separate(pending_key_);
    out_ += *pending_;
    pending_.reset();
  }

  std::string& out_;
  bool first_ = true;
  std::string_view pending_key_;
  std::optional<std::string> pending_;
};

}  // namespace sp::protocol
