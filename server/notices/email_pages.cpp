#include "server/notices/email_pages.hpp"

#include <memory>

#include "server/notices/mail_message.hpp"
#include "server/notices/mail_texts.hpp"
#include "server/security/credentials.hpp"

namespace sp::server {
namespace {

std::string page(const std::string& language, const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"" + language + "\"><head><meta charset=\"utf-8\"><title>" +
         html_escape(title) + "</title></head>\n<body><h1>" + html_escape(title) + "</h1><p>" + html_escape(body) +
         "</p></body></html>\n";
}

// What a GET of a link shows: what the button would do, and the button, which
// posts to the same address.
std::string asking_page(const std::string& language, const std::string& title, const std::string& body,
                        const std::string& button, std::string_view target) {
  return "<!DOCTYPE html>\n<html lang=\"" + language + "\"><head><meta charset=\"utf-8\"><title>" +
         html_escape(title) + "</title></head>\n<body><h1>" + html_escape(title) + "</h1><p>" + html_escape(body) +
         "</p>\n<form method=\"post\" action=\"" + html_escape(std::string(target)) + "\"><button type=\"submit\">" +
         html_escape(button) + "</button></form></body></html>\n";
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
                       std::string_view target, bool act, std::function<void(EmailPage)> done) {
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
    if (!act) {
      const auto asked = query_value(query, "lang").value_or("en");
      const std::string lang = mail_language(asked) ? asked : "en";
      return done(EmailPage{200, asking_page(lang, mail_text(lang, "subject.confirm"), mail_text(lang, "confirm.ask"),
                                             mail_text(lang, "confirm.button"), target)});
    }
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
        [request = *request, digest, kind, now, act, target = std::string(target), answer](Records& db) {
          if (!db.find_user(request.user_id)) {
            *answer = refused("This unsubscribe link names an account that is gone.");
            return;
          }
          NoticeSettingsRecord settings = db.notice_settings(request.user_id);
          const std::string lang = settings.language;
          const std::string what = mail_text(lang, "kind." + request.what);
          if (!act) {
            *answer = EmailPage{200, asking_page(lang, mail_text(lang, "footer.unsubscribe"),
                                                 mail_text(lang, "unsubscribe.ask", {{"what", what}}),
                                                 mail_text(lang, "footer.unsubscribe"), target)};
            return;
          }
          const auto stops = [&](NoticeKind k) {
            return digest ? settings.choice(k) == NoticeDelivery::kDigest : k == *kind;
          };
          bool changes = false;
          for (NoticeKind k : kNoticeKinds) changes = changes || (stops(k) && settings.choice(k) != NoticeDelivery::kNever);
          // Nothing left to stop (a second click, a mail program that posts
          // twice) is done already, however old the link.
          if (changes) {
            if (settings.choices_changed_at && *settings.choices_changed_at > request.written_at) {
              *answer = EmailPage{409, page(lang, mail_text(lang, "unsubscribe.stale_title"),
                                            mail_text(lang, "unsubscribe.stale_body"))};
              return;
            }
            for (NoticeKind k : kNoticeKinds) {
              if (stops(k)) settings.choices[static_cast<std::size_t>(k)] = NoticeDelivery::kNever;
            }
            settings.choices_changed_at = now;
            db.save_notice_settings(settings);
            plan_next_digest(db, request.user_id, now);
          }
          *answer = EmailPage{200, page(lang, mail_text(lang, "unsubscribed.title"),
                                        mail_text(lang, "unsubscribed.body", {{"what", what}}))};
        },
        finish);
    return;
  }
  done(EmailPage{404, page("en", "Not found", "There is no such page.")});
}

}  // namespace sp::server
