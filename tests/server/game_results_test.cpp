// Which seats a finished game rates, at which place (docs/ratings.md): robots
// only when the table says `rated`, a seat taken over after timeouts last;
// and with which ratings: a robot's seat as its level's account.
#include <doctest/doctest.h>

#include <map>
#include <vector>

#include "server/ratings/plackett_luce.hpp"
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
  // Robots alone (levels calibrated against each other) are rated at a rated table only.
  CHECK(choose(FinishedGame{2, {robot(0, 1), robot(1, 2)}}, true).rated == std::vector<bool>{true, true});
  CHECK(choose(FinishedGame{2, {robot(0, 1), robot(1, 2)}}, false).rated == std::vector<bool>{false, false});
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

using engine::RobotLevel;

constexpr std::int64_t kLevel2Account = 902;
constexpr std::int64_t kLevel3Account = 903;

// A rated game's results as write_game_results gives them: a robot's seat
// under its level's account.
GameResultRecord result(int seat, std::int64_t user, int place, std::optional<RobotLevel> level = std::nullopt,
                        bool robot = false) {
  GameResultRecord r;
  r.seat = seat;
  r.user_id = user;
  r.robot = robot || level.has_value();
  r.robot_level = level;
  r.pool = RatingPool::kMultiplayer;
  r.rated_place = place;
  return r;
}

struct Book {
  std::map<std::int64_t, RatingRecord> stored;
  CurrentRating current() const {
    return [this](std::int64_t user, RatingPool) -> std::optional<RatingRecord> {
      const auto found = stored.find(user);
      if (found == stored.end()) return std::nullopt;
      return found->second;
    };
  }
};

TEST_CASE("a robot's seat in a rated game enters with its level account's rating, and the account keeps the new one") {
  Book book;
  book.stored[kLevel3Account] = RatingRecord{31.0, 4.0, 12};
  book.stored[11] = RatingRecord{22.0, 6.0, 3};
  std::vector<GameResultRecord> results{result(0, 10, 2), result(1, kLevel3Account, 1, RobotLevel::kDeepSearch),
                                        result(2, 11, 3)};
  const std::vector<NewRating> kept = rate_results(results, book.current());
  const auto expected = ratings::rate({{ratings::newcomer(), 2}, {{31.0, 4.0}, 1}, {{22.0, 6.0}, 3}});
  CHECK(results[1].mu_before == 31.0);
  CHECK(results[1].sigma_before == 4.0);
  CHECK(results[1].mu_after == doctest::Approx(expected[1].mu));
  CHECK(results[1].sigma_after == doctest::Approx(expected[1].sigma));
  CHECK(results[1].mu_after > 31.0);
  REQUIRE(kept.size() == 3);
  CHECK(kept[1].user_id == kLevel3Account);
  CHECK(kept[1].rating.games == 13);
  CHECK(kept[1].rating.mu == results[1].mu_after);
  // The people beside it are rated against the level's rating, not a newcomer's.
  CHECK(results[0].mu_after == doctest::Approx(expected[0].mu));
  CHECK(results[2].mu_after == doctest::Approx(expected[2].mu));
}

TEST_CASE("a level seated twice in one game is rated at its first seat and is an opponent at that rating at the other") {
  Book book;
  book.stored[kLevel2Account] = RatingRecord{27.0, 5.0, 40};
  std::vector<GameResultRecord> results{result(0, kLevel2Account, 3, RobotLevel::kQuickSearch), result(1, 10, 2),
                                        result(2, kLevel2Account, 1, RobotLevel::kQuickSearch),
                                        result(3, kLevel3Account, 4, RobotLevel::kDeepSearch)};
  const std::vector<NewRating> kept = rate_results(results, book.current());
  const auto expected =
      ratings::rate({{{27.0, 5.0}, 3}, {ratings::newcomer(), 2}, {{27.0, 5.0}, 1}, {ratings::newcomer(), 4}});
  REQUIRE(kept.size() == 3);
  CHECK(kept[0].user_id == kLevel2Account);
  CHECK(kept[0].rating.mu == doctest::Approx(expected[0].mu));
  CHECK(kept[0].rating.games == 41);
  CHECK(kept[1].user_id == 10);
  CHECK(kept[2].user_id == kLevel3Account);
  CHECK(kept[2].rating.games == 1);
  // The second seat of level 2 won, yet moves nothing: its row keeps the rating it entered with.
  CHECK(results[2].mu_before == 27.0);
  CHECK(results[2].mu_after == 27.0);
  CHECK(results[2].sigma_after == 5.0);
}

TEST_CASE("robots alone at a rated table: each level's account is rated against the others") {
  Book book;
  std::vector<GameResultRecord> results{result(0, kLevel2Account, 2, RobotLevel::kQuickSearch),
                                        result(1, kLevel3Account, 1, RobotLevel::kDeepSearch)};
  const std::vector<NewRating> kept = rate_results(results, book.current());
  REQUIRE(kept.size() == 2);
  CHECK(kept[1].rating.mu > kept[0].rating.mu);
  CHECK(kept[0].rating.mu + kept[1].rating.mu == doctest::Approx(50.0));
}

TEST_CASE("a robot's seat stored before levels were rated enters as a newcomer and keeps nothing") {
  Book book;
  book.stored[7] = RatingRecord{40.0, 2.0, 100};  // the robot's pseudo-user: never read
  std::vector<GameResultRecord> results{result(0, 10, 2), result(1, 7, 1, std::nullopt, true)};
  const std::vector<NewRating> kept = rate_results(results, book.current());
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].user_id == 10);
  CHECK(results[1].mu_before == ratings::newcomer().mu);
  CHECK(results[1].mu_after == ratings::newcomer().mu);
}

TEST_CASE("a stand-in robot's play is rated for nobody: its absent person is rated last and no level moves") {
  Book book;
  book.stored[kLevel2Account] = RatingRecord{27.0, 5.0, 40};
  // Seat 1's stand-in (level 2) won; the seat is its person's, abandoned.
  const FinishedGame game{3, {person(0, 2), person(1, 1, true), person(2, 3)}};
  std::vector<GameResultRecord> results(3);
  for (int s = 0; s < 3; ++s) {
    results[static_cast<std::size_t>(s)].seat = s;
    results[static_cast<std::size_t>(s)].user_id = 10 + s;
  }
  choose_rated(game, false, results);
  const std::vector<NewRating> kept = rate_results(results, book.current());
  REQUIRE(kept.size() == 3);
  for (const NewRating& k : kept) CHECK(k.user_id != kLevel2Account);
  CHECK(results[1].rated_place == 3);
  CHECK(results[1].mu_after < results[1].mu_before);
}

}  // namespace
}  // namespace sp::server
