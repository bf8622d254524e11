// Rows of the database as plain structs, and the queries that read and write
// them. Every function runs on the store's writer thread with its Database;
// failures throw DatabaseError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/database.hpp"

namespace sp::server {

struct UserRecord {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;
};

struct SeatRecord {
  int seat = 0;
  std::int64_t user_id = 0;
  std::string name;
  std::string controller = "human";  // human, robot or absent (docs/correspondence.md)
  int timeouts = 0;
  bool robot = false;  // the user is a robot pseudo-user
};

// A table's life: open (seats being taken), playing, then finished or aborted
// (by an administrator). Stored as its word.
enum class TableStatus : std::uint8_t { kOpen, kPlaying, kFinished, kAborted };
std::string_view to_string(TableStatus status);
std::optional<TableStatus> parse_table_status(std::string_view word);

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
  // after timeouts, and the deadline running (at) or paused (left).
  std::optional<std::int64_t> move_seconds;
  std::optional<int> takeover_after;
  std::string takeover_by = "robot";
  std::optional<std::int64_t> deadline_at;
  std::optional<std::int64_t> deadline_left;
};

struct MoveRecord {
  std::int64_t move_number = 0;
  int seat = 0;
  std::string action_json;
  std::string state_hash;
  std::int64_t created_at = 0;
  std::string actor = "player";  // player, robot, timeout or absent
};

// Accounts.
std::optional<UserRecord> find_user_by_name(Database& db, const std::string& name);
std::int64_t insert_user(Database& db, const std::string& name, const std::string& password_hash, std::int64_t now);
void insert_session(Database& db, const std::string& token_hash, std::int64_t user_id, std::int64_t now,
                    std::int64_t expires_at);
std::optional<UserRecord> find_session_user(Database& db, const std::string& token_hash, std::int64_t now);
void delete_session(Database& db, const std::string& token_hash);
// Ends every session of the user but `keep` (empty: all of them).
void delete_user_sessions(Database& db, std::int64_t user_id, const std::string& keep);
std::optional<UserRecord> find_user(Database& db, std::int64_t user_id);
void set_password_hash(Database& db, std::int64_t user_id, const std::string& password_hash);
// Deletes at most `limit` sessions expired by `now` (they can no longer be
// resumed); returns how many went.
int delete_expired_sessions(Database& db, std::int64_t now, int limit);

// Tables and seats.
std::int64_t insert_table(Database& db, const TableRecord& table, std::int64_t now);
std::optional<TableRecord> load_table(Database& db, std::int64_t id);
std::vector<TableRecord> list_tables(Database& db, TableStatus status, int limit);
std::vector<TableRecord> tables_of_user(Database& db, std::int64_t user_id);
std::vector<std::int64_t> table_ids_with_status(Database& db, TableStatus status);
void insert_seat(Database& db, std::int64_t table_id, int seat, std::int64_t user_id);
void delete_seat(Database& db, std::int64_t table_id, std::int64_t user_id);
void start_table(Database& db, std::int64_t table_id, std::uint64_t seed, const std::string& state_hash,
                 std::int64_t now);
void insert_invitation(Database& db, std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by,
                       std::int64_t now);

// The move log. append_move also records the table's move count, last state
// hash and status, in the same transaction.
void append_move(Database& db, std::int64_t table_id, const MoveRecord& move, TableStatus status);
// Marks a table aborted (its creator left before the start, an administrator
// ended it); with `only_if`, only a table in that status. Returns whether it changed.
bool abort_table(Database& db, std::int64_t table_id, std::int64_t now,
                 std::optional<TableStatus> only_if = std::nullopt);
// An imported game record's table: its recorded status and creation time.
void set_imported_table_status(Database& db, std::int64_t table_id, TableStatus status, std::int64_t created_at);
std::vector<MoveRecord> load_moves(Database& db, std::int64_t table_id);

// Snapshots (server/store/snapshot.hpp): a table keeps only its latest.
struct SnapshotRecord {
  std::int64_t move_number = 0;
  std::string state;
};
void replace_snapshot(Database& db, std::int64_t table_id, const SnapshotRecord& snapshot);
std::optional<SnapshotRecord> load_latest_snapshot(Database& db, std::int64_t table_id);

std::int64_t insert_chat(Database& db, std::int64_t table_id, std::int64_t user_id, const std::string& text,
                         std::int64_t now);

// A table's chat read back a page at a time, for players who come back days
// later: the newest `limit` lines before the line `before` (or the newest of
// all), oldest first; `more` says whether older lines remain to be read.
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
ChatPage chat_page(Database& db, std::int64_t table_id, std::optional<std::int64_t> before, int limit);

}  // namespace sp::server
