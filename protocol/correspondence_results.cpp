#include "protocol/correspondence_results.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

namespace {

json optional_text(const std::optional<std::string>& text) { return text ? json(*text) : json(nullptr); }

}  // namespace

std::string encode_data(const NotificationPage& d) {
  json list = json::array();
  for (const Notification& n : d.notifications) list.push_back(encode_notification(n));
  return json{{"notifications", list}, {"unread", d.unread}}.dump();
}

std::string encode_data(const UnreadCount& d) { return json{{"unread", d.unread}}.dump(); }

std::string encode_data(const WebhookSet& d) {
  json data{{"webhook_url", optional_text(d.webhook_url)}};
  if (d.secret) data["secret"] = *d.secret;
  return data.dump();
}

std::string encode_data(const WebhookTested& d) {
  return json{{"webhook_url", optional_text(d.webhook_url)},
              {"notification", d.notification ? encode_notification(*d.notification) : json(nullptr)}}
      .dump();
}

std::string encode_data(const VacationShown& d) {
  return json{{"vacation", d.vacation ? json{{"starts_at", d.vacation->starts_at},
                                            {"ends_at", d.vacation->ends_at},
                                            {"floating", d.vacation->floating}}
                                      : json(nullptr)},
              {"allowance",
               json{{"days_per_year", d.days_per_year}, {"used", d.used}, {"left", std::max(0, d.days_per_year - d.used)}}}}
      .dump();
}

std::string encode_data(const ClockAdvanced& d) { return json{{"now", d.now}}.dump(); }

std::string encode_data(const PushKey& d) { return json{{"public_key", d.public_key}}.dump(); }

std::string encode_data(const PushSubscribed& d) {
  return json{{"endpoint", d.endpoint}, {"subscriptions", d.subscriptions}}.dump();
}

std::string encode_data(const PushUnsubscribed& d) {
  return json{{"endpoint", d.endpoint}, {"removed", d.removed}}.dump();
}

std::string encode_data(const NoticeSettingsShown& d) {
  json choices = json::object();
  for (const auto& [kind, delivery] : d.choices) choices[kind] = delivery;
  return json{{"email_available", d.email_available},
              {"email", d.email ? json{{"address", d.email->address}, {"confirmed", d.email->confirmed}} : json(nullptr)},
              {"language", d.language},
              {"time_zone", d.time_zone},
              {"digest_hour", d.digest_hour},
              {"quiet_hours", d.quiet_hours ? json{{"from", d.quiet_hours->first}, {"until", d.quiet_hours->second}}
                                            : json(nullptr)},
              {"nights", d.nights ? json{{"from", d.nights->first}, {"until", d.nights->second}} : json(nullptr)},
              {"off_days", d.off_days},
              {"max_off_hours_per_week", d.max_off_hours_per_week},
              {"floating_vacation", d.floating_vacation},
              {"choices", choices},
              {"next_digest_at", d.next_digest_at ? json(*d.next_digest_at) : json(nullptr)}}
      .dump();
}

}  // namespace sp::protocol
