#include "server/table/game_record.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include "engine/card.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"
#include "server/store/admin_log.hpp"
#include "server/table/deal_proof.hpp"
#include "server/table/table_deal.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

std::vector<std::string> seat_names(const TableRecord& table) {
  std::vector<std::string> names(static_cast<std::size_t>(std::max(table.player_count, 0)));
  for (const SeatRecord& s : table.seats) {
    if (s.seat >= 0 && static_cast<std::size_t>(s.seat) < names.size()) names[static_cast<std::size_t>(s.seat)] = s.name;
  }
  return names;
}

std::vector<std::pair<int, std::string>> seats_of(const TableRecord& table) {
  std::vector<std::pair<int, std::string>> seats;
  for (const SeatRecord& s : table.seats) seats.emplace_back(s.seat, s.name);
  return seats;
}

json events_json(const engine::Events& events) {
  json out = json::array();
  for (const engine::Event& e : events) out.push_back(protocol::encode_event(e));
  return out;
}

// One record being read from a file: its header's table, and its replay.
struct PendingRecord {
  std::size_t header_line = 0;
  std::int64_t source_table = 0;
  TableRecord table;  // name, status, created_at, seats by name, options, seed
  std::string creator;
  std::unique_ptr<LogReplay> replay;
  std::vector<MoveRecord> moves;  // normalised actions, as the server stores them
  bool closed = false;            // its trailer was read
};

Unexpected<ImportError> refuse(std::size_t line, std::string message) {
  return unexpected(ImportError{line, std::move(message)});
}

// Reads the header line into `record`; an error names the field.
std::optional<std::string> read_header(const json& h, PendingRecord& record) {
  const auto version = h.find("version");
  if (version == h.end() || !version->is_number_integer()) return "version: a whole number is required";
  if (version->get<std::int64_t>() != kRecordVersion) {
    return "record format version " + version->dump() + " is not known to this server (it reads version " +
           std::to_string(kRecordVersion) + ")";
  }
  const json* table = h.contains("table") && h.at("table").is_object() ? &h.at("table") : nullptr;
  if (!table) return "table: an object is required";
  if (!table->contains("id") || !table->at("id").is_number_integer()) return "table.id: a whole number is required";
  if (!table->contains("name") || !table->at("name").is_string()) return "table.name: a text is required";
  if (!table->contains("creator") || !table->at("creator").is_string()) return "table.creator: a text is required";
  if (!table->contains("status") || !table->at("status").is_string()) return "table.status: a text is required";
  record.source_table = table->at("id").get<std::int64_t>();
  record.table.name = table->at("name").get<std::string>();
  record.creator = table->at("creator").get<std::string>();
  const auto status = parse_table_status(table->at("status").get<std::string>());
  if (!status || *status == TableStatus::kOpen) return "table.status: playing, finished or aborted";
  record.table.status = *status;
  if (table->contains("created_at") && table->at("created_at").is_number_integer()) {
    record.table.created_at = table->at("created_at").get<std::int64_t>();
  }
  if (!h.contains("players") || !h.at("players").is_number_integer()) return "players: a whole number is required";
  record.table.player_count = h.at("players").get<int>();
  if (record.table.player_count < engine::kMinSeats || record.table.player_count > engine::kMaxSeats) {
    return "players: 2 to 5";
  }
  if (!h.contains("seats") || !h.at("seats").is_array()) return "seats: a list is required";
  for (const json& s : h.at("seats")) {
    if (!s.is_object() || !s.contains("seat") || !s.at("seat").is_number_integer() || !s.contains("name") ||
        !s.at("name").is_string() || s.at("name").get<std::string>().empty()) {
      return "seats: each seat needs a number and a name";
    }
    SeatRecord seat;
    seat.seat = s.at("seat").get<int>();
    seat.name = s.at("name").get<std::string>();
    record.table.seats.push_back(std::move(seat));
  }
  std::vector<bool> taken(static_cast<std::size_t>(record.table.player_count), false);
  for (const SeatRecord& s : record.table.seats) {
    if (s.seat < 0 || s.seat >= record.table.player_count || taken[static_cast<std::size_t>(s.seat)]) {
      return "seats: every seat from 0 to players - 1 exactly once";
    }
    taken[static_cast<std::size_t>(s.seat)] = true;
  }
  if (record.table.seats.size() != taken.size()) return "seats: every seat from 0 to players - 1 exactly once";
  const auto options = protocol::decode_options(h.contains("options") ? h.at("options") : json());
  if (!options) return options.error().message;
  record.table.options_json = protocol::encode_options(*options).dump();
  const json* seed = h.contains("seed") && h.at("seed").is_string() ? &h.at("seed") : nullptr;
  if (!seed) return "seed: a text of decimal digits is required";
  const auto& digits = seed->get_ref<const std::string&>();
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), record.table.seed);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) {
    return "seed: a text of decimal digits (0 to 18446744073709551615) is required";
  }
  if (!h.contains("card_set_version") || !h.at("card_set_version").is_string()) {
    return "card_set_version: a text is required";
  }
  const auto cards = h.at("card_set_version").get<std::string>();
  if (cards != engine::card_set_version()) {
    return "the game was played with card set " + cards + "; this server plays card set " +
           std::string(engine::card_set_version()) + ", so its replay would not be the game";
  }
  record.table.card_set_version = cards;
  if (h.contains("deal")) {
    auto deal = read_recorded_deal(h.at("deal"), record.table.player_count);
    if (!deal) return deal.error();
    if (!deal->secret) return "deal.secret: a record holds the server's secret";
    if (deal_commitment(*deal->secret) != deal->commitment) return "deal: the secret does not match its commitment";
    if (deal_seed(*deal->secret, deal->seats) != record.table.seed) {
      return "deal: the seed is not the one its secret and contributions give";
    }
    record.table.deal_secret = deal->secret;
    for (SeatRecord& s : record.table.seats) s.contribution = deal->seats[static_cast<std::size_t>(s.seat)];
  }
  record.table.rules_version = h.contains("rules_version") && h.at("rules_version").is_number_integer()
                                   ? h.at("rules_version").get<int>()
                                   : 1;
  return std::nullopt;
}

