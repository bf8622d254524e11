// Nullable columns and parameters, for the records' bodies (sql_records.hpp):
// `s` is either connection's statement.
#pragma once

#include <cstdint>
#include <optional>

namespace sp::server {

inline std::optional<std::int64_t> optional_int(const auto& s, int index) {
  if (s.column_is_null(index)) return std::nullopt;
  return s.column_int(index);
}

inline void bind_optional(auto& s, int index, const std::optional<std::int64_t>& value) {
  if (value) {
    s.bind(index, *value);
  } else {
    s.bind_null(index);
  }
}

inline void bind_optional(auto& s, int index, const std::optional<double>& value) {
  if (value) {
    s.bind_real(index, *value);
  } else {
    s.bind_null(index);
  }
}

}  // namespace sp::server
