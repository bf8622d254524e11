// Requests of correspondence play (docs/correspondence.md): notifications,
// webhooks, vacations, taking a seat back from a robot, and the test clock.
#include <boost/asio/post.hpp>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include "engine/legal_actions.hpp"
#include "server/requests/request.hpp"
#include "server/table/table_aftermath.hpp"
#include "server/correspondence/vacation_allowance.hpp"
#include "server/requests/vacations.hpp"
#include "server/correspondence/webhook_sender.hpp"
#include "server/security/host_refusal.hpp"
#include "server/store/correspondence_records.hpp"

namespace sp::server {

using protocol::ErrorCode;

using nlohmann::json;

namespace {

constexpr int kDefaultTakeoverAfter = 3;
constexpr int kMaxTakeoverAfter = 20;
constexpr std::int64_t kMaxDeadlineHours = 14 * 24;

json allowance_json(int per_year, int used) {
  return json{{"days_per_year", per_year}, {"used", used}, {"left", std::max(0, per_year - used)}};
}

json vacation_json(const std::optional<VacationRecord>& v) {
  if (!v) return nullptr;
  return json{{"starts_at", v->starts_at}, {"ends_at", v->ends_at}};
}

void on_notifications(const Request& r) {
  if (!require_login(r)) return;
  const auto after = int_field(r, "after", 0, INT64_MAX, false);
  if (!after && field_given(r, "after")) return;
  const auto limit = int_field(r, "limit", 1, 200, false);
  if (!limit && field_given(r, "limit")) return;
  store_job(r, [user = *r.state().user_id, after = after.value_or(0), limit = limit.value_or(50)](Database& db) {
    json list = json::array();
    for (const NotificationRecord& n : notifications_of(db, user, after, static_cast<int>(limit))) {
      list.push_back(notification_json(n));
    }
    return Reply::result(json{{"notifications", list}, {"unread", unread_notifications(db, user)}});
  });
}

void on_mark_notifications_read(const Request& r) {
  if (!require_login(r)) return;
  const auto up_to = int_field(r, "up_to", 0, INT64_MAX, false);
  if (!up_to && field_given(r, "up_to")) return;
  store_job(r, [user = *r.state().user_id, up_to = up_to.value_or(INT64_MAX),
                now = r.services.correspondence.clock.now()](Database& db) {
    mark_notifications_read(db, user, up_to, now);
    return Reply::result(json{{"unread", unread_notifications(db, user)}});
  });
}

void on_set_webhook(const Request& r) {
  if (!require_login(r)) return;
  const auto it = r.body().find("url");
  if (it == r.body().end() || !(it->is_null() || it->is_string())) {
    return r.fail(ErrorCode::kBadRequest, "url: an http:// address, or null to stop");
  }
  std::optional<std::string> url;
  if (it->is_string()) {
    url = it->get<std::string>();
    const auto parsed = parse_webhook_url(*url);
    if (!parsed) {
      return r.fail(ErrorCode::kInvalidWebhook,
                    "A webhook address is http://host[:port]/path (for https, put a TLS proxy in front of it).");
    }
    // Early, for what is plain from the text; every delivery checks the
    // address it connects to, whatever the name resolves to then.
    if (auto why = host_refusal(parsed->host, r.services.correspondence.notifier.webhooks().outbound())) {
      return r.fail(ErrorCode::kWebhookAddressRefused, "This webhook address is refused: " + *why +
                                                   ". Webhooks go only to public addresses, or to networks the "
                                                   "server's operator allows.");
    }
  }
  store_job(r, [user = *r.state().user_id, url](Database& db) {
    update_webhook_url(db, user, url);
    return Reply::result(json{{"webhook_url", url ? json(*url) : json(nullptr)}});
  });
}

// A test of the user's webhook: a notification like any other, stored,
// pushed and sent to the address, so that the whole way is tried; without a
// webhook nothing is stored or sent, and the reply says there is none.
void on_test_webhook(const Request& r) {
  if (!require_login(r)) return;
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  store_job(
      r,
      [user = *r.state().user_id, now = r.services.correspondence.clock.now(), stored](Database& db) {
        const auto url = webhook_url_of(db, user);
        if (!url) return Reply::result(json{{"webhook_url", nullptr}, {"notification", nullptr}});
        const NotificationDraft draft{user, "webhook_test", std::nullopt,
                                      "A test of your webhook: your notifications reach " + *url + ".", json::object()};
        auto n = store_notification(db, draft, now);
        if (n) stored->push_back(*n);
        return Reply::result(json{{"webhook_url", *url}, {"notification", n ? notification_json(n->record) : json(nullptr)}});
      },
      [r, stored] { r.services.correspondence.notifier.deliver(*stored); });
}

// The vacation requests answer with the user's vacation and allowance.
Reply vacation_reply(Database& db, std::int64_t user, int per_year, std::int64_t now) {
  const int used = days_used_this_year(vacations_of(db, user, year_start(now)), now);
  return Reply::result(json{{"vacation", vacation_json(current_vacation(db, user, now))},
                            {"allowance", allowance_json(per_year, used)}});
}

void on_vacation(const Request& r) {
  if (!require_login(r)) return;
  store_job(r, [user = *r.state().user_id, per_year = r.services.correspondence.vacation_days_per_year,
                now = r.services.correspondence.clock.now()](Database& db) {
    return vacation_reply(db, user, per_year, now);
  });
}

void on_set_vacation(const Request& r) {
  if (!require_login(r)) return;
  const int per_year = r.services.correspondence.vacation_days_per_year;
  const auto days = int_field(r, "days", 1, std::max(1, per_year));
  if (!days) return;
  const std::int64_t user = *r.state().user_id;
  const std::int64_t now = r.services.correspondence.clock.now();
  auto began = std::make_shared<std::optional<VacationRecord>>();
  store_job(
      r,
      [user, per_year, now, days = *days, began](Database& db) {
        if (current_vacation(db, user, now)) {
          return Reply::error(ErrorCode::kAlreadyOnVacation, "You are on vacation already; end it first.");
        }
        const int used = days_used_this_year(vacations_of(db, user, year_start(now)), now);
        if (used + days > per_year) {
          return Reply::error(ErrorCode::kVacationAllowance, "That is more than the " + std::to_string(per_year - used) +
                                                        " vacation days you have left this year.");
        }
        const std::int64_t ends = now + days * kSecondsPerDay;
        *began = VacationRecord{insert_vacation(db, user, now, ends), user, now, ends, std::nullopt};
        return vacation_reply(db, user, per_year, now);
      },
      [r, began] { vacation_began(r.services, **began); });
}

void on_end_vacation(const Request& r) {
  if (!require_login(r)) return;
  const std::int64_t user = *r.state().user_id;
  store_job(
      r,
      [user, per_year = r.services.correspondence.vacation_days_per_year,
       now = r.services.correspondence.clock.now()](Database& db) {
        const auto current = current_vacation(db, user, now);
        if (!current) return Reply::error(ErrorCode::kNotOnVacation, "You are not on vacation.");
        close_vacation(db, current->id, now);
        return vacation_reply(db, user, per_year, now);
      },
      [r, user] { vacation_ended(r.services, user); });
}

void on_reclaim_seat(const Request& r) {
  if (!require_login(r)) return;
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user](std::shared_ptr<Table> table) { table->reclaim_seat(user, replier(r)); });
}