std::optional<std::string> read_move(const json& m, PendingRecord& record) {
  if (!m.contains("move_number") || !m.at("move_number").is_number_integer()) return "move_number: a whole number is required";
  if (!m.contains("seat") || !m.at("seat").is_number_integer()) return "seat: a whole number is required";
  if (!m.contains("action") || !m.at("action").is_object()) return "action: an object is required";
  if (!m.contains("state_hash") || !m.at("state_hash").is_string()) return "state_hash: a text is required";
  const auto number = m.at("move_number").get<std::int64_t>();
  const auto hash = m.at("state_hash").get<std::string>();
  engine::Events events;
  if (!record.replay->apply(number, m.at("seat").get<int>(), m.at("action").dump(), hash, &events)) {
    return record.replay->divergence()->describe();
  }
  if (m.contains("events") && m.at("events") != events_json(events)) {
    return "move " + std::to_string(number) + ": the recorded events are not the ones the engine computes";
  }
  MoveRecord move;
  move.move_number = number;
  move.seat = record.replay->last().seat.value;
  move.action_json = protocol::encode_log_entry(record.replay->last()).dump();
  move.state_hash = hash;
  move.created_at = m.contains("at") && m.at("at").is_number_integer() ? m.at("at").get<std::int64_t>() : 0;
  record.moves.push_back(std::move(move));
  return std::nullopt;
}

std::optional<std::string> read_trailer(const json& t, PendingRecord& record) {
  if (t.at("end") != kRecordFormat) return "end: must be \"spb-record\"";
  if (!t.contains("moves") || !t.at("moves").is_number_integer()) return "moves: a whole number is required";
  if (!t.contains("state_hash") || !t.at("state_hash").is_string()) return "state_hash: a text is required";
  if (!t.contains("status") || t.at("status") != to_string(record.table.status)) return "status: must repeat the header's status";
  record.table.move_count = t.at("moves").get<std::int64_t>();
  record.table.state_hash = t.at("state_hash").get<std::string>();
  if (!record.replay->finish(record.table)) return record.replay->divergence()->describe();
  record.closed = true;
  return std::nullopt;
}

std::int64_t account_for(Records& db, const std::string& name, std::int64_t now) {
  if (const auto user = db.find_user_by_name(name)) return user->id;
  // "!" is no password hash: nobody can log in until the account is given a password.
  return db.insert_user(name, "!", now);
}

