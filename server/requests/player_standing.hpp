// A player's standing as the lobby and profiles show it (docs/ratings.md):
// the displayed rating of a pool and the timeout rate, and a table's terms
// checked against them when someone joins.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "protocol/lobby_results.hpp"
#include "server/store/records.hpp"
#include "server/table/table.hpp"

namespace sp::server {

// mu - 3 sigma, rounded to hundredths; a player never rated shows a newcomer's 0.
double displayed_rating(const std::optional<RatingRecord>& rating);
// Timeouts over moves due in finished games; nothing while no move was due.
std::optional<double> timeout_rate(const PlayerTotals& totals);

// A seated person's standing in a pool, for a table the lobby lists.
protocol::PlayerStanding standing_of(Records& db, std::int64_t user_id, RatingPool pool);

// The table's terms as its summary shows them: "rated", and each requirement set.
protocol::TableTermsShown terms_shown(const TableTerms& terms);

// The refusal of a player who does not meet the table's terms, if any;
// `asker` names what asks, in the refusal's sentence.
std::optional<Reply> refusal_by_terms(Records& db, const TableTerms& terms, std::int64_t user_id, RatingPool pool,
                                      std::string_view asker = "This table");

}  // namespace sp::server
