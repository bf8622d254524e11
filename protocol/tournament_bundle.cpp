#include "protocol/tournament_bundle.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "protocol/half_points_json.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

template <typename T>
json or_null(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json encode_header(const TournamentBundle& b) {
  json tournament{{"id", b.id},
                  {"name", b.name},
                  {"creator", b.creator},
                  {"status", to_string(b.status)},
                  {"format", to_string(b.format)},
                  {"rounds", b.rounds},
                  {"table_players", b.table_players},
                  {"duplicate", b.duplicate},
                  {"created_at", b.created_at},
                  {"starts_at", b.starts_at},
                  {"finished_at", or_null(b.finished_at)}};
  if (b.group_size) tournament["group_size"] = *b.group_size;
  if (b.advance) tournament["advance"] = *b.advance;
  json points = json::object();
  for (std::size_t size = 0; size < b.points_half.size(); ++size) {
    if (b.points_half[size].empty()) continue;
    json row = json::array();
    for (int half : b.points_half[size]) row.push_back(half_points_json(half));
    points[std::to_string(size)] = std::move(row);
  }
  json entrants = json::array();
  for (const BundleEntrant& e : b.entrants) {
    json entrant{{"player", e.player}, {"name", e.name}, {"seed_rating", or_null(e.seed_rating)}};
    if (e.left_at) entrant["left_at"] = *e.left_at;
    if (e.left) entrant["left"] = *e.left;
    if (e.left_reason) entrant["left_reason"] = *e.left_reason;
    entrants.push_back(std::move(entrant));
  }
  json rounds = json::array();
  for (const BundleRound& r : b.played) {
    json round{{"round", r.round}, {"started_at", r.started_at}, {"finished_at", or_null(r.finished_at)}};
    if (r.deal) {
      json given = json::array();
      for (const auto& c : r.deal->contributions) {
        given.push_back({{"player", c.player}, {"contribution", c.contribution}, {"given_at", c.given_at}});
      }
      round["deal"] = {{"commitment", r.deal->commitment}, {"secret", r.deal->secret}, {"contributions", given}};
    }
    rounds.push_back(std::move(round));
  }
  json byes = json::array();
  for (const BundleBye& bye : b.byes) byes.push_back({{"round", bye.round}, {"player", bye.player}});
  json standings = json::array();
  for (const BundleStanding& s : b.standings) {
    standings.push_back({{"rank", s.rank},
                         {"player", s.player},
                         {"name", s.name},
                         {"points", half_points_json(s.points_half)},
                         {"games", s.games},
                         {"game_points", s.game_points},
                         {"rubles", s.rubles},
                         {"schedule_strength", half_points_json(s.schedule_strength_half)},
                         {"matchpoints", half_points_json(s.matchpoints_half)},
                         {"byes", s.byes},
                         {"last_round", s.last_round},
                         {"last_place", s.last_place},
                         {"left", s.left}});
  }
  return json{{"format", kBundleFormat},
              {"version", kBundleVersion},
              {"tournament", std::move(tournament)},
              {"rules", {{"points", std::move(points)}, {"bye_points", half_points_json(b.bye_points_half)}}},
              {"entrants", std::move(entrants)},
              {"rounds", std::move(rounds)},
              {"byes", std::move(byes)},
              {"standings", std::move(standings)}};
}

json encode_table(const BundleTable& t) {
  json seats = json::array();
  for (const BundleSeat& s : t.seats) seats.push_back({{"seat", s.seat}, {"player", s.player}, {"name", s.name}});
  return json{{"tournament_table",
               {{"round", t.round},
                {"table", t.number},
                {"id", t.table},
                {"status", t.status},
                {"seats", std::move(seats)},
                {"abandoned", t.abandoned}}}};
}

// Reading: each fault is thrown as a sentence naming the field, and caught
// once, with the line's number, by read_bundle.
struct Fault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json& member(const json& o, const std::string& key, const std::string& where) {
  if (!o.is_object()) throw Fault(where + ": an object is required");
  const auto it = o.find(key);
  if (it == o.end()) throw Fault(where + "." + key + " is missing");
  return *it;
}

std::int64_t whole(const json& o, const std::string& key, const std::string& where) {
  const json& v = member(o, key, where);
  if (!v.is_number_integer()) throw Fault(where + "." + key + ": a whole number is required");
  return v.get<std::int64_t>();
}

int small(const json& o, const std::string& key, const std::string& where) {
  const std::int64_t v = whole(o, key, where);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    throw Fault(where + "." + key + ": out of range");
  }
  return static_cast<int>(v);
}

