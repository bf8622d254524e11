// What the store keeps as JSON text, read back: a table's options
// (tables.options) and the entries of its move log (moves.action), for the
// replay of a stored game (server/table/log_replay.hpp); a tournament's
// tables' create_table fields (tournaments.table_request). Reading never throws.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/expected.hpp"
#include "engine/options.hpp"
#include "engine/replay.hpp"
#include "protocol/decode_error.hpp"
#include "protocol/requests.hpp"

namespace sp::protocol {

// A table's options as the store keeps them (engine_json's encoding).
std::string stored_options_text(const engine::TableOptions& options);
// A text that is no JSON is refused as options that are no object.
[[nodiscard]] Expected<engine::TableOptions, DecodeError> decode_stored_options(std::string_view text);

// Why an entry's text does not read: a text that is no JSON at all is told
// apart from an entry that does not decode.
struct StoredEntryFault {
  bool not_json = false;
  DecodeError error;  // when the text is JSON
};
// The seat is the caller's (it is stored beside the entry).
[[nodiscard]] Expected<engine::LoggedAction, StoredEntryFault> decode_stored_entry(std::string_view text,
                                                                                  engine::Seat seat);
// An entry's text as a refusal quotes it: its JSON written again (members
// sorted, no spaces), whatever the text's own spacing. REQUIRES: text is JSON.
std::string quoted_entry(std::string_view text);

// A tournament's tables' create_table fields as the store keeps them: the
// request as encode_client_request writes it, so that reading it back checks
// it as the request was checked.
std::string stored_table_request_text(const client::CreateTable& table);
// Nothing for a text that is no create_table request.
std::optional<client::CreateTable> decode_stored_table_request(std::string_view text);

}  // namespace sp::protocol
