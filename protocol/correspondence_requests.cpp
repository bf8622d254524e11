// Correspondence play: notifications, mark_notifications_read, set_webhook,
// test_webhook, push_key, add_push_subscription, remove_push_subscription,
// vacation, set_vacation, end_vacation, reclaim_seat, debug_advance_clock.
#include <algorithm>

#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr int kNotificationPageMax = 200;
// A push service's endpoint URL, and a subscription's keys in base64url (88
// characters hold a 65-byte key with padding).
constexpr std::size_t kPushEndpointMax = 1000;
constexpr std::size_t kPushKeyMax = 100;
constexpr std::int64_t kMaxClockStep = 10LL * 365 * 24 * 3600;

}  // namespace

void add_correspondence_codecs(RequestCodecs& codecs) {
  codecs.add<client::Notifications>(
      [](FieldReader& f) {
        client::Notifications list;
        list.after = f.optional_whole("after", 0, INT64_MAX);
        if (const auto limit = f.optional_whole("limit", 1, kNotificationPageMax)) list.limit = static_cast<int>(*limit);
        return list;
      },
      [](const client::Notifications& m, json& out) {
        put_optional(out, "after", m.after);
        put_optional(out, "limit", m.limit);
      });
  codecs.add<client::MarkNotificationsRead>(
      [](FieldReader& f) { return client::MarkNotificationsRead{f.optional_whole("up_to", 0, INT64_MAX)}; },
      [](const client::MarkNotificationsRead& m, json& out) { put_optional(out, "up_to", m.up_to); });
  codecs.add<client::SetWebhook>(
      [](FieldReader& f) {
        client::SetWebhook webhook;
        const json& url = f.at("url");
        if (f.ok() && (!f.has("url") || !(url.is_null() || url.is_string()))) {
          f.refuse(ErrorCode::kBadRequest, "url: an https:// address, or null to stop");
        } else if (url.is_string()) {
          webhook.url = url.get<std::string>();
        }
        return webhook;
      },
      [](const client::SetWebhook& m, json& out) { out["url"] = m.url ? json(*m.url) : json(nullptr); });
  codecs.add<client::TestWebhook>([](FieldReader&) { return client::TestWebhook{}; },
                                  [](const client::TestWebhook&, json&) {});
  codecs.add<client::PushKey>([](FieldReader&) { return client::PushKey{}; }, [](const client::PushKey&, json&) {});
  codecs.add<client::AddPushSubscription>(
      [](FieldReader& f) {
        client::AddPushSubscription add;
        add.endpoint = f.text("endpoint", 1, kPushEndpointMax);
        add.p256dh = f.text("p256dh", 1, kPushKeyMax);
        add.auth = f.text("auth", 1, kPushKeyMax);
        return add;
      },
      [](const client::AddPushSubscription& m, json& out) {
        out["endpoint"] = m.endpoint;
        out["p256dh"] = m.p256dh;
        out["auth"] = m.auth;
      });
  codecs.add<client::RemovePushSubscription>(
      [](FieldReader& f) { return client::RemovePushSubscription{f.text("endpoint", 1, kPushEndpointMax)}; },
      [](const client::RemovePushSubscription& m, json& out) { out["endpoint"] = m.endpoint; });
  codecs.add<client::Vacation>([](FieldReader&) { return client::Vacation{}; }, [](const client::Vacation&, json&) {});
  codecs.add<client::SetVacation>(
      [](FieldReader& f) {
        const int most = std::max(1, f.limits().vacation_days_per_year);
        return client::SetVacation{static_cast<int>(f.whole("days", 1, most))};
      },
      [](const client::SetVacation& m, json& out) { out["days"] = m.days; });
  codecs.add<client::EndVacation>([](FieldReader&) { return client::EndVacation{}; },
                                  [](const client::EndVacation&, json&) {});
  codecs.add<client::ReclaimSeat>([](FieldReader& f) { return client::ReclaimSeat{f.table()}; },
                                  [](const client::ReclaimSeat& m, json& out) { out["table"] = m.table; });
  codecs.add<client::DebugAdvanceClock>(
      [](FieldReader& f) {
        client::DebugAdvanceClock advance;
        // Anything but a text is no token, as it has always been taken.
        if (const json& token = f.at("admin_token"); token.is_string()) advance.admin_token = token.get<std::string>();
        advance.seconds = f.whole("seconds", 1, kMaxClockStep);
        return advance;
      },
      [](const client::DebugAdvanceClock& m, json& out) {
        out["seconds"] = m.seconds;
        put_optional(out, "admin_token", m.admin_token);
      });
}

}  // namespace sp::protocol
