// The sample of a person's decisions judged when the levels are placed
// against people's games (server/admin/judged_positions.hpp).
#include "server/admin/judged_positions.hpp"

#include <doctest/doctest.h>

namespace sp::server {
namespace {

using Positions = std::vector<std::size_t>;

TEST_CASE("a game's decisions are sampled evenly from the first, at most the number asked") {
  CHECK(judged_positions(10, 5) == Positions{0, 2, 4, 6, 8});
  CHECK(judged_positions(10, 3) == Positions{0, 3, 6});
  CHECK(judged_positions(7, 4) == Positions{0, 1, 3, 5});
}

TEST_CASE("with no more decisions than asked, every one is judged") {
  CHECK(judged_positions(3, 8) == Positions{0, 1, 2});
  CHECK(judged_positions(4, 4) == Positions{0, 1, 2, 3});
  CHECK(judged_positions(0, 4).empty());
  CHECK(judged_positions(5, 0).empty());
}

}  // namespace
}  // namespace sp::server
