// Requests of email notices (docs/notifications.md): the address and its
// confirmation, and how each kind of notice reaches the player.
#include <array>
#include <cctype>

#include "protocol/correspondence_results.hpp"
#include "server/notices/email_compose.hpp"
#include "server/notices/email_sender.hpp"
#include "server/notices/mail_message.hpp"
#include "server/requests/account_data.hpp"
#include "server/requests/request.hpp"
#include "server/security/credentials.hpp"
#include "server/table/seat_off_times.hpp"
#include "server/time/digests.hpp"
#include "server/time/notice_time.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

namespace client = protocol::client;

constexpr std::int64_t kConfirmSeconds = 48 * 3600;
// Confirmation emails one account may have sent per hour: enough for typos,
// too few to use the server to flood someone else's mailbox.
constexpr int kConfirmationsPerHour = 5;

// What the replies say of the server besides the user's own settings.
struct ServerOffers {
  bool email_available = false;
  int max_off_hours_per_week = 0;
};

ServerOffers offers_of(const Request& r) {
  return {r.services.email != nullptr, r.services.correspondence.max_off_hours_per_week};
}

// The reply of every request here.
Reply settings_reply(Records& db, std::int64_t user, ServerOffers offers) {
  const auto shown = notice_settings_shown(db, user, offers.email_available, offers.max_off_hours_per_week);
  return Reply::result(protocol::encode_data(shown));
}

void rearm_digests(const Request& r) {
  if (r.services.digests != nullptr) r.services.digests->rearm();
}

void on_set_email(const Request& r, const client::SetEmail& set) {
  EmailSender* email = r.services.email;
  if (email == nullptr) return r.fail(ErrorCode::kEmailUnavailable);
  if (set.address && !valid_email_address(*set.address)) {
    return r.fail(ErrorCode::kInvalidEmail,
                  "That is not an email address the server can write to: give a plain address such as "
                  "ann@example.org.");
  }
  const std::string token = new_token();
  store_job(
      r,
      [user = *r.state().user_id, address = set.address, language = set.language, token, &guards = r.services.guards,
       &metrics = r.services.metrics, now = r.services.correspondence.clock.now(), offers = offers_of(r)](Records& db) {
        if (language) {
          NoticeSettingsRecord settings = db.notice_settings(user);
          settings.language = *language;
          db.save_notice_settings(settings);
        }
        if (!address) {
          db.delete_email(user);
        } else {
          const auto current = db.email_of(user);
          const bool same_confirmed = current && current->address == *address && current->confirmed_at;
          if (!same_confirmed) {
            if (db.count_emails(user, EmailPurpose::kConfirm, now - 3600) >= kConfirmationsPerHour) {
              return Reply::error(ErrorCode::kRateLimited,
                                  "Too many confirmation emails this hour; wait a little before asking again.");
            }
            // Per address too, or many accounts could take turns writing to one stranger.
            int retry_after = 0;
            if (!guards.confirmations_by_email.take(email_address_key(*address), ThrottleClock::now(), retry_after)) {
              metrics.refuse(Refusal::kConfirmationsThrottled);
              return Reply::error(ErrorCode::kRateLimited,
                                  "Too many confirmation emails went to that address this hour; try again in " +
                                      std::to_string(retry_after) + " s.");
            }
            db.set_email(user, *address, token_hash(token), now + kConfirmSeconds, now);
            EmailRecord confirm;
            confirm.idempotency_key = "confirm:" + token_hash(token);
            confirm.user_id = user;
            confirm.purpose = EmailPurpose::kConfirm;
            confirm.payload_json = confirmation_payload(token);
            confirm.next_attempt_at = now;
            db.insert_email(confirm, now);
          }
        }
        plan_next_digest(db, user, now);
        return settings_reply(db, user, offers);
      },
      [r, email] {
        email->wake();
        rearm_digests(r);
      });
}

void on_confirm_email(const Request& r, const client::ConfirmEmail& confirm) {
  store_job(
      r,
      [hash = token_hash(confirm.token), now = r.services.correspondence.clock.now(), offers = offers_of(r)](Records& db) {
        const auto user = db.confirm_email(hash, now);
        if (!user) {
          return Reply::error(ErrorCode::kInvalidToken,
                              "That confirmation token is unknown, used already, or expired: ask for a new one.");
        }
        plan_next_digest(db, *user, now);
        return settings_reply(db, *user, offers);
      },
      [r] { rearm_digests(r); });
}

