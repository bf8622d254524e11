#include "server/table/table_versions.hpp"

#include "engine/card.hpp"

namespace sp::server {

std::string version_mismatch(const TableRecord& record) {
  const std::string_view cards = engine::card_set_version();
  if (record.card_set_version == cards && record.rules_version == kRulesVersion) return {};
  return "table " + std::to_string(record.id) + " was recorded under card set " + record.card_set_version +
         " and rules version " + std::to_string(record.rules_version) + "; this spb has card set " +
         std::string(cards) + " and rules version " + std::to_string(kRulesVersion) +
         ": run it with the spb release it was started under";
}

}  // namespace sp::server
