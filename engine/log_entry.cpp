#include "engine/log_entry.hpp"

#include <array>
#include <utility>

namespace sp::engine {
namespace {

constexpr std::array<std::pair<LogKind, std::string_view>, 15> kWords{{
    {LogKind::kAction, "action"},
    {LogKind::kResign, "resign"},
    {LogKind::kAbortProposed, "abort_proposed"},
    {LogKind::kAbortVoted, "abort_voted"},
    {LogKind::kAbortRefused, "abort_refused"},
    {LogKind::kAbortLapsed, "abort_lapsed"},
    {LogKind::kAborted, "aborted"},
    {LogKind::kUndo, "undo"},
    {LogKind::kLateAsked, "late_asked"},
    {LogKind::kLateVotedWait, "late_voted_wait"},
    {LogKind::kLateVotedRobot, "late_voted_robot"},
    {LogKind::kLateVotedEnd, "late_voted_end"},
    {LogKind::kLateWaited, "late_waited"},
    {LogKind::kLateRobot, "late_robot"},
    {LogKind::kLateEnded, "late_ended"},
}};

}  // namespace

std::string_view to_string(LogKind kind) { return kWords[static_cast<std::size_t>(kind)].second; }

std::optional<LogKind> parse_log_kind(std::string_view word) {
  for (const auto& [kind, text] : kWords) {
    if (text == word) return kind;
  }
  return std::nullopt;
}

std::optional<UndoBar> undo_bar(const Events& events) {
  for (const Event& event : events) {
    // An Observatory's draw and a fill show cards that were face down; once
    // seen they stay seen, so the action that showed them stands.
    if (std::holds_alternative<ObservatoryUsed>(event) || std::holds_alternative<DisplayFilled>(event)) {
      return UndoBar::kRevealsCard;
    }
    if (std::holds_alternative<PhaseScored>(event) || std::holds_alternative<PhaseStarted>(event) ||
        std::holds_alternative<RoundEnded>(event) || std::holds_alternative<GameEnded>(event)) {
      return UndoBar::kPhaseEnded;
    }
  }
  return std::nullopt;
}

}  // namespace sp::engine