std::string text(const json& o, const std::string& key, const std::string& where) {
  const json& v = member(o, key, where);
  if (!v.is_string()) throw Fault(where + "." + key + ": a text is required");
  return v.get<std::string>();
}

bool flag(const json& o, const std::string& key, const std::string& where) {
  const json& v = member(o, key, where);
  if (!v.is_boolean()) throw Fault(where + "." + key + ": true or false is required");
  return v.get<bool>();
}

// Points written as numbers with halves (10.5), read back in half-points.
int half_points(const json& v, const std::string& where) {
  if (v.is_number_integer()) return static_cast<int>(v.get<std::int64_t>() * 2);
  if (v.is_number_float()) {
    const double twice = v.get<double>() * 2;
    if (std::nearbyint(twice) == twice && std::abs(twice) < 1e9) return static_cast<int>(twice);
  }
  throw Fault(where + ": a number of points in halves is required");
}

int half_points(const json& o, const std::string& key, const std::string& where) {
  return half_points(member(o, key, where), where + "." + key);
}

template <typename T, typename Read>
std::optional<T> optional(const json& o, const std::string& key, Read read) {
  const auto it = o.find(key);
  if (it == o.end() || it->is_null()) return std::nullopt;
  return read();
}

const json& array(const json& o, const std::string& key, const std::string& where) {
  const json& v = member(o, key, where);
  if (!v.is_array()) throw Fault(where + "." + key + ": a list is required");
  return v;
}

