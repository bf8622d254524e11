#include "server/store/mail_rows.hpp"

namespace sp::server {

std::string_view to_string(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::kYourTurn: return "your_turn";
    case NoticeKind::kDeadlineNear: return "deadline_near";
    case NoticeKind::kRobotTookSeat: return "robot_took_seat";
    case NoticeKind::kGameOver: return "game_over";
    case NoticeKind::kInvitation: return "invitation";
    case NoticeKind::kChatMention: return "chat_mention";
    case NoticeKind::kVacationDaySpent: return "vacation_day_spent";
  }
  return "your_turn";
}

std::optional<NoticeKind> parse_notice_kind(std::string_view word) {
  for (NoticeKind kind : kNoticeKinds) {
    if (to_string(kind) == word) return kind;
  }
  return std::nullopt;
}

std::string_view to_string(NoticeDelivery delivery) {
  switch (delivery) {
    case NoticeDelivery::kImmediate: return "immediate";
    case NoticeDelivery::kDigest: return "digest";
    case NoticeDelivery::kNever: return "never";
  }
  return "never";
}

std::optional<NoticeDelivery> parse_notice_delivery(std::string_view word) {
  for (NoticeDelivery d : {NoticeDelivery::kImmediate, NoticeDelivery::kDigest, NoticeDelivery::kNever}) {
    if (to_string(d) == word) return d;
  }
  return std::nullopt;
}

std::string_view to_string(EmailPurpose purpose) {
  switch (purpose) {
    case EmailPurpose::kNotice: return "notice";
    case EmailPurpose::kDigest: return "digest";
    case EmailPurpose::kConfirm: return "confirm";
    case EmailPurpose::kPasswordReset: return "password_reset";
  }
  return "notice";
}

EmailPurpose parse_email_purpose(std::string_view word) {
  if (word == "digest") return EmailPurpose::kDigest;
  if (word == "confirm") return EmailPurpose::kConfirm;
  if (word == "password_reset") return EmailPurpose::kPasswordReset;
  return EmailPurpose::kNotice;
}

}  // namespace sp::server
