#include "server/app/requests.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <regex>

#include "engine/card.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "server/app/credentials.hpp"
#include "server/store/records.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kSessionSeconds = 90LL * 24 * 3600;
constexpr int kListLimit = 200;

// One request in flight: where its reply goes.
struct Request {
  Services& services;
  std::shared_ptr<Connection> connection;
  json id;
  std::string type;
  json body;
  // Every request gets exactly one reply, even if a bug tried to answer twice.
  std::shared_ptr<std::atomic<bool>> replied = std::make_shared<std::atomic<bool>>(false);

  void reply(Reply r) const {
    if (replied->exchange(true)) return;
    connection->post([connection = connection, id = id, type = type, r = std::move(r), &metrics = services.metrics] {
      json frame;
      if (r.ok) {
        frame = json{{"type", "result"}, {"id", id}, {"request", type}, {"data", r.data}};
      } else {
        metrics.requests_rejected.fetch_add(1, std::memory_order_relaxed);
        frame = json{{"type", "error"}, {"id", id}, {"request", type}, {"code", r.code}, {"message", r.message}};
      }
      if (id.is_null()) frame.erase("id");
      connection->respond(frame);
      connection->request_done();
    });
  }
  void fail(std::string code, std::string message) const { reply(Reply::error(std::move(code), std::move(message))); }
  ConnectionState& state() const { return connection->state(); }
};

// Field readers: they reply with bad_request and return nothing on a bad field.
std::optional<std::string> text_field(const Request& r, const char* name, std::size_t min, std::size_t max) {
  const auto it = r.body.find(name);
  if (it == r.body.end() || !it->is_string()) {
    r.fail("bad_request", std::string(name) + ": a text is required");
    return std::nullopt;
  }
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() < min || text.size() > max) {
    r.fail("bad_request", std::string(name) + ": " + std::to_string(min) + " to " + std::to_string(max) + " characters");
    return std::nullopt;
  }
  return text;
}

std::optional<std::int64_t> int_field(const Request& r, const char* name, std::int64_t min, std::int64_t max,
                                      bool required = true) {
  const auto it = r.body.find(name);
  if (it == r.body.end() || it->is_null()) {
    if (required) r.fail("bad_request", std::string(name) + ": a whole number is required");
    return std::nullopt;
  }
  if (!it->is_number_integer() || it->get<std::int64_t>() < min || it->get<std::int64_t>() > max) {
    r.fail("bad_request", std::string(name) + ": a whole number from " + std::to_string(min) + " to " +
                              std::to_string(max) + " is required");
    return std::nullopt;
  }
  return it->get<std::int64_t>();
}

bool require_login(const Request& r) {
  if (r.state().user_id) return true;
  r.fail("not_logged_in", "Log in first (register, login or resume_session).");
  return false;
}

json user_json(std::int64_t id, const std::string& name) { return json{{"id", id}, {"name", name}}; }

json summary_of(const TableRecord& t) {
  json seats = json::array();
  for (const SeatRecord& s : t.seats) seats.push_back(json{{"seat", s.seat}, {"name", s.name}});
  json options = json::parse(t.options_json, nullptr, false);
  if (const auto decoded = protocol::decode_options(options)) options = protocol::encode_options(*decoded);
  return json{{"id", t.id},           {"name", t.name},       {"status", t.status},
              {"players", t.player_count}, {"seats", seats},  {"options", options},
              {"creator", t.creator_name}, {"move_number", t.move_count}, {"to_act", json::array()},
              {"created_at", t.created_at}};
}

// A store job whose outcome is a Reply; failures of the database become
// internal_error, and a job may reply with a rule of the lobby by setting it.
void store_job(const Request& r, std::function<Reply(Database&)> work) {
  auto outcome = std::make_shared<Reply>();
  r.services.store.submit([work = std::move(work), outcome](Database& db) { *outcome = work(db); },
                          [r, outcome](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The database could not do that; nothing was changed.");
                            r.reply(*outcome);
                          });
}

void on_hello(const Request& r) {
  const auto version = int_field(r, "protocol", 1, 1000);
  if (!version) return;
  if (*version != kProtocolVersion) {
    return r.fail("unsupported_version", "This server speaks protocol version " + std::to_string(kProtocolVersion) + ".");
  }
  r.state().greeted = true;
  r.reply(Reply::result(json{{"protocol", kProtocolVersion},
                             {"server", "spb 0.1.0"},
                             {"card_set_version", engine::card_set_version()},
                             {"limits",
                              {{"max_frame_bytes", r.services.config.max_frame_bytes},
                               {"requests_per_second", r.services.config.requests_per_second}}}}));
}