void on_notice_settings(const Request& r, const client::NoticeSettings&) {
  store_job(r, [user = *r.state().user_id, offers = offers_of(r)](Records& db) {
    return settings_reply(db, user, offers);
  });
}

void on_set_notice_settings(const Request& r, const client::SetNoticeSettings& set) {
  if (set.time_zone && !known_time_zone(*set.time_zone)) {
    return r.fail(ErrorCode::kBadRequest,
                  "time_zone: " + *set.time_zone + " is not a time zone this server knows; use a name such as "
                  "Europe/Paris or America/New_York.");
  }
  store_job(
      r,
      [user = *r.state().user_id, set, now = r.services.correspondence.clock.now(), offers = offers_of(r)](Records& db) {
        NoticeSettingsRecord s = db.notice_settings(user);
        for (const auto& [kind, delivery] : set.choices) {
          const auto k = parse_notice_kind(kind);
          const auto d = parse_notice_delivery(delivery);
          if (k && d) s.choices[static_cast<std::size_t>(*k)] = *d;
        }
        if (!set.choices.empty()) s.choices_changed_at = now;
        if (set.time_zone) s.time_zone = *set.time_zone;
        if (set.digest_hour) s.digest_hour = *set.digest_hour;
        if (set.quiet_hours) {
          s.quiet_from = *set.quiet_hours ? std::optional<int>((*set.quiet_hours)->from) : std::nullopt;
          s.quiet_until = *set.quiet_hours ? std::optional<int>((*set.quiet_hours)->until) : std::nullopt;
        }
        if (set.language) s.language = *set.language;
        if (set.nights) {
          s.off_night_from = *set.nights ? std::optional<int>((*set.nights)->from) : std::nullopt;
          s.off_night_until = *set.nights ? std::optional<int>((*set.nights)->until) : std::nullopt;
        }
        if (set.off_days) {
          s.off_days = 0;
          for (int day : *set.off_days) s.off_days |= 1 << day;
        }
        if (set.floating_vacation) s.floating_vacation = *set.floating_vacation;
        const int off_hours = declared_off_hours_per_week(off_time_of(s));
        if (off_hours > offers.max_off_hours_per_week) {
          return Reply::error(ErrorCode::kOffTimeTooLong,
                              "Your nights and off days come to " + std::to_string(off_hours) +
                                  " hours a week; this server allows at most " +
                                  std::to_string(offers.max_off_hours_per_week) + ". Nothing was changed.");
        }
        db.save_notice_settings(s);
        plan_next_digest(db, user, now);
        return settings_reply(db, user, offers);
      },
      [r] { rearm_digests(r); });
}

}  // namespace

protocol::NoticeSettingsShown notice_settings_shown(Records& db, std::int64_t user, bool email_available,
                                                    int max_off_hours_per_week) {
  const NoticeSettingsRecord s = db.notice_settings(user);
  protocol::NoticeSettingsShown shown;
  shown.email_available = email_available;
  shown.max_off_hours_per_week = max_off_hours_per_week;
  if (const auto address = db.email_of(user)) shown.email = {address->address, address->confirmed_at.has_value()};
  shown.language = s.language;
  shown.time_zone = s.time_zone;
  shown.digest_hour = s.digest_hour;
  if (s.quiet_from && s.quiet_until) shown.quiet_hours = std::pair{*s.quiet_from, *s.quiet_until};
  if (s.off_night_from && s.off_night_until) shown.nights = std::pair{*s.off_night_from, *s.off_night_until};
  static constexpr std::array<const char*, 7> kWeekdayWords = {"sunday",   "monday", "tuesday", "wednesday",
                                                               "thursday", "friday", "saturday"};
  for (std::size_t day = 0; day < kWeekdayWords.size(); ++day) {
    if ((s.off_days >> day) & 1) shown.off_days.emplace_back(kWeekdayWords[day]);
  }
  for (NoticeKind kind : kNoticeKinds) {
    shown.choices.emplace_back(std::string(to_string(kind)), std::string(to_string(s.choice(kind))));
  }
  shown.next_digest_at = s.next_digest_at;
  shown.floating_vacation = s.floating_vacation;
  return shown;
}

void add_notice_requests(Routes& routes) {
  routes.add<client::SetEmail, on_set_email>(Access::kUser);
  routes.add<client::ConfirmEmail, on_confirm_email>(Access::kAnyone);
  routes.add<client::NoticeSettings, on_notice_settings>(Access::kUser);
  routes.add<client::SetNoticeSettings, on_set_notice_settings>(Access::kUser);
}

}  // namespace sp::server
