#include "tests/support/people_games.hpp"

#include <stdexcept>

#include "server/cli/robot_calibration.hpp"

namespace sp::test {

std::vector<Person> create_people(server::Store& store, const std::vector<PersonSpec>& specs, std::int64_t now) {
  std::vector<Person> people;
  store.run_sync([&](server::Records& db) {
    for (const PersonSpec& spec : specs) {
      const std::int64_t id = db.insert_user(spec.name, "", now);
      db.save_rating(id, server::RatingPool::kTwoPlayer, server::RatingRecord{spec.mu, 2.0, 30});
      people.push_back(Person{id, spec.plays});
    }
  });
  return people;
}

void store_people_games(server::Store& store, const std::vector<std::pair<Person, Person>>& pairings,
                        std::uint64_t first_deal, std::int64_t now) {
  std::uint64_t deal = first_deal;
  for (const auto& [first, second] : pairings) {
    std::string error;
    auto played = cli::play_levels_game("People's game " + std::to_string(deal), engine::Expansions{}, deal,
                                        {first.plays, second.plays}, server::Actor::kPlayer, now, error);
    if (!played) throw std::runtime_error("people's game " + std::to_string(deal) + ": " + error);
    // Finished one after another, as spb admin ratings rates them.
    const std::int64_t at = now + static_cast<std::int64_t>(deal - first_deal);
    store.run_sync([&](server::Records& db) {
      cli::store_played_game(db, std::move(*played), {first.id, second.id}, false, at);
    });
    ++deal;
  }
}

}  // namespace sp::test
