// The cost of one table_update (a program, not a test): figures for
// docs/performance.md.
//
// After every accepted move the server encodes the table's view and its
// events once (money and hands are public), and the legal actions of the
// seat to act, then writes them as JSON text; the view's unchanged parts keep
// their text from the move before (ViewText). This program does the same for
// every move of recorded random games, 4 players with both expansions, and
// reports microseconds per move (median of --runs, one thread). With
// --whole it encodes the whole view afresh each move instead, as the server
// did before ViewText; with --compact only the view's changes, as a compact
// table_update carries them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/view_text.hpp"

using namespace sp::engine;
using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

struct RecordedGame {
  GameState start;
  std::vector<LoggedAction> log;
};

std::vector<RecordedGame> record_games(int games) {
  std::vector<RecordedGame> recorded;
  for (int g = 0; g < games; ++g) {
    GameSetup setup;
    setup.player_count = 4;
    setup.options.expansions = Expansions{true, true};
    setup.seed = static_cast<std::uint64_t>(g) + 1;
    auto state = new_game(setup);
    RecordedGame game{*state, {}};
    RandomPlayer player(static_cast<std::uint64_t>(g) + 77);
    RandomGameStats stats;
    if (!play_randomly(*state, player, stats, &game.log)) std::abort();
    recorded.push_back(std::move(game));
  }
  return recorded;
}

struct Sizes {
  std::size_t moves = 0;
  std::size_t bytes = 0;
};

// Microseconds per move to encode what the server pushes after it.
double encode_cost(const std::vector<RecordedGame>& games, bool whole, bool compact, Sizes& sizes) {
  const std::vector<std::string> names{"ann", "boris", "clara", "dmitri"};
  sizes = {};
  const auto begin = Clock::now();
  for (const RecordedGame& game : games) {
    GameState state = game.start;
    sp::protocol::ViewText view_text(names);
    for (const LoggedAction& logged : game.log) {
      Events events;
      if (!apply_in_place(state, logged.seat, logged.action, &events)) std::abort();
      json list = json::array();
      for (const Event& e : events) {
        list.push_back(sp::protocol::encode_event_for(e, state.options, Viewer::spectator()));
      }
      const TableView view = view_for(state, Viewer::spectator());
      std::string text;
      if (whole) {
        text = sp::protocol::encode_view(view, names).dump();
      } else if (compact) {
        view_text.update(view);
        text = view_text.changes();
      } else {
        text = view_text.encode(view);
      }
      text += list.dump();
      if (!view.to_act.empty()) {
        json legal = json::array();
        for (const LegalAction& a : legal_actions(state, view.to_act.front())) {
          legal.push_back(sp::protocol::encode_legal_action(a));
        }
        text += legal.dump();
      }
      sizes.bytes += text.size();
      ++sizes.moves;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  return seconds * 1e6 / static_cast<double>(sizes.moves);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int games = 200;
  bool whole = false;
  bool compact = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--whole") == 0) whole = true;
    if (std::strcmp(argv[i], "--compact") == 0) compact = true;
    if (i + 1 == argc) break;
    if (std::strcmp(argv[i], "--runs") == 0) runs = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--games") == 0) games = std::max(1, std::atoi(argv[i + 1]));
  }
  const auto recorded = record_games(games);
  std::vector<double> costs;
  Sizes sizes;
  for (int r = 0; r < runs; ++r) costs.push_back(encode_cost(recorded, whole, compact, sizes));
  std::sort(costs.begin(), costs.end());
  std::printf("4 players, both expansions, %d games, %zu moves: median of %d runs %.1f us per move "
              "(view%s, events and legal actions encoded; %.0f bytes a move)\n",
              games, sizes.moves, runs, costs[costs.size() / 2], whole ? " encoded whole" : compact ? " changes only (compact)" : " text kept",
              static_cast<double>(sizes.bytes) / static_cast<double>(sizes.moves));
  return 0;
}
