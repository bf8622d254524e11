// Who has met whom so far, and who has sat out: what Swiss pairing avoids
// repeating. A regular value type built up round by round; no thread-safety
// of its own (read it from one thread, or copy it).
#pragma once

#include <map>
#include <span>
#include <utility>

#include "engine/tournament/types.hpp"

namespace sp::tournament {

class History {
 public:
  History() = default;

  // The history of a tournament's finished tables and byes.
  static History of(std::span<const TableResult> results, std::span<const Bye> byes);

  // Every pair of players at the table has met once more.
  void add(const Table& table);
  void add(const TableResult& result);
  void add_bye(PlayerId player);

  // How many games the two have played at one table (0 for a player and themself).
  int meetings(PlayerId a, PlayerId b) const;
  // How many rounds the player has sat out.
  int byes(PlayerId player) const;

  friend bool operator==(const History&, const History&) = default;

 private:
  // Keyed by (smaller id, larger id). Ordered maps, so that nothing read from
  // a History depends on hashing.
  std::map<std::pair<PlayerId, PlayerId>, int> meetings_;
  std::map<PlayerId, int> byes_;
};

}  // namespace sp::tournament
