// The payload of NOTIFY spb_table: the JSON object spb_table_news builds
// from what a write of a table wrote (schema/postgresql/0020_table_news.sql),
// or the table's id alone when that would not fit a notification.
#pragma once

#include <optional>
#include <string_view>

#include "server/store/table_news.hpp"

namespace sp::server {

// The news in a payload; nothing when the payload is not news (the table's
// id alone: the other nodes read the table) or is malformed.
std::optional<TableNews> parse_table_news(std::string_view payload);

}  // namespace sp::server
