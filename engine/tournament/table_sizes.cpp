#include "engine/tournament/table_sizes.hpp"

#include "engine/invariant.hpp"

namespace sp::tournament {

std::vector<int> table_sizes(int field, int preferred) {
  SP_ASSERT(field >= 0);
  SP_ASSERT(preferred >= 3 && preferred <= 5);
  // No table is below 3 players: tables of 3 have no smaller tables, tables
  // of 4 only tables of 3, tables of 5 tables of 4 and (to save a bye) of 3.
  const int smaller = preferred - 1 >= 3 ? preferred - 1 : 0;
  const int smallest = preferred - 2 >= 3 ? preferred - 2 : 0;
  // Never more than preferred - 1 smaller tables of one size are needed: that
  // many tables of n - 1 seat as many players as n - 1 full tables (and
  // likewise for n - 2 against n), so the search below is tiny.
  for (int byes = 0; byes <= field; ++byes) {
    const int seated = field - byes;
    for (int of_smallest = 0; of_smallest < preferred && (smallest > 0 || of_smallest == 0); ++of_smallest) {
      for (int of_smaller = 0; of_smaller < preferred && (smaller > 0 || of_smaller == 0); ++of_smaller) {
        const int rest = seated - of_smallest * smallest - of_smaller * smaller;
        if (rest < 0 || rest % preferred != 0) continue;
        std::vector<int> sizes(static_cast<std::size_t>(rest / preferred), preferred);
        sizes.insert(sizes.end(), static_cast<std::size_t>(of_smaller), smaller);
        sizes.insert(sizes.end(), static_cast<std::size_t>(of_smallest), smallest);
        return sizes;
      }
    }
  }
  return {};
}

}  // namespace sp::tournament
