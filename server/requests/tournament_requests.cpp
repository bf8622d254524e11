// Tournaments (docs/tournaments.md): create_tournament, list_tournaments,
// tournament, register_tournament, withdraw_tournament; and leaving one, which
// withdrawing and an administrator's admin_disqualify share.
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>

#include "protocol/reply_frames.hpp"
#include "protocol/stored_text.hpp"
#include "protocol/tournament_results.hpp"
#include "server/requests/competition_tables.hpp"
#include "server/requests/player_standing.hpp"
#include "server/requests/request.hpp"
#include "server/table/table.hpp"
#include "server/tournament/finish_projection.hpp"
#include "server/tournament/competition_director.hpp"
#include "server/tournament/round_deal.hpp"
#include "server/tournament/tournament_view.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

namespace client = protocol::client;

constexpr int kListLimit = 100;

// The table sizes a tournament may seat (docs/tournaments.md "Table sizes"):
// its own, one or two fewer where the field does not divide (never below
// three), and an elimination's final of two.
std::set<int> seated_sizes(const client::CreateTournament& c) {
  std::set<int> sizes{c.table.players};
  for (int fewer = 1; fewer <= 2; ++fewer) {
    if (c.table.players - fewer >= 3) sizes.insert(c.table.players - fewer);
  }
  if (c.format == protocol::TournamentFormat::kElimination) {
    for (int n = 2; n < c.table.players; ++n) sizes.insert(n);
  }
  return sizes;
}

std::optional<Reply> refusal_of(const client::CreateTournament& c, std::int64_t now) {
  if (c.registration_closes_at <= now) {
    return Reply::error(ErrorCode::kBadRequest, "registration_closes_at: a time still to come is required");
  }
  return refusal_of_table_sizes(c.table, seated_sizes(c), "tournament");
}

TournamentRecord record_of(const client::CreateTournament& c, std::int64_t creator, std::int64_t now) {
  TournamentRecord t;
  t.name = c.name;
  t.creator_id = creator;
  t.status = TournamentStatus::kRegistering;
  t.format = c.format;
  t.rounds = c.rounds;
  t.table_players = c.table.players;
  t.table_request = protocol::stored_table_request_text(c.table);
  t.duplicate = c.duplicate;
  t.group_size = c.group_size;
  t.advance = c.advance;
  t.min_rating = c.entry.min_rating;
  t.max_timeout_rate = c.entry.max_timeout_rate;
  t.invitation_only = c.entry.invitation_only;
  t.max_players = c.max_players;
  t.registration_closes_at = c.registration_closes_at;
  t.starts_at = c.starts_at;
  t.finish_by = c.finish_by;
  t.created_at = now;
  return t;
}

void on_create_tournament(const Request& r, const client::CreateTournament& create) {
  if (r.services.config.tournaments_by_administrators && !r.state().administrator) {
    return r.fail(ErrorCode::kTournamentsClosed, "On this site only its administrators create tournaments.");
  }
  const std::int64_t now = r.services.correspondence.clock.now();
  if (auto refusal = refusal_of(create, now)) return r.reply(*refusal);
  const std::int64_t user = *r.state().user_id;
  // The projection simulates games for some hundreds of milliseconds: on the slow work's thread.
  boost::asio::post(r.services.slow_work, [r, create, user, now] {
    TournamentRecord record = record_of(create, user, now);
    record.projected_finish = projected_finish(create);
    auto id = std::make_shared<std::int64_t>(0);
    store_job(
        r,
        [record, id, user, now](Records& db) {
          *id = db.insert_tournament(record);
          if (record.duplicate) draw_round_deal(db, *id, 1, now);
          return Reply::result(protocol::encode_data(tournament_summary(db, *db.load_tournament(*id), user)));
        },
        [r, id] {
          if (r.services.tournaments) r.services.tournaments->check(*id);
        });
  });
}

void on_list_tournaments(const Request& r, const client::ListTournaments& list) {
  std::vector<TournamentStatus> statuses{TournamentStatus::kRegistering, TournamentStatus::kPlaying};
  if (list.status) statuses = {*list.status};
  store_job(r, [statuses, asker = r.state().user_id](Records& db) {
    protocol::TournamentList shown;
    for (const TournamentRecord& t : db.list_tournaments(statuses, kListLimit)) {
      shown.tournaments.push_back(tournament_summary(db, t, asker));
    }
    return Reply::result(protocol::encode_data(shown));
  });
}

Reply no_such_tournament(std::int64_t id) {
  return Reply::error(ErrorCode::kNoSuchTournament, "There is no tournament " + std::to_string(id) + ".");
}

void on_show_tournament(const Request& r, const client::ShowTournament& show) {
  store_job(r, [id = show.tournament, asker = r.state().user_id](Records& db) {
    const auto t = db.load_tournament(id);
    if (!t) return no_such_tournament(id);
    return Reply::result(protocol::encode_data(tournament_view(db, *t, asker)));
  });
}