TournamentBundle read_header(const json& line) {
  TournamentBundle b;
  if (!line.is_object() || !line.contains("format") || line.at("format") != kBundleFormat) {
    throw Fault("the first line is not a tournament bundle's (format: \"spb-tournament\")");
  }
  if (whole(line, "version", "bundle") != kBundleVersion) {
    throw Fault("version: this program reads version " + std::to_string(kBundleVersion));
  }
  const json& t = member(line, "tournament", "bundle");
  const std::string w = "tournament";
  b.id = whole(t, "id", w);
  b.name = text(t, "name", w);
  b.creator = text(t, "creator", w);
  const auto status = parse_tournament_status(text(t, "status", w));
  if (!status) throw Fault("tournament.status: registering, playing, finished or cancelled");
  b.status = *status;
  const auto format = parse_tournament_format(text(t, "format", w));
  if (!format) throw Fault("tournament.format: swiss, round_robin or elimination");
  b.format = *format;
  b.rounds = small(t, "rounds", w);
  b.table_players = small(t, "table_players", w);
  b.group_size = optional<int>(t, "group_size", [&] { return small(t, "group_size", w); });
  b.advance = optional<int>(t, "advance", [&] { return small(t, "advance", w); });
  b.duplicate = flag(t, "duplicate", w);
  b.created_at = whole(t, "created_at", w);
  b.starts_at = whole(t, "starts_at", w);
  b.finished_at = optional<std::int64_t>(t, "finished_at", [&] { return whole(t, "finished_at", w); });

  const json& rules = member(line, "rules", "bundle");
  const json& points = member(rules, "points", "rules");
  if (!points.is_object()) throw Fault("rules.points: an object by table size is required");
  for (const auto& [size_text, row] : points.items()) {
    const std::string where = "rules.points." + size_text;
    std::size_t size = 0;
    try {
      size = std::stoul(size_text);
    } catch (const std::exception&) {
      throw Fault(where + ": a table size is required");
    }
    if (size < 2 || size > 5 || !row.is_array() || row.size() != size) {
      throw Fault(where + ": a row of one number per place, at a table of 2 to 5 players");
    }
    if (b.points_half.size() <= size) b.points_half.resize(size + 1);
    for (const json& p : row) b.points_half[size].push_back(half_points(p, where));
  }
  b.bye_points_half = half_points(rules, "bye_points", "rules");

  for (const json& e : array(line, "entrants", "bundle")) {
    BundleEntrant entrant;
    entrant.player = whole(e, "player", "entrants[]");
    entrant.name = text(e, "name", "entrants[]");
    entrant.seed_rating = optional<double>(e, "seed_rating", [&]() -> double {
      if (!e.at("seed_rating").is_number()) throw Fault("entrants[].seed_rating: a number is required");
      return e.at("seed_rating").get<double>();
    });
    entrant.left_at = optional<std::int64_t>(e, "left_at", [&] { return whole(e, "left_at", "entrants[]"); });
    entrant.left = optional<std::string>(e, "left", [&] { return text(e, "left", "entrants[]"); });
    entrant.left_reason = optional<std::string>(e, "left_reason", [&] { return text(e, "left_reason", "entrants[]"); });
    b.entrants.push_back(std::move(entrant));
  }
  for (const json& r : array(line, "rounds", "bundle")) {
    BundleRound round;
    round.round = small(r, "round", "rounds[]");
    round.started_at = whole(r, "started_at", "rounds[]");
    round.finished_at = optional<std::int64_t>(r, "finished_at", [&] { return whole(r, "finished_at", "rounds[]"); });
    round.deal = optional<BundleDeal>(r, "deal", [&] {
      const json& d = r.at("deal");
      const std::string wd = "rounds[].deal";
      BundleDeal deal{text(d, "commitment", wd), text(d, "secret", wd), {}};
      for (const json& c : array(d, "contributions", wd)) {
        const std::string wc = wd + ".contributions[]";
        deal.contributions.push_back(
            BundleDeal::Contribution{whole(c, "player", wc), text(c, "contribution", wc), whole(c, "given_at", wc)});
      }
      return deal;
    });
    b.played.push_back(std::move(round));
  }
  for (const json& bye : array(line, "byes", "bundle")) {
    b.byes.push_back(BundleBye{small(bye, "round", "byes[]"), whole(bye, "player", "byes[]")});
  }
  for (const json& s : array(line, "standings", "bundle")) {
    const std::string ws = "standings[]";
    BundleStanding row;
    row.rank = small(s, "rank", ws);
    row.player = whole(s, "player", ws);
    row.name = text(s, "name", ws);
    row.points_half = half_points(s, "points", ws);
    row.games = small(s, "games", ws);
    row.game_points = small(s, "game_points", ws);
    row.rubles = small(s, "rubles", ws);
    row.schedule_strength_half = half_points(s, "schedule_strength", ws);
    row.matchpoints_half = half_points(s, "matchpoints", ws);
    row.byes = small(s, "byes", ws);
    row.last_round = small(s, "last_round", ws);
    row.last_place = small(s, "last_place", ws);
    row.left = flag(s, "left", ws);
    b.standings.push_back(std::move(row));
  }
  return b;
}

BundleTable read_table(const json& line) {
  const json& t = member(line, "tournament_table", "line");
  const std::string w = "tournament_table";
  BundleTable table;
  table.round = small(t, "round", w);
  table.number = small(t, "table", w);
  table.table = whole(t, "id", w);
  table.status = text(t, "status", w);
  for (const json& s : array(t, "seats", w)) {
    table.seats.push_back(BundleSeat{small(s, "seat", w + ".seats[]"), whole(s, "player", w + ".seats[]"),
                                     text(s, "name", w + ".seats[]")});
  }
  for (const json& seat : array(t, "abandoned", w)) {
    if (!seat.is_number_integer()) throw Fault(w + ".abandoned: seat numbers are required");
    table.abandoned.push_back(seat.get<int>());
  }
  return table;
}

