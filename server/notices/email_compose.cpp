#include "server/notices/email_compose.hpp"

#include <nlohmann/json.hpp>

#include <ctime>

#include "server/notices/mail_texts.hpp"

namespace sp::server {
namespace {

using nlohmann::json;
using Values = std::map<std::string, std::string>;

std::string utc_time(std::int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M", &tm);
  return buffer;
}

// The words of one notification: its kind's sentence with the table's name
// and the details the sentence needs.
Values notice_values(const std::string& table, const json& details) {
  Values v{{"table", table}};
  for (const char* key : {"name", "from", "hours", "days_left", "round", "rank", "players", "season", "division"}) {
    if (!details.contains(key)) continue;
    v[key] = details[key].is_string() ? details[key].get<std::string>() : details[key].dump();
  }
  if (details.contains("tournament_name") && details["tournament_name"].is_string()) {
    v["tournament"] = details["tournament_name"].get<std::string>();
  }
  if (details.contains("league_name") && details["league_name"].is_string()) {
    v["league"] = details["league_name"].get<std::string>();
  }
  if (details.contains("closes_at") && details["closes_at"].is_number_integer()) {
    v["closes"] = utc_time(details["closes_at"].get<std::int64_t>());
  }
  return v;
}

std::string notice_sentence(const std::string& language, const std::string& kind, const std::string& table,
                            const json& details) {
  // A round's notice without a table is a bye's.
  const bool bye = kind == "tournament_round" && !details.contains("table");
  std::string key = bye ? "text.tournament_bye" : "text." + kind;
  // A season's end says where the player goes next.
  if (kind == "league_season_finished") key += "." + details.value("moved", std::string("stay"));
  std::string text = mail_text(language, key, notice_values(table, details));
  if (kind == "timed_out" && details.value("controller", "") == "robot") {
    text += " " + mail_text(language, "text.robot_took_seat");
  }
  if (kind == "timed_out" && details.value("reclaim", false)) text += " " + mail_text(language, "text.take_seat_back");
  return text;
}

struct Page {
  std::string plain;
  std::string html;
  void paragraph(const std::string& text) {
    plain += text + "\n\n";
    html += "<p>" + html_escape(text) + "</p>\n";
  }
  void link(const std::string& label, const std::string& url) {
    plain += label + ": " + url + "\n\n";
    html += "<p><a href=\"" + html_escape(url) + "\">" + html_escape(label) + "</a></p>\n";
  }
};

void footer(Page& page, const EmailToSend& e, const std::string& what, const EmailLinks& links,
            const std::string& unsubscribe) {
  const std::string& lang = e.language;
  page.plain += "-- \n";
  page.html += "<hr>\n";
  page.paragraph(mail_text(lang, "footer.why", {{"what", mail_text(lang, "kind." + what)}, {"user", e.user_name}}));
  page.link(mail_text(lang, "footer.unsubscribe"), unsubscribe);
  page.link(mail_text(lang, "footer.settings"), links.account_url());
}

std::string document(const std::string& language, const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"" + language + "\"><head><meta charset=\"utf-8\"><title>" + html_escape(title) +
         "</title></head>\n<body>\n" + body + "</body></html>\n";
}

ComposedEmail notice(const EmailToSend& e, const EmailLinks& links) {
  const std::string& lang = e.language;
  const NotificationRecord& n = *e.notification;
  const json body = json::parse(n.body_json, nullptr, false);
  const json details = body.is_object() && body.contains("details") ? body["details"] : json::object();
  const std::string table = e.table_name.value_or("");
  const Values values = notice_values(table, details);
  const std::string subject_key = "subject." + n.kind;
  ComposedEmail out;
  out.content.subject = mail_text(lang, subject_key, values);
  if (out.content.subject == subject_key) out.content.subject = mail_text(lang, "subject.other");
  Page page;
  page.paragraph(notice_sentence(lang, n.kind, table, details));
  if (n.table_id) page.link(mail_text(lang, "open_table"), links.table_url(*n.table_id));
  // The outbox row names the kind of notice the player chose it for.
  const json payload = json::parse(e.email.payload_json, nullptr, false);
  const std::string what = payload.is_object() ? payload.value("kind", "your_turn") : "your_turn";
  out.unsubscribe_url = links.unsubscribe_url(e.email.user_id, what, e.email.created_at);
  footer(page, e, what, links, *out.unsubscribe_url);
  out.content.plain = page.plain;
  out.content.html = document(lang, out.content.subject, page.html);
  return out;
}

ComposedEmail digest(const EmailToSend& e, const EmailLinks& links) {
  const std::string& lang = e.language;
  const json payload = json::parse(e.email.payload_json, nullptr, false);
  const json tables = payload.is_object() ? payload.value("tables", json::array()) : json::array();
  const json news = payload.is_object() ? payload.value("news", json::array()) : json::array();
  ComposedEmail out;
  out.content.subject = mail_text(lang, "subject.digest", {{"count", std::to_string(tables.size())}});
  Page page;
  if (tables.empty()) {
    page.paragraph(mail_text(lang, "digest.none_waiting"));
  } else {
    page.plain += mail_text(lang, "digest.waiting") + "\n\n";
    page.html += "<p>" + html_escape(mail_text(lang, "digest.waiting")) + "</p>\n<ol>\n";
    for (const json& t : tables) {
      const std::string name = t.value("name", "");
      const std::string url = links.table_url(t.value("id", std::int64_t{0}));
      const std::string when = t.contains("deadline_at") && t["deadline_at"].is_number_integer()
                                   ? mail_text(lang, "digest.deadline", {{"when", utc_time(t["deadline_at"].get<std::int64_t>())}})
                                   : mail_text(lang, "digest.no_deadline");
      page.plain += "- " + name + " (" + when + "): " + url + "\n";
      page.html += "<li><a href=\"" + html_escape(url) + "\">" + html_escape(name) + "</a> (" + html_escape(when) +
                   ")</li>\n";
    }
    page.plain += "\n";
    page.html += "</ol>\n";
  }
  if (!news.empty()) {
    page.plain += mail_text(lang, "digest.news") + "\n\n";
    page.html += "<p>" + html_escape(mail_text(lang, "digest.news")) + "</p>\n<ul>\n";
    for (const json& item : news) {
      const std::string text = notice_sentence(lang, item.value("kind", ""), item.value("table_name", ""),
                                               item.value("details", json::object()));
      page.plain += "- " + text + "\n";
      page.html += "<li>" + html_escape(text) + "</li>\n";
    }
    page.plain += "\n";
    page.html += "</ul>\n";
  }
  out.unsubscribe_url = links.unsubscribe_url(e.email.user_id, "digest", e.email.created_at);
  footer(page, e, "digest", links, *out.unsubscribe_url);
  out.content.plain = page.plain;
  out.content.html = document(lang, out.content.subject, page.html);
  return out;
}

// A text of the outbox row's payload (a confirmation's or reset's token, the
// asking page's language); empty when it has none.
std::string payload_text(const EmailToSend& e, const char* key) {
  const json payload = json::parse(e.email.payload_json, nullptr, false);
  return payload.is_object() ? payload.value(key, "") : "";
}

ComposedEmail confirmation(const EmailToSend& e, const EmailLinks& links) {
  const std::string& lang = e.language;
  const std::string token = payload_text(e, "token");
  ComposedEmail out;
  out.content.subject = mail_text(lang, "subject.confirm");
  Page page;
  page.paragraph(mail_text(lang, "confirm.body", {{"user", e.user_name}}));
  page.link(mail_text(lang, "subject.confirm"), links.confirm_url(token, lang));
  page.paragraph(mail_text(lang, "confirm.ignore"));
  out.content.plain = page.plain;
  out.content.html = document(lang, out.content.subject, page.html);
  return out;
}

// In the language of the page that asked for it (its payload), else the
// player's: whoever asks is most likely the player, and reads that language.
ComposedEmail password_reset(const EmailToSend& e, const EmailLinks& links) {
  const std::string token = payload_text(e, "token");
  const std::string asked_in = payload_text(e, "language");
  const std::string lang = asked_in.empty() ? e.language : asked_in;
  ComposedEmail out;
  out.content.subject = mail_text(lang, "subject.password_reset");
  Page page;
  page.paragraph(mail_text(lang, "password_reset.body", {{"user", e.user_name}}));
  page.link(mail_text(lang, "subject.password_reset"), links.password_reset_url(token));
  page.paragraph(mail_text(lang, "password_reset.after", {{"user", e.user_name}}));
  page.paragraph(mail_text(lang, "password_reset.ignore"));
  out.content.plain = page.plain;
  out.content.html = document(lang, out.content.subject, page.html);
  return out;
}

}  // namespace

ComposedEmail compose_email(const EmailToSend& e, const EmailLinks& links) {
  switch (e.email.purpose) {
    case EmailPurpose::kDigest:
      return digest(e, links);
    case EmailPurpose::kConfirm:
      return confirmation(e, links);
    case EmailPurpose::kPasswordReset:
      return password_reset(e, links);
    case EmailPurpose::kNotice:
      break;
  }
  return notice(e, links);
}

std::string confirmation_payload(const std::string& token) { return json{{"token", token}}.dump(); }

std::string password_reset_payload(const std::string& token, const std::string& language) {
  json payload{{"token", token}};
  if (!language.empty()) payload["language"] = language;
  return payload.dump();
}

}  // namespace sp::server
