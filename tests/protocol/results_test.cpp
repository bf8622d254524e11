// The results' data, written by their one encoder each: the very bytes the
// server sent before the results were typed (members in sorted order, numbers
// as nlohmann writes them), pinned here so that a change of the wire shows.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "engine/setup.hpp"
#include "protocol/account_results.hpp"
#include "protocol/admin_results.hpp"
#include "protocol/correspondence_results.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/lobby_results.hpp"
#include "protocol/profile_results.hpp"
#include "protocol/record_results.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/table_results.hpp"
#include "protocol/table_update.hpp"

using nlohmann::json;
namespace protocol = sp::protocol;

TEST_CASE("an acknowledged request's data is the empty object") {
  CHECK(protocol::encode_data(protocol::Acknowledged{}) == "{}");
}

TEST_CASE("hello's greeting: the limits nested, the request rate a real number") {
  const protocol::Greeting greeting{1, {"compact_updates"}, "fr", "spb 0.1.0", "2", 65536, 20};
  CHECK(protocol::encode_data(greeting) ==
        R"({"capabilities":["compact_updates"],"card_set_version":"2","language":"fr",)"
        R"("limits":{"max_frame_bytes":65536,"requests_per_second":20.0},"protocol":1,"server":"spb 0.1.0"})");
  CHECK(protocol::encode_data(protocol::Greeting{1, {}, "en", "spb", "2", 1, 2.5}) ==
        R"({"capabilities":[],"card_set_version":"2","language":"en",)"
        R"("limits":{"max_frame_bytes":1,"requests_per_second":2.5},"protocol":1,"server":"spb"})");
}

TEST_CASE("a session's user, with its token only when a session opened") {
  CHECK(protocol::encode_data(protocol::SessionUser{{7, "ann"}, "t0k"}) ==
        R"({"token":"t0k","user":{"id":7,"name":"ann"}})");
  CHECK(protocol::encode_data(protocol::SessionUser{{7, "ann"}, std::nullopt}) == R"({"user":{"id":7,"name":"ann"}})");
}

TEST_CASE("the administrators' results and log") {
  CHECK(protocol::encode_data(protocol::AdministratorLoggedIn{}) == R"({"administrator":true})");
  protocol::AdminLog log;
  log.entries.push_back({3, 100, "administrator", std::nullopt, "", "admin_abort", 12, R"({"table":12})", "ok"});
  log.entries.push_back({4, 101, "bob", 9, "10.0.0.1", "admin_log", std::nullopt, "{}", "not_administrator"});
  CHECK(protocol::encode_data(log) ==
        R"({"entries":[{"address":null,"arguments":{"table":12},"at":100,"id":3,"outcome":"ok","request":"admin_abort",)"
        R"("table":12,"user_id":null,"who":"administrator"},{"address":"10.0.0.1","arguments":{},"at":101,"id":4,)"
        R"("outcome":"not_administrator","request":"admin_log","table":null,"user_id":9,"who":"bob"}]})");
}

TEST_CASE("the administrators' log keeps a request's fields but its type and token") {
  const protocol::ClientRequest request = protocol::client::AdminAbort{12, "cheating"};
  const json arguments = json::parse(protocol::admin_log_arguments(request));
  CHECK(arguments == json{{"table", 12}, {"reason", "cheating"}});
  const protocol::ClientRequest login = protocol::client::AdminLogin{"secret"};
  CHECK(protocol::admin_log_arguments(login) == "{}");
}

