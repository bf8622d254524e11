// Which of a person's decisions in a game are judged when the robot levels
// are placed against the history of people's games (docs/ratings.md
// "Calibrating the robot levels"): judging one takes every legal action
// played out over many imagined deals, so a game's decisions are sampled,
// the same way on every run.
#pragma once

#include <cstddef>
#include <vector>

namespace sp::server {

// Of `decisions` decisions (in the order made), at most `at_most`, spread
// evenly from the first: with more than `at_most`, decision i * decisions /
// at_most for i = 0 .. at_most - 1; otherwise all of them. In order, no repeats.
std::vector<std::size_t> judged_positions(std::size_t decisions, std::size_t at_most);

}  // namespace sp::server
