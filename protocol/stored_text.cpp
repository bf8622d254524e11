#include "protocol/stored_text.hpp"

#include <nlohmann/json.hpp>

#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string stored_options_text(const engine::TableOptions& options) { return encode_options(options).dump(); }

Expected<engine::TableOptions, DecodeError> decode_stored_options(std::string_view text) {
  return decode_options(json::parse(text, nullptr, false));
}

Expected<engine::LoggedAction, StoredEntryFault> decode_stored_entry(std::string_view text, engine::Seat seat) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return unexpected(StoredEntryFault{true, {}});
  auto entry = decode_log_entry(j, seat);
  if (!entry) return unexpected(StoredEntryFault{false, std::move(entry.error())});
  return *entry;
}

std::string quoted_entry(std::string_view text) { return json::parse(text, nullptr, false).dump(); }

std::string stored_table_request_text(const client::CreateTable& table) {
  return encode_client_request(ClientRequest{table}).dump();
}

std::optional<client::CreateTable> decode_stored_table_request(std::string_view text) {
  auto decoded = decode_client_request(text);
  if (!decoded) return std::nullopt;
  if (const auto* table = std::get_if<client::CreateTable>(&decoded->request)) return *table;
  return std::nullopt;
}

}  // namespace sp::protocol
