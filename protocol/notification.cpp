#include "protocol/notification.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

// The longest prefix of `text` of at most `bytes` bytes that ends at a UTF-8
// character's boundary.
std::string utf8_prefix(const std::string& text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace

std::string stored_notification_body(std::string_view text, const json& details) {
  return json{{"text", text}, {"details", details}}.dump();
}

Notification notification_from_stored(std::int64_t id, std::string kind, std::optional<std::int64_t> table,
                                      std::string_view body, std::int64_t created_at, bool read) {
  const json stored = json::parse(body, nullptr, false);
  Notification n{id, std::move(kind), table, "", json::object(), created_at, read};
  if (stored.is_object()) {
    n.text = stored.value("text", "");
    if (stored.contains("details")) n.details = stored.at("details");
  }
  return n;
}

json encode_notification(const Notification& n) {
  return json{{"id", n.id},
              {"kind", n.kind},
              {"table", n.table ? json(*n.table) : json(nullptr)},
              {"text", n.text},
              {"details", n.details},
              {"created_at", n.created_at},
              {"read", n.read}};
}

std::string encode_notification_push(const Notification& n) {
  return json{{"type", "notification"}, {"notification", encode_notification(n)}}.dump();
}

std::string encode_webhook_notification(std::int64_t user_id, const Notification& n) {
  return json{{"type", "notification"}, {"user_id", user_id}, {"notification", encode_notification(n)}}.dump();
}

std::string encode_web_push_notification(const Notification& n, std::size_t max_bytes) {
  json note = encode_notification(n);
  note.erase("details");
  note.erase("read");
  json payload{{"type", "notification"}, {"notification", note}};
  std::string out = payload.dump();
  if (out.size() <= max_bytes) return out;
  const std::size_t over = out.size() - max_bytes;
  // "…" is three bytes; dump() escapes nothing in UTF-8 text but controls and
  // quotes, which the server's sentences do not hold, so the cut is exact
  // enough, and checked below.
  payload["notification"]["text"] =
      utf8_prefix(n.text, n.text.size() > over + 3 ? n.text.size() - over - 3 : 0) + "…";
  out = payload.dump();
  if (out.size() > max_bytes) {
    payload["notification"]["text"] = "";
    out = payload.dump();
  }
  return out;
}

}  // namespace sp::protocol
