#include "server/requests/request.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/lobby_results.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/stored_text.hpp"
#include "protocol/notice_details.hpp"
#include "server/requests/player_standing.hpp"
#include "server/security/credentials.hpp"
#include "server/security/fair_deal.hpp"
#include "server/table/table.hpp"
#include "server/table/table_deal.hpp"
#include "server/table/table_summary.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

constexpr int kListLimit = 200;
// 64 random bits: a private table's code cannot be guessed.
constexpr std::size_t kInviteCodeDigits = 16;

bool is_seated(const TableRecord& t, std::int64_t user) {
  return std::any_of(t.seats.begin(), t.seats.end(), [user](const SeatRecord& s) { return s.user_id == user; });
}

// Read from the store, not the connection: an administrator may have flagged
// the account since its session began.
bool is_bot(Records& db, std::int64_t user) {
  const auto account = db.find_user(user);
  return account && account->bot;
}

// A table's summary as `user` may see it: a private table's code goes to its
// creator and seated players only, for them to pass its link on.
protocol::LobbyTable summary_for(const TableRecord& t, std::int64_t user) {
  protocol::LobbyTable shown{table_summary(t)};
  if (t.invite_code && (t.creator_id == user || is_seated(t, user))) shown.invite_code = *t.invite_code;
  return shown;
}

void on_create_table(const Request& r, const client::CreateTable& create) {
  TableRecord record;
  record.name = create.name.value_or(r.state().user_name + "'s table");
  record.creator_id = *r.state().user_id;
  record.status = TableStatus::kOpen;
  record.player_count = create.players;
  record.options_json = protocol::stored_options_text(create.options.value_or(engine::TableOptions{}));
  record.card_set_version = std::string(engine::card_set_version());
  // Drawn before anyone can contribute; only its commitment is shown until the end.
  record.deal_secret = draw_deal_secret();
  if (create.private_table) record.invite_code = new_token().substr(0, kInviteCodeDigits);
  const TablePace pace = pace_of(create);
  const TableTerms terms{create.rated, create.min_rating, create.max_timeout_rate, create.bots_allowed};
  store_job(r, [record, pace, terms, now = r.services.correspondence.clock.now()](Records& db) {
    const bool creator_sits = pace.robots < record.player_count;
    if (creator_sits && !terms.bots_allowed && is_bot(db, record.creator_id)) {
      return Reply::error(ErrorCode::kBotsNotAllowed,
                          "A bot's account creates only tables that allow bots: send bots_allowed: true.");
    }
    const std::int64_t id = db.insert_table(record, now);
    if (creator_sits) db.insert_seat(id, 0, record.creator_id);
    write_table_pace(db, id, pace, record.player_count);
    if (terms != TableTerms{}) db.set_table_terms(id, terms);
    protocol::LobbyTable table = summary_for(*db.load_table(id), record.creator_id);
    table.terms = terms_shown(terms);
    return Reply::result(protocol::encode_table_data(table));
  });
}

void on_list_tables(const Request& r, const client::ListTables& list) {
  const TableStatus status = list.status.value_or(TableStatus::kOpen);
  store_job(r, [status](Records& db) {
    std::vector<protocol::LobbyTable> tables;
    // Each seated person's rating in the table's pool and timeout rate, to
    // choose whom to play with (docs/ratings.md).
    std::map<std::pair<std::int64_t, RatingPool>, protocol::PlayerStanding> standings;
    for (const TableRecord& t : db.list_tables(status, kListLimit)) {
      if (t.invite_code) continue;
      protocol::LobbyTable table{table_summary(t)};
      table.terms = terms_shown(db.table_terms(t.id));
      // A bot's account seated puts the game in the bots' pools (docs/bots.md).
      const bool bot_seated = std::any_of(t.seats.begin(), t.seats.end(), [](const SeatRecord& s) { return s.bot; });
      const RatingPool pool = pool_for(t.player_count, bot_seated);
      for (const protocol::SeatSummary& seat : table.summary.seats) {
        if (seat.robot) continue;
        const auto& s = *std::find_if(t.seats.begin(), t.seats.end(),
                                      [&](const SeatRecord& at) { return at.seat == seat.seat; });
        auto known = standings.find({s.user_id, pool});
        if (known == standings.end()) known = standings.emplace(std::pair{s.user_id, pool}, standing_of(db, s.user_id, pool)).first;
        table.standings.emplace_back(seat.seat, known->second);
      }
      tables.push_back(std::move(table));
    }
    return Reply::result(protocol::encode_tables_data(tables));
  });
}

// A lobby change on an open table: `change` checks the rules and writes.
// `committed` runs once the change is stored. The reply holds the table's
// summary, or nothing when `with_table` is false (invite).
void lobby_change(const Request& r, std::int64_t table_id,
                  std::function<std::optional<Reply>(Records&, TableRecord&, std::int64_t)> change,
                  std::function<void()> committed = {}, bool with_table = true) {
  const std::int64_t user = *r.state().user_id;
  store_job(r, [table_id, user, change = std::move(change), with_table](Records& db) {
    auto table = db.load_table(table_id);
    if (!table) return Reply::error(ErrorCode::kNoSuchTable, "There is no table " + std::to_string(table_id) + ".");
    if (auto refusal = change(db, *table, user)) return *refusal;
    if (!with_table) return Reply::result(protocol::encode_data(protocol::Acknowledged{}));
    protocol::LobbyTable changed = summary_for(*db.load_table(table_id), user);
    changed.terms = terms_shown(db.table_terms(table_id));
    return Reply::result(protocol::encode_table_data(changed));
  }, std::move(committed));
}

