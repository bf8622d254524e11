// Snapshots: a table's GameState saved every few moves, so a table loads by
// applying only the moves after its latest snapshot instead of replaying the
// whole game from its seed.
//
// A snapshot is the state's bytes behind a header naming the layout they were
// written with (format number, size of GameState, card set). A snapshot of
// another layout (an older binary) is ignored and the table is replayed from
// the start; a snapshot is trusted only when its state hash equals the hash
// stored with the move it was taken after.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace sp::server {

// A snapshot is written after every kSnapshotEvery-th move and after the last.
inline constexpr std::int64_t kSnapshotEvery = 50;

std::string encode_snapshot(const engine::GameState& state);

// Nothing for bytes of another layout or of the wrong size.
std::optional<engine::GameState> decode_snapshot(std::string_view bytes);

}  // namespace sp::server
