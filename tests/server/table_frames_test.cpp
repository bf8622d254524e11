// What each connection watching a table receives after a move, now that a
// frame is encoded once per receiver class and the same buffer is sent to
// every connection of that class: each gets exactly its own view, prices and
// legal actions, and no seat's frame reaches another seat or a spectator;
// in the compact form (view_changes) too, where each connection's view,
// rebuilt from the changes as a client does, is exactly its seat's.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "engine/card_prices.hpp"
#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/table_update.hpp"
#include "server/table/table_registry.hpp"
#include "server/table/table.hpp"
#include "tests/support/table_server.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/view_changes.hpp"

namespace {

using namespace sp::server;
using nlohmann::json;

class Recorder : public Subscriber {
 public:
  void send(std::shared_ptr<const std::string> frame, IdentityEpoch) override {
    std::lock_guard lock(mutex_);
    frames_.push_back(std::move(frame));
  }
  std::vector<std::shared_ptr<const std::string>> frames() const {
    std::lock_guard lock(mutex_);
    return frames_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<const std::string>> frames_;
};

// A started two-player table with hidden money and hands, and a third user
// who watches it without a seat.
struct HiddenTable {
  TableRecord record;
  std::int64_t watcher = 0;
};

HiddenTable hidden_table(Store& store) {
  HiddenTable out;
  store.run_sync([&](Records& db) {
    const std::int64_t ann = db.insert_user("ann", "x", 0);
    const std::int64_t bob = db.insert_user("bob", "x", 0);
    out.watcher = db.insert_user("cat", "x", 0);
    TableRecord t;
    t.name = "hidden";
    t.creator_id = ann;
    t.status = TableStatus::kOpen;
    t.player_count = 2;
    t.options_json = R"({"public_money": false, "public_hands": false})";
    t.card_set_version = std::string(sp::engine::card_set_version());
    const std::int64_t id = db.insert_table(t, 0);
    db.insert_seat(id, 0, ann);
    db.insert_seat(id, 1, bob);
    t = *db.load_table(id);
    t.seed = 11;
    db.start_table(id, 11, sp::engine::state_hash_hex(*sp::engine::new_game(setup_of(t))), 0);
    out.record = *db.load_table(id);
  });
  return out;
}

// Subscribes and returns the reply's data.
json subscribe(Table& table, const std::shared_ptr<Recorder>& recorder, std::int64_t user, bool compact = false) {
  std::promise<Reply> promise;
  auto future = promise.get_future();
  table.subscribe(recorder, 1, user, std::nullopt, compact, [&promise](Reply r) { promise.set_value(std::move(r)); });
  REQUIRE(future.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  Reply reply = future.get();
  REQUIRE(reply.ok);
  return json::parse(reply.data_text);
}

void wait_for_frames(const std::vector<std::shared_ptr<Recorder>>& recorders, std::size_t count) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (const auto& r : recorders) {
    while (r->frames().size() < count && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(r->frames().size() == count);
  }
}

}  // namespace

TEST_CASE("after each move every connection receives its own seat's view, prices and legal actions, and nothing of another seat") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("spb.sqlite")});
  sp::test::TableServer server(store);
  const HiddenTable hidden = hidden_table(store);
  const TableRecord& record = hidden.record;
  const auto table = server.registry.add_started(record);
  const std::int64_t ann = record.seats.at(0).user_id;
  const std::int64_t bob = record.seats.at(1).user_id;

  // Two connections of ann's, one of bob's, two of the watcher's.
  const auto ann_1 = std::make_shared<Recorder>(), ann_2 = std::make_shared<Recorder>();
  const auto bob_1 = std::make_shared<Recorder>();
  const auto cat_1 = std::make_shared<Recorder>(), cat_2 = std::make_shared<Recorder>();
  subscribe(*table, ann_1, ann);
  subscribe(*table, ann_2, ann);
  subscribe(*table, bob_1, bob);
  subscribe(*table, cat_1, hidden.watcher);
  subscribe(*table, cat_2, hidden.watcher);
  // And one compact connection each, which keeps its view and prices as a client does.
  const auto ann_c = std::make_shared<Recorder>(), bob_c = std::make_shared<Recorder>();
  const auto cat_c = std::make_shared<Recorder>();
  struct Kept {
    json view;
    json prices;
  };
  std::map<const Recorder*, Kept> kept;
  for (const auto& [r, user] : {std::pair{ann_c, ann}, std::pair{bob_c, bob}, std::pair{cat_c, hidden.watcher}}) {
    const json data = subscribe(*table, r, user, true);
    kept[r.get()] = Kept{data.at("view"), data.at("prices")};
  }
  const std::vector<std::shared_ptr<Recorder>> all{ann_1, ann_2, bob_1, cat_1, cat_2, ann_c, bob_c, cat_c};
  std::size_t prices_left_out = 0;

  const sp::engine::GameSetup setup = setup_of(record);
  REQUIRE_FALSE(setup.options.public_money);
  REQUIRE_FALSE(setup.options.public_hands);
  sp::engine::GameState state = *sp::engine::new_game(setup);
  const std::vector<std::string> names{"ann", "bob"};
  constexpr std::size_t kMoves = 30;
  for (std::size_t n = 1; n <= kMoves && !state.is_finished(); ++n) {
    const sp::engine::Seat seat = sp::engine::seats_to_act(state).front();
    const sp::engine::Action action = sp::engine::legal_actions(state, seat).front().action;
    // Each move comes from the mover's compact connection: its own update
    // comes back with the reply, to go out in the same post, not through send.
    const auto& mover = seat.value == 0 ? ann_c : bob_c;
    const Reply reply = sp::test::act_and_wait(*table, seat.value == 0 ? ann : bob, static_cast<std::int64_t>(n),
                                               sp::protocol::encode_action(action), mover.get());
    REQUIRE(reply.ok);
    REQUIRE(reply.then);
    CHECK(reply.then_epoch == 1);
    mover->send(reply.then, reply.then_epoch);
    auto next = sp::engine::apply(state, seat, action);
    REQUIRE(next.has_value());
    state = next->state;
    const sp::engine::LoggedAction logged{seat, action};
    const sp::protocol::MoveEntry move{static_cast<std::int64_t>(n), logged, next->events, "player"};
    wait_for_frames(all, n);

    auto expect = [&](const std::shared_ptr<Recorder>& r, std::optional<sp::engine::Seat> viewer_seat) {
      const json frame = json::parse(*r->frames().at(n - 1));
      const auto viewer = viewer_seat ? sp::engine::Viewer::of_seat(*viewer_seat) : sp::engine::Viewer::spectator();
      CHECK(frame.at("view") == sp::protocol::encode_view(sp::engine::view_for(state, viewer), names));
      json prices = json::array();
      json legal = json::array();
      if (viewer_seat) {
        for (const auto& p : sp::engine::card_prices(state, *viewer_seat)) prices.push_back(sp::protocol::encode_card_price(p));
        for (const auto& l : sp::engine::legal_actions(state, *viewer_seat)) legal.push_back(sp::protocol::encode_legal_action(l));
      }
      CHECK(frame.at("moves") == json::array({sp::protocol::encode_move_entry(move, setup.options, viewer)}));
      CHECK(frame.at("prices") == prices);
      CHECK(frame.at("legal_actions") == legal);
    };
    expect(ann_1, sp::engine::Seat{0});
    expect(bob_1, sp::engine::Seat{1});
    expect(cat_1, std::nullopt);

    auto expect_compact = [&](const std::shared_ptr<Recorder>& r, std::optional<sp::engine::Seat> viewer_seat) {
      const json frame = json::parse(*r->frames().at(n - 1));
      const auto viewer = viewer_seat ? sp::engine::Viewer::of_seat(*viewer_seat) : sp::engine::Viewer::spectator();
      REQUIRE_FALSE(frame.contains("view"));
      const json& changes = frame.at("view_changes");
      // Hidden stays hidden in the changes themselves, not only once applied:
      // another seat's part carries no money and no hand.
      for (const json& player : changes.at("players")) {
        if (viewer_seat && player.at("seat") == viewer_seat->value) continue;
        CHECK(player.at("rubles").is_null());
        CHECK(player.at("hand").is_null());
      }
      Kept& k = kept.at(r.get());
      k.view = sp::test::apply_view_changes(k.view, changes);
      CHECK(k.view == sp::protocol::encode_view(sp::engine::view_for(state, viewer), names));
      if (frame.contains("prices")) {
        k.prices = frame.at("prices");
      } else {
        ++prices_left_out;
      }
      json prices = json::array();
      json legal = json::array();
      if (viewer_seat) {
        for (const auto& p : sp::engine::card_prices(state, *viewer_seat)) prices.push_back(sp::protocol::encode_card_price(p));
        for (const auto& l : sp::engine::legal_actions(state, *viewer_seat)) legal.push_back(sp::protocol::encode_legal_action(l));
      }
      CHECK(k.prices == prices);
      CHECK(frame.at("moves") == json::array({sp::protocol::encode_move_entry(move, setup.options, viewer)}));
      CHECK(frame.at("legal_actions") == legal);
    };
    expect_compact(ann_c, sp::engine::Seat{0});
    expect_compact(bob_c, sp::engine::Seat{1});
    expect_compact(cat_c, std::nullopt);
    CHECK(ann_c->frames().at(n - 1) != ann_1->frames().at(n - 1));
    CHECK(*ann_c->frames().at(n - 1) != *bob_c->frames().at(n - 1));
    // One buffer per receiver class, never shared across classes.
    CHECK(ann_1->frames().at(n - 1) == ann_2->frames().at(n - 1));
    CHECK(cat_1->frames().at(n - 1) == cat_2->frames().at(n - 1));
    CHECK(ann_1->frames().at(n - 1) != bob_1->frames().at(n - 1));
    CHECK(ann_1->frames().at(n - 1) != cat_1->frames().at(n - 1));
    CHECK(bob_1->frames().at(n - 1) != cat_1->frames().at(n - 1));
    CHECK(*ann_1->frames().at(n - 1) != *bob_1->frames().at(n - 1));
  }
  // The spectator's prices never change, and seats' sometimes do not.
  CHECK(prices_left_out >= kMoves - 1);
}