// After a password check or registration: a new session token, stored hashed.
void open_session(const Request& r, std::int64_t user_id, std::string name) {
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  const std::int64_t now = unix_seconds();
  r.services.store.submit([user_id, hash, now](Database& db) { insert_session(db, hash, user_id, now, now + kSessionSeconds); },
                          [r, user_id, name, token, hash](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The session could not be stored.");
                            r.connection->post([r, user_id, name, token, hash] {
                              r.state().user_id = user_id;
                              r.state().user_name = name;
                              r.state().token_hash = hash;
                              r.reply(Reply::result(json{{"user", user_json(user_id, name)}, {"token", token}}));
                            });
                          });
}

void on_register(const Request& r) {
  const auto name = text_field(r, "name", 1, 64);
  if (!name) return;
  static const std::regex kName("[A-Za-z0-9_-]{3,24}");
  if (!std::regex_match(*name, kName)) {
    return r.fail("invalid_name", "A name has 3 to 24 letters, digits, '_' or '-'.");
  }
  const auto it = r.body.find("password");
  if (it == r.body.end() || !it->is_string()) return r.fail("bad_request", "password: a text is required");
  const std::string password = it->get<std::string>();
  if (password.size() < 8 || password.size() > 256) {
    return r.fail("weak_password", "A password has 8 to 256 characters.");
  }
  const PasswordCost cost{r.services.config.password_ops, r.services.config.password_memory};
  boost::asio::post(r.services.slow_work, [r, name = *name, password, cost] {
    const std::string hash = hash_password(password, cost);
    auto user_id = std::make_shared<std::int64_t>(0);
    r.services.store.submit(
        [name, hash, user_id](Database& db) {
          if (find_user_by_name(db, name)) return;
          *user_id = insert_user(db, name, hash, unix_seconds());
        },
        [r, name, user_id](std::exception_ptr error) {
          if (error) return r.fail("internal_error", "The account could not be stored.");
          if (*user_id == 0) return r.fail("name_taken", "The name " + name + " is taken.");
          open_session(r, *user_id, name);
        });
  });
}

void on_login(const Request& r) {
  const auto name = text_field(r, "name", 1, 64);
  if (!name) return;
  const auto password = text_field(r, "password", 1, 256);
  if (!password) return;
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([name = *name, user](Database& db) { *user = find_user_by_name(db, name); },
                          [r, user, password = *password](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The account could not be read.");
                            boost::asio::post(r.services.slow_work, [r, user, password] {
                              // The same answer for an unknown name and a wrong password.
                              if (!*user || !verify_password((*user)->password_hash, password)) {
                                return r.fail("bad_credentials", "That name and password do not match an account.");
                              }
                              open_session(r, (*user)->id, (*user)->name);
                            });
                          });
}

void on_resume_session(const Request& r) {
  const auto token = text_field(r, "token", 1, 128);
  if (!token) return;
  const std::string hash = token_hash(*token);
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([hash, user](Database& db) { *user = find_session_user(db, hash, unix_seconds()); },
                          [r, user, hash](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The session could not be read.");
                            if (!*user) return r.fail("invalid_token", "That session is unknown, ended or expired; log in again.");
                            r.connection->post([r, user, hash] {
                              r.state().user_id = (*user)->id;
                              r.state().user_name = (*user)->name;
                              r.state().token_hash = hash;
                              r.reply(Reply::result(json{{"user", user_json((*user)->id, (*user)->name)}}));
                            });
                          });
}

void on_logout(const Request& r) {
  if (!require_login(r)) return;
  const std::string hash = r.state().token_hash;
  r.state() = ConnectionState{true, std::nullopt, {}, {}, r.state().subscriptions};
  store_job(r, [hash](Database& db) {
    delete_session(db, hash);
    return Reply::result(json::object());
  });
}

void on_create_table(const Request& r) {
  if (!require_login(r)) return;
  const auto players = int_field(r, "players", 2, 5);
  if (!players) return;
  const json options_json = r.body.contains("options") ? r.body.at("options") : json::object();
  const auto options = protocol::decode_options(options_json);
  if (!options) return r.fail("bad_request", options.error().message);
  engine::GameSetup probe;
  probe.player_count = static_cast<int>(*players);
  probe.options = *options;
  if (auto dealt = engine::new_game(probe); !dealt) return r.fail("bad_request", dealt.error().message);
  std::string name = r.state().user_name + "'s table";
  if (r.body.contains("name")) {
    const auto given = text_field(r, "name", 1, 60);
    if (!given) return;
    name = *given;
  }
  TableRecord record;
  record.name = name;
  record.creator_id = *r.state().user_id;
  record.status = "open";
  record.player_count = static_cast<int>(*players);
  record.options_json = protocol::encode_options(*options).dump();
  record.card_set_version = std::string(engine::card_set_version());
  store_job(r, [record](Database& db) {
    const std::int64_t id = insert_table(db, record, unix_seconds());
    insert_seat(db, id, 0, record.creator_id);
    return Reply::result(json{{"table", summary_of(*load_table(db, id))}});
  });
}

