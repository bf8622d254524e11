// The pure parts of email notices: local hours across daylight saving, quiet
// hours over midnight, when deadline warnings fall, which addresses are
// taken, the message's headers, and the signature of unsubscribe links.
#include <doctest/doctest.h>

#include "server/notices/email_compose.hpp"
#include "server/notices/email_links.hpp"
#include "server/notices/mail_message.hpp"
#include "server/notices/mail_texts.hpp"
#include "server/time/deadline_warning.hpp"
#include "server/time/notice_time.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kHour = 3600;
// 2026-03-28 12:00 UTC, the day before Paris moves to summer time.
constexpr std::int64_t kBeforeSpring = 1774699200;

TEST_CASE("the next local hour follows the zone's daylight saving") {
  // 08:00 in Paris on the 29th is 06:00 UTC (summer time, UTC+2)...
  CHECK(next_local_hour("Europe/Paris", 8, kBeforeSpring) == kBeforeSpring + 18 * kHour);
  // ...and 08:00 on the 28th would have been 07:00 UTC (UTC+1): passed already.
  CHECK(next_local_hour("UTC", 13, kBeforeSpring) == kBeforeSpring + kHour);
  CHECK(next_local_hour("UTC", 12, kBeforeSpring) == kBeforeSpring + 24 * kHour);
  // An unknown zone counts as UTC.
  CHECK(next_local_hour("Mars/Olympus_Mons", 13, kBeforeSpring) == kBeforeSpring + kHour);
  CHECK(known_time_zone("America/New_York"));
  CHECK_FALSE(known_time_zone("Mars/Olympus_Mons"));
  CHECK_FALSE(known_time_zone(""));
  CHECK(local_date("Asia/Tokyo", kBeforeSpring + 12 * kHour) == "2026-03-29");
}

TEST_CASE("quiet hours hold notices until they end, over midnight too") {
  NoticeSettingsRecord s;
  s.time_zone = "UTC";
  s.quiet_from = 22;
  s.quiet_until = 7;
  CHECK(quiet_hours_end(s, kBeforeSpring) == std::nullopt);                    // 12:00
  CHECK(quiet_hours_end(s, kBeforeSpring + 11 * kHour) == kBeforeSpring + 19 * kHour);  // 23:00 until 07:00
  CHECK(quiet_hours_end(s, kBeforeSpring + 15 * kHour) == kBeforeSpring + 19 * kHour);  // 03:00
  CHECK(quiet_hours_end(s, kBeforeSpring + 19 * kHour) == std::nullopt);       // 07:00: over
  s.quiet_from = 9;
  s.quiet_until = 14;
  CHECK(quiet_hours_end(s, kBeforeSpring) == kBeforeSpring + 2 * kHour);
  s.quiet_until = 9;
  CHECK(quiet_hours_end(s, kBeforeSpring) == std::nullopt);  // from == until: none
}

TEST_CASE("deadline warnings: the soonest to come, or the most urgent whose time came") {
  const std::vector<int> hours = {24, 1};
  const std::int64_t deadline = 100 * kHour;
  CHECK(next_deadline_warning(deadline, hours, 0, 0)->at == 76 * kHour);
  CHECK(next_deadline_warning(deadline, hours, 0, 0)->hours_before == 24);
  // Handled the 24-hour one: the 1-hour one is next.
  CHECK(next_deadline_warning(deadline, hours, 76 * kHour, 76 * kHour)->hours_before == 1);
  // Woken after both came: only the 1-hour one is due.
  const auto late = next_deadline_warning(deadline, hours, 99 * kHour + 1800, 0);
  CHECK(late->hours_before == 1);
  CHECK(late->at == 99 * kHour);
  // Both handled, or the deadline passed: none.
  CHECK_FALSE(next_deadline_warning(deadline, hours, 99 * kHour + 1800, 99 * kHour));
  CHECK_FALSE(next_deadline_warning(deadline, hours, deadline, 0));
}

