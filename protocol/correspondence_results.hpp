// The `data` of correspondence play's results (result.json's `$defs`):
// notifications, webhooks, vacations, Web Push subscriptions, email notice
// settings and the test clock (docs/correspondence.md, docs/notifications.md).
// One struct per result and one encoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/notification.hpp"

namespace sp::protocol {

// notifications: a page of the user's notifications, and how many are unread.
struct NotificationPage {
  std::vector<Notification> notifications;
  std::int64_t unread = 0;
};

// mark_notifications_read: how many are left unread.
struct UnreadCount {
  std::int64_t unread = 0;
};

// set_webhook: the address, and its new signing secret (shown this once).
struct WebhookSet {
  std::optional<std::string> webhook_url;
  std::optional<std::string> secret;
};

// test_webhook: the address and the test notification sent to it; neither
// without a webhook.
struct WebhookTested {
  std::optional<std::string> webhook_url;
  std::optional<Notification> notification;
};

// vacation, set_vacation, end_vacation: the current vacation and the year's allowance.
struct VacationShown {
  struct Current {
    std::int64_t starts_at = 0;
    std::int64_t ends_at = 0;
    bool floating = false;  // a day spent when the clock ran out
  };
  std::optional<Current> vacation;
  int days_per_year = 0;
  int used = 0;
};

// debug_advance_clock: the test clock's time after the advance.
struct ClockAdvanced {
  std::int64_t now = 0;
};

// push_key: the server's VAPID public key, in base64url.
struct PushKey {
  std::string public_key;
};

// add_push_subscription: the endpoint, and the browsers the account has push on in.
struct PushSubscribed {
  std::string endpoint;
  std::size_t subscriptions = 0;
};

// remove_push_subscription: whether there was such a subscription.
struct PushUnsubscribed {
  std::string endpoint;
  bool removed = false;
};

// set_email, confirm_email, notice_settings, set_notice_settings: how each
// kind of notice reaches the player.
struct NoticeSettingsShown {
  bool email_available = false;
  struct Email {
    std::string address;
    bool confirmed = false;
  };
  std::optional<Email> email;
  std::string language;
  std::string time_zone;
  int digest_hour = 0;
  std::optional<std::pair<int, int>> quiet_hours;  // from, until
  std::optional<std::pair<int, int>> nights;       // from, until: the player's clock stops
  std::vector<std::string> off_days;                // weekdays off, "sunday" .. "saturday"
  int max_off_hours_per_week = 0;                   // the site's limit on nights and off days together
  bool floating_vacation = false;                   // days of the allowance spent when the clock runs out
  std::vector<std::pair<std::string, std::string>> choices;  // a notice kind's word, its delivery's
  std::optional<std::int64_t> next_digest_at;
};

std::string encode_data(const NotificationPage& data);
std::string encode_data(const UnreadCount& data);
std::string encode_data(const WebhookSet& data);
std::string encode_data(const WebhookTested& data);
std::string encode_data(const VacationShown& data);
std::string encode_data(const ClockAdvanced& data);
std::string encode_data(const PushKey& data);
std::string encode_data(const PushSubscribed& data);
std::string encode_data(const PushUnsubscribed& data);
std::string encode_data(const NoticeSettingsShown& data);

}  // namespace sp::protocol
