// The deal's 32-byte values as the wire and the database write them: the
// server's secret and a seat's contribution (docs/fairness.md), each as 64
// lowercase hexadecimal digits. What is done with them (SHA-256, the seed)
// is the server's (server/security/fair_deal.hpp); this is only their text.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sp::protocol {

using DealBytes = std::array<std::uint8_t, 32>;

// The deal's scheme, as records and table summaries name it; also its seed
// hash's domain-separation prefix (11 ASCII bytes).
inline constexpr std::string_view kDealScheme = "spb-deal-v1";
// A duplicate tournament round's shared deal (docs/fairness.md, "Duplicate
// deals"); likewise its hash's prefix (16 ASCII bytes).
inline constexpr std::string_view kSharedDealScheme = "spb-duplicate-v1";

// 64 lowercase hex digits.
std::string to_hex(const DealBytes& bytes);
// Exactly 64 hex digits (either case), or nothing.
std::optional<DealBytes> deal_bytes_from_hex(std::string_view hex);

}  // namespace sp::protocol