TEST_CASE("a wait no longer than a warning's lead gets no such warning") {
  const std::vector<int> hours = {24, 1};
  // A one-hour deadline (a quick robot's table): the 1-hour warning would be
  // due the moment each wait begins, the 24-hour one before it.
  CHECK(warnings_for_wait(hours, kHour).empty());
  CHECK(warnings_for_wait(hours, 3 * kHour) == std::vector<int>{1});
  CHECK(warnings_for_wait(hours, 24 * kHour) == std::vector<int>{1});
  CHECK(warnings_for_wait(hours, 48 * kHour) == std::vector<int>{24, 1});
  CHECK(warnings_for_wait(hours, std::nullopt).empty());
  // So a fresh one-hour deadline wakes no warning at all.
  const auto kept = warnings_for_wait(hours, kHour);
  CHECK_FALSE(next_deadline_warning(10 * kHour + kHour, kept, 10 * kHour, 0));
}

TEST_CASE("plain addresses are taken, anything that could break a header is not") {
  CHECK(valid_email_address("ann@example.org"));
  CHECK(valid_email_address("ann.b+spb@mail.example-host.org"));
  CHECK_FALSE(valid_email_address("ann@localhost"));
  CHECK_FALSE(valid_email_address("ann@@example.org"));
  CHECK_FALSE(valid_email_address("ann@example..org"));
  CHECK_FALSE(valid_email_address(".ann@example.org"));
  CHECK_FALSE(valid_email_address("ann@example.org\r\nBcc: eve@example.org"));
  CHECK_FALSE(valid_email_address("ann <ann@example.org>"));
  CHECK_FALSE(valid_email_address(std::string(65, 'a') + "@example.org"));
  CHECK_FALSE(valid_email_address("ann@-example.org"));
}

