// Rows of email notices (schema/0007_email.sql): a player's address, how they
// want each kind of notice, the email outbox and the warnings already given.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/store/correspondence_rows.hpp"

namespace sp::server {

struct EmailAddressRecord {
  std::int64_t user_id = 0;
  std::string address;
  std::optional<std::int64_t> confirmed_at;
};

// The kinds of notice a player chooses a delivery for (docs/notifications.md).
enum class NoticeKind : std::uint8_t {
  kYourTurn,
  kDeadlineNear,
  kRobotTookSeat,
  kGameOver,
  kInvitation,
  kChatMention,
  kVacationDaySpent,
};
inline constexpr std::array<NoticeKind, 7> kNoticeKinds = {
    NoticeKind::kYourTurn,   NoticeKind::kDeadlineNear, NoticeKind::kRobotTookSeat,    NoticeKind::kGameOver,
    NoticeKind::kInvitation, NoticeKind::kChatMention,  NoticeKind::kVacationDaySpent};
std::string_view to_string(NoticeKind kind);
std::optional<NoticeKind> parse_notice_kind(std::string_view word);

// Sent at once (held through quiet hours), gathered in the daily digest, or not emailed.
enum class NoticeDelivery : std::uint8_t { kImmediate, kDigest, kNever };
std::string_view to_string(NoticeDelivery delivery);
std::optional<NoticeDelivery> parse_notice_delivery(std::string_view word);

struct NoticeSettingsRecord {
  std::int64_t user_id = 0;
  std::string language = "en";
  std::string time_zone = "UTC";
  int digest_hour = 8;  // local hour, 0 to 23
  std::optional<int> quiet_from;   // local hour quiet hours begin
  std::optional<int> quiet_until;  // local hour they end
  // Off time (server/clock/off_time.hpp): nights from and until a local hour
  // (both or neither), and the weekdays off, bit 0 Sunday .. bit 6 Saturday.
  std::optional<int> off_night_from;
  std::optional<int> off_night_until;
  int off_days = 0;
  // Floating vacation: the yearly allowance is spent a day at a time when
  // the player's clock would otherwise run out (docs/correspondence.md).
  bool floating_vacation = false;
  std::array<NoticeDelivery, kNoticeKinds.size()> choices{};  // by kNoticeKinds' order
  std::optional<std::int64_t> next_digest_at;
  // When a choice last changed: an unsubscribe link from an email written
  // before then no longer changes them.
  std::optional<std::int64_t> choices_changed_at;

  NoticeDelivery choice(NoticeKind kind) const { return choices[static_cast<std::size_t>(kind)]; }
};

// What an email is for.
enum class EmailPurpose : std::uint8_t { kNotice, kDigest, kConfirm, kPasswordReset };
std::string_view to_string(EmailPurpose purpose);
EmailPurpose parse_email_purpose(std::string_view word);

struct EmailRecord {
  std::int64_t id = 0;
  std::string idempotency_key;
  std::int64_t user_id = 0;
  EmailPurpose purpose = EmailPurpose::kNotice;
  std::optional<std::int64_t> notification_id;
  std::string payload_json;  // what composing needs beyond the rows it names
  DeliveryStatus status = DeliveryStatus::kPending;
  int attempts = 0;
  std::int64_t next_attempt_at = 0;
  std::int64_t created_at = 0;
  std::string last_error;
};

// A table waiting for a player's move, for the digest.
struct WaitingTable {
  std::int64_t table_id = 0;
  std::string name;
  std::optional<std::int64_t> deadline_at;
};

}  // namespace sp::server
