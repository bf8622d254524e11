// A competition's tables (a tournament's or a league's) are created from one
// create_table request at every size the competition may seat: one that the
// game cannot deal at some size is refused when the competition is created,
// not when a round or a season would start.
#pragma once

#include <optional>
#include <set>
#include <string_view>

#include "protocol/requests.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

// `what`: "tournament" or "league", for the sentence.
std::optional<Reply> refusal_of_table_sizes(const protocol::client::CreateTable& tables, const std::set<int>& sizes,
                                            std::string_view what);

}  // namespace sp::server
