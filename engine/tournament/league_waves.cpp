#include "engine/tournament/league_waves.hpp"

#include <map>

#include "engine/invariant.hpp"

namespace sp::tournament {

std::vector<int> tables_to_start(std::span<const SeasonTable> tables, std::span<const TableState> states,
                                 int tables_at_once) {
  SP_ASSERT(tables_at_once >= 1);
  SP_ASSERT(states.size() == tables.size());
  std::map<PlayerId, int> playing;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (states[i] != TableState::kPlaying) continue;
    for (PlayerId player : tables[i].seats.seats) ++playing[player];
  }
  std::vector<int> starting;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (states[i] != TableState::kWaiting) continue;
    const std::vector<PlayerId>& seats = tables[i].seats.seats;
    bool room = true;
    for (PlayerId player : seats) room = room && playing[player] < tables_at_once;
    if (!room) continue;
    for (PlayerId player : seats) ++playing[player];
    starting.push_back(static_cast<int>(i));
  }
  return starting;
}

std::vector<std::vector<int>> season_waves(std::span<const SeasonTable> tables, int tables_at_once) {
  std::vector<TableState> states(tables.size(), TableState::kWaiting);
  std::vector<std::vector<int>> waves;
  std::size_t started = 0;
  while (started < tables.size()) {
    std::vector<int> wave = tables_to_start(tables, states, tables_at_once);
    for (int i : wave) states[static_cast<std::size_t>(i)] = TableState::kFinished;
    started += wave.size();
    waves.push_back(std::move(wave));
  }
  return waves;
}

}  // namespace sp::tournament
