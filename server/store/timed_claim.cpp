#include "server/store/timed_claim.hpp"

#include <charconv>

namespace sp::server {

std::string to_string(TimedWork work) {
  switch (work) {
    case TimedWork::kWebhooks: return "webhooks";
    case TimedWork::kEmails: return "emails";
    case TimedWork::kDigests: return "digests";
    case TimedWork::kVacationEnd: return "vacation_end";
    case TimedWork::kRetentionSweep: return "retention_sweep";
  }
  return "unknown";
}

std::optional<TimedWorkDue> parse_timed_work_due(std::string_view payload) {
  if (payload.size() < 3 || payload[1] != ' ') return std::nullopt;
  TimedWorkDue due{TimedWork::kWebhooks, 0};
  switch (payload[0]) {
    case 'w': due.work = TimedWork::kWebhooks; break;
    case 'e': due.work = TimedWork::kEmails; break;
    case 'd': due.work = TimedWork::kDigests; break;
    case 'v': due.work = TimedWork::kVacationEnd; break;
    default: return std::nullopt;
  }
  const std::string_view id = payload.substr(2);
  const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), due.id);
  if (error != std::errc() || end != id.data() + id.size()) return std::nullopt;
  return due;
}

}  // namespace sp::server