void on_list_tables(const Request& r) {
  std::string status = "open";
  if (r.body.contains("status")) {
    const auto given = text_field(r, "status", 1, 16);
    if (!given) return;
    if (*given != "open" && *given != "playing" && *given != "finished") {
      return r.fail("bad_request", "status: open, playing or finished");
    }
    status = *given;
  }
  store_job(r, [status](Database& db) {
    json tables = json::array();
    for (const TableRecord& t : list_tables(db, status, kListLimit)) tables.push_back(summary_of(t));
    return Reply::result(json{{"tables", tables}});
  });
}

// A lobby change on an open table: `change` checks the rules and writes.
void lobby_change(const Request& r, std::function<std::optional<Reply>(Database&, TableRecord&, std::int64_t)> change) {
  if (!require_login(r)) return;
  const auto table_id = int_field(r, "table", 1, INT64_MAX);
  if (!table_id) return;
  const std::int64_t user = *r.state().user_id;
  store_job(r, [table_id = *table_id, user, change = std::move(change)](Database& db) {
    auto table = load_table(db, table_id);
    if (!table) return Reply::error("no_such_table", "There is no table " + std::to_string(table_id) + ".");
    if (auto refusal = change(db, *table, user)) return *refusal;
    return Reply::result(json{{"table", summary_of(*load_table(db, table_id))}});
  });
}

bool is_seated(const TableRecord& t, std::int64_t user) {
  return std::any_of(t.seats.begin(), t.seats.end(), [user](const SeatRecord& s) { return s.user_id == user; });
}

void on_join_table(const Request& r) {
  lobby_change(r, [](Database& db, TableRecord& t, std::int64_t user) -> std::optional<Reply> {
    if (t.status != "open") return Reply::error("table_not_open", "That table has started or ended.");
    if (is_seated(t, user)) return Reply::error("already_seated", "You have a seat at that table already.");
    if (static_cast<int>(t.seats.size()) >= t.player_count) return Reply::error("table_full", "That table is full.");
    int seat = 0;
    while (std::any_of(t.seats.begin(), t.seats.end(), [seat](const SeatRecord& s) { return s.seat == seat; })) ++seat;
    insert_seat(db, t.id, seat, user);
    return std::nullopt;
  });
}

void on_leave_table(const Request& r) {
  lobby_change(r, [](Database& db, TableRecord& t, std::int64_t user) -> std::optional<Reply> {
    if (t.status != "open") return Reply::error("table_not_open", "Only a table that has not started can be left.");
    if (!is_seated(t, user)) return Reply::error("not_seated", "You have no seat at that table.");
    delete_seat(db, t.id, user);
    if (user == t.creator_id) {
      db.prepare("UPDATE game_tables SET status = 'aborted', updated_at = ? WHERE id = ?")
          .bind(1, unix_seconds())
          .bind(2, t.id)
          .run();
    }
    return std::nullopt;
  });
}

void on_invite(const Request& r) {
  const auto name = text_field(r, "name", 1, 64);
  if (!name) return;
  lobby_change(r, [name = *name](Database& db, TableRecord& t, std::int64_t user) -> std::optional<Reply> {
    if (t.status != "open") return Reply::error("table_not_open", "That table has started or ended.");
    if (!is_seated(t, user)) return Reply::error("not_seated", "Only a player at the table may invite.");
    const auto invitee = find_user_by_name(db, name);
    if (!invitee) return Reply::error("no_such_user", "There is no player called " + name + ".");
    insert_invitation(db, t.id, invitee->id, user, unix_seconds());
    return std::nullopt;
  });
}

