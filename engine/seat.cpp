#include "engine/seat.hpp"

namespace sp::engine {

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::kWorker: return "worker";
    case Phase::kBuilding: return "building";
    case Phase::kAristocrat: return "aristocrat";
    case Phase::kTrading: return "trading";
    case Phase::kFinished: return "finished";
  }
  return "unknown";
}

}  // namespace sp::engine