void on_join_table(const Request& r, const client::JoinTable& join) {
  lobby_change(r, join.table, [contribution = join.contribution, code = join.code](
                                  Records& db, TableRecord& t, std::int64_t user) -> std::optional<Reply> {
    if (t.status != TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotOpen, "That table has started or ended.");
    if (is_seated(t, user)) return Reply::error(ErrorCode::kAlreadySeated, "You have a seat at that table already.");
    if (t.invite_code && code != t.invite_code && !db.is_invited(t.id, user)) {
      return Reply::error(ErrorCode::kPrivateTable, "That table is private: join it by invitation or with its link.");
    }
    if (static_cast<int>(t.seats.size()) >= t.player_count) return Reply::error(ErrorCode::kTableFull, "That table is full.");
    const TableTerms terms = db.table_terms(t.id);
    const bool bot = is_bot(db, user);
    if (bot && !terms.bots_allowed) {
      return Reply::error(ErrorCode::kBotsNotAllowed,
                          "That table is for people only: bot accounts may not sit at it (its bots_allowed is false).");
    }
    if (auto refusal = refusal_by_terms(db, terms, user, pool_for(t.player_count, bot))) return refusal;
    int seat = 0;
    while (std::any_of(t.seats.begin(), t.seats.end(), [seat](const SeatRecord& s) { return s.seat == seat; })) ++seat;
    db.insert_seat(t.id, seat, user);
    if (contribution) db.set_seat_contribution(t.id, seat, contribution);
    return std::nullopt;
  });
}

void on_leave_table(const Request& r, const client::LeaveTable& leave) {
  lobby_change(r, leave.table, [now = r.services.correspondence.clock.now()](Records& db, TableRecord& t,
                                                                std::int64_t user) -> std::optional<Reply> {
    if (t.status != TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotOpen, "Only a table that has not started can be left.");
    if (!is_seated(t, user)) return Reply::error(ErrorCode::kNotSeated, "You have no seat at that table.");
    db.delete_seat(t.id, user);
    if (user == t.creator_id) db.abort_table(t.id, now, std::nullopt, std::nullopt);
    return std::nullopt;
  });
}

// Each invitation is a notice to another player, perhaps an email: a player
// is told once per table, and an account sends at most
// --invitations-per-account-hour of them, so nobody can flood another's
// mailbox through invitations.
void on_invite(const Request& r, const client::Invite& invite) {
  const std::string inviter = r.state().user_name;
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  lobby_change(
      r, invite.table,
      [name = invite.name, inviter, stored, &guards = r.services.guards, &metrics = r.services.metrics,
       now = r.services.correspondence.clock.now()](Records& db, TableRecord& t, std::int64_t user) -> std::optional<Reply> {
        if (t.status != TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotOpen, "That table has started or ended.");
        if (!is_seated(t, user)) return Reply::error(ErrorCode::kNotSeated, "Only a player at the table may invite.");
        const auto invitee = db.find_user_by_name(name);
        if (!invitee) return Reply::error(ErrorCode::kNoSuchUser, "There is no player called " + name + ".");
        // Invited or seated already: the player was told, and is not told again.
        if (is_seated(t, invitee->id) || db.is_invited(t.id, invitee->id)) return std::nullopt;
        int retry_after = 0;
        if (!guards.invitations_by_account.take(std::to_string(user), ThrottleClock::now(), retry_after)) {
          metrics.refuse(Refusal::kInvitationsThrottled);
          return Reply::error(ErrorCode::kInvitationThrottled,
                              "Too many invitations this hour; wait " + std::to_string(retry_after) + " s.");
        }
        db.insert_invitation(t.id, invitee->id, user, now);
        const NotificationDraft draft{invitee->id, "invited", t.id, inviter + " invites you to " + t.name + ".",
                                      protocol::InvitedDetails{inviter}};
        if (auto n = store_notification(db, draft, now)) stored->push_back(std::move(*n));
        return std::nullopt;
      },
      [r, stored] { r.services.correspondence.notifier.deliver(*stored); }, /*with_table=*/false);
}

