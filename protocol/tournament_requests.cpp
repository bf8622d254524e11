// Tournaments (docs/protocol.md "Tournaments"): create_tournament,
// list_tournaments, tournament, register_tournament, withdraw_tournament.
// admin_disqualify is with the administrators' codecs (admin_requests.cpp).
#include <algorithm>
#include <array>

#include "protocol/echoed_text.hpp"
#include "protocol/request_codecs.hpp"
#include "protocol/shown_text.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr int kMaxRounds = 20;
constexpr int kMaxPlayers = 500;
// What a tournament's tables may set: the game and the pace. Who sits is the
// pairing's, and the entry conditions are the tournament's own.
constexpr std::array<std::string_view, 7> kTableFields = {"players",        "options", "move_deadline_hours",
                                                          "time_bank",      "timeout_policy", "rated",
                                                          "robot_level"};

std::int64_t tournament_id(FieldReader& f) { return f.whole("tournament", 1, INT64_MAX); }

// The fault of the inner reader, named under "table": "table.time_bank: ...",
// or "table: ..." for a sentence about the whole table (a game no deal fits).
void refuse_inside_table(FieldReader& f, const RequestError& inner) {
  const std::string& message = inner.message;
  const bool names_field = !message.empty() && message.front() >= 'a' && message.front() <= 'z' &&
                           message.find(':') != std::string::npos &&
                           message.find(' ') > message.find_first_of(":.");
  f.refuse(inner.code, names_field ? "table." + message : "table: " + message);
}

TournamentEntry entry_of(FieldReader& f) {
  TournamentEntry entry;
  if (!f.has("entry")) return entry;
  const json& given = f.at("entry");
  if (!given.is_object()) {
    f.refuse(ErrorCode::kBadRequest, "entry: an object {min_rating, max_timeout_rate, invitation_only}");
    return entry;
  }
  for (const auto& [key, value] : given.items()) {
    if (key != "min_rating" && key != "max_timeout_rate" && key != "invitation_only") {
      f.refuse(ErrorCode::kBadRequest, "entry." + echoed(key) + ": not an entry condition");
      return entry;
    }
  }
  FieldReader inner(given, f.limits());
  entry.min_rating = optional_number(inner, "min_rating", -100, 100);
  entry.max_timeout_rate = optional_number(inner, "max_timeout_rate", 0, 1);
  entry.invitation_only = yes_or_no(inner, "invitation_only", false);
  if (!inner.ok()) f.refuse(inner.fault()->code, "entry." + inner.fault()->message);
  return entry;
}

client::CreateTournament create_tournament(FieldReader& f) {
  client::CreateTournament create;
  create.name = f.text("name", 1, 60);
  // Every player reads it in their notices and emails.
  if (const auto why = f.ok() ? unshowable(create.name) : std::nullopt) {
    f.refuse(ErrorCode::kInvalidName, "name: that tournament name cannot be shown to other players. " + *why);
  }
  if (f.ok()) {
    const json& format = f.at("format");
    const auto parsed = format.is_string() ? parse_tournament_format(format.get<std::string>()) : std::nullopt;
    if (!parsed) f.refuse(ErrorCode::kBadRequest, "format: swiss, round_robin or elimination");
    else create.format = *parsed;
  }
  if (create.format == TournamentFormat::kElimination) {
    // Its rounds follow from the field: each round keeps the tables' first places.
    if (f.has("rounds")) f.refuse(ErrorCode::kBadRequest, "rounds: left out for elimination, whose rounds follow from the field");
    create.rounds = 0;
  } else {
    create.rounds = static_cast<int>(f.whole("rounds", 1, kMaxRounds));
  }
  create.table = read_competition_table(f);
  create.registration_closes_at = f.whole("registration_closes_at", 1, INT64_MAX);
  create.starts_at = f.whole("starts_at", 1, INT64_MAX);
  if (f.ok() && create.starts_at < create.registration_closes_at) {
    f.refuse(ErrorCode::kBadRequest, "starts_at: at or after registration_closes_at");
  }
  create.finish_by = f.optional_whole("finish_by", 1, INT64_MAX);
  if (f.ok() && create.finish_by && *create.finish_by <= create.starts_at) {
    f.refuse(ErrorCode::kBadRequest, "finish_by: after starts_at");
  }
  const int players = create.table.players;
  if (create.format == TournamentFormat::kRoundRobin) {
    const auto size = f.whole("group_size", players, 4 * players);
    if (f.ok()) create.group_size = static_cast<int>(size);
  } else if (f.has("group_size")) {
    f.refuse(ErrorCode::kBadRequest, "group_size: only for round_robin");
  }
  if (create.format == TournamentFormat::kElimination) {
    const auto advance = f.whole("advance", 1, players - 1);
    if (f.ok()) create.advance = static_cast<int>(advance);
  } else if (f.has("advance")) {
    f.refuse(ErrorCode::kBadRequest, "advance: only for elimination");
  }
  create.duplicate = yes_or_no(f, "duplicate", false);
  create.entry = entry_of(f);
  if (const auto most = f.optional_whole("max_players", 3, kMaxPlayers)) create.max_players = static_cast<int>(*most);
  return create;
}

