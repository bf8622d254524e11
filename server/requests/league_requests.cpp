// Leagues (docs/leagues.md): create_league, list_leagues, league, join_league,
// leave_league. The seasons themselves are the director's
// (server/league/advance_league.hpp); a request that may let one start (a
// league created, a player joining) asks it to look.
#include <set>

#include "protocol/league_results.hpp"
#include "protocol/stored_text.hpp"
#include "server/league/league_view.hpp"
#include "server/requests/competition_tables.hpp"
#include "server/requests/request.hpp"
#include "server/tournament/competition_director.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

namespace client = protocol::client;

constexpr int kListLimit = 100;

// A division smaller than a table (the bottom one, 3 or more) plays at a
// table of its size, so every size from 3 to the league's must be dealt.
std::optional<Reply> refusal_of(const client::CreateLeague& c, std::int64_t now) {
  if (c.starts_at <= now) return Reply::error(ErrorCode::kBadRequest, "starts_at: a time still to come is required");
  std::set<int> sizes;
  for (int size = 3; size <= c.table.players; ++size) sizes.insert(size);
  return refusal_of_table_sizes(c.table, sizes, "league");
}

LeagueRecord record_of(const client::CreateLeague& c, std::int64_t creator, std::int64_t now) {
  LeagueRecord l;
  l.name = c.name;
  l.creator_id = creator;
  l.table_request = protocol::stored_table_request_text(c.table);
  l.rules.division_size = c.division_size;
  l.rules.table_size = c.table.players;
  l.rules.promoted = c.promoted;
  l.rules.newcomers = c.newcomers == protocol::LeagueNewcomers::kByRating ? tournament::NewcomerPlacement::kByRating
                                                                          : tournament::NewcomerPlacement::kBottom;
  l.rules.tables_at_once = c.tables_at_once;
  l.rules.meetings = c.meetings;
  l.season_days = c.season_days;
  l.next_season_at = c.starts_at;
  l.created_at = now;
  return l;
}

Reply no_such_league(std::int64_t id) {
  return Reply::error(ErrorCode::kNoSuchLeague, "There is no league " + std::to_string(id) + ".");
}

void look_at(const Request& r, std::int64_t league_id) {
  if (r.services.leagues) r.services.leagues->check(league_id);
}

void on_create_league(const Request& r, const client::CreateLeague& create) {
  if (r.services.config.tournaments_by_administrators && !r.state().administrator) {
    return r.fail(ErrorCode::kTournamentsClosed, "On this site only its administrators create leagues.");
  }
  const std::int64_t now = r.services.correspondence.clock.now();
  if (auto refusal = refusal_of(create, now)) return r.reply(*refusal);
  auto id = std::make_shared<std::int64_t>(0);
  store_job(
      r,
      [record = record_of(create, *r.state().user_id, now), id, user = *r.state().user_id](Records& db) {
        *id = db.insert_league(record);
        return Reply::result(protocol::encode_data(league_summary(db, *db.load_league(*id), user)));
      },
      [r, id] { look_at(r, *id); });
}

void on_list_leagues(const Request& r, const client::ListLeagues&) {
  store_job(r, [asker = r.state().user_id](Records& db) {
    protocol::LeagueList shown;
    for (const LeagueRecord& l : db.list_leagues(kListLimit)) shown.leagues.push_back(league_summary(db, l, asker));
    return Reply::result(protocol::encode_data(shown));
  });
}

void on_show_league(const Request& r, const client::ShowLeague& show) {
  store_job(r, [show, asker = r.state().user_id](Records& db) {
    const auto l = db.load_league(show.league);
    if (!l) return no_such_league(show.league);
    if (show.season && *show.season > l->current_season) {
      return Reply::error(ErrorCode::kBadRequest, "season: " + l->name + " has played " +
                                                      std::to_string(l->current_season) + " seasons so far");
    }
    return Reply::result(protocol::encode_data(league_view(db, *l, show.season, asker)));
  });
}

void on_join_league(const Request& r, const client::JoinLeague& join) {
  store_job(
      r,
      [id = join.league, user = *r.state().user_id, now = r.services.correspondence.clock.now()](Records& db) {
        const auto l = db.load_league(id);
        if (!l) return no_such_league(id);
        const auto account = db.find_user(user);
        if (account && account->bot) {
          return Reply::error(ErrorCode::kBotsNotAllowed, "Leagues are for people: a bot's account may not join.");
        }
        if (!db.join_league(id, user, now)) {
          return Reply::error(ErrorCode::kAlreadyInLeague, "You play in " + l->name + " already.");
        }
        return Reply::result(protocol::encode_data(league_summary(db, *db.load_league(id), user)));
      },
      [r, id = join.league] { look_at(r, id); });
}

void on_leave_league(const Request& r, const client::LeaveLeague& leave) {
  store_job(r, [id = leave.league, user = *r.state().user_id, now = r.services.correspondence.clock.now()](Records& db) {
    const auto l = db.load_league(id);
    if (!l) return no_such_league(id);
    // Before the first season nobody is placed yet: the player is simply taken
    // out. After it, they play out the season being played and are not placed again.
    if (!db.leave_league(id, user, l->current_season == 0, now)) {
      return Reply::error(ErrorCode::kNotInLeague, "You do not play in " + l->name + ", or you leave it already.");
    }
    return Reply::result(protocol::encode_data(league_summary(db, *db.load_league(id), user)));
  });
}

}  // namespace

void add_league_requests(Routes& routes) {
  routes.add<client::CreateLeague, on_create_league>(Access::kUser);
  routes.add<client::ListLeagues, on_list_leagues>(Access::kAnyone);
  routes.add<client::ShowLeague, on_show_league>(Access::kAnyone);
  routes.add<client::JoinLeague, on_join_league>(Access::kUser);
  routes.add<client::LeaveLeague, on_leave_league>(Access::kUser);
}

}  // namespace sp::server