// The creator's seat contributes here rather than at create_table: the server
// draws its secret when it creates the table, so a contribution sent with
// create_table would be seen before the commitment is fixed (docs/fairness.md).
void on_start_table(const Request& r, const client::StartTable& start) {
  const std::int64_t user = *r.state().user_id;
  auto started = std::make_shared<std::optional<TableRecord>>();
  auto refusal = std::make_shared<std::optional<Reply>>();
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  r.services.store.submit(
      [table_id = start.table, user, contribution = start.contribution, started, refusal, stored,
       now = r.services.correspondence.clock.now()](Records& db) {
        auto t = db.load_table(table_id);
        if (!t) return void(*refusal = Reply::error(ErrorCode::kNoSuchTable, "There is no such table."));
        if (t->creator_id != user) return void(*refusal = Reply::error(ErrorCode::kNotCreator, "Only the table's creator starts it."));
        if (t->status != TableStatus::kOpen) return void(*refusal = Reply::error(ErrorCode::kTableNotOpen, "That table has started or ended."));
        if (static_cast<int>(t->seats.size()) != t->player_count) {
          return void(*refusal = Reply::error(ErrorCode::kTableNotOpen, "Every seat must be taken before the game starts."));
        }
        if (contribution) {
          for (SeatRecord& s : t->seats) {
            if (s.user_id != user) continue;
            db.set_seat_contribution(t->id, s.seat, contribution);
            s.contribution = contribution;
          }
        }
        // A table created before fair deals has no secret: the server alone deals it, as it always did.
        t->seed = t->deal_secret ? fair_seed(*t) : random_seed();
        auto state = engine::new_game(setup_of(*t));
        if (!state) return void(*refusal = Reply::error(ErrorCode::kBadRequest, state.error().message));
        db.start_table(t->id, t->seed, engine::state_hash_hex(*state), now);
        *stored = write_table_start(db, *t, *state, now);
        *started = db.load_table(t->id);
      },
      [r, started, refusal, stored](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The table could not be started; nothing was changed."));
        if (*refusal) return r.reply(**refusal);
        r.services.tables.add_started(**started);
        r.services.correspondence.notifier.deliver(*stored);
        r.reply(Reply::result(protocol::encode_table_data(protocol::LobbyTable{table_summary(**started)})));
      });
}

void on_my_tables(const Request& r, const client::MyTables&) {
  const std::int64_t user = *r.state().user_id;
  auto records = std::make_shared<std::vector<TableRecord>>();
  r.services.store.submit([user, records](Records& db) { *records = db.tables_of_user(user); },
                          [r, user, records](std::exception_ptr error) {
                            if (error) return r.reply(store_failure(error, "Your tables could not be read."));
                            // Playing tables know whose turn it is: ask them, then answer once all did.
                            struct Gather {
                              std::mutex mutex;
                              std::vector<protocol::LobbyTable> tables;
                              std::size_t waiting = 0;
                            };
                            auto gather = std::make_shared<Gather>();
                            auto finish = [r, user, gather] {
                              protocol::MyTables mine{gather->tables};
                              auto awaiting = [](const protocol::LobbyTable& t) {
                                if (!t.your_seat || t.summary.status != "playing") return false;
                                const auto& to_act = t.summary.to_act;
                                return std::find(to_act.begin(), to_act.end(), *t.your_seat) != to_act.end();
                              };
                              std::stable_sort(mine.tables.begin(), mine.tables.end(),
                                               [&](const protocol::LobbyTable& a, const protocol::LobbyTable& b) {
                                                 return awaiting(a) && !awaiting(b);
                                               });
                              mine.awaiting_me = std::count_if(mine.tables.begin(), mine.tables.end(), awaiting);
                              r.reply(Reply::result(protocol::encode_data(mine)));
                            };
                            auto add = [user](protocol::LobbyTable table, const TableRecord& t) {
                              for (const SeatRecord& s : t.seats) {
                                if (s.user_id == user) table.your_seat = s.seat;
                              }
                              table.invited = !table.your_seat;
                              return table;
                            };
                            std::vector<const TableRecord*> live;
                            for (const TableRecord& t : *records) {
                              if (t.status == TableStatus::kPlaying) {
                                live.push_back(&t);
                              } else {
                                gather->tables.push_back(add(summary_for(t, user), t));
                              }
                            }
                            if (live.empty()) return finish();
                            gather->waiting = live.size();
                            for (const TableRecord* t : live) {
                              r.services.tables.watch_table(t->id, [gather, finish, add, record = *t](std::shared_ptr<Table> table, TableUnavailable) {
                                auto done = [gather, finish, add, record](protocol::TableSummary summary) {
                                  bool last = false;
                                  {
                                    std::lock_guard lock(gather->mutex);
                                    gather->tables.push_back(add(protocol::LobbyTable{std::move(summary)}, record));
                                    last = --gather->waiting == 0;
                                  }
                                  if (last) finish();
                                };
                                if (table) {
                                  table->summarize(done);
                                } else {
                                  done(table_summary(record));
                                }
                              });
                            }
                          });
}

}  // namespace

void add_lobby_requests(Routes& routes) {
  routes.add<client::CreateTable, on_create_table>(Access::kUser);
  routes.add<client::ListTables, on_list_tables>(Access::kAnyone);
  routes.add<client::JoinTable, on_join_table>(Access::kUser);
  routes.add<client::LeaveTable, on_leave_table>(Access::kUser);
  routes.add<client::Invite, on_invite>(Access::kUser);
  routes.add<client::StartTable, on_start_table>(Access::kUser);
  routes.add<client::MyTables, on_my_tables>(Access::kUser);
}

}  // namespace sp::server
