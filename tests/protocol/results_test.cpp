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
#include "protocol/notice_details.hpp"
#include "protocol/tournament_results.hpp"

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

namespace {

protocol::TournamentSummary small_tournament() {
  protocol::TournamentSummary s;
  s.id = 7;
  s.name = "Spring Swiss";
  s.creator = "ann";
  s.status = protocol::TournamentStatus::kPlaying;
  s.format = protocol::TournamentFormat::kSwiss;
  s.rounds = 4;
  s.current_round = 1;
  s.table_players = 3;
  s.move_seconds = 48 * 3600;
  s.takeover_after = 2;
  s.takeover_by = "robot";
  s.rated = true;
  s.registration_closes_at = 1000;
  s.starts_at = 2000;
  s.finish_by = 90000;
  s.registered = 7;
  s.entry.min_rating = 2.5;
  s.you_registered = true;
  s.created_at = 500;
  return s;
}

}  // namespace

TEST_CASE("a tournament's summary: the pace as a table's, its optional fields only when given") {
  const std::string options = protocol::encode_options(sp::engine::TableOptions{}).dump();
  CHECK(protocol::encode_data(small_tournament()) ==
        R"({"tournament":{"created_at":500,"creator":"ann","current_round":1,"duplicate":false,)"
        R"("entry":{"invitation_only":false,"min_rating":2.5},"finish_by":90000,"format":"swiss","id":7,)"
        R"("name":"Spring Swiss","options":)" + options +
        R"(,"pace":{"floating_vacation":false,"move_deadline_hours":48,"takeover_after":2,"takeover_by":"robot",)"
        R"("timeout_vote":false},"rated":true,"registered":7,"registration_closes_at":1000,"rounds":4,)"
        R"("starts_at":2000,"status":"playing","table_players":3,"you_registered":true}})");

  protocol::TournamentSummary knockout = small_tournament();
  knockout.format = protocol::TournamentFormat::kElimination;
  knockout.status = protocol::TournamentStatus::kRegistering;
  knockout.advance = 1;
  knockout.duplicate = true;
  knockout.move_seconds.reset();
  knockout.time_bank = protocol::TimeBankHours{72, 24, 168};
  knockout.takeover_after.reset();
  knockout.finish_by.reset();
  knockout.projected_finish = 80000;
  knockout.max_players = 27;
  knockout.you_registered.reset();
  const json shown = json::parse(protocol::encode_data(protocol::TournamentList{{knockout}})).at("tournaments").at(0);
  CHECK(shown.at("format") == "elimination");
  CHECK(shown.at("status") == "registering");
  CHECK(shown.at("advance") == 1);
  CHECK_FALSE(shown.contains("group_size"));
  CHECK(shown.at("pace").dump() ==
        R"({"floating_vacation":false,"move_deadline_hours":null,"takeover_after":null,"takeover_by":"robot",)"
        R"("time_bank":{"cap_hours":168,"increment_hours":24,"initial_hours":72},"timeout_vote":false})");
  CHECK_FALSE(shown.contains("finish_by"));
  CHECK(shown.at("projected_finish") == 80000);
  CHECK(shown.at("max_players") == 27);
  CHECK_FALSE(shown.contains("you_registered"));
  CHECK(protocol::encode_data(protocol::TournamentList{}) == R"({"tournaments":[]})");
}