void on_start_table(const Request& r) {
  if (!require_login(r)) return;
  const auto table_id = int_field(r, "table", 1, INT64_MAX);
  if (!table_id) return;
  const std::int64_t user = *r.state().user_id;
  const std::uint64_t seed = random_seed();
  auto started = std::make_shared<std::optional<TableRecord>>();
  auto refusal = std::make_shared<std::optional<Reply>>();
  r.services.store.submit(
      [table_id = *table_id, user, seed, started, refusal](Database& db) {
        auto t = load_table(db, table_id);
        if (!t) return void(*refusal = Reply::error("no_such_table", "There is no such table."));
        if (t->creator_id != user) return void(*refusal = Reply::error("not_creator", "Only the table's creator starts it."));
        if (t->status != "open") return void(*refusal = Reply::error("table_not_open", "That table has started or ended."));
        if (static_cast<int>(t->seats.size()) != t->player_count) {
          return void(*refusal = Reply::error("table_not_open", "Every seat must be taken before the game starts."));
        }
        t->seed = seed;
        auto state = engine::new_game(setup_of(*t));
        if (!state) return void(*refusal = Reply::error("bad_request", state.error().message));
        start_table(db, t->id, seed, engine::state_hash_hex(*state), unix_seconds());
        *started = load_table(db, t->id);
      },
      [r, started, refusal](std::exception_ptr error) {
        if (error) return r.fail("internal_error", "The table could not be started; nothing was changed.");
        if (*refusal) return r.reply(**refusal);
        r.services.tables.add_started(**started);
        json summary = summary_of(**started);
        r.reply(Reply::result(json{{"table", summary}}));
      });
}

void on_my_tables(const Request& r) {
  if (!require_login(r)) return;
  const std::int64_t user = *r.state().user_id;
  auto records = std::make_shared<std::vector<TableRecord>>();
  r.services.store.submit([user, records](Database& db) { *records = tables_of_user(db, user); },
                          [r, user, records](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "Your tables could not be read.");
                            // Playing tables know whose turn it is: ask them, then answer once all did.
                            struct Gather {
                              std::mutex mutex;
                              std::vector<json> summaries;
                              std::size_t waiting = 0;
                            };
                            auto gather = std::make_shared<Gather>();
                            auto finish = [r, user, gather] {
                              std::vector<json> all = gather->summaries;
                              auto awaiting = [user](const json& t) {
                                if (!t.contains("your_seat") || t.at("status") != "playing") return false;
                                for (const json& s : t.at("to_act")) {
                                  if (s == t.at("your_seat")) return true;
                                }
                                return false;
                              };
                              std::stable_sort(all.begin(), all.end(), [&](const json& a, const json& b) {
                                return awaiting(a) && !awaiting(b);
                              });
                              const auto count = std::count_if(all.begin(), all.end(), awaiting);
                              r.reply(Reply::result(json{{"tables", all}, {"awaiting_me", count}}));
                            };
                            auto add = [user](json summary, const TableRecord& t) {
                              for (const SeatRecord& s : t.seats) {
                                if (s.user_id == user) summary["your_seat"] = s.seat;
                              }
                              if (!summary.contains("your_seat")) summary["invited"] = true;
                              return summary;
                            };
                            std::vector<const TableRecord*> live;
                            for (const TableRecord& t : *records) {
                              if (t.status == "playing") {
                                live.push_back(&t);
                              } else {
                                gather->summaries.push_back(add(summary_of(t), t));
                              }
                            }
                            if (live.empty()) return finish();
                            gather->waiting = live.size();
                            for (const TableRecord* t : live) {
                              r.services.tables.with_table(t->id, [gather, finish, add, record = *t](std::shared_ptr<Table> table, std::string) {
                                auto done = [gather, finish, add, record](json summary) {
                                  bool last = false;
                                  {
                                    std::lock_guard lock(gather->mutex);
                                    gather->summaries.push_back(add(std::move(summary), record));
                                    last = --gather->waiting == 0;
                                  }
                                  if (last) finish();
                                };
                                if (table) {
                                  table->summarize(done);
                                } else {
                                  done(summary_of(record));
                                }
                              });
                            }
                          });
}

// Runs `fn` with the table named by the request, or replies why not.
void with_requested_table(const Request& r, std::function<void(std::shared_ptr<Table>)> fn) {
  const auto table_id = int_field(r, "table", 1, INT64_MAX);
  if (!table_id) return;
  r.services.tables.with_table(*table_id, [r, fn = std::move(fn)](std::shared_ptr<Table> table, std::string why) {
    if (table) return fn(std::move(table));
    if (why == "no_such_table") return r.fail("no_such_table", "There is no such table.");
    if (why == "table_not_playing") return r.fail("table_not_playing", "That table is not being played.");
    r.fail("table_faulted", why);
  });
}

