// Which seats a finished game rates, at which place (docs/ratings.md): robots
// only when the table says `rated`, a seat taken over after timeouts last.
#include <doctest/doctest.h>

#include <vector>

#include "server/table/game_results.hpp"

namespace sp::server {
namespace {

struct Chosen {
  std::vector<bool> rated;
  std::vector<int> places;
};

Chosen choose(const FinishedGame& game, bool rated_with_robots) {
  std::vector<GameResultRecord> results(game.seats.size());
  choose_rated(game, rated_with_robots, results);
  Chosen chosen;
  for (const GameResultRecord& r : results) {
    chosen.rated.push_back(r.pool.has_value());
    chosen.places.push_back(r.pool ? r.rated_place : 0);
  }
  return chosen;
}

FinishedSeat person(int seat, int place, bool abandoned = false) { return FinishedSeat{seat, 10 + seat, false, place, abandoned}; }
FinishedSeat robot(int seat, int place) { return FinishedSeat{seat, 1, true, place, false}; }

TEST_CASE("people only: every seat rated at its place, in its pool") {
  const FinishedGame game{3, {person(0, 2), person(1, 1), person(2, 2)}};
  std::vector<GameResultRecord> results(3);
  choose_rated(game, false, results);
  CHECK(results[0].pool == RatingPool::kMultiplayer);
  const Chosen chosen = choose(game, false);
  CHECK(chosen.places == std::vector<int>{2, 1, 2});
  std::vector<GameResultRecord> two(2);
  choose_rated(FinishedGame{2, {person(0, 1), person(1, 2)}}, false, two);
  CHECK(two[1].pool == RatingPool::kTwoPlayer);
}

TEST_CASE("a robot seated from the start: unrated unless the table is rated") {
  const FinishedGame game{3, {person(0, 3), robot(1, 1), person(2, 2)}};
  CHECK(choose(game, false).rated == std::vector<bool>{false, false, false});
  const Chosen rated = choose(game, true);
  CHECK(rated.rated == std::vector<bool>{true, true, true});
  CHECK(rated.places == std::vector<int>{3, 1, 2});
  // Robots alone: nobody to rate, even at a rated table.
  CHECK(choose(FinishedGame{2, {robot(0, 1), robot(1, 2)}}, true).rated == std::vector<bool>{false, false});
}

TEST_CASE("a seat taken over after timeouts is rated last, however its robot did") {
  // Seat 1's robot won; its absent player is rated behind both who played on.
  const Chosen one = choose(FinishedGame{3, {person(0, 2), person(1, 1, true), person(2, 3)}}, false);
  CHECK(one.places == std::vector<int>{1, 3, 2});
  // Two abandoned seats tie for last, behind a robot seated from the start.
  const Chosen two = choose(FinishedGame{4, {person(0, 1, true), robot(1, 4), person(2, 2, true), person(3, 3)}}, true);
  CHECK(two.places == std::vector<int>{3, 2, 3, 1});
}

TEST_CASE("a game with a third-party bot seated is rated in the bots' pool of its player count, never in people's") {
  std::vector<GameResultRecord> two(2);
  choose_rated(FinishedGame{2, {person(0, 1), person(1, 2)}, true}, false, two);
  CHECK(two[0].pool == RatingPool::kBotTwoPlayer);
  CHECK(two[1].pool == RatingPool::kBotTwoPlayer);
  std::vector<GameResultRecord> three(3);
  choose_rated(FinishedGame{3, {person(0, 1), robot(1, 2), person(2, 3)}, true}, true, three);
  CHECK(three[0].pool == RatingPool::kBotMultiplayer);
  // Robots seated still leave the game unrated unless the table says rated.
  std::vector<GameResultRecord> unrated(2);
  choose_rated(FinishedGame{2, {person(0, 1), robot(1, 2)}, true}, false, unrated);
  CHECK_FALSE(unrated[0].pool.has_value());
  CHECK(to_string(RatingPool::kBotTwoPlayer) == "bot_two_player");
  CHECK(parse_rating_pool("bot_multiplayer") == RatingPool::kBotMultiplayer);
  CHECK(is_bot_pool(RatingPool::kBotMultiplayer));
  CHECK_FALSE(is_bot_pool(RatingPool::kTwoPlayer));
}

}  // namespace
}  // namespace sp::server
