// The clocks spb pace-sim compares (server/clock/pace_clocks.hpp): a deadline,
// a bank and floating vacation days, as the server's clocks give them.
#include <doctest/doctest.h>

#include "server/clock/pace_clocks.hpp"

namespace {

using namespace sp::server;

const SimClock kDay{"24 h", 24, std::nullopt, false, false};
const SimClock kDayFloating{"24 h, floating", 24, std::nullopt, true, false};
const SimClock kDayNightsOff{"24 h, nights off", 24, std::nullopt, false, true};
const SimClock kBank{"bank", std::nullopt, BankHours{72, 24, 96}, false, false};
const SimClock kBankNightsOff{"bank, nights off", std::nullopt, BankHours{72, 24, 96}, false, true};
const Night kNight{23, 8};  // 23:00 to 07:00

TEST_CASE("within the move deadline the player moves when they answer") {
  SeatTime seat{0, 21, {}};
  const Wait wait = wait_for_seat(kDay, seat, 100, 110);
  CHECK(wait.moved_at == 110);
  CHECK_FALSE(wait.timed_out);
}

TEST_CASE("past the move deadline the timeout moves at the deadline") {
  SeatTime seat{0, 21, {}};
  const Wait wait = wait_for_seat(kDay, seat, 100, 200);
  CHECK(wait.moved_at == 124);
  CHECK(wait.timed_out);
}

TEST_CASE("floating vacation spends a day each time the clock would run out, while days are left") {
  SeatTime seat{0, 2, {}};
  const Wait back = wait_for_seat(kDayFloating, seat, 0, 60);  // 36 hours late: two days spent
  CHECK(back.days_spent == 2);
  CHECK_FALSE(back.timed_out);
  CHECK(back.moved_at == 60);
  CHECK(seat.vacation_days_left == 0);
  const Wait again = wait_for_seat(kDayFloating, seat, 60, 100);  // none left: the timeout
  CHECK(again.timed_out);
  CHECK(again.moved_at == 84);
  CHECK(again.days_spent == 0);
}

TEST_CASE("a bank pays the wait, earns its increment up to the cap, and times out when empty") {
  SeatTime seat{72, 0, {}};
  wait_for_seat(kBank, seat, 0, 10);
  CHECK(seat.bank_hours == 86);  // 72 - 10 + 24
  wait_for_seat(kBank, seat, 10, 11);
  CHECK(seat.bank_hours == 96);  // 86 - 1 + 24, capped at 96
  const Wait late = wait_for_seat(kBank, seat, 11, 200);
  CHECK(late.timed_out);
  CHECK(late.moved_at == 11 + 96);
  CHECK(seat.bank_hours == 24);  // emptied, then the timeout's move earns the increment
}

TEST_CASE("a player away for days answers only after coming back") {
  Player player(PlayerHabits{1, 2, 1, 3, 0}, 7);
  double asked = 0;
  bool waited_for_absence = false;
  for (int i = 0; i < 200; ++i) {
    const double answered = player.answers(asked);
    CHECK(answered >= asked + 1);
    if (answered > asked + 2) waited_for_absence = true;
    asked = answered;
  }
  CHECK(waited_for_absence);
  Player never_away(PlayerHabits{1, 2, 0, 3, 0}, 7);
  for (int i = 0; i < 200; ++i) {
    const double answered = never_away.answers(i * 10.0);
    CHECK(answered >= i * 10.0 + 1);
    CHECK(answered <= i * 10.0 + 2);
  }
}

TEST_CASE("a night counts from its start for its hours, day after day") {
  CHECK(night_hours_between(kNight, 20, 24) == 1);          // 23:00 to 24:00
  CHECK(night_hours_between(kNight, 22, 32) == 8);          // the whole night
  CHECK(night_hours_between(kNight, 2, 2 + 3 * 24) == 24);  // three nights
  CHECK(night_hours_between(Night{}, 0, 100) == 0);
}

TEST_CASE("awake hours skip the night, and a wait asked at night starts in the morning") {
  CHECK(after_awake_hours(kNight, 12, 5) == 17);
  CHECK(after_awake_hours(kNight, 20, 5) == 33);  // 3 hours before 23:00, 2 after 07:00
  CHECK(after_awake_hours(kNight, 1, 1) == 8);    // asked at 01:00: 07:00, then an hour
  CHECK(after_awake_hours(kNight, 12, 32) == 12 + 48);  // two whole days of 16 awake hours
}

TEST_CASE("with nights off a move deadline counts only the player's waking hours") {
  SeatTime seat{0, 21, kNight};
  // Asked at 12:00: 24 waking hours end at 20:00 the next day.
  const Wait late = wait_for_seat(kDayNightsOff, seat, 12, 100);
  CHECK(late.timed_out);
  CHECK(late.moved_at == 12 + 32);
  SeatTime same{0, 21, kNight};
  CHECK_FALSE(wait_for_seat(kDayNightsOff, same, 12, 40).timed_out);  // 28 hours, 8 of them the night: 20 awake
  CHECK(wait_for_seat(kDay, same, 12, 40).timed_out);                // a clock that counts nights times out
}

TEST_CASE("with nights off a bank pays only the waking hours of the wait") {
  SeatTime seat{72, 0, kNight};
  wait_for_seat(kBankNightsOff, seat, 20, 32);  // 12 hours, 8 of them the night
  CHECK(seat.bank_hours == 92);                 // 72 - 4 + 24
}

TEST_CASE("a sleeping player answers when their night ends") {
  Player sleeper(PlayerHabits{1, 2, 0, 3, 8}, 7, 23);
  for (int i = 0; i < 50; ++i) {
    const double answered = sleeper.answers(i * 24.0 + 22);  // asked at 22:00: back at 23:00 or later
    CHECK(night_hours_between(sleeper.night(), answered, answered + 0.001) == 0);
    CHECK(answered >= i * 24.0 + 23);
  }
}

}  // namespace