ReplyFn replier(const Request& r) {
  return [r](Reply reply) { r.reply(std::move(reply)); };
}

void on_subscribe(const Request& r) {
  std::optional<std::int64_t> since;
  if (r.body.contains("since_move")) {
    since = int_field(r, "since_move", 0, INT64_MAX);
    if (!since) return;
  }
  const std::int64_t user = r.state().user_id.value_or(0);
  with_requested_table(r, [r, since, user](std::shared_ptr<Table> table) {
    r.connection->post([r, table] { r.state().subscriptions.insert(table->id()); });
    table->subscribe(std::weak_ptr<Subscriber>(std::static_pointer_cast<Subscriber>(r.connection)), user, since,
                     replier(r));
  });
}

void on_unsubscribe(const Request& r) {
  with_requested_table(r, [r](std::shared_ptr<Table> table) {
    table->unsubscribe(r.connection.get());
    r.connection->post([r, id = table->id()] { r.state().subscriptions.erase(id); });
    r.reply(Reply::result(json::object()));
  });
}

void on_act(const Request& r) {
  if (!require_login(r)) return;
  const auto move_number = int_field(r, "move_number", 1, INT64_MAX);
  if (!move_number) return;
  if (!r.body.contains("action") || !r.body.at("action").is_object()) {
    return r.fail("bad_request", "action: an action object is required");
  }
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user, move_number = *move_number](std::shared_ptr<Table> table) {
    table->act(user, move_number, r.body.at("action"), replier(r));
  });
}

void on_legal_actions(const Request& r) {
  if (!require_login(r)) return;
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user](std::shared_ptr<Table> table) { table->legal_actions(user, replier(r)); });
}

void on_chat(const Request& r) {
  if (!require_login(r)) return;
  const auto text = text_field(r, "text", 1, 500);
  if (!text) return;
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, [r, user, text = *text](std::shared_ptr<Table> table) { table->chat(user, text, replier(r)); });
}

using Handler = void (*)(const Request&);
const std::map<std::string, Handler, std::less<>>& handlers() {
  static const std::map<std::string, Handler, std::less<>> kHandlers = {
      {"hello", on_hello},           {"register", on_register},         {"login", on_login},
      {"resume_session", on_resume_session}, {"logout", on_logout},     {"create_table", on_create_table},
      {"list_tables", on_list_tables}, {"join_table", on_join_table},   {"leave_table", on_leave_table},
      {"invite", on_invite},         {"start_table", on_start_table},   {"my_tables", on_my_tables},
      {"subscribe", on_subscribe},   {"unsubscribe", on_unsubscribe},   {"act", on_act},
      {"legal_actions", on_legal_actions}, {"chat", on_chat},
  };
  return kHandlers;
}

}  // namespace

void handle_frame(Services& services, const std::shared_ptr<Connection>& connection, const std::string& frame) {
  services.metrics.requests.fetch_add(1, std::memory_order_relaxed);
  const json body = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  Request r{services, connection, nullptr, "", body};
  if (body.is_discarded()) return r.fail("bad_json", "The message is not valid JSON.");
  if (!body.is_object()) return r.fail("bad_request", "A message is a JSON object with a \"type\".");
  if (const auto id = body.find("id"); id != body.end()) {
    const bool ok = id->is_number_integer() || (id->is_string() && id->get_ref<const std::string&>().size() <= 64);
    if (!ok) return r.fail("bad_request", "id: a number or a text of at most 64 characters");
    r.id = *id;
  }
  const auto type = body.find("type");
  if (type == body.end() || !type->is_string()) return r.fail("bad_request", "type: the request's name is required");
  r.type = type->get<std::string>();
  const auto& table = handlers();
  const auto handler = table.find(r.type);
  if (handler == table.end()) {
    r.type.resize(std::min<std::size_t>(r.type.size(), 64));
    return r.fail("unknown_type", "There is no request called \"" + r.type + "\".");
  }
  if (!connection->state().greeted && r.type != "hello") {
    return r.fail("hello_required", "Say hello first: {\"type\": \"hello\", \"protocol\": 1}.");
  }
  try {
    handler->second(r);
  } catch (const std::exception& e) {
    r.fail("internal_error", "Something went wrong on the server; nothing was changed.");
  }
}

void forget_connection(Services& services, const std::shared_ptr<Connection>& connection) {
  for (std::int64_t id : connection->state().subscriptions) {
    services.tables.with_table(id, [key = connection.get()](std::shared_ptr<Table> table, std::string) {
      if (table) table->unsubscribe(key);
    });
  }
}

}  // namespace sp::server