void put_create_tournament(const client::CreateTournament& m, json& out) {
  out["name"] = m.name;
  out["format"] = to_string(m.format);
  if (m.format != TournamentFormat::kElimination) out["rounds"] = m.rounds;
  put_competition_table(m.table, out);
  out["registration_closes_at"] = m.registration_closes_at;
  out["starts_at"] = m.starts_at;
  put_optional(out, "finish_by", m.finish_by);
  put_optional(out, "group_size", m.group_size);
  put_optional(out, "advance", m.advance);
  if (m.duplicate) out["duplicate"] = true;
  if (m.entry != TournamentEntry{}) {
    json entry = json::object();
    put_optional(entry, "min_rating", m.entry.min_rating);
    put_optional(entry, "max_timeout_rate", m.entry.max_timeout_rate);
    if (m.entry.invitation_only) entry["invitation_only"] = true;
    out["entry"] = std::move(entry);
  }
  put_optional(out, "max_players", m.max_players);
}

}  // namespace

bool yes_or_no(FieldReader& f, std::string_view name, bool otherwise) {
  if (!f.has(name)) return otherwise;
  const nlohmann::json& value = f.at(name);
  if (!value.is_boolean()) {
    f.refuse(ErrorCode::kBadRequest, std::string(name) + ": true or false");
    return otherwise;
  }
  return value.get<bool>();
}

// The "table" object: create_table's fields of a game and its pace, read by
// create_table's own reader, with 3 to 5 players.
client::CreateTable read_competition_table(FieldReader& f) {
  client::CreateTable table;
  table.players = 3;
  if (!f.ok()) return table;
  const nlohmann::json& given = f.at("table");
  if (!given.is_object()) {
    f.refuse(ErrorCode::kBadRequest, "table: an object {players, options, move_deadline_hours, time_bank, "
                                     "timeout_policy, rated, robot_level} is required");
    return table;
  }
  for (const auto& [key, value] : given.items()) {
    if (std::find(kTableFields.begin(), kTableFields.end(), key) == kTableFields.end()) {
      f.refuse(ErrorCode::kBadRequest, "table." + echoed(key) + ": not a field of a competition's tables");
      return table;
    }
  }
  FieldReader inner(given, f.limits());
  inner.whole("players", 3, 5);
  if (inner.ok()) table = read_create_table(inner);
  if (!inner.ok()) {
    refuse_inside_table(f, *inner.fault());
    return table;
  }
  // A competition's deadlines hold: no floating vacation day is spent at its tables.
  table.floating_vacation = false;
  return table;
}

void put_competition_table(const client::CreateTable& table, nlohmann::json& out) {
  nlohmann::json written = nlohmann::json::object();
  put_create_table(table, written);
  nlohmann::json kept = nlohmann::json::object();
  for (const std::string_view key : kTableFields) {
    if (const auto it = written.find(key); it != written.end()) kept[std::string(key)] = *it;
  }
  out["table"] = std::move(kept);
}

void add_tournament_codecs(RequestCodecs& codecs) {
  codecs.add<client::CreateTournament>(create_tournament, put_create_tournament);
  codecs.add<client::ListTournaments>(
      [](FieldReader& f) {
        client::ListTournaments list;
        if (!f.has("status")) return list;
        const std::string word = f.text("status", 1, 16);
        if (!f.ok()) return list;
        list.status = parse_tournament_status(word);
        if (!list.status) f.refuse(ErrorCode::kBadRequest, "status: registering, playing, finished or cancelled");
        return list;
      },
      [](const client::ListTournaments& m, json& out) {
        if (m.status) out["status"] = to_string(*m.status);
      });
  codecs.add<client::ShowTournament>([](FieldReader& f) { return client::ShowTournament{tournament_id(f)}; },
                                     [](const client::ShowTournament& m, json& out) { out["tournament"] = m.tournament; });
  codecs.add<client::RegisterTournament>(
      [](FieldReader& f) { return client::RegisterTournament{tournament_id(f)}; },
      [](const client::RegisterTournament& m, json& out) { out["tournament"] = m.tournament; });
  codecs.add<client::WithdrawTournament>(
      [](FieldReader& f) { return client::WithdrawTournament{tournament_id(f)}; },
      [](const client::WithdrawTournament& m, json& out) { out["tournament"] = m.tournament; });
  codecs.add<client::InviteTournament>(
      [](FieldReader& f) { return client::InviteTournament{tournament_id(f), f.text("name", 1, 64)}; },
      [](const client::InviteTournament& m, json& out) {
        out["tournament"] = m.tournament;
        out["name"] = m.name;
      });
  codecs.add<client::ContributeDeal>(
      [](FieldReader& f) {
        client::ContributeDeal contribute{tournament_id(f), static_cast<int>(f.whole("round", 1, 1000)), {}};
        if (!f.has("contribution")) {
          f.refuse(ErrorCode::kBadRequest, "contribution: 64 hexadecimal digits (32 random bytes) are required");
          return contribute;
        }
        if (const auto given = f.optional_contribution("contribution")) contribute.contribution = *given;
        return contribute;
      },
      [](const client::ContributeDeal& m, json& out) {
        out["tournament"] = m.tournament;
        out["round"] = m.round;
        out["contribution"] = to_hex(m.contribution);
      });
  codecs.add<client::GetTournamentBundle>(
      [](FieldReader& f) { return client::GetTournamentBundle{tournament_id(f)}; },
      [](const client::GetTournamentBundle& m, json& out) { out["tournament"] = m.tournament; });
}

}  // namespace sp::protocol
