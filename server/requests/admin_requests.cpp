// Administration over the protocol, behind the administrator token
// (config.admin_token; empty: administration is disabled). admin_login marks
// the connection as an administrator's; every other admin_* request needs it.
// Every administrative act, and every login attempt, is written to the
// administrators' log (admin_actions) with who, when and what.
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/view.hpp"
#include "protocol/account_results.hpp"
#include "protocol/admin_results.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/record_results.hpp"
#include "protocol/lobby_results.hpp"
#include "protocol/table_results.hpp"
#include "server/store/admin_log.hpp"
#include "server/table/log_replay.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/requests/request.hpp"
#include "server/requests/stored_game_job.hpp"
#include "server/table/table.hpp"
#include "server/table/table_summary.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

constexpr int kListLimit = 500;

// Compared in constant time whatever the lengths: both sides are hashed first.
bool token_matches(const std::string& given, const std::string& expected) {
  unsigned char a[crypto_generichash_BYTES];
  unsigned char b[crypto_generichash_BYTES];
  crypto_generichash(a, sizeof a, reinterpret_cast<const unsigned char*>(given.data()), given.size(), nullptr, 0);
  crypto_generichash(b, sizeof b, reinterpret_cast<const unsigned char*>(expected.data()), expected.size(), nullptr, 0);
  return sodium_memcmp(a, b, sizeof a) == 0;
}

// Writes one act to the administrators' log; an act is not undone when its
// log line cannot be written, but the failure is not silent either.
void log_act(const Request& r, std::optional<std::int64_t> table, const std::string& outcome) {
  AdminAction act;
  act.at = r.services.correspondence.clock.now();
  act.user_id = r.state().user_id;
  act.who = r.state().user_id ? r.state().user_name : "administrator";
  act.address = r.state().remote_address;
  act.request = r.type;
  act.table = table;
  // The request's fields as the schemas spell them, but the administrator token.
  act.arguments_json = protocol::admin_log_arguments(*r.decoded);
  act.outcome = outcome;
  r.services.store.submit([act](Records& db) { db.log_admin_action(act); },
                          [act](std::exception_ptr error) {
                            if (error) spdlog::error("the administrators' log could not record {} by {}", act.request, act.who);
                          });
}

// A ReplyFn that logs the act with its outcome, then answers.
ReplyFn logged(const Request& r, std::optional<std::int64_t> table) {
  return [r, table](Reply reply) {
    log_act(r, table, reply.ok ? "ok" : reply.code);
    r.reply(std::move(reply));
  };
}

void on_admin_login(const Request& r, const client::AdminLogin& login) {
  if (!administrator_token_accepted(r, login.token)) return;
  r.state().administrator = true;
  r.state().settled = true;  // an administrator's connection meets the login deadline too
  r.reply(Reply::result(protocol::encode_data(protocol::AdministratorLoggedIn{})));
}

void on_admin_list_tables(const Request& r, const client::AdminListTables& list) {
  std::vector<TableStatus> statuses{TableStatus::kOpen, TableStatus::kPlaying, TableStatus::kFinished,
                                     TableStatus::kAborted};
  if (list.status) statuses = {*list.status};
  auto outcome = std::make_shared<Reply>();
  r.services.store.submit(
      [statuses, outcome](Records& db) {
        std::vector<protocol::LobbyTable> tables;
        for (const TableStatus status : statuses) {
          for (const TableRecord& t : db.list_tables(status, kListLimit)) tables.emplace_back(table_summary(t));
        }
        *outcome = Reply::result(protocol::encode_tables_data(tables));
      },
      [reply = logged(r, std::nullopt), outcome](std::exception_ptr error) {
        reply(error ? store_failure(error, "The tables could not be read.") : *outcome);
      });
}

// The administrator's view of a table as its log leaves it, the stacks'
// order included; a table whose log diverges shows the state before the bad
// move and says where it diverges.
void on_admin_view(const Request& r, const client::AdminView& view) {
  with_stored_game(
      r, view.table,
      [](const TableRecord& t, const std::vector<MoveRecord>& moves) {
        if (t.status == TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotPlaying, "That table has not started.");
        LogReplay replay(t);
        for (const MoveRecord& move : moves) {
          if (!replay.apply(move, true, nullptr)) break;
        }
        replay.finish(t);
        protocol::AdminTableView shown{table_summary(t),
                                       view_after(replay.state(), engine::Viewer::administrator(), replay.moves()),
                                       seat_names_of(t), std::nullopt};
        if (const auto& divergence = replay.divergence()) {
          shown.divergence = protocol::LogDivergence{divergence->move_number, divergence->reason};
        }
        return Reply::result(protocol::encode_data(shown));
      },
      logged(r, view.table));
}