TEST_CASE("a lobby table: its summary, and each extra only where it applies") {
  protocol::TableSummary summary;
  summary.id = 5;
  summary.status = "open";
  summary.seats = {{0, "ann", "human", false, 0}, {1, "robot 1", "robot", true, 0}};
  summary.options = sp::engine::TableOptions{};
  const std::string plain = protocol::encode_table_summary(summary).dump();
  CHECK(protocol::encode_table_data(protocol::LobbyTable{summary}) == R"({"table":)" + plain + "}");

  protocol::LobbyTable shown{summary};
  shown.invite_code = "abc";
  shown.terms = protocol::TableTermsShown{true, 12.5, std::nullopt};
  shown.standings = {{0, protocol::PlayerStanding{-0.5, 3, 0.25}}};
  shown.your_seat = 0;
  const json table = json::parse(protocol::encode_table_data(shown)).at("table");
  CHECK(table.at("invite_code") == "abc");
  CHECK(table.at("rated") == true);
  CHECK(table.at("min_rating") == 12.5);
  CHECK_FALSE(table.contains("max_timeout_rate"));
  CHECK(table.at("your_seat") == 0);
  CHECK_FALSE(table.contains("invited"));
  CHECK(table.at("seats")[0].at("standing").dump() == R"({"rated_games":3,"rating":-0.5,"timeout_rate":0.25})");
  CHECK_FALSE(table.at("seats")[1].contains("standing"));

  protocol::LobbyTable invited{summary};
  invited.invited = true;
  protocol::MyTables mine{{invited}, 0};
  const std::string text = protocol::encode_data(mine);
  CHECK(text.rfind(R"({"awaiting_me":0,"tables":[)", 0) == 0);
  CHECK(json::parse(text).at("tables")[0].at("invited") == true);
  CHECK(protocol::encode_tables_data({}) == R"({"tables":[]})");
}

