// The records' email notices (schema/0007_email.sql).
#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {
namespace {

// A player who chose nothing gets immediate emails for what needs them now,
// and game ends and chat mentions in the digest.
NoticeDelivery default_choice(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::kGameOver:
    case NoticeKind::kChatMention:
      return NoticeDelivery::kDigest;
    default:
      return NoticeDelivery::kImmediate;
  }
}

constexpr const char* kEmailColumns =
    "id, idempotency_key, user_id, purpose, notification_id, payload_json, status, attempts, next_attempt_at, "
    "created_at, coalesce(last_error, '')";

EmailRecord read_email(const auto& s) {
  EmailRecord e;
  e.id = s.column_int(0);
  e.idempotency_key = s.column_text(1);
  e.user_id = s.column_int(2);
  e.purpose = parse_email_purpose(s.column_text(3));
  e.notification_id = optional_int(s, 4);
  e.payload_json = s.column_text(5);
  e.status = parse_delivery_status(s.column_text(6));
  e.attempts = static_cast<int>(s.column_int(7));
  e.next_attempt_at = s.column_int(8);
  e.created_at = s.column_int(9);
  e.last_error = s.column_text(10);
  return e;
}

}  // namespace

template <NodePolicy Nodes>
std::optional<EmailAddressRecord> SqlRecords<Nodes>::email_of(std::int64_t user_id) {
  auto s = db_.prepare("SELECT user_id, address, confirmed_at FROM user_emails WHERE user_id = ?");
  s.bind(1, user_id);
  if (!s.step()) return std::nullopt;
  return EmailAddressRecord{s.column_int(0), s.column_text(1), optional_int(s, 2)};
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_email(std::int64_t user_id, const std::string& address, const std::string& confirm_hash,
                              std::int64_t expires_at, std::int64_t now) {
  db_.prepare(
        "INSERT INTO user_emails (user_id, address, confirmed_at, confirm_hash, confirm_expires_at, updated_at) "
        "VALUES (?1, ?2, NULL, ?3, ?4, ?5) ON CONFLICT (user_id) DO UPDATE SET address = ?2, confirmed_at = NULL, "
        "confirm_hash = ?3, confirm_expires_at = ?4, updated_at = ?5")
      .bind(1, user_id)
      .bind(2, address)
      .bind(3, confirm_hash)
      .bind(4, expires_at)
      .bind(5, now)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::delete_email(std::int64_t user_id) {
  db_.prepare("DELETE FROM user_emails WHERE user_id = ?").bind(1, user_id).run();
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::confirm_email(const std::string& confirm_hash, std::int64_t now) {
  auto s = db_.prepare("SELECT user_id FROM user_emails WHERE confirm_hash = ? AND confirm_expires_at > ?");
  s.bind(1, confirm_hash).bind(2, now);
  if (!s.step()) return std::nullopt;
  const std::int64_t user = s.column_int(0);
  db_.prepare(
        "UPDATE user_emails SET confirmed_at = ?1, confirm_hash = NULL, confirm_expires_at = NULL, updated_at = ?1 "
        "WHERE user_id = ?2")
      .bind(1, now)
      .bind(2, user)
      .run();
  return user;
}

template <NodePolicy Nodes>
NoticeSettingsRecord SqlRecords<Nodes>::notice_settings(std::int64_t user_id) {
  NoticeSettingsRecord out;
  out.user_id = user_id;
  for (NoticeKind kind : kNoticeKinds) out.choices[static_cast<std::size_t>(kind)] = default_choice(kind);
  auto s = db_.prepare(
      "SELECT language, time_zone, digest_hour, quiet_from, quiet_until, next_digest_at, choices_changed_at, "
      "off_night_from, off_night_until, off_days, floating_vacation FROM notice_settings "
      "WHERE user_id = ?");
  s.bind(1, user_id);
  if (s.step()) {
    out.language = s.column_text(0);
    out.time_zone = s.column_text(1);
    out.digest_hour = static_cast<int>(s.column_int(2));
    if (!s.column_is_null(3)) out.quiet_from = static_cast<int>(s.column_int(3));
    if (!s.column_is_null(4)) out.quiet_until = static_cast<int>(s.column_int(4));
    out.next_digest_at = optional_int(s, 5);
    out.choices_changed_at = optional_int(s, 6);
    if (!s.column_is_null(7)) out.off_night_from = static_cast<int>(s.column_int(7));
    if (!s.column_is_null(8)) out.off_night_until = static_cast<int>(s.column_int(8));
    out.off_days = static_cast<int>(s.column_int(9));
    out.floating_vacation = s.column_int(10) != 0;
  }
  auto c = db_.prepare("SELECT kind, delivery FROM notice_choices WHERE user_id = ?");
  c.bind(1, user_id);
  while (c.step()) {
    const auto kind = parse_notice_kind(c.column_text(0));
    const auto delivery = parse_notice_delivery(c.column_text(1));
    if (kind && delivery) out.choices[static_cast<std::size_t>(*kind)] = *delivery;
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::save_notice_settings(const NoticeSettingsRecord& n) {
  auto s = db_.prepare(
      "INSERT INTO notice_settings (user_id, language, time_zone, digest_hour, quiet_from, quiet_until, next_digest_at, "
      "choices_changed_at, off_night_from, off_night_until, off_days, floating_vacation) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
      "?7, ?8, ?9, ?10, ?11, ?12) ON CONFLICT (user_id) DO UPDATE SET language = ?2, time_zone = ?3, digest_hour = ?4, quiet_from = ?5, "
      "quiet_until = ?6, next_digest_at = ?7, choices_changed_at = ?8, off_night_from = ?9, off_night_until = ?10, "
      "off_days = ?11, floating_vacation = ?12");
  s.bind(1, n.user_id).bind(2, n.language).bind(3, n.time_zone).bind(4, static_cast<std::int64_t>(n.digest_hour));
  bind_optional(s, 5, n.quiet_from ? std::optional<std::int64_t>(*n.quiet_from) : std::nullopt);
  bind_optional(s, 6, n.quiet_until ? std::optional<std::int64_t>(*n.quiet_until) : std::nullopt);
  bind_optional(s, 7, n.next_digest_at);
  bind_optional(s, 8, n.choices_changed_at);
  bind_optional(s, 9, n.off_night_from ? std::optional<std::int64_t>(*n.off_night_from) : std::nullopt);
  bind_optional(s, 10, n.off_night_until ? std::optional<std::int64_t>(*n.off_night_until) : std::nullopt);
  s.bind(11, static_cast<std::int64_t>(n.off_days));
  s.bind(12, static_cast<std::int64_t>(n.floating_vacation ? 1 : 0));
  s.run();
  for (NoticeKind kind : kNoticeKinds) set_notice_choice(n.user_id, kind, n.choice(kind));
  Nodes::tell_nodes(db_, TimedWork::kDigests, 0);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_notice_choice(std::int64_t user_id, NoticeKind kind, NoticeDelivery delivery) {
  db_.prepare(
        "INSERT INTO notice_choices (user_id, kind, delivery) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (user_id, kind) DO UPDATE SET delivery = ?3")
      .bind(1, user_id)
      .bind(2, to_string(kind))
      .bind(3, to_string(delivery))
      .run();
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::due_digests(std::int64_t now, int limit) {
  static const std::string sql = std::string(
      "SELECT user_id FROM notice_settings WHERE next_digest_at IS NOT NULL AND next_digest_at <= ? "
      "ORDER BY next_digest_at, user_id LIMIT ?") + Nodes::kClauses.skip_locked;
  auto s = db_.prepare(sql);
  s.bind(1, now).bind(2, static_cast<std::int64_t>(limit));
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.column_int(0));
  return out;
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::next_digest_at() {
  auto s = db_.prepare("SELECT min(next_digest_at) FROM notice_settings WHERE next_digest_at IS NOT NULL");
  if (!s.step() || s.column_is_null(0)) return std::nullopt;
  return s.column_int(0);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_next_digest_at(std::int64_t user_id, std::optional<std::int64_t> at) {
  auto s = db_.prepare("UPDATE notice_settings SET next_digest_at = ? WHERE user_id = ?");
  bind_optional(s, 1, at);
  s.bind(2, user_id);
  s.run();
}

template <NodePolicy Nodes>
std::vector<WaitingTable> SqlRecords<Nodes>::tables_waiting_for(std::int64_t user_id, std::int64_t now) {
  // A paused deadline (a vacation) sorts as its time left from now would.
  auto s = db_.prepare(
      "SELECT id, name, deadline_at, deadline_left FROM game_tables WHERE waiting_user_id = ?1 AND status = 'playing' "
      "ORDER BY coalesce(deadline_at, ?2 + deadline_left) IS NULL, "
      "coalesce(deadline_at, ?2 + deadline_left), id");
  s.bind(1, user_id).bind(2, now);
  std::vector<WaitingTable> out;
  while (s.step()) out.push_back(WaitingTable{s.column_int(0), s.column_text(1), optional_int(s, 2)});
  return out;
}

template <NodePolicy Nodes>
std::vector<NotificationRecord> SqlRecords<Nodes>::notifications_since(std::int64_t user_id, std::int64_t after,
                                                                   int limit) {
  auto s = db_.prepare(
      "SELECT id, user_id, kind, table_id, body_json, created_at, read_at IS NOT NULL FROM notifications "
      "WHERE user_id = ? AND created_at > ? ORDER BY id LIMIT ?");
  s.bind(1, user_id).bind(2, after).bind(3, static_cast<std::int64_t>(limit));
  std::vector<NotificationRecord> out;
  while (s.step()) {
    out.push_back(NotificationRecord{s.column_int(0), s.column_int(1), s.column_text(2), optional_int(s, 3),
                                     s.column_text(4), s.column_int(5), s.column_int(6) != 0});
  }
  return out;
}

template <NodePolicy Nodes>
std::optional<NotificationRecord> SqlRecords<Nodes>::load_notification(std::int64_t id) {
  auto s = db_.prepare(
      "SELECT id, user_id, kind, table_id, body_json, created_at, read_at IS NOT NULL FROM notifications WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return NotificationRecord{s.column_int(0), s.column_int(1), s.column_text(2), optional_int(s, 3),
                            s.column_text(4), s.column_int(5), s.column_int(6) != 0};
}

template <NodePolicy Nodes>
std::optional<std::string> SqlRecords<Nodes>::table_name(std::int64_t table_id) {
  auto s = db_.prepare("SELECT name FROM game_tables WHERE id = ?");
  s.bind(1, table_id);
  if (!s.step()) return std::nullopt;
  return s.column_text(0);
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::insert_email(const EmailRecord& e, std::int64_t now) {
  auto s = db_.prepare(
      "INSERT INTO email_outbox (idempotency_key, user_id, purpose, notification_id, payload_json, status, "
      "attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?) "
      "ON CONFLICT DO NOTHING");
  s.bind(1, e.idempotency_key).bind(2, e.user_id).bind(3, to_string(e.purpose));
  bind_optional(s, 4, e.notification_id);
  s.bind(5, e.payload_json).bind(6, e.next_attempt_at).bind(7, now).bind(8, now);
  s.run();
  if (db_.changes() == 0) return false;
  Nodes::tell_nodes(db_, TimedWork::kEmails, 0);
  return true;
}

template <NodePolicy Nodes>
std::vector<EmailRecord> SqlRecords<Nodes>::due_emails(std::int64_t now, int limit, const Claim& claim) {
  static const std::string sql = Nodes::due_outbox_rows("email_outbox", "claimed") + "SELECT " +
                                 std::string(kEmailColumns) + " FROM claimed ORDER BY next_attempt_at, id";
  auto s = db_.prepare(sql);
  s.bind(1, now).bind(2, static_cast<std::int64_t>(limit));
  Nodes::bind_claim(s, claim);
  std::vector<EmailRecord> out;
  while (s.step()) out.push_back(read_email(s));
  return out;
}

template <NodePolicy Nodes>
int SqlRecords<Nodes>::count_emails(std::int64_t user_id, EmailPurpose purpose, std::int64_t since) {
  auto s = db_.prepare("SELECT count(*) FROM email_outbox WHERE user_id = ? AND purpose = ? AND created_at >= ?");
  s.bind(1, user_id).bind(2, to_string(purpose)).bind(3, since);
  s.step();
  return static_cast<int>(s.column_int(0));
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::next_email_at(std::int64_t now, const Claim& claim) {
  static const std::string sql = Nodes::next_due_in_outbox("email_outbox");
  auto s = db_.prepare(sql);
  Nodes::bind_next_due(s, now, claim);
  if (!s.step() || s.column_is_null(0)) return std::nullopt;
  return s.column_int(0);
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::update_email(const EmailRecord& e, std::int64_t now, const Claim& claim) {
  // Only the claimant, as update_delivery.
  static const std::string sql =
      std::string("UPDATE email_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, "
                  "updated_at = ?, payload_json = ?") +
      Nodes::kClauses.ends_claim + " WHERE id = ? AND (claimed_by IS NULL OR claimed_by = ?)";
  auto s = db_.prepare(sql);
  s.bind(1, to_string(e.status)).bind(2, static_cast<std::int64_t>(e.attempts)).bind(3, e.next_attempt_at);
  if (e.last_error.empty()) {
    s.bind_null(4);
  } else {
    s.bind(4, e.last_error);
  }
  s.bind(5, now).bind(6, e.payload_json).bind(7, e.id).bind(8, claim.node);
  s.run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::mark_deadline_warned(std::int64_t table_id, std::int64_t deadline_at, int hours_before) {
  db_.prepare("INSERT INTO deadline_warnings (table_id, deadline_at, hours_before) VALUES (?, ?, ?) "
              "ON CONFLICT DO NOTHING")
      .bind(1, table_id)
      .bind(2, deadline_at)
      .bind(3, static_cast<std::int64_t>(hours_before))
      .run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_waiting_user(std::int64_t table_id, std::optional<std::int64_t> user_id) {
  auto s = db_.prepare("UPDATE game_tables SET waiting_user_id = ? WHERE id = ?");
  bind_optional(s, 1, user_id);
  s.bind(2, table_id);
  s.send();
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::table_deadline(std::int64_t table_id) {
  auto s = db_.prepare("SELECT deadline_at FROM game_tables WHERE id = ? AND status = 'playing'");
  s.bind(1, table_id);
  if (!s.step()) return std::nullopt;
  return optional_int(s, 0);
}

template <NodePolicy Nodes>
std::string SqlRecords<Nodes>::server_key(const std::string& purpose, const std::string& fresh, std::int64_t now) {
  db_.prepare("INSERT INTO server_keys (purpose, key_hex, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(1, purpose)
      .bind(2, fresh)
      .bind(3, now)
      .run();
  auto s = db_.prepare("SELECT key_hex FROM server_keys WHERE purpose = ?");
  s.bind(1, purpose);
  if (!s.step()) throw DatabaseError("the server key " + purpose + " is missing");
  return s.column_text(0);
}

// Password resets ---------------------------------------------------------

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::users_with_confirmed_email(const std::string& address) {
  auto s = db_.prepare(
      "SELECT user_id FROM user_emails WHERE lower(address) = lower(?) AND confirmed_at IS NOT NULL ORDER BY user_id");
  s.bind(1, address);
  std::vector<std::int64_t> out;
  while (s.step()) out.push_back(s.column_int(0));
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_password_reset(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                                              std::int64_t expires_at) {
  db_.prepare("DELETE FROM password_resets WHERE user_id = ? AND expires_at <= ?").bind(1, user_id).bind(2, now).run();
  db_.prepare("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(1, token_hash)
      .bind(2, user_id)
      .bind(3, now)
      .bind(4, expires_at)
      .run();
}

template <NodePolicy Nodes>
int SqlRecords<Nodes>::count_password_resets(std::int64_t user_id, std::int64_t since) {
  auto s = db_.prepare("SELECT count(*) FROM password_resets WHERE user_id = ? AND created_at >= ?");
  s.bind(1, user_id).bind(2, since);
  s.step();
  return static_cast<int>(s.column_int(0));
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::password_reset_user(const std::string& token_hash, std::int64_t now) {
  auto s = db_.prepare("SELECT user_id FROM password_resets WHERE token_hash = ? AND expires_at > ?");
  s.bind(1, token_hash).bind(2, now);
  if (!s.step()) return std::nullopt;
  return s.column_int(0);
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::use_password_reset(const std::string& token_hash, std::int64_t now) {
  const auto user = password_reset_user(token_hash, now);
  if (!user) return std::nullopt;
  // The delete decides: with PostgreSQL a second node's delete of the same
  // row waits for the first's transaction, then deletes nothing.
  db_.prepare("DELETE FROM password_resets WHERE token_hash = ?").bind(1, token_hash).run();
  if (db_.changes() != 1) return std::nullopt;
  db_.prepare("DELETE FROM password_resets WHERE user_id = ?").bind(1, *user).run();
  return user;
}

}  // namespace sp::server