void on_admin_replay(const Request& r, const client::AdminReplay& replay) {
  with_stored_game(
      r, replay.table,
      [move = replay.move_number, seat = replay.seat, language = r.state().language](const TableRecord& t,
                                                                                     const std::vector<MoveRecord>& moves) {
        if (seat && seat->value >= t.player_count) {
          return Reply::error(ErrorCode::kBadRequest, "seat: table " + std::to_string(t.id) + " has seats 0 to " +
                                                 std::to_string(t.player_count - 1));
        }
        const engine::Viewer viewer = seat ? engine::Viewer::of_seat(*seat) : engine::Viewer::administrator();
        return replay_reply(t, moves, move, viewer, language);
      },
      logged(r, replay.table));
}

void on_admin_abort(const Request& r, const client::AdminAbort& abort) {
  auto answer = logged(r, abort.table);
  r.services.tables.with_table(abort.table, [r, id = abort.table, reason = abort.reason, answer](std::shared_ptr<Table> table,
                                                                                       TableUnavailable why) {
    if (table) return table->abort(reason, answer);
    if (why.reason != TableUnavailable::Reason::kFaulted) {
      return answer(unavailable_reply(why, "That table is open or aborted already."));
    }
    // A table whose log does not replay is never served: it is aborted in the database alone.
    const std::int64_t now = r.services.correspondence.clock.now();
    auto outcome = std::make_shared<Reply>();
    r.services.store.submit(
        [id, now, reason, outcome](Records& db) {
          db.abort_table(id, now, TableStatus::kPlaying, reason);
          const auto record = db.load_table(id);
          *outcome = record && record->status == TableStatus::kAborted
                         ? Reply::result(protocol::encode_table_data(table_summary(*record)))
                         : Reply::error(ErrorCode::kTableNotPlaying, "That table is not being played.");
        },
        [answer, outcome](std::exception_ptr error) {
          answer(error ? store_failure(error, "The table could not be aborted; nothing was changed.") : *outcome);
        });
  });
}

void on_admin_remove_player(const Request& r, const client::AdminRemovePlayer& remove) {
  auto answer = logged(r, remove.table);
  r.services.tables.with_table(remove.table, [seat = remove.seat, answer](std::shared_ptr<Table> table, TableUnavailable why) {
    if (!table) return answer(unavailable_reply(why, "That table is not being played."));
    table->set_seat_controller(seat, SeatController::kRobot,
                               "removed by an administrator", answer);
  });
}

// A player disqualified from a tournament: marked as left, with the
// administrator's reason, their seats still being played handed to the robot.
void on_admin_disqualify(const Request& r, const client::AdminDisqualify& disqualify) {
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([name = disqualify.name, user](Records& db) { *user = db.find_user_by_name(name); },
                          [r, user, disqualify, answer = logged(r, std::nullopt)](std::exception_ptr error) {
                            if (error) return answer(store_failure(error, "Nothing was changed."));
                            if (!*user) return answer(Reply::error(ErrorCode::kNoSuchUser, "There is no user of that name."));
                            // From the store's completion, off the connection's strand: no asker.
                            // Acknowledged, as the other administrators' acts are.
                            leave_tournament(r, disqualify.tournament, (*user)->id, LeftHow::kDisqualified,
                                             disqualify.reason, std::nullopt, [answer](Reply reply) {
                                               if (!reply.ok) return answer(std::move(reply));
                                               answer(Reply::result(protocol::encode_data(protocol::Acknowledged{})));
                                             });
                          });
}

// Ends every session of a user, on every connection (a stolen account).
void on_admin_logout_user(const Request& r, const client::AdminLogoutUser& logout) {
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit(
      [name = logout.name, user](Records& db) {
        *user = db.find_user_by_name(name);
        if (*user) db.delete_user_sessions((*user)->id, "");
      },
      [r, user, answer = logged(r, std::nullopt)](std::exception_ptr error) {
        if (error) return answer(store_failure(error, "The sessions could not be ended; nothing was changed."));
        if (!*user) return answer(Reply::error(ErrorCode::kNoSuchUser, "There is no user of that name."));
        end_sessions(r.services, (*user)->id, SessionsToEnd{}, nullptr, SessionEnd::kAdministrator);
        answer(Reply::result(protocol::encode_data(protocol::SessionUser{{(*user)->id, (*user)->name}, std::nullopt})));
      });
}