TEST_CASE("a tournament's view: players, rounds with their tables, standings in half points") {
  protocol::TournamentView view;
  view.summary = small_tournament();
  view.players.push_back({"ann", 12.5, std::nullopt, std::nullopt});
  view.players.push_back({"bob", std::nullopt, "disqualified", "Two accounts."});
  protocol::TournamentRoundShown round;
  round.round = 1;
  round.status = "finished";
  round.started_at = 2000;
  round.finished_at = 9000;
  protocol::TournamentTableShown table;
  table.table = 31;
  table.number = 1;
  table.status = "finished";
  table.seats = {"ann", "bob", "cid"};
  table.places = {2, 1, std::nullopt};
  round.tables.push_back(table);
  round.byes = {"dan"};
  view.rounds.push_back(round);
  protocol::StandingShown first;
  first.rank = 1;
  first.name = "bob";
  first.points_half = 21;
  first.games = 1;
  first.game_points = 64;
  first.rubles = 3;
  first.schedule_strength_half = 4;
  first.matchpoints_half = 3;
  first.left = true;
  view.standings.push_back(first);
  const std::string summary = protocol::encode_tournament_summary(view.summary).dump();
  CHECK(protocol::encode_data(view) ==
        R"({"players":[{"name":"ann","seed_rating":12.5},{"left":"disqualified","left_reason":"Two accounts.","name":"bob"}],)"
        R"("rounds":[{"byes":["dan"],"finished_at":9000,"round":1,)"
        R"("started_at":2000,"status":"finished","tables":[{"number":1,"places":[2,1,null],"seats":["ann","bob","cid"],)"
        R"("status":"finished","table":31}]}],)"
        R"("standings":[{"byes":0,"game_points":64,"games":1,"left":true,"matchpoints":1.5,"name":"bob","points":10.5,)"
        R"("rank":1,"rubles":3,"schedule_strength":2}],"tournament":)" + summary + "}");
  // A table still played: its deadline, no places yet.
  protocol::TournamentTableShown playing;
  playing.table = 32;
  playing.number = 2;
  playing.status = "playing";
  playing.seats = {"dan", "eve", "fay"};
  playing.deadline_at = 5000;
  view.rounds.at(0).tables = {playing};
  const json shown = json::parse(protocol::encode_data(view)).at("rounds").at(0).at("tables").at(0);
  CHECK(shown.dump() == R"({"deadline_at":5000,"number":2,"seats":["dan","eve","fay"],"status":"playing","table":32})");
}

TEST_CASE("a duplicate tournament's view shows its round deals: contributions as given, the secret once the round finished") {
  protocol::TournamentView view;
  view.summary = small_tournament();
  CHECK_FALSE(json::parse(protocol::encode_data(view)).contains("deals"));
  view.summary.duplicate = true;
  const std::string c(64, 'c');
  const std::string s(64, '5');
  view.deals.push_back({1, c, {{"ann", std::string(64, 'a')}}, s, false});
  view.deals.push_back({2, c, {}, std::nullopt, true});
  CHECK(json::parse(protocol::encode_data(view)).at("deals").dump() ==
        R"([{"commitment":")" + c + R"(","contributions":[{"contribution":")" + std::string(64, 'a') +
            R"(","player":"ann"}],"open":false,"round":1,"secret":")" + s + R"("},)" +
            R"({"commitment":")" + c + R"(","contributions":[],"open":true,"round":2}])");
  CHECK(protocol::encode_data(protocol::DealContributed{7, view.deals.back()}) ==
        R"({"deal":{"commitment":")" + c + R"(","contributions":[],"open":true,"round":2},"tournament":7})");
}

TEST_CASE("a tournament's table is marked in its summary; another table has no mark") {
  protocol::TableSummary summary;
  summary.id = 31;
  summary.status = "playing";
  summary.options = sp::engine::TableOptions{};
  CHECK_FALSE(protocol::encode_table_summary(summary).contains("tournament"));
  summary.tournament = protocol::TournamentMark{7, 2, 3};
  CHECK(protocol::encode_table_summary(summary).at("tournament").dump() == R"({"id":7,"round":2,"table":3})");
}

TEST_CASE("the tournaments' notices carry their details") {
  CHECK(protocol::encode_details(protocol::TournamentRoundDetails{7, "Spring Swiss", 2, 31}).dump() ==
        R"({"round":2,"table":31,"tournament":7,"tournament_name":"Spring Swiss"})");
  CHECK(protocol::encode_details(protocol::TournamentRegistrationClosingDetails{7, "Spring Swiss", 1000}).dump() ==
        R"({"closes_at":1000,"tournament":7,"tournament_name":"Spring Swiss"})");
  CHECK(protocol::encode_details(protocol::TournamentFinishedDetails{7, "Spring Swiss", 3, 40}).dump() ==
        R"({"players":40,"rank":3,"tournament":7,"tournament_name":"Spring Swiss"})");
}
