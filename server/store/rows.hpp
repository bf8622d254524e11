// Rows of the database as plain structs: accounts, tables and their seats,
// the move log, snapshots and chat. What is a word in the database (a table's
// status, who controls a seat, who chose a move) is an enum here, stored as
// its word; reading and writing them is the job of Records (records.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/robot_level.hpp"
#include "protocol/deal_bytes.hpp"
#include "protocol/table_status.hpp"
#include "server/store/rating_rows.hpp"

namespace sp::server {

struct UserRecord {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;
  bool bot = false;  // a third-party bot's account (docs/bots.md)
};

// A table's life, stored as its word (protocol/table_status.hpp).
using protocol::TableStatus;
using protocol::parse_table_status;
using protocol::to_string;

// Seat control: who chooses a seat's moves. A person (human); the server's
// robot (robot), filled at a table's creation or taking over after timeouts;
// or nobody (absent): the seat then passes on its own (docs/correspondence.md).
enum class SeatController : std::uint8_t { kHuman, kRobot, kAbsent };
std::string_view to_string(SeatController controller);
std::optional<SeatController> parse_seat_controller(std::string_view word);

// Who chose a logged move, for people reading the log; replays need only the
// seat and the action. kOrder: the seat's standing order, written by its player.
enum class Actor : std::uint8_t { kPlayer, kRobot, kTimeout, kAbsent, kOrder };
std::string_view to_string(Actor actor);
// Unknown text reads as a player's move.
Actor parse_actor(std::string_view word);

struct SeatRecord {
  int seat = 0;
  std::int64_t user_id = 0;
  std::string name;
  SeatController controller = SeatController::kHuman;
  int timeouts = 0;
  bool robot = false;  // the user is a robot pseudo-user
  // The seat's standing orders as stored (protocol/standing_order_json.hpp);
  // private to the seat: read by its table, never listed.
  std::string standing_orders = "[]";
  // The seat's share of the deal (docs/fairness.md); nothing: it gave none.
  std::optional<protocol::DealBytes> contribution;
  bool bot = false;  // the user is a third-party bot's account (docs/bots.md)
  // The level a robot plays the seat at (docs/robot.md "Levels on the site"):
  // a robot's own seat's, or the stand-in's of a person's seat a robot took
  // over; nothing while no robot plays it.
  std::optional<engine::RobotLevel> robot_level = std::nullopt;
  // Read back only: the rating of `robot_level`'s account in the table's pool
  // (docs/ratings.md "Robots") as the table was loaded; nothing: never rated.
  std::optional<RatingRecord> robot_rating = std::nullopt;
  // The seat's time left when its clock last stopped or started (seconds;
  // server/clock/seat_clocks.hpp); nothing: the table's starting time.
  std::optional<std::int64_t> clock_left = std::nullopt;
};

// Where a tournament's table stands in it (docs/tournaments.md): its
// tournament, its round and its number in the round, from 1.
struct TableInTournament {
  std::int64_t id = 0;
  int round = 0;
  int number = 0;
};

// Where a league's table stands in it (docs/leagues.md): its league, its
// season and its division (from 0, the top one).
struct TableInLeague {
  std::int64_t id = 0;
  int season = 0;
  int division = 0;
};

// A duplicate tournament round's deal as each of its tables holds it
// (docs/fairness.md, "Duplicate deals"): the table's deal_secret is the
// round's, and its seed comes from it and the contributions the round's
// players gave before the round started.
struct SharedDeal {
  std::vector<protocol::DealBytes> contributions;  // sorted bytewise
  // Its round is still being played: other tables of the round are dealt the
  // same cards, so the secret, the record and the watching stay with the
  // table's own players until the round ends. Read from the round's row.
  bool withheld = true;
};

// A table's Fischer time bank, in seconds (server/clock/time_control.hpp).
struct TimeBankRecord {
  std::int64_t initial = 0;
  std::int64_t increment = 0;
  std::int64_t cap = 0;
};

struct TableRecord {
  std::int64_t id = 0;
  std::string name;
  std::int64_t creator_id = 0;
  std::string creator_name;
  TableStatus status = TableStatus::kOpen;
  int player_count = 0;
  std::string options_json;
  std::uint64_t seed = 0;
  std::string card_set_version;
  int rules_version = 1;
  std::int64_t move_count = 0;
  std::string state_hash;
  std::int64_t created_at = 0;
  std::vector<SeatRecord> seats;
  // Correspondence play: seconds per move (none: no limit), the takeover
  // after timeouts (robot or absent), and the deadline running (at) or
  // paused (left).
  std::optional<std::int64_t> move_seconds;
  std::optional<int> takeover_after;
  SeatController takeover_by = SeatController::kRobot;
  std::optional<std::int64_t> deadline_at;
  std::optional<std::int64_t> deadline_left;
  // A time bank in place of the move deadline; the seat whose clock runs and
  // since when (server/clock/seat_clocks.hpp).
  std::optional<TimeBankRecord> time_bank;
  std::optional<int> clock_seat;
  std::optional<std::int64_t> clock_since;
  // Whether its players' floating vacation days may be spent here when their
  // clock runs out (docs/correspondence.md "Floating vacation").
  bool floating_vacation = true;
  // Whether the players present decide about a seat whose time ran out
  // (docs/correspondence.md "The players decide"), rather than the takeover
  // policy at once.
  bool timeout_vote = false;
  // The server's secret for the deal (docs/fairness.md), drawn at creation and
  // revealed when the game ends; nothing for a table dealt before fair deals.
  std::optional<protocol::DealBytes> deal_secret;
  // A private table's code: it keeps the table out of the lobby, and joining
  // takes the code or an invitation. None: a public table.
  std::optional<std::string> invite_code;
  // Why an administrator aborted the table; none otherwise.
  std::optional<std::string> abort_reason;
  // A tournament's table; none for a player's own.
  std::optional<TableInTournament> tournament;
  // A league's table; none for any other.
  std::optional<TableInLeague> league;
  // A duplicate round's table; none for any other.
  std::optional<SharedDeal> shared_deal;
};

struct MoveRecord {
  std::int64_t move_number = 0;
  int seat = 0;
  std::string action_json;
  std::string state_hash;
  std::int64_t created_at = 0;
  Actor actor = Actor::kPlayer;
};

// A table's GameState saved after a move (snapshot.hpp): a table keeps only
// its latest.
struct SnapshotRecord {
  std::int64_t move_number = 0;
  std::string state;
};

// A table's chat read back a page at a time, for players who come back days
// later: lines oldest first; `more` says whether older lines remain to be read.
struct ChatLine {
  std::int64_t id = 0;
  std::string from;  // the speaker's name
  std::string text;
  std::int64_t at = 0;
};
struct ChatPage {
  std::vector<ChatLine> lines;
  bool more = false;
};

}  // namespace sp::server
