#include "protocol/recorded_deal.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

std::string text_at(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

Expected<RecordedDeal, std::string> read_recorded_deal(const json& deal, int players) {
  if (!deal.is_object()) return unexpected(std::string("deal: an object is required"));
  RecordedDeal read;
  read.scheme = text_at(deal, "scheme");
  if (read.scheme != kDealScheme && read.scheme != kSharedDealScheme) {
    return unexpected("deal.scheme: this program knows \"" + std::string(kDealScheme) + "\" and \"" +
                      std::string(kSharedDealScheme) + "\" only");
  }
  if (read.scheme == kSharedDealScheme) {
    const auto round = deal.find("round_contributions");
    if (round == deal.end() || !round->is_array()) {
      return unexpected(std::string("deal.round_contributions: a list is required for a duplicate round's deal"));
    }
    read.round_contributions.emplace();
    for (const json& given : *round) {
      const auto bytes = given.is_string() ? deal_bytes_from_hex(given.get<std::string>()) : std::nullopt;
      if (!bytes) return unexpected(std::string("deal.round_contributions: each one is 64 hexadecimal digits"));
      read.round_contributions->push_back(*bytes);
    }
  }
  read.commitment = text_at(deal, "commitment");
  if (!deal_bytes_from_hex(read.commitment)) return unexpected(std::string("deal.commitment: 64 hexadecimal digits are required"));
  if (deal.contains("secret")) {
    read.secret = deal_bytes_from_hex(text_at(deal, "secret"));
    if (!read.secret) return unexpected(std::string("deal.secret: 64 hexadecimal digits are required"));
  }
  if (players < 1) return unexpected(std::string("players: the number of seats is required"));
  read.seats.resize(static_cast<std::size_t>(players));
  std::vector<bool> listed(read.seats.size(), false);
  const auto list = deal.find("contributions");
  if (list == deal.end() || !list->is_array()) return unexpected(std::string("deal.contributions: a list is required"));
  for (const json& entry : *list) {
    if (!entry.is_object() || !entry.contains("seat") || !entry.at("seat").is_number_integer()) {
      return unexpected(std::string("deal.contributions: each entry needs its seat"));
    }
    const int seat = entry.at("seat").get<int>();
    if (seat < 0 || seat >= players || listed[static_cast<std::size_t>(seat)]) {
      return unexpected(std::string("deal.contributions: every seat from 0 to players - 1 at most once"));
    }
    listed[static_cast<std::size_t>(seat)] = true;
    const json given = entry.contains("contribution") ? entry.at("contribution") : json(nullptr);
    if (given.is_null()) continue;
    const auto bytes = given.is_string() ? deal_bytes_from_hex(given.get<std::string>()) : std::nullopt;
    if (!bytes) return unexpected("deal.contributions: seat " + std::to_string(seat) + "'s contribution is not 64 hexadecimal digits");
    read.seats[static_cast<std::size_t>(seat)] = bytes;
  }
  return read;
}

}  // namespace sp::protocol
