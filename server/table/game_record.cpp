#include "server/table/game_record.hpp"

#include <algorithm>

#include "engine/card.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/admin_results.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/record_lines.hpp"
#include "protocol/stored_text.hpp"
#include "server/security/fair_deal.hpp"
#include "server/store/admin_log.hpp"
#include "server/table/table_deal.hpp"

namespace sp::server {
namespace {

// The seed a record's deal gives. REQUIRES: deal.secret
std::uint64_t seed_of(const protocol::RecordedDeal& deal, int players) {
  if (deal.round_contributions) return shared_deal_seed(*deal.secret, players, *deal.round_contributions);
  return deal_seed(*deal.secret, deal.seats);
}

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

// The header read into `record`, its deal proven against its seed.
std::optional<std::string> take_header(const protocol::HeaderLine& h, PendingRecord& record) {
  record.table.name = h.name;
  record.creator = h.creator;
  record.table.status = h.status;
  record.table.created_at = h.created_at;
  record.table.player_count = h.players;
  for (const auto& [seat, name] : h.seats) {
    SeatRecord s;
    s.seat = seat;
    s.name = name;
    record.table.seats.push_back(std::move(s));
  }
  record.table.options_json = protocol::stored_options_text(h.options);
  record.table.seed = h.seed;
  record.table.card_set_version = h.card_set_version;
  if (h.deal) {
    const protocol::RecordedDeal& deal = *h.deal;
    if (!deal.secret) return "deal.secret: a record holds the server's secret";
    if (deal_commitment(*deal.secret) != deal.commitment) return "deal: the secret does not match its commitment";
    if (deal.round_contributions) {
      // An imported table stands alone: its round's other tables are not here to be withheld for.
      record.table.shared_deal = SharedDeal{*deal.round_contributions, false};
      std::sort(record.table.shared_deal->contributions.begin(), record.table.shared_deal->contributions.end());
    }
    if (seed_of(deal, h.players) != record.table.seed) {
      return "deal: the seed is not the one its secret and contributions give";
    }
    record.table.deal_secret = deal.secret;
    for (SeatRecord& s : record.table.seats) s.contribution = deal.seats[static_cast<std::size_t>(s.seat)];
  }
  record.table.rules_version = h.rules_version;
  return std::nullopt;
}

std::optional<std::string> take_move(const protocol::MoveLine& m, PendingRecord& record) {
  engine::Events events;
  if (!record.replay->apply(m.move_number, m.seat, m.action, m.state_hash, &events)) {
    return record.replay->divergence()->describe();
  }
  if (m.events && !protocol::events_as_recorded(*m.events, events)) {
    return "move " + std::to_string(m.move_number) + ": the recorded events are not the ones the engine computes";
  }
  MoveRecord move;
  move.move_number = m.move_number;
  move.seat = record.replay->last().seat.value;
  move.action_json = protocol::encode_log_entry_text(record.replay->last());
  move.state_hash = m.state_hash;
  move.created_at = m.at;
  if (m.actor) {
    move.actor = parse_actor(*m.actor);
    if (to_string(move.actor) != *m.actor) {
      return "move " + std::to_string(m.move_number) + ": actor: player, robot, timeout, absent or order";
    }
  }
  record.moves.push_back(std::move(move));
  return std::nullopt;
}

std::optional<std::string> take_trailer(const protocol::TrailerLine& t, PendingRecord& record) {
  if (t.status != to_string(record.table.status)) return "status: must repeat the header's status";
  record.table.move_count = t.moves;
  record.table.state_hash = t.state_hash;
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
  act.arguments_json = protocol::import_log_arguments(record.source_table, record.moves.size());
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
        protocol::RecordMove{move.move_number, move.seat, replay.last(), events, move.state_hash, move.created_at,
                             std::string(to_string(move.actor))});
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
    const auto read = protocol::read_record_line(text);
    if (!read) return refuse(line, "the line is not a JSON object");
    const bool open = !records.empty() && !records.back().closed;
    std::optional<std::string> error;
    if (read->kind == protocol::RecordLineKind::kHeader) {
      if (open) return refuse(line, "a new record starts before the previous one's trailer: the previous record is cut short");
      if (!read->spb_format) return refuse(line, "format: this is not an spb record");
      PendingRecord& record = records.emplace_back();
      record.header_line = line;
      const auto& header = std::get<protocol::HeaderLine>(read->fields);
      record.source_table = header.table;
      error = read->fault ? read->fault : take_header(header, record);
      if (!error) {
        record.replay = std::make_unique<LogReplay>(record.table);
        if (!record.replay->ok()) error = record.replay->divergence()->describe();
      }
    } else if (!open) {
      return refuse(line, "a record must start with its header line ({\"format\": \"spb-record\", ...})");
    } else if (read->fault) {
      error = read->fault;
    } else if (read->kind == protocol::RecordLineKind::kTrailer) {
      error = take_trailer(std::get<protocol::TrailerLine>(read->fields), records.back());
    } else {
      error = take_move(std::get<protocol::MoveLine>(read->fields), records.back());
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
