// A game record's "deal" (docs/records.md, docs/fairness.md) read back from
// its JSON: the commitment, the server's secret once revealed, and each
// seat's contribution. Checking them (SHA-256, the seed) is the server's
// (server/security/fair_deal.hpp); this is only their reading.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "protocol/deal_bytes.hpp"

namespace sp::protocol {

struct RecordedDeal {
  std::string scheme;                            // kDealScheme or kSharedDealScheme
  std::string commitment;                        // 64 hex digits
  std::optional<DealBytes> secret;               // nothing: not revealed yet
  std::vector<std::optional<DealBytes>> seats;   // seat 0 first; nothing: the seat gave none
  // A duplicate round's table: the round's contributions, as listed.
  std::optional<std::vector<DealBytes>> round_contributions;
};

// Reads a record header's "deal" for a table of `players` seats; an error
// names the field.
Expected<RecordedDeal, std::string> read_recorded_deal(const nlohmann::json& deal, int players);

}  // namespace sp::protocol