ImportedTable store_record(Records& db, const PendingRecord& record, std::int64_t now, const std::string& who) {
  TableRecord table = record.table;
  table.creator_id = account_for(db, record.creator, now);
  const TableStatus status = table.status;
  table.status = TableStatus::kOpen;
  const std::int64_t id = db.insert_table(table, now);
  for (const SeatRecord& s : table.seats) {
    db.insert_seat(id, s.seat, account_for(db, s.name, now));
    if (s.contribution) db.set_seat_contribution(id, s.seat, s.contribution);
  }
  const auto dealt = engine::new_game(record.replay->setup());
  db.start_table(id, table.seed, engine::state_hash_hex(*dealt), now);
  for (const MoveRecord& move : record.moves) db.append_move(id, move, TableStatus::kPlaying);
  db.set_imported_table_status(id, status, table.created_at != 0 ? table.created_at : now);
  AdminAction act;
  act.at = now;
  act.who = who;
  act.request = "import";
  act.table = id;
  act.arguments_json = json{{"source_table", record.source_table}, {"moves", record.moves.size()}}.dump();
  db.log_admin_action(act);
  return ImportedTable{record.source_table, id, static_cast<std::int64_t>(record.moves.size()),
                       engine::state_hash_hex(record.replay->state())};
}

}  // namespace

Expected<GameRecord, Divergence> record_of(const TableRecord& table, const std::vector<MoveRecord>& moves) {
  if (table.status == TableStatus::kOpen) return unexpected(Divergence{0, "the table has not started: there is no game to record"});
  LogReplay replay(table);
  GameRecord record;
  // A setup that does not deal diverges at move 0: such a table has no record (finish, below).
  record.header = protocol::RecordHeader{table.id,
                                         table.name,
                                         std::string(to_string(table.status)),
                                         table.creator_name,
                                         table.created_at,
                                         table.player_count,
                                         seats_of(table),
                                         replay.setup().options,
                                         table.seed,
                                         table.card_set_version,
                                         table.rules_version,
                                         recorded_deal(table)};
  engine::Events events;
  for (const MoveRecord& move : moves) {
    if (!replay.apply(move, true, &events)) break;
    record.moves.push_back(
        protocol::RecordMove{move.move_number, move.seat, replay.last(), events, move.state_hash, move.created_at});
  }
  if (!replay.finish(table)) return unexpected(*replay.divergence());
  record.trailer = protocol::RecordTrailer{
      replay.moves(), std::string(to_string(table.status)), engine::state_hash_hex(replay.state()),
      replay.state().is_finished() ? std::optional(engine::view_for(replay.state(), engine::Viewer::administrator()))
                                   : std::nullopt,
      seat_names(table)};
  return record;
}

Expected<std::vector<ImportedTable>, ImportError> import_records(Records& db, std::istream& in, std::int64_t now,
                                                                 const std::string& who) {
  std::vector<PendingRecord> records;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return refuse(line, "the line is not a JSON object");
    const bool open = !records.empty() && !records.back().closed;
    std::optional<std::string> error;
    if (j.contains("format")) {
      if (open) return refuse(line, "a new record starts before the previous one's trailer: the previous record is cut short");
      if (j.at("format") != kRecordFormat) return refuse(line, "format: this is not an spb record");
      PendingRecord& record = records.emplace_back();
      record.header_line = line;
      error = read_header(j, record);
      if (!error) {
        record.replay = std::make_unique<LogReplay>(record.table);
        if (!record.replay->ok()) error = record.replay->divergence()->describe();
      }
    } else if (!open) {
      return refuse(line, "a record must start with its header line ({\"format\": \"spb-record\", ...})");
    } else if (j.contains("end")) {
      error = read_trailer(j, records.back());
    } else {
      error = read_move(j, records.back());
    }
    if (error) {
      const std::string table = records.empty() ? "" : "table " + std::to_string(records.back().source_table) + ": ";
      return refuse(line, table + *error);
    }
  }
  if (records.empty()) return refuse(0, "the file holds no record");
  if (!records.back().closed) {
    return refuse(line, "table " + std::to_string(records.back().source_table) +
                            ": the record ends without its trailer line: the file is cut short");
  }
  std::vector<ImportedTable> imported;
  for (const PendingRecord& record : records) imported.push_back(store_record(db, record, now, who));
  return imported;
}

}  // namespace sp::server
