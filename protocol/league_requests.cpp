// Leagues (docs/protocol.md "Leagues"): create_league, list_leagues, league,
// join_league, leave_league.
#include <algorithm>

#include "protocol/request_codecs.hpp"
#include "protocol/shown_text.hpp"

namespace sp::protocol {

std::string_view to_string(LeagueNewcomers newcomers) {
  return newcomers == LeagueNewcomers::kByRating ? "by_rating" : "bottom";
}

std::optional<LeagueNewcomers> parse_league_newcomers(std::string_view word) {
  if (word == "bottom") return LeagueNewcomers::kBottom;
  if (word == "by_rating") return LeagueNewcomers::kByRating;
  return std::nullopt;
}

namespace {

using nlohmann::json;

constexpr int kMostTablesAtOnce = 10;
constexpr int kLongestSeasonDays = 365;

std::int64_t league_id(FieldReader& f) { return f.whole("league", 1, INT64_MAX); }

int small(FieldReader& f, std::string_view name, int min, int max, int otherwise) {
  if (!f.has(name)) return otherwise;
  return static_cast<int>(f.whole(name, min, max));
}

client::CreateLeague create_league(FieldReader& f) {
  client::CreateLeague create;
  create.name = f.text("name", 1, 60);
  // Every player reads it in their notices and emails.
  if (const auto why = f.ok() ? unshowable(create.name) : std::nullopt) {
    f.refuse(ErrorCode::kInvalidName, "name: that league name cannot be shown to other players. " + *why);
  }
  create.table = read_competition_table(f);
  create.division_size = small(f, "division_size", 3, 20, create.division_size);
  if (f.ok() && create.division_size < create.table.players) {
    f.refuse(ErrorCode::kBadRequest, "division_size: at least table.players, so that a division fills a table");
  }
  create.promoted = small(f, "promoted", 0, create.division_size / 2, std::min(create.promoted, create.division_size / 2));
  if (f.has("newcomers")) {
    const json& given = f.at("newcomers");
    const auto parsed = given.is_string() ? parse_league_newcomers(given.get<std::string>()) : std::nullopt;
    if (!parsed) f.refuse(ErrorCode::kBadRequest, "newcomers: bottom or by_rating");
    else create.newcomers = *parsed;
  }
  create.tables_at_once = small(f, "tables_at_once", 1, kMostTablesAtOnce, create.tables_at_once);
  create.meetings = small(f, "meetings", 1, 4, create.meetings);
  create.season_days = small(f, "season_days", 1, kLongestSeasonDays, create.season_days);
  create.starts_at = f.whole("starts_at", 1, INT64_MAX);
  return create;
}

void put_create_league(const client::CreateLeague& m, json& out) {
  out["name"] = m.name;
  put_competition_table(m.table, out);
  out["division_size"] = m.division_size;
  out["promoted"] = m.promoted;
  out["newcomers"] = to_string(m.newcomers);
  out["tables_at_once"] = m.tables_at_once;
  out["meetings"] = m.meetings;
  out["season_days"] = m.season_days;
  out["starts_at"] = m.starts_at;
}

}  // namespace

void add_league_codecs(RequestCodecs& codecs) {
  codecs.add<client::CreateLeague>(create_league, put_create_league);
  codecs.add<client::ListLeagues>([](FieldReader&) { return client::ListLeagues{}; },
                                  [](const client::ListLeagues&, json&) {});
  codecs.add<client::ShowLeague>(
      [](FieldReader& f) {
        client::ShowLeague show{league_id(f), std::nullopt};
        if (const auto season = f.optional_whole("season", 1, 100000)) show.season = static_cast<int>(*season);
        return show;
      },
      [](const client::ShowLeague& m, json& out) {
        out["league"] = m.league;
        put_optional(out, "season", m.season);
      });
  codecs.add<client::JoinLeague>([](FieldReader& f) { return client::JoinLeague{league_id(f)}; },
                                 [](const client::JoinLeague& m, json& out) { out["league"] = m.league; });
  codecs.add<client::LeaveLeague>([](FieldReader& f) { return client::LeaveLeague{league_id(f)}; },
                                  [](const client::LeaveLeague& m, json& out) { out["league"] = m.league; });
}

}  // namespace sp::protocol
