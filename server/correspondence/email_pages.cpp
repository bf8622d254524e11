#include "server/correspondence/email_pages.hpp"

#include <memory>

#include "server/correspondence/mail_message.hpp"
#include "server/correspondence/mail_texts.hpp"
#include "server/security/credentials.hpp"

namespace sp::server {
namespace {

std::string page(const std::string& language, const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"" + language + "\"><head><meta charset=\"utf-8\"><title>" +
         html_escape(title) + "</title></head>\n<body><h1>" + html_escape(title) + "</h1><p>" + html_escape(body) +
         "</p></body></html>\n";
}

EmailPage refused(std::string why) {
  return EmailPage{400, page("en", "Link not valid", why)};
}

bool hex_token(const std::string& text) {
  if (text.size() != 64) return false;
  for (char c : text) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

}  // namespace

bool is_email_link(std::string_view target) { return target.rfind("/email/", 0) == 0; }

void answer_email_link(Store& store, const Clock& clock, const EmailLinks& links, Digests& digests,
                       std::string_view target, std::function<void(EmailPage)> done) {
  const auto question = target.find('?');
  const std::string path(target.substr(0, question));
  const std::string query(question == std::string_view::npos ? "" : target.substr(question + 1));
  const std::int64_t now = clock.now();
  auto answer = std::make_shared<EmailPage>();
  auto finish = [answer, done, &digests](std::exception_ptr error) {
    if (error) return done(EmailPage{500, page("en", "Error", "Something went wrong on the server; try again later.")});
    digests.rearm();
    done(*answer);
  };
  if (path == "/email/confirm") {
    const auto token = query_value(query, "token");
    if (!token || !hex_token(*token)) return done(refused("This confirmation link is incomplete."));
    store.submit(
        [hash = token_hash(*token), now, answer](Records& db) {
          const auto user = db.confirm_email(hash, now);
          if (!user) {
            *answer = refused("This confirmation link is unknown, used already, or expired: ask for a new one on "
                              "your account page.");
            return;
          }
          plan_next_digest(db, *user, now);
          const std::string lang = db.notice_settings(*user).language;
          *answer = EmailPage{200, page(lang, mail_text(lang, "confirmed.title"), mail_text(lang, "confirmed.body"))};
        },
        finish);
    return;
  }
  if (path == "/email/unsubscribe") {
    const auto request = links.check_unsubscribe(query);
    if (!request) return done(refused("This unsubscribe link is incomplete or altered."));
    const bool digest = request->what == "digest";
    const auto kind = parse_notice_kind(request->what);
    if (!digest && !kind) return done(refused("This unsubscribe link names nothing to stop."));
    store.submit(
        [request = *request, digest, kind, now, answer](Records& db) {
          if (!db.find_user(request.user_id)) {
            *answer = refused("This unsubscribe link names an account that is gone.");
            return;
          }
          NoticeSettingsRecord settings = db.notice_settings(request.user_id);
          for (NoticeKind k : kNoticeKinds) {
            const bool stop = digest ? settings.choice(k) == NoticeDelivery::kDigest : k == *kind;
            if (stop) settings.choices[static_cast<std::size_t>(k)] = NoticeDelivery::kNever;
          }
          db.save_notice_settings(settings);
          plan_next_digest(db, request.user_id, now);
          const std::string& lang = settings.language;
          *answer = EmailPage{200, page(lang, mail_text(lang, "unsubscribed.title"),
                                        mail_text(lang, "unsubscribed.body",
                                                  {{"what", mail_text(lang, "kind." + request.what)}}))};
        },
        finish);
    return;
  }
  done(EmailPage{404, page("en", "Not found", "There is no such page.")});
}

}  // namespace sp::server
