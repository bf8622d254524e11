#include "protocol/request_id.hpp"

#include <cstdint>

#include "engine/invariant.hpp"

namespace sp::protocol {

RequestId RequestId::from_json(const nlohmann::json& id) {
  RequestId out;
  if (id.is_number_unsigned() && id.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
    out.value_ = id.get<std::uint64_t>();
  } else if (id.is_number_integer()) {
    out.value_ = id.get<std::int64_t>();
  } else if (id.is_string()) {
    out.value_ = id.get<std::string>();
  } else {
    SP_ASSERT(id.is_null());
  }
  return out;
}

nlohmann::json RequestId::to_json() const {
  return std::visit(
      [](const auto& value) -> nlohmann::json {
        if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::monostate>) {
          return nullptr;
        } else {
          return value;
        }
      },
      value_);
}

}  // namespace sp::protocol