bool token_matches(const std::string& expected, const std::string& given) {
  return !expected.empty() && expected.size() == given.size() &&
         sodium_memcmp(expected.data(), given.data(), expected.size()) == 0;
}

// For an administrator: a connection that did admin_login, or a request that
// carries the token itself (scripts that do nothing else).
void on_debug_advance_clock(const Request& r) {
  const auto token = r.body().find("admin_token");
  const bool with_token = token != r.body().end() && token->is_string() &&
                          token_matches(r.services.config.admin_token, token->get<std::string>());
  if (!r.state().administrator && !with_token) {
    return r.fail(ErrorCode::kNotAdministrator, "This request needs an administrator (admin_login) or the administrator token.");
  }
  ManualClock* clock = r.services.correspondence.manual_clock;
  if (!clock) return r.fail(ErrorCode::kNoTestClock, "The server runs on the real clock (start it with --test-clock).");
  const auto seconds = int_field(r, "seconds", 1, 10LL * 365 * 24 * 3600);
  if (!seconds) return;
  const std::int64_t now = clock->advance(*seconds);
  spdlog::warn("test clock advanced by {} s to {}", *seconds, now);
  r.services.correspondence.scheduler.run_due();
  r.services.correspondence.notifier.webhooks().wake();
  r.reply(Reply::result(json{{"now", now}}));
}

}  // namespace

