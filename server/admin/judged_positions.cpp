#include "server/admin/judged_positions.hpp"

namespace sp::server {

std::vector<std::size_t> judged_positions(std::size_t decisions, std::size_t at_most) {
  std::vector<std::size_t> chosen;
  const std::size_t count = decisions < at_most ? decisions : at_most;
  for (std::size_t i = 0; i < count; ++i) chosen.push_back(i * decisions / count);
  return chosen;
}

}  // namespace sp::server