bool is_end(const json& line, const char* format) {
  return line.is_object() && line.contains("end") && line.at("end") == format;
}

// The text of a bundle: the input itself, or the "bundle" text of a
// tournament_bundle result (or its whole frame) saved as one JSON object.
std::string bundle_lines(const std::string& input) {
  json whole_input = json::parse(input, nullptr, false);
  if (whole_input.is_discarded() || !whole_input.is_object()) return input;
  if (whole_input.contains("data") && whole_input.at("data").is_object()) whole_input = whole_input.at("data");
  if (whole_input.contains("bundle") && whole_input.at("bundle").is_string()) return whole_input.at("bundle").get<std::string>();
  return input;
}

}  // namespace

void TournamentBundle::write_lines(std::ostream& out) const {
  out << encode_header(*this).dump() << '\n';
  for (const BundleTable& t : tables) {
    out << encode_table(t).dump() << '\n';
    for (const std::string& line : t.record) out << line << '\n';
  }
  out << json{{"end", kBundleFormat}, {"tables", tables.size()}}.dump() << '\n';
}

std::string bundle_text(const TournamentBundle& bundle) {
  std::ostringstream out;
  bundle.write_lines(out);
  return out.str();
}

std::string encode_data(const BundleData& data) { return json{{"bundle", data.text}}.dump(); }

Expected<TournamentBundle, std::string> read_bundle(std::istream& in) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::istringstream lines(bundle_lines(buffer.str()));
  std::string line;
  std::size_t number = 0;
  std::optional<TournamentBundle> bundle;
  BundleTable* open = nullptr;  // a table whose record's trailer is still to come
  bool ended = false;
  try {
    while (std::getline(lines, line)) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      if (ended) throw Fault("the bundle goes on after its last line");
      const json j = json::parse(line, nullptr, false);
      if (j.is_discarded() || !j.is_object()) throw Fault("not a JSON object");
      if (!bundle) {
        bundle = read_header(j);
      } else if (open) {
        if (j.contains("tournament_table") || is_end(j, kBundleFormat)) {
          throw Fault("the record of round " + std::to_string(open->round) + ", table " + std::to_string(open->number) +
                      " ends without its trailer line");
        }
        if (open->record.empty() && !(j.contains("format") && j.at("format") == "spb-record")) {
          throw Fault("a table's line must be followed by its game record's header line");
        }
        open->record.push_back(line);
        if (is_end(j, "spb-record")) open = nullptr;
      } else if (j.contains("tournament_table")) {
        open = &bundle->tables.emplace_back(read_table(j));
      } else if (is_end(j, kBundleFormat)) {
        if (whole(j, "tables", "end") != static_cast<std::int64_t>(bundle->tables.size())) {
          throw Fault("the last line counts " + j.at("tables").dump() + " tables, the bundle holds " +
                      std::to_string(bundle->tables.size()));
        }
        ended = true;
      } else {
        throw Fault("a table's line ({\"tournament_table\": ...}) or the bundle's last line is expected here");
      }
    }
  } catch (const Fault& fault) {
    return unexpected("line " + std::to_string(number) + ": " + fault.what());
  } catch (const json::exception& e) {
    return unexpected("line " + std::to_string(number) + ": " + e.what());
  }
  if (!bundle) return unexpected(std::string("the file holds no tournament bundle"));
  if (!ended) return unexpected(std::string("the bundle has no last line ({\"end\": \"spb-tournament\"}): it is cut short"));
  return std::move(*bundle);
}

}  // namespace sp::protocol
