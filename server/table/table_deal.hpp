// A table's deal as its record knows it (docs/fairness.md): the seed from the
// server's secret and the seats' contributions, and what of it is public.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "protocol/table_summary.hpp"
#include "server/security/fair_deal.hpp"
#include "server/store/rows.hpp"

namespace sp::server {

// Each seat's contribution, seat 0 first; a seat not taken or that gave none
// has nothing.
std::vector<std::optional<Contribution>> contributions_of(const TableRecord& table);

// The seed a fair table is dealt from. REQUIRES: table.deal_secret.
std::uint64_t fair_seed(const TableRecord& table);

// The table's public "deal" (docs/protocol.md, table_summary): the scheme,
// the commitment, the seats' contributions (a duplicate round's table: the
// round's), and the secret once the game is finished (a duplicate round's
// table: once its whole round is). Nothing for a table dealt before fair deals.
std::optional<protocol::PublicDeal> public_deal(const TableRecord& table);

// The deal as a game record holds it (docs/records.md): the same with the
// secret, since a record is public only once the game is over and an
// administrator's record of a running game holds its seed anyway.
std::optional<protocol::PublicDeal> recorded_deal(const TableRecord& table);

}  // namespace sp::server
