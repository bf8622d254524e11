// Requests of correspondence play (docs/correspondence.md): notifications,
// webhooks, vacations, taking a seat back from a robot, and the test clock.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "engine/legal_actions.hpp"
#include "protocol/correspondence_results.hpp"
#include "protocol/notice_details.hpp"
#include "server/notices/stored_notice.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/notices/webhook_signature.hpp"
#include "server/requests/request.hpp"
#include "server/requests/vacations.hpp"
#include "server/security/host_refusal.hpp"
#include "server/table/table.hpp"
#include "server/table/table_aftermath.hpp"
#include "server/time/vacation_allowance.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

namespace client = protocol::client;

void on_notifications(const Request& r, const client::Notifications& page) {
  store_job(r, [user = *r.state().user_id, after = page.after.value_or(0), limit = page.limit.value_or(50)](Records& db) {
    protocol::NotificationPage shown;
    for (const NotificationRecord& n : db.notifications_of(user, after, limit)) {
      shown.notifications.push_back(notification_of(n));
    }
    shown.unread = db.unread_notifications(user);
    return Reply::result(protocol::encode_data(shown));
  });
}

void on_mark_notifications_read(const Request& r, const client::MarkNotificationsRead& mark) {
  store_job(r, [user = *r.state().user_id, up_to = mark.up_to.value_or(INT64_MAX),
                now = r.services.correspondence.clock.now()](Records& db) {
    db.mark_notifications_read(user, up_to, now);
    return Reply::result(protocol::encode_data(protocol::UnreadCount{db.unread_notifications(user)}));
  });
}

void on_set_webhook(const Request& r, const client::SetWebhook& webhook) {
  const std::optional<std::string>& url = webhook.url;
  const WebhookSender& sender = r.services.webhooks;
  if (url) {
    const auto parsed = parse_outbound_url(*url, kMaxWebhookUrl);
    if (!parsed || (parsed->scheme == UrlScheme::kHttp && !sender.policy().plain_http)) {
      return r.fail(ErrorCode::kInvalidWebhook,
                    sender.policy().plain_http
                        ? "A webhook address is https://host[:port]/path, or http://host[:port]/path."
                        : "A webhook address is https://host[:port]/path; this server sends no plain http:// webhooks.");
    }
    // Early, for what is plain from the text; every delivery checks the
    // address it connects to, whatever the name resolves to then.
    if (auto why = host_refusal(parsed->host, sender.outbound())) {
      return r.fail(ErrorCode::kWebhookAddressRefused, "This webhook address is refused: " + *why +
                                                   ". Webhooks go only to public addresses, or to networks the "
                                                   "server's operator allows.");
    }
  }
  // A new secret with every address set: shown in this reply only
  // (webhook_signature.hpp).
  const std::optional<std::string> secret = url ? std::optional(new_webhook_secret()) : std::nullopt;
  store_job(r, [user = *r.state().user_id, url, secret](Records& db) {
    db.update_webhook_url(user, url);
    db.update_webhook_secret(user, secret);
    return Reply::result(protocol::encode_data(protocol::WebhookSet{url, secret}));
  });
}

// A test of the user's webhook: a notification like any other, stored,
// pushed and sent to the address, so that the whole way is tried; without a
// webhook nothing is stored or sent, and the reply says there is none.
void on_test_webhook(const Request& r, const client::TestWebhook&) {
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  store_job(
      r,
      [user = *r.state().user_id, now = r.services.correspondence.clock.now(), stored](Records& db) {
        const auto url = db.webhook_url_of(user);
        if (!url) return Reply::result(protocol::encode_data(protocol::WebhookTested{}));
        const NotificationDraft draft{user, "webhook_test", std::nullopt,
                                      "A test of your webhook: your notifications reach " + *url + ".", {}};
        auto n = store_notification(db, draft, now);
        if (n) stored->push_back(*n);
        return Reply::result(protocol::encode_data(
            protocol::WebhookTested{*url, n ? std::optional(notification_of(n->record)) : std::nullopt}));
      },
      [r, stored] { r.services.correspondence.notifier.deliver(*stored); });
}

// The vacation requests answer with the user's vacation and allowance.
Reply vacation_reply(Records& db, std::int64_t user, int per_year, std::int64_t now) {
  const int used = days_used_this_year(db.vacations_of(user, year_start(now)), now);
  protocol::VacationShown shown{std::nullopt, per_year, used};
  if (const auto current = db.current_vacation(user, now)) {
    shown.vacation = {current->starts_at, current->ends_at, current->floating};
  }
  return Reply::result(protocol::encode_data(shown));
}