TEST_CASE("correspondence play's results") {
  protocol::Notification n;
  n.id = 4;
  n.kind = "your_turn";
  n.table = 2;
  n.text = "It is your turn.";
  n.created_at = 50;
  CHECK(protocol::encode_data(protocol::NotificationPage{{n}, 1}) ==
        R"({"notifications":[)" + protocol::encode_notification(n).dump() + R"(],"unread":1})");
  CHECK(protocol::encode_data(protocol::UnreadCount{0}) == R"({"unread":0})");
  CHECK(protocol::encode_data(protocol::WebhookSet{"https://h/p", "s3"}) == R"({"secret":"s3","webhook_url":"https://h/p"})");
  CHECK(protocol::encode_data(protocol::WebhookSet{}) == R"({"webhook_url":null})");
  CHECK(protocol::encode_data(protocol::WebhookTested{}) == R"({"notification":null,"webhook_url":null})");
  CHECK(protocol::encode_data(protocol::WebhookTested{"https://h/p", n}) ==
        R"({"notification":)" + protocol::encode_notification(n).dump() + R"(,"webhook_url":"https://h/p"})");
  CHECK(protocol::encode_data(protocol::VacationShown{protocol::VacationShown::Current{10, 20}, 21, 3}) ==
        R"({"allowance":{"days_per_year":21,"left":18,"used":3},"vacation":{"ends_at":20,"floating":false,"starts_at":10}})");
  CHECK(protocol::encode_data(protocol::VacationShown{protocol::VacationShown::Current{10, 86410, true}, 21, 4}) ==
        R"({"allowance":{"days_per_year":21,"left":17,"used":4},"vacation":{"ends_at":86410,"floating":true,"starts_at":10}})");
  CHECK(protocol::encode_data(protocol::VacationShown{std::nullopt, 2, 5}) ==
        R"({"allowance":{"days_per_year":2,"left":0,"used":5},"vacation":null})");
  CHECK(protocol::encode_data(protocol::ClockAdvanced{1234}) == R"({"now":1234})");
  CHECK(protocol::encode_data(protocol::PushKey{"BKey"}) == R"({"public_key":"BKey"})");
  CHECK(protocol::encode_data(protocol::PushSubscribed{"https://push/x", 2}) ==
        R"({"endpoint":"https://push/x","subscriptions":2})");
  CHECK(protocol::encode_data(protocol::PushUnsubscribed{"https://push/x", false}) ==
        R"({"endpoint":"https://push/x","removed":false})");
}

TEST_CASE("email notice settings") {
  protocol::NoticeSettingsShown s;
  s.email_available = true;
  s.email = protocol::NoticeSettingsShown::Email{"ann@example.org", false};
  s.language = "ru";
  s.time_zone = "Europe/Paris";
  s.digest_hour = 8;
  s.quiet_hours = std::pair{22, 7};
  s.choices = {{"your_turn", "immediately"}, {"invited", "digest"}};
  s.next_digest_at = 900;
  s.nights = std::pair{23, 6};
  s.off_days = {"sunday", "saturday"};
  s.max_off_hours_per_week = 72;
  s.floating_vacation = true;
  CHECK(protocol::encode_data(s) ==
        R"({"choices":{"invited":"digest","your_turn":"immediately"},"digest_hour":8,)"
        R"("email":{"address":"ann@example.org","confirmed":false},"email_available":true,"floating_vacation":true,)"
        R"("language":"ru",)"
        R"("max_off_hours_per_week":72,"next_digest_at":900,"nights":{"from":23,"until":6},)"
        R"("off_days":["sunday","saturday"],"quiet_hours":{"from":22,"until":7},"time_zone":"Europe/Paris"})");
  CHECK(protocol::encode_data(protocol::NoticeSettingsShown{}) ==
        R"({"choices":{},"digest_hour":0,"email":null,"email_available":false,"floating_vacation":false,"language":"",)"
        R"("max_off_hours_per_week":0,"next_digest_at":null,"nights":null,"off_days":[],"quiet_hours":null,)"
        R"("time_zone":""})");
}

TEST_CASE("a profile: ratings, totals and rated games") {
  protocol::Profile p;
  p.name = "ann";
  p.two_player = {-0.02, 25.0, 8.34, 0};
  p.multiplayer = {10.5, 30.25, 6.5, 4};
  p.games_played = 5;
  p.games_finished = 4;
  p.games_abandoned = 1;
  p.moves_due = 40;
  p.timeouts = 2;
  p.timeout_rate = 0.05;
  p.history.push_back({9, "Ann's table", 77, "multiplayer", 3, 1, false, 8.5, 10.5});
  CHECK(protocol::encode_data(p) ==
        R"({"average_move_seconds":null,"games_abandoned":1,"games_finished":4,"games_played":5,)"
        R"("history":[{"abandoned":false,"after":10.5,"before":8.5,"finished_at":77,"place":1,"players":3,)"
        R"("pool":"multiplayer","table":9,"table_name":"Ann's table"}],"moves_due":40,"name":"ann",)"
        R"("ratings":{"multiplayer":{"games":4,"mu":30.25,"rating":10.5,"sigma":6.5},)"
        R"("two_player":{"games":0,"mu":25.0,"rating":-0.02,"sigma":8.34}},"timeout_rate":0.05,"timeouts":2})");
}

TEST_CASE("a table's history and chat page") {
  const protocol::TableHistory history{3, {{0, {{0, 25, 0}, {1, 25, 0}}}, {1, {{0, 12, 4}, {1, 3, 9}}}}};
  CHECK(protocol::encode_data(history) ==
        R"({"rounds":[{"players":[{"points":0,"rubles":25,"seat":0},{"points":0,"rubles":25,"seat":1}],"round":0},)"
        R"({"players":[{"points":4,"rubles":12,"seat":0},{"points":9,"rubles":3,"seat":1}],"round":1}],"table":3})");
  const protocol::ChatHistoryPage page{3, {{1, "ann", "hi \"bob\"", 60}}, true};
  CHECK(protocol::encode_data(page) ==
        R"({"messages":[{"at":60,"from":"ann","id":1,"text":"hi \"bob\""}],"more":true,"table":3})");
}

TEST_CASE("a replay's view and the administrator's view of a stored table") {
  using namespace sp::engine;
  GameSetup setup;
  setup.player_count = 2;
  setup.seed = 11;
  auto state = new_game(setup);
  REQUIRE(state.has_value());
  const std::vector<std::string> names{"Ann", "Bob"};
  const TableView view = view_for(*state, Viewer::administrator());
  const std::string view_text = protocol::encode_view(view, names).dump();

  const protocol::ReplayView deal{3, 0, view, names, std::nullopt, TableOptions{}, Viewer::administrator(), std::nullopt};
  CHECK(protocol::encode_data(deal) == R"({"move":null,"move_number":0,"table":3,"view":)" + view_text + "}");

  const LoggedAction pass{Seat{0}, Pass{}};
  const Events events{Passed{Seat{0}, PassKind::kChosen, false}};
  protocol::ReplayView moved = deal;
  moved.move_number = 1;
  moved.move = protocol::ReplayedMove{1, pass, events};
  moved.explained = protocol::MoveExplained{{"Ann passes."}, {}, protocol::Language::kFrench};
  const std::string entry =
      protocol::encode_move_entry(protocol::MoveEntry{1, pass, events, std::nullopt}, TableOptions{}, Viewer::administrator())
          .dump();
  CHECK(protocol::encode_data(moved) == R"({"move":)" + entry + R"(,"move_number":1,"prices":[],"table":3,"view":)" +
                                            view_text + R"(,"words":["Ann passes."]})");

  protocol::TableSummary summary;
  summary.id = 3;
  summary.options = TableOptions{};
  const std::string summary_text = protocol::encode_table_summary(summary).dump();
  protocol::AdminTableView admin{summary, view, names, std::nullopt};
  CHECK(protocol::encode_data(admin) ==
        R"({"divergence":null,"table":)" + summary_text + R"(,"view":)" + view_text + "}");
  admin.divergence = protocol::LogDivergence{4, "another state hash"};
  CHECK(protocol::encode_data(admin) == R"({"divergence":{"move_number":4,"reason":"another state hash"},"table":)" +
                                            summary_text + R"(,"view":)" + view_text + "}");
}

TEST_CASE("a third-party bot's account says bot: true wherever it is shown, and nobody else's says bot") {
  CHECK(protocol::encode_data(protocol::SessionUser{{7, "tsar_bot", true}, std::nullopt}) ==
        R"({"user":{"bot":true,"id":7,"name":"tsar_bot"}})");
  CHECK(protocol::encode_data(protocol::BecameBot{{7, "tsar_bot", true}}) ==
        R"({"permanent":true,"user":{"bot":true,"id":7,"name":"tsar_bot"}})");

  protocol::TableSummary summary;
  summary.id = 5;
  summary.status = "open";
  summary.seats = {{0, "ann", "human", false, 0}, {1, "tsar_bot", "human", false, 0, true}};
  summary.options = sp::engine::TableOptions{};
  protocol::LobbyTable shown{summary};
  shown.terms = protocol::TableTermsShown{false, std::nullopt, std::nullopt, true};
  const json table = json::parse(protocol::encode_table_data(shown)).at("table");
  CHECK_FALSE(table.at("seats")[0].contains("bot"));
  CHECK(table.at("seats")[1].at("bot") == true);
  CHECK(table.at("bots_allowed") == true);
  shown.terms = protocol::TableTermsShown{};
  CHECK_FALSE(json::parse(protocol::encode_table_data(shown)).at("table").contains("bots_allowed"));

  protocol::Profile p;
  p.name = "tsar_bot";
  p.bot = true;
  p.bot_two_player = protocol::RatingShown{1.5, 27.0, 8.0, 1};
  const json profile = json::parse(protocol::encode_data(p));
  CHECK(profile.at("bot") == true);
  CHECK(profile.at("ratings").at("bot_two_player").at("games") == 1);
  CHECK_FALSE(profile.at("ratings").contains("bot_multiplayer"));
  protocol::Profile person;
  person.name = "ann";
  CHECK_FALSE(json::parse(protocol::encode_data(person)).contains("bot"));
}