TEST_CASE("a message has both parts, encoded words for its subject and the unsubscribe headers") {
  const std::string m = mail_message(
      MailHeaders{"Saint Petersburg <spb@example.org>", "ann@example.org", "notice:1.1@example.org", 0,
                  "https://spb.example.org/email/unsubscribe?user=1&what=your_turn&sig=ab"},
      MailContent{"Ваш ход: Невский", "plain", "<p>html</p>"});
  CHECK(m.find("From: Saint Petersburg <spb@example.org>\r\n") != std::string::npos);
  CHECK(m.find("Subject: =?UTF-8?B?") != std::string::npos);
  CHECK(m.find("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n") != std::string::npos);
  CHECK(m.find("List-Unsubscribe: <https://spb.example.org/email/unsubscribe?user=1&what=your_turn&sig=ab>\r\n") !=
        std::string::npos);
  CHECK(m.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n") != std::string::npos);
  CHECK(m.find("Content-Type: multipart/alternative;") != std::string::npos);
  CHECK(m.find("Content-Type: text/plain; charset=UTF-8") != std::string::npos);
  CHECK(m.find("Content-Type: text/html; charset=UTF-8") != std::string::npos);
  CHECK(bare_address("Saint Petersburg <spb@example.org>") == "spb@example.org");
  CHECK(html_escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

TEST_CASE("a subject that reads as an encoded word is encoded itself") {
  const auto subject_of = [](const std::string& subject) {
    const std::string m = mail_message(MailHeaders{"spb@example.org", "ann@example.org", "n:1@example.org", 0, {}},
                                       MailContent{subject, "plain", "<p>html</p>"});
    const auto start = m.find("Subject: ") + 9;
    return m.substr(start, m.find("\r\n", start) - start);
  };
  CHECK(subject_of("Your turn at Nevsky") == "Your turn at Nevsky");
  // "=?UTF-8?B?RXZpbA==?=" as sent would read "Evil" in a mail program.
  CHECK(subject_of("An invitation to =?UTF-8?B?RXZpbA==?=") == "=?UTF-8?B?QW4gaW52aXRhdGlvbiB0byA9P1VURi04P0I/UlhacGJBPT0/PQ==?=");
}

TEST_CASE("an unsubscribe link is accepted only as signed") {
  const EmailLinks links("https://spb.example.org", EmailLinks::new_key());
  const std::string url = links.unsubscribe_url(42, "game_over", 1800000000);
  const std::string query = url.substr(url.find('?') + 1);
  const auto ok = links.check_unsubscribe(query);
  REQUIRE(ok);
  CHECK(ok->user_id == 42);
  CHECK(ok->what == "game_over");
  CHECK(ok->written_at == 1800000000);
  // The time is the link's version: it is signed too.
  std::string other_time = query;
  other_time.replace(other_time.find("at=1800000000"), 13, "at=1900000000");
  CHECK_FALSE(links.check_unsubscribe(other_time));
  std::string no_time = query;
  no_time.erase(no_time.find("&at=1800000000"), 14);
  CHECK_FALSE(links.check_unsubscribe(no_time));
  std::string other_user = query;
  other_user.replace(other_user.find("user=42"), 7, "user=43");
  CHECK_FALSE(links.check_unsubscribe(other_user));
  std::string other_kind = query;
  other_kind.replace(other_kind.find("game_over"), 9, "your_turn");
  CHECK_FALSE(links.check_unsubscribe(other_kind));
  // Another server's key signs nothing here.
  const EmailLinks elsewhere("https://spb.example.org", EmailLinks::new_key());
  CHECK_FALSE(elsewhere.check_unsubscribe(query));
  CHECK(links.table_url(7) == "https://spb.example.org/#/table/7");
}

TEST_CASE("mail texts: the player's language, English otherwise, placeholders filled") {
  CHECK(mail_text("fr", "subject.your_turn", {{"table", "Nevsky"}}) == "À vous de jouer à Nevsky");
  CHECK(mail_text("de", "subject.your_turn", {{"table", "Nevsky"}}) == "Your turn at Nevsky");
  CHECK(mail_text("ru", "open_table") == "Открыть стол");
  CHECK(mail_language("ru"));
  CHECK_FALSE(mail_language("de"));
}

TEST_CASE("a league season's end is mailed with the player's rank and move, in the player's language") {
  const EmailLinks links("https://spb.example.org", EmailLinks::new_key());
  EmailToSend e;
  e.email.user_id = 7;
  e.email.payload_json = R"({"kind":"game_over"})";
  NotificationRecord n;
  n.kind = "league_season_finished";
  n.body_json = R"({"details":{"league":3,"league_name":"Winter league","season":2,"division":2,"rank":1,)"
                R"("players":8,"moved":"up"}})";
  e.notification = n;
  e.language = "en";
  ComposedEmail en = compose_email(e, links);
  CHECK(en.content.subject == "Season 2 of Winter league has finished");
  CHECK(en.content.plain.find("you finished 1 of 8 in division 2 and go up a division.") != std::string::npos);
  e.language = "fr";
  CHECK(compose_email(e, links).content.plain.find("et montez d'une division.") != std::string::npos);
  e.language = "ru";
  n.body_json = R"({"details":{"league":3,"league_name":"Winter league","season":2,"division":1,"rank":8,)"
                R"("players":8,"moved":"down"}})";
  e.notification = n;
  CHECK(compose_email(e, links).content.plain.find("вы опускаетесь на дивизион ниже.") != std::string::npos);
}

TEST_CASE("a password reset is mailed in the asking page's language, its link's token in the fragment, with no unsubscribe") {
  const EmailLinks links("https://spb.example.org", EmailLinks::new_key());
  const std::string token(64, 'a');
  EmailToSend e;
  e.email.user_id = 7;
  e.email.purpose = EmailPurpose::kPasswordReset;
  e.user_name = "ann";
  e.language = "en";
  e.email.payload_json = password_reset_payload(token, "ru");
  ComposedEmail ru = compose_email(e, links);
  CHECK(ru.content.subject == "Выберите новый пароль");
  CHECK(ru.content.plain.find("https://spb.example.org/#/reset/" + token) != std::string::npos);
  CHECK(ru.content.html.find("https://spb.example.org/#/reset/" + token) != std::string::npos);
  CHECK(ru.content.plain.find("ann") != std::string::npos);
  CHECK_FALSE(ru.unsubscribe_url);
  // Asked without a language: the player's.
  e.email.payload_json = password_reset_payload(token, "");
  e.language = "fr";
  CHECK(compose_email(e, links).content.subject == "Choisissez un nouveau mot de passe");
}

}  // namespace