void on_vacation(const Request& r, const client::Vacation&) {
  store_job(r, [user = *r.state().user_id, per_year = r.services.config.vacation_days_per_year,
                now = r.services.correspondence.clock.now()](Records& db) {
    return vacation_reply(db, user, per_year, now);
  });
}

void on_set_vacation(const Request& r, const client::SetVacation& vacation) {
  const int per_year = r.services.config.vacation_days_per_year;
  const std::int64_t user = *r.state().user_id;
  const std::int64_t now = r.services.correspondence.clock.now();
  auto began = std::make_shared<std::optional<VacationRecord>>();
  store_job(
      r,
      [user, per_year, now, days = vacation.days, began](Records& db) {
        if (db.current_vacation(user, now)) {
          return Reply::error(ErrorCode::kAlreadyOnVacation, "You are on vacation already; end it first.");
        }
        const int used = days_used_this_year(db.vacations_of(user, year_start(now)), now);
        if (used + days > per_year) {
          return Reply::error(ErrorCode::kVacationAllowance, "That is more than the " + std::to_string(per_year - used) +
                                                        " vacation days you have left this year.");
        }
        const std::int64_t ends = now + days * kSecondsPerDay;
        *began = VacationRecord{db.insert_vacation(user, now, ends, false), user, now, ends, std::nullopt};
        return vacation_reply(db, user, per_year, now);
      },
      [r, began] { vacation_began(r.services, **began); });
}

void on_end_vacation(const Request& r, const client::EndVacation&) {
  const std::int64_t user = *r.state().user_id;
  store_job(
      r,
      [user, per_year = r.services.config.vacation_days_per_year,
       now = r.services.correspondence.clock.now()](Records& db) {
        const auto current = db.current_vacation(user, now);
        if (!current) return Reply::error(ErrorCode::kNotOnVacation, "You are not on vacation.");
        db.close_vacation(current->id, now);
        return vacation_reply(db, user, per_year, now);
      },
      [r, user] { vacation_ended(r.services, user); });
}

void on_reclaim_seat(const Request& r, const client::ReclaimSeat& reclaim) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, reclaim.table, [r, user](std::shared_ptr<Table> table) { table->reclaim_seat(user, replier(r)); });
}

// For an administrator: a connection that did admin_login, or a request that
// carries the token itself (scripts that do nothing else). A server without a
// test clock answers so before any token is looked at: this request is no
// way to try tokens.
void on_debug_advance_clock(const Request& r, const client::DebugAdvanceClock& advance) {
  ManualClock* clock = r.services.manual_clock;
  if (!clock) return r.fail(ErrorCode::kNoTestClock, "The server runs on the real clock (start it with --test-clock).");
  if (!r.state().administrator) {
    if (!advance.admin_token) {
      return r.fail(ErrorCode::kNotAdministrator, "This request needs an administrator (admin_login) or the administrator token.");
    }
    if (!administrator_token_accepted(r, *advance.admin_token)) return;
  }
  const std::int64_t now = clock->advance(advance.seconds);
  spdlog::warn("test clock advanced by {} s to {}", advance.seconds, now);
  r.services.correspondence.scheduler.run_due();
  r.services.webhooks.wake();
  r.reply(Reply::result(protocol::encode_data(protocol::ClockAdvanced{now})));
}

}  // namespace

void add_correspondence_requests(Routes& routes) {
  routes.add<client::Notifications, on_notifications>(Access::kUser);
  routes.add<client::MarkNotificationsRead, on_mark_notifications_read>(Access::kUser);
  routes.add<client::SetWebhook, on_set_webhook>(Access::kUser);
  routes.add<client::TestWebhook, on_test_webhook>(Access::kUser);
  routes.add<client::Vacation, on_vacation>(Access::kUser);
  routes.add<client::SetVacation, on_set_vacation>(Access::kUser);
  routes.add<client::EndVacation, on_end_vacation>(Access::kUser);
  routes.add<client::ReclaimSeat, on_reclaim_seat>(Access::kUser);
  // Its own check: an administrator's connection, or the token in the request.
  routes.add<client::DebugAdvanceClock, on_debug_advance_clock>(Access::kAnyone);
}

}  // namespace sp::server
