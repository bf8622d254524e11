#include "engine/tournament/points.hpp"

#include <utility>

#include "engine/invariant.hpp"

namespace sp::tournament {

PointsTable PointsTable::standard() {
  PointsTable table;
  for (int size = kMinTableSize; size <= kMaxTableSize; ++size) {
    // 12 points (24 half-points) down to 0 in equal steps: 24 / (size - 1) is
    // a whole number for every size from 2 to 5.
    const int step = 24 / (size - 1);
    std::vector<HalfPoints> row;
    for (int place = 1; place <= size; ++place) row.push_back(HalfPoints{24 - step * (place - 1)});
    table.by_size[size] = std::move(row);
  }
  return table;
}

void PointsTable::set(int table_size, std::vector<HalfPoints> row) {
  SP_ASSERT(table_size >= kMinTableSize && table_size <= kMaxTableSize);
  SP_ASSERT(static_cast<int>(row.size()) == table_size);
  by_size[table_size] = std::move(row);
}

HalfPoints PointsTable::shared(int table_size, int place, int tied) const {
  SP_ASSERT(table_size >= kMinTableSize && table_size <= kMaxTableSize);
  const std::vector<HalfPoints>& row = by_size[table_size];
  SP_ASSERT(static_cast<int>(row.size()) == table_size);
  SP_ASSERT(tied >= 1 && place >= 1 && place + tied - 1 <= table_size);
  int sum = 0;
  for (int covered = place; covered < place + tied; ++covered) sum += row[covered - 1].value;
  // Points are never negative in any sensible table, but floor division keeps
  // the rule "rounded down" true for a negative custom row as well.
  int share = sum / tied;
  if (sum % tied != 0 && sum < 0) --share;
  return HalfPoints{share};
}

}  // namespace sp::tournament