std::optional<TablePace> pace_fields(const Request& r, int players) {
  TablePace pace;
  const auto hours = int_field(r, "move_deadline_hours", 1, kMaxDeadlineHours, false);
  if (!hours && field_given(r, "move_deadline_hours")) {
    return std::nullopt;
  }
  if (hours) {
    pace.move_seconds = *hours * 3600;
    pace.takeover_after = kDefaultTakeoverAfter;
  }
  if (const auto policy = r.body().find("timeout_policy"); policy != r.body().end()) {
    if (!policy->is_object()) {
      r.fail(ErrorCode::kBadRequest, "timeout_policy: an object {takeover_after, takeover_by}");
      return std::nullopt;
    }
    if (const auto after = policy->find("takeover_after"); after != policy->end()) {
      if (after->is_null()) {
        pace.takeover_after.reset();
      } else if (after->is_number_integer() && after->get<int>() >= 1 && after->get<int>() <= kMaxTakeoverAfter) {
        pace.takeover_after = after->get<int>();
      } else {
        r.fail(ErrorCode::kBadRequest, "timeout_policy.takeover_after: 1 to " + std::to_string(kMaxTakeoverAfter) + ", or null");
        return std::nullopt;
      }
    }
    if (const auto by = policy->find("takeover_by"); by != policy->end()) {
      if (!by->is_string() || (*by != "robot" && *by != "absent")) {
        r.fail(ErrorCode::kBadRequest, "timeout_policy.takeover_by: robot or absent");
        return std::nullopt;
      }
      pace.takeover_by = by->get<std::string>();
    }
  }
  const auto robots = int_field(r, "robots", 0, players, false);
  if (!robots && field_given(r, "robots")) return std::nullopt;
  pace.robots = static_cast<int>(robots.value_or(0));
  return pace;
}

void write_table_pace(Database& db, std::int64_t table_id, const TablePace& pace, int players) {
  update_table_pace(db, table_id, pace.move_seconds, pace.takeover_after, pace.takeover_by);
  for (int i = 0; i < pace.robots; ++i) {
    const int seat = players - 1 - i;
    insert_seat(db, table_id, seat, robot_user(db, i));
    update_seat_control(db, table_id, seat, "robot", 0);
  }
}

std::vector<StoredNotification> write_table_start(Database& db, const TableRecord& table,
                                                  const engine::GameState& state, std::int64_t now) {
  Aftermath start;
  start.deadline = Aftermath::Deadline::kClear;
  for (const SeatRecord& s : table.seats) {
    if (s.robot) continue;
    start.notes.push_back(NotificationDraft{s.user_id, "table_started", table.id,
                                            "The game at " + table.name + " has started.", json::object()});
  }
  const auto to_act = engine::seats_to_act(state);
  for (const SeatRecord& s : table.seats) {
    if (to_act.empty() || s.seat != to_act.front().value || s.controller != "human") continue;
    start.deadline = Aftermath::Deadline::kFresh;
    start.fresh_user = s.user_id;
    start.notes.push_back(NotificationDraft{s.user_id, "your_turn", table.id,
                                            "It is your turn at " + table.name + ".", json{{"move_number", 1}}});
  }
  return write_aftermath(db, table.id, table.move_seconds, start, now).notes;
}

void add_correspondence_requests(HandlerTable& table) {
  table.insert({
      {"notifications", on_notifications},
      {"mark_notifications_read", on_mark_notifications_read},
      {"set_webhook", on_set_webhook},
      {"test_webhook", on_test_webhook},
      {"vacation", on_vacation},
      {"set_vacation", on_set_vacation},
      {"end_vacation", on_end_vacation},
      {"reclaim_seat", on_reclaim_seat},
      {"debug_advance_clock", on_debug_advance_clock},
  });
}

}  // namespace sp::server