// Flags an account as a third-party bot's (docs/bots.md), whatever it played
// before: those games keep the pools they were rated in. The flag governs the
// account's seats from now on and its limits from its next login.
void on_admin_flag_bot(const Request& r, const client::AdminFlagBot& flag) {
  auto user = std::make_shared<std::optional<UserRecord>>();
  auto robot = std::make_shared<bool>(false);
  r.services.store.submit(
      [name = flag.name, user, robot](Records& db) {
        *user = db.find_user_by_name(name);
        if (!*user) return;
        *robot = db.is_robot_user((*user)->id);
        if (!*robot) db.flag_bot((*user)->id);
      },
      [user, robot, answer = logged(r, std::nullopt)](std::exception_ptr error) {
        if (error) return answer(store_failure(error, "The account could not be flagged; nothing was changed."));
        if (!*user) return answer(Reply::error(ErrorCode::kNoSuchUser, "There is no user of that name."));
        if (*robot) return answer(Reply::error(ErrorCode::kBadRequest, "name: that is one of the server's own robots, not an account."));
        answer(Reply::result(protocol::encode_data(protocol::SessionUser{{(*user)->id, (*user)->name, true}, std::nullopt})));
      });
}

void on_admin_log(const Request& r, const client::AdminLog& log) {
  const std::optional<std::int64_t> table = log.table;
  auto outcome = std::make_shared<Reply>();
  r.services.store.submit(
      [table, limit = log.limit.value_or(100), outcome](Records& db) {
        protocol::AdminLog shown;
        for (const AdminAction& a : db.list_admin_actions(table, limit)) {
          shown.entries.push_back(protocol::AdminLogEntry{a.id, a.at, a.who, a.user_id, a.address, a.request, a.table,
                                                          a.arguments_json, a.outcome});
        }
        *outcome = Reply::result(protocol::encode_data(shown));
      },
      [reply = logged(r, table), outcome](std::exception_ptr error) {
        reply(error ? store_failure(error, "The administrators' log could not be read.") : *outcome);
      });
}

}  // namespace

bool administrator_token_accepted(const Request& r, const std::string& token) {
  const std::string& address = r.state().client_address;
  if (r.services.config.admin_token.empty()) {
    spdlog::warn("administrator token from {} refused: administration is disabled", address);
    log_act(r, std::nullopt, "administration_disabled");
    r.fail(ErrorCode::kAdministrationDisabled, "Administration is disabled on this server (no administrator token).");
    return false;
  }
  // Guesses at the administrator token count as failed logins of the address.
  auto& by_address = r.services.guards.logins_by_address;
  const auto now = ThrottleClock::now();
  if (const auto wait = by_address.wait(address, now)) {
    r.services.metrics.refuse(Refusal::kLoginThrottled);
    spdlog::warn("administrator token from {} refused: failed logins make the address wait {} s", address, *wait);
    log_act(r, std::nullopt, "login_throttled");
    r.fail(ErrorCode::kLoginThrottled, "Too many failed logins; try again in " + std::to_string(*wait) + " s.");
    return false;
  }
  if (!token_matches(token, r.services.config.admin_token)) {
    by_address.failed(address, now);
    spdlog::warn("administrator token from {} refused: not the administrator token ({})", address, r.type);
    log_act(r, std::nullopt, "invalid_admin_token");
    r.fail(ErrorCode::kInvalidAdminToken, "That is not the administrator token.");
    return false;
  }
  spdlog::info("administrator token from {} accepted ({})", address, r.type);
  log_act(r, std::nullopt, "ok");
  return true;
}

void add_admin_requests(Routes& routes) {
  routes.add<client::AdminLogin, on_admin_login>(Access::kAnyone);
  routes.add<client::AdminListTables, on_admin_list_tables>(Access::kAdministrator);
  routes.add<client::AdminView, on_admin_view>(Access::kAdministrator);
  routes.add<client::AdminReplay, on_admin_replay>(Access::kAdministrator);
  routes.add<client::AdminAbort, on_admin_abort>(Access::kAdministrator);
  routes.add<client::AdminRemovePlayer, on_admin_remove_player>(Access::kAdministrator);
  routes.add<client::AdminDisqualify, on_admin_disqualify>(Access::kAdministrator);
  routes.add<client::AdminLog, on_admin_log>(Access::kAdministrator);
  routes.add<client::AdminLogoutUser, on_admin_logout_user>(Access::kAdministrator);
  routes.add<client::AdminFlagBot, on_admin_flag_bot>(Access::kAdministrator);
}

}  // namespace sp::server
