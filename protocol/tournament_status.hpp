// A tournament's format and its life (docs/protocol.md, "Tournaments"): one
// enum each for the wire (create_tournament's format, list_tournaments'
// status, a tournament's summary) and the store, which keeps the same words.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sp::protocol {

// Swiss pairing by standings, round robin in groups, or single elimination
// by table (the top places of each table go through).
enum class TournamentFormat : std::uint8_t { kSwiss, kRoundRobin, kElimination };

std::string_view to_string(TournamentFormat format);
std::optional<TournamentFormat> parse_tournament_format(std::string_view word);

// Registering until its registration closes, playing its rounds, then
// finished, or cancelled (too few players, or by an administrator).
enum class TournamentStatus : std::uint8_t { kRegistering, kPlaying, kFinished, kCancelled };

std::string_view to_string(TournamentStatus status);
std::optional<TournamentStatus> parse_tournament_status(std::string_view word);

}  // namespace sp::protocol