void on_register_tournament(const Request& r, const client::RegisterTournament& reg) {
  store_job(r, [id = reg.tournament, user = *r.state().user_id,
                now = r.services.correspondence.clock.now()](Records& db) {
    const auto t = db.load_tournament(id);
    if (!t) return no_such_tournament(id);
    if (t->status != TournamentStatus::kRegistering || now >= t->registration_closes_at) {
      return Reply::error(ErrorCode::kRegistrationClosed, "Registration for " + t->name + " is closed.");
    }
    if (t->max_players && t->registered >= *t->max_players) {
      return Reply::error(ErrorCode::kTournamentFull,
                          t->name + " is full: it takes " + std::to_string(*t->max_players) + " players.");
    }
    if (t->invitation_only && t->creator_id != user && !db.invited_to_tournament(id, user)) {
      return Reply::error(ErrorCode::kNotInvited, t->name + " is by invitation, and its creator has not invited you.");
    }
    const auto account = db.find_user(user);
    if (account && account->bot) {
      return Reply::error(ErrorCode::kBotsNotAllowed, "Tournaments are for people: a bot's account may not register.");
    }
    const TableTerms entry{false, t->min_rating, t->max_timeout_rate, false};
    if (auto refusal = refusal_by_terms(db, entry, user, pool_for(t->table_players), "This tournament")) return *refusal;
    if (!db.register_player(id, user, now)) {
      return Reply::error(ErrorCode::kAlreadyRegistered, "You are registered for " + t->name + " already.");
    }
    return Reply::result(protocol::encode_data(tournament_summary(db, *db.load_tournament(id), user)));
  });
}

void on_withdraw_tournament(const Request& r, const client::WithdrawTournament& withdraw) {
  leave_tournament(r, withdraw.tournament, *r.state().user_id, LeftHow::kWithdrew, std::nullopt, r.state().user_id,
                   replier(r));
}

}  // namespace

void leave_tournament(const Request& r, std::int64_t tournament_id, std::int64_t user_id, LeftHow how,
                      std::optional<std::string> reason, std::optional<std::int64_t> asker, ReplyFn done) {
  struct Left {
    std::optional<Reply> reply;
    std::vector<std::pair<std::int64_t, int>> seats;  // (table, seat) still being played
  };
  auto left = std::make_shared<Left>();
  r.services.store.submit(
      [tournament_id, user_id, how, reason, left, asker,
       now = r.services.correspondence.clock.now()](Records& db) {
        const auto t = db.load_tournament(tournament_id);
        if (!t) return void(left->reply = no_such_tournament(tournament_id));
        const auto players = db.tournament_players(tournament_id);
        const auto player = std::find_if(players.begin(), players.end(), [&](const TournamentPlayerRecord& p) {
          return p.user_id == user_id && !p.left_at;
        });
        if (player == players.end()) {
          return void(left->reply = Reply::error(ErrorCode::kNotRegistered, "That player is not in " + t->name + "."));
        }
        if (t->status == TournamentStatus::kRegistering) {
          db.unregister_player(tournament_id, user_id);
        } else if (t->status == TournamentStatus::kPlaying) {
          db.mark_player_left(tournament_id, user_id, how, reason, now);
          for (const TournamentTableRecord& table : db.tournament_tables(tournament_id)) {
            if (table.status != TableStatus::kPlaying) continue;
            for (const auto& seat : table.seats) {
              if (seat.user_id == user_id) left->seats.emplace_back(table.table_id, seat.seat);
            }
          }
        } else {
          return void(left->reply = Reply::error(ErrorCode::kRegistrationClosed, t->name + " is over."));
        }
        left->reply = Reply::result(protocol::encode_data(tournament_summary(db, *db.load_tournament(tournament_id), asker)));
      },
      [r, left, how, done](std::exception_ptr error) {
        if (error) return done(store_failure(error, "Nothing was changed."));
        // A seat left at a table still being played is played by the robot from now on.
        const std::string why = how == LeftHow::kWithdrew ? "withdrew from the tournament" : "disqualified from the tournament";
        for (const auto& [table_id, seat] : left->seats) {
          r.services.tables.with_table(table_id, [seat, why](std::shared_ptr<Table> table, TableUnavailable) {
            if (!table) return;
            table->set_seat_controller(engine::Seat{static_cast<std::uint8_t>(seat)}, SeatController::kRobot, why,
                                       [](Reply) {});
          });
        }
        done(*left->reply);
      });
}

// server/requests/tournament_bundle_request.cpp
void on_tournament_bundle(const Request& r, const protocol::client::GetTournamentBundle& asked);
// server/requests/deal_contribution_request.cpp
void on_contribute_deal(const Request& r, const protocol::client::ContributeDeal& c);
// server/requests/tournament_invitation_request.cpp
void on_invite_tournament(const Request& r, const protocol::client::InviteTournament& invite);

void add_tournament_requests(Routes& routes) {
  routes.add<client::CreateTournament, on_create_tournament>(Access::kUser);
  routes.add<client::ListTournaments, on_list_tournaments>(Access::kAnyone);
  routes.add<client::ShowTournament, on_show_tournament>(Access::kAnyone);
  routes.add<client::RegisterTournament, on_register_tournament>(Access::kUser);
  routes.add<client::WithdrawTournament, on_withdraw_tournament>(Access::kUser);
  routes.add<client::GetTournamentBundle, on_tournament_bundle>(Access::kAnyone);
  routes.add<client::ContributeDeal, on_contribute_deal>(Access::kUser);
  routes.add<client::InviteTournament, on_invite_tournament>(Access::kUser);
}

}  // namespace sp::server
