#include "tests/load/loadgen.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iterator>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include <unistd.h>

namespace sp::loadgen {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

// How many errors a run prints whole before only counting them.
constexpr std::uint64_t kErrorsShown = 5;

using tcp = net::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

long resident_kib(int pid) {
  if (pid <= 0) return -1;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// The server's CPU time so far (user + system, every thread), in seconds;
// -1 without a pid.
double cpu_seconds(int pid) {
  if (pid <= 0) return -1;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // The command's name, in parentheses, may hold spaces: fields are counted after it.
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// A blocking client for the set-up steps (accounts, tables).
class Control {
 public:
  Control(net::io_context& ioc, const LoadOptions& o, const tcp::endpoint& server) : ws_(ioc) {
    ws_.next_layer().connect(server);
    ws_.handshake(o.host, "/ws");
    call({{"type", "hello"}, {"protocol", 1}});
  }
  // Sends a request and returns its result's data. A refusal for the rate
  // limit is waited out and the request sent again, as a client should: a
  // server on its default limit accepts 20 requests a second.
  json call(json request) {
    request["id"] = ++id_;
    for (;;) {
      ws_.write(net::buffer(request.dump()));
      json reply = reply_to(request["id"]);
      if (reply["type"] == "result") return reply["data"];
      if (reply.value("code", "") != "rate_limited") {
        throw std::runtime_error(request["type"].get<std::string>() + ": " + reply.dump());
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  }

 private:
  json reply_to(const json& id) {
    for (;;) {
      beast::flat_buffer buffer;
      ws_.read(buffer);
      json reply = json::parse(beast::buffers_to_string(buffer.data()));
      if (reply.value("id", json()) == id) return reply;
    }
  }

  websocket::stream<tcp::socket> ws_;
  int id_ = 0;
};

struct Totals {
  std::atomic<std::uint64_t> acked{0};
  std::atomic<std::uint64_t> errors{0};
  std::atomic<std::uint64_t> rate_limited{0};  // refusals waited out and sent again
  std::atomic<int> games_finished{0};
  std::atomic<int> connected{0};
  std::atomic<int> ready{0};  // connected, and subscribed unless idle
  std::mutex mutex;
  std::vector<double> latencies;  // seconds; guarded by mutex
};

// Where `"key":` begins in text from `from` on, or npos. The search looks for
// the key's letters, not its opening quote, at which a plain find would stop
// all through an update.
std::size_t find_key(std::string_view text, std::string_view key, std::size_t from = 0) {
  for (auto at = text.find(key, from); at != std::string_view::npos; at = text.find(key, at + 1)) {
    if (at > 0 && text[at - 1] == '"' && text.substr(at + key.size()).starts_with("\":")) return at - 1;
  }
  return std::string_view::npos;
}

// Whether a table update's text says the game is over. The view's `phase`
// comes whole in every update (docs/protocol.md, "Compact updates") and is
// the first member of that name: the view comes before the moves.
bool says_finished(std::string_view text) {
  static constexpr std::string_view kPhase = "phase";
  const auto at = find_key(text, kPhase);
  return at != std::string_view::npos && text.substr(at + kPhase.size() + 3).starts_with("\"finished\"");
}

// What a random player reads of a view to choose its move.
struct Turn {
  bool finished = false;
  std::optional<std::int64_t> first_to_act;  // the seat awaited first, if any
  std::int64_t move_number = 0;
  std::vector<std::string> legal;  // each legal action's text, its price left out (an act names no price)
};

// A legal action's text without its "price" member.
std::string without_price(std::string_view action) {
  auto at = find_key(action, "price");
  if (at == std::string_view::npos) return std::string(action);
  auto end = action.find_first_of(",}", at);
  if (end == std::string_view::npos) return std::string(action);
  if (action[end] == ',') {
    ++end;  // a member follows: its comma goes with the price
  } else if (at > 0 && action[at - 1] == ',') {
    --at;  // the last member: the comma before it goes
  }
  return std::string(action.substr(0, at)).append(action.substr(end));
}

// The legal actions of an update's text, each as its own text: the list is
// an array of flat objects (card ids and words, no braces inside strings),
// so it splits at its braces without building a document.
std::optional<std::vector<std::string>> legal_actions_of(std::string_view list) {
  if (!list.starts_with('[') || !list.ends_with(']')) return std::nullopt;
  std::vector<std::string> actions;
  for (auto from = list.find('{'); from != std::string_view::npos; from = list.find('{', from)) {
    const auto to = list.find('}', from);
    if (to == std::string_view::npos) return std::nullopt;
    actions.push_back(without_price(list.substr(from, to - from + 1)));
    from = to + 1;
  }
  return actions;
}

// The first seat of a `to_act` array's text, if any.
std::optional<std::int64_t> first_seat_of(std::string_view to_act) {
  if (to_act.size() < 3 || to_act.front() != '[') return std::nullopt;
  return std::strtoll(std::string(to_act.substr(1)).c_str(), nullptr, 10);
}

Turn turn_of(const json& view, const json& legal) {
  Turn turn{view["phase"] == "finished", std::nullopt, view["move_number"].get<std::int64_t>(), {}};
  if (!view["to_act"].empty()) turn.first_to_act = view["to_act"][0].get<std::int64_t>();
  for (json action : legal) {
    action.erase("price");
    turn.legal.push_back(action.dump());
  }
  return turn;
}

// A table update's turn, read from its text: parsing the whole view and the
// legal actions into documents took most of the generator's time, which it
// took from the server it measures on the same machine. It relies on the
// server's layout: "view" (or, compact, "view_changes", whose rest always
// carries the turn) before "legal_actions", which ends the message.
std::optional<Turn> turn_of_update(std::string_view text) {
  auto view = text.find("\"view\":{");
  if (view == std::string_view::npos) view = text.find("\"view_changes\":{");
  const auto legal = text.rfind(",\"legal_actions\":");
  if (view == std::string_view::npos || legal == std::string_view::npos || legal < view) return std::nullopt;
  auto member = [&](std::string_view key, char end) -> std::optional<std::string_view> {
    const auto at = find_key(text, key, view);
    if (at == std::string_view::npos || at > legal) return std::nullopt;
    const auto from = at + key.size() + 3;
    const auto to = text.find(end, from);
    if (to == std::string_view::npos) return std::nullopt;
    return text.substr(from, to - from + (end == ']' ? 1 : 0));
  };
  const auto to_act = member("to_act", ']');
  const auto move_number = member("move_number", ',');
  if (!to_act || !move_number) return std::nullopt;
  const auto list = text.substr(legal + std::string_view(",\"legal_actions\":").size());
  auto actions = legal_actions_of(list.substr(0, list.size() - 1));
  if (!actions) return std::nullopt;
  Turn turn;
  turn.finished = says_finished(text.substr(view, legal - view));
  turn.first_to_act = first_seat_of(*to_act);
  turn.move_number = std::strtoll(std::string(*move_number).c_str(), nullptr, 10);
  turn.legal = std::move(*actions);
  return turn;
}

// The pace of one table under --rate, shared by its seats' connections: the
// gaps run from one planned move of the table to the next, whoever's turn it
// is, so the server's latency does not lower the rate offered.
class TablePace {
 public:
  // When the table's next move is due, `gap` seconds after the previous one
  // was (or now, for the table's first move). A move whose time has passed is
  // due at once.
  Clock::time_point next(double gap) {
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    if (planned_ == Clock::time_point{}) planned_ = now;
    planned_ += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(gap));
    return std::max(planned_, now);
  }

 private:
  std::mutex mutex_;
  Clock::time_point planned_;
};

// One player connection: resumes its user's session, subscribes to its table
// and, whenever the table waits for its seat, sends a random legal action.
class Player : public std::enable_shared_from_this<Player> {
 public:
  Player(net::any_io_executor strand, const LoadOptions& o, const tcp::endpoint& server, Totals& totals, std::string token,
         std::int64_t table, std::shared_ptr<TablePace> pace, std::uint64_t seed, bool idle)
      : ws_(std::move(strand)), think_(ws_.get_executor()), server_(server), options_(o), totals_(totals),
        token_(std::move(token)), table_(table), pace_(std::move(pace)), rng_(seed), idle_(idle) {}

  // Called from any thread: the connection is started on its own strand.
  void start() {
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->connect(); });
  }

  // Called from any thread once every player is ready: moves begin.
  void play() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->playing_ = true;
      if (self->waiting_) self->consider(*std::exchange(self->waiting_, std::nullopt));
    });
  }

 private:
  void connect() {
    ws_.next_layer().async_connect(server_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect");
      // As the server does: a move goes out at once, not held back to be
      // merged with later bytes.
      beast::error_code ignored;
      self->ws_.next_layer().set_option(tcp::no_delay(true), ignored);
      self->ws_.async_handshake(self->options_.host, "/ws", [self](beast::error_code ec2) {
        if (ec2) return self->fail("handshake");
        self->on_open();
      });
    });
  }

 public:
  void close() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->closed_ = true;
      self->think_.cancel();
      beast::error_code ignored;
      self->ws_.next_layer().close(ignored);
    });
  }

 private:
  void fail(const char* what) {
    if (!closed_ && totals_.errors.fetch_add(1) < kErrorsShown) std::fprintf(stderr, "error: the connection's %s failed\n", what);
  }

  void on_open() {
    totals_.connected.fetch_add(1);
    json hello{{"type", "hello"}, {"protocol", 1}};
    if (options_.compact) hello["capabilities"] = json::array({"compact_updates"});
    send(std::move(hello));
    if (idle_) {
      totals_.ready.fetch_add(1);
    } else {
      send({{"type", "resume_session"}, {"token", token_}});
      send({{"type", "subscribe"}, {"table", table_}});
    }
    do_read();
  }

  void send(json message) {
    message["id"] = ++next_id_;
    outbound_.push_back(message.dump());
    if (outbound_.size() == 1) do_write();
  }

  // A request already written as an object's text, given its id here.
  void send_text(std::string_view request) {
    std::string text(request.substr(0, request.size() - 1));
    text.append(",\"id\":").append(std::to_string(++next_id_)).append("}");
    outbound_.push_back(std::move(text));
    if (outbound_.size() == 1) do_write();
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(outbound_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write");
      self->outbound_.pop_front();
      if (!self->outbound_.empty()) self->do_write();
    });
  }

  void do_read() {
    buffer_.consume(buffer_.size());
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("read");
      const auto data = self->buffer_.cdata();
      const std::string_view text(static_cast<const char*>(data.data()), data.size());
      // A table update that offers this seat nothing and does not end the game
      // needs no reading: the generator spends its time like a real client would.
      // compact_updates: an acknowledged move's own update comes inside the
      // act's result, as the data's last member.
      static constexpr std::string_view kUpdate = ",\"update\":{\"type\":\"table_update\"";
      if (text.rfind("{\"type\":\"result\"", 0) == 0 && text.ends_with("}}}")) {
        if (const auto at = text.find(kUpdate); at != std::string_view::npos) {
          self->acknowledged();
          const auto update = text.substr(at + 10, text.size() - at - 12);
          if (const auto turn = turn_of_update(update)) {
            self->consider(*turn);
          } else {
            self->totals_.errors.fetch_add(1);
          }
          return self->do_read();
        }
      }
      if (text.rfind("{\"type\":\"table_update\"", 0) == 0) {
        const bool nothing_to_do = text.ends_with(",\"legal_actions\":[]}") && !says_finished(text);
        if (nothing_to_do) return self->do_read();
        const auto turn = turn_of_update(text);
        if (!turn) {
          self->totals_.errors.fetch_add(1);
          return self->do_read();
        }
        self->consider(*turn);
      } else {
        self->on_message(json::parse(text, nullptr, false));
      }
      self->do_read();
    });
  }

  void on_message(const json& m) {
    if (m.is_discarded()) {
      totals_.errors.fetch_add(1);
      return;
    }
    const std::string type = m.value("type", "");
    if (type == "error" && m.value("code", "") == "rate_limited" && unacked_) {
      // Waited out and sent again; the latency still counts from the first try.
      totals_.rate_limited.fetch_add(1);
      think_.expires_after(std::chrono::milliseconds(250));
      think_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec && !self->closed_ && self->unacked_) self->send_text(*self->unacked_);
      });
      return;
    }
    if (type == "error") {
      // The first few are shown whole: a count alone does not say what went wrong.
      if (totals_.errors.fetch_add(1) < kErrorsShown) std::fprintf(stderr, "error: %s\n", m.dump().c_str());
      return;
    }
    if (type == "result" && m.value("request", "") == "act") return acknowledged();
    if (type == "result" && m.value("request", "") == "subscribe") {
      if (m["data"]["seat"].is_number()) seat_ = m["data"]["seat"].get<std::int64_t>();
      totals_.ready.fetch_add(1);
      consider(turn_of(m["data"]["view"], m["data"]["legal_actions"]));
    }
  }

  void acknowledged() {
    unacked_.reset();
    const double latency = std::chrono::duration<double>(Clock::now() - sent_at_).count();
    totals_.acked.fetch_add(1);
    std::lock_guard lock(totals_.mutex);
    totals_.latencies.push_back(latency);
  }

  void consider(const Turn& turn) {
    if (!playing_) {
      waiting_ = turn;
      return;
    }
    if (turn.finished) {
      if (!finished_ && seat_ == 0) totals_.games_finished.fetch_add(1);
      finished_ = true;
      return;
    }
    if (!seat_ || turn.first_to_act != seat_ || turn.legal.empty()) return;
    const std::string& action = turn.legal[std::uniform_int_distribution<std::size_t>(0, turn.legal.size() - 1)(rng_)];
    std::string request = "{\"type\":\"act\",\"table\":" + std::to_string(table_) +
                          ",\"move_number\":" + std::to_string(turn.move_number + 1) + ",\"action\":" + action + "}";
    if (options_.rate <= 0) return send_act(std::move(request));
    // Each table moves every tables/rate seconds on average (exponential gaps,
    // as independent players would), so all tables together offer `rate`.
    const double mean = static_cast<double>(options_.tables) / options_.rate;
    think_.expires_at(pace_->next(std::exponential_distribution<double>(1.0 / mean)(rng_)));
    think_.async_wait([self = shared_from_this(), request = std::move(request)](beast::error_code ec) mutable {
      if (ec || self->closed_) return;
      self->send_act(std::move(request));
    });
  }

  void send_act(std::string request) {
    sent_at_ = Clock::now();
    send_text(request);
    unacked_ = std::move(request);
  }

  // Over the bare socket, as the server's: tcp_stream's timers would only add
  // to every read and write the generator makes beside the server it measures.
  websocket::stream<tcp::socket> ws_;
  net::steady_timer think_;  // paces this table's moves under --rate
  const tcp::endpoint server_;
  const LoadOptions& options_;
  Totals& totals_;
  const std::string token_;
  const std::int64_t table_;
  const std::shared_ptr<TablePace> pace_;
  std::mt19937_64 rng_;
  const bool idle_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbound_;
  std::optional<std::int64_t> seat_;  // none for a spectator
  int next_id_ = 0;
  bool finished_ = false;
  bool closed_ = false;
  bool playing_ = false;
  std::optional<Turn> waiting_;  // the turn seen before play began
  std::optional<std::string> unacked_;  // the act sent and not yet acknowledged, without its id
  Clock::time_point sent_at_;
};

double percentile(std::vector<double>& values, double p) {
  if (values.empty()) return 0;
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
  return values[index];
}

}  // namespace

int run(const LoadOptions& o) {
  net::io_context ioc;
  // A strand for each connection only when several threads run ioc: one
  // thread runs every handler in turn already, as the server's (its
  // SerialExecutors; the generator is a client and shares no server code).
  auto strands = [&ioc, threads = o.threads]() -> net::any_io_executor {
    if (threads > 1) return net::make_strand(ioc);
    return ioc.get_executor();
  };
  Totals totals;
  std::vector<std::shared_ptr<Player>> players;
  const long rss_before = resident_kib(o.server_pid);

  // Resolved once. Setting up (accounts, tables) goes to the first node,
  // but for the start of each table, which goes to the node of its first
  // seat: the node a table starts on plays it, as the node its creator uses
  // on a site. Play is spread over all of them.
  std::vector<tcp::endpoint> nodes;
  for (std::size_t from = 0; from <= o.port.size();) {
    const std::size_t comma = std::min(o.port.find(',', from), o.port.size());
    nodes.push_back(tcp::resolver(ioc).resolve(o.host, o.port.substr(from, comma - from)).begin()->endpoint());
    from = comma + 1;
  }
  const auto node_index = [&](int table, int seat) {
    return static_cast<std::size_t>(o.spread_players ? table + seat : table) % nodes.size();
  };
  const auto node_of = [&](int table, int seat) { return nodes[node_index(table, seat)]; };
  if (o.idle > 0) {
    for (int i = 0; i < o.idle; ++i) {
      players.push_back(std::make_shared<Player>(strands(), o, node_of(i, 0), totals, "", 0, nullptr, 0, true));
    }
  } else {
    // Players are grouped as on a real site: each group of accounts (one
    // per seat) plays tables_per_account tables together. A notice to an
    // account goes to each of its connections, so sharing a few accounts
    // among all tables would multiply every notice by the number of tables.
    Control control(ioc, o, nodes.front());
    const std::string prefix = "lg" + std::to_string(o.seed) + "x" + std::to_string(::getpid() % 100000) + "_";
    const auto setup_start = Clock::now();
    for (int first = 0; first < o.tables; first += o.tables_per_account) {
      std::vector<std::string> tokens;
      std::vector<std::unique_ptr<Control>> seats;
      for (int p = 0; p < o.players; ++p) {
        const std::string name = prefix + std::to_string(first / o.tables_per_account) + "_" + std::to_string(p);
        tokens.push_back(control.call({{"type", "register"}, {"name", name}, {"password", "load generator"}})["token"]);
        seats.push_back(std::make_unique<Control>(ioc, o, nodes.front()));
        seats.back()->call({{"type", "resume_session"}, {"token", tokens.back()}});
      }
      std::vector<std::unique_ptr<Control>> starters;  // the first seat's account on each node
      for (const tcp::endpoint& node : nodes) {
        starters.push_back(std::make_unique<Control>(ioc, o, node));
        starters.back()->call({{"type", "resume_session"}, {"token", tokens.front()}});
      }
      for (int t = first; t < std::min(o.tables, first + o.tables_per_account); ++t) {
        const auto table =
            seats[0]->call({{"type", "create_table"}, {"players", o.players}})["table"]["id"].get<std::int64_t>();
        for (int p = 1; p < o.players; ++p) {
          seats[static_cast<std::size_t>(p)]->call({{"type", "join_table"}, {"table", table}});
        }
        starters[node_index(t, 0)]->call({{"type", "start_table"}, {"table", table}});
        const auto pace = std::make_shared<TablePace>();
        for (int p = 0; p < o.players; ++p) {
          players.push_back(std::make_shared<Player>(strands(), o, node_of(t, p), totals, tokens[static_cast<std::size_t>(p)],
                                                     table, pace,
                                                     o.seed * 1000003 + static_cast<std::uint64_t>(t * 8 + p), false));
        }
      }
    }
    std::printf("set up %d tables of %d players in %.1f s\n", o.tables, o.players,
                std::chrono::duration<double>(Clock::now() - setup_start).count());
  }

  // Every connection is opened and subscribed before moves begin, so the
  // figures measure play, not 4,000 handshakes at once; the time that took is
  // reported on its own.
  const auto opening = Clock::now();
  for (auto& p : players) p->start();
  std::vector<std::thread> threads;
  auto work = net::make_work_guard(ioc);
  for (int i = 0; i < o.threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
  const int wanted = o.idle > 0 ? o.idle : static_cast<int>(players.size());
  constexpr auto kOpeningLimit = std::chrono::seconds(120);
  while (totals.ready.load() + static_cast<int>(totals.errors.load()) < wanted && Clock::now() - opening < kOpeningLimit) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::printf("opened %d connections (%d ready) in %.2f s\n", totals.connected.load(), totals.ready.load(),
              std::chrono::duration<double>(Clock::now() - opening).count());
  const auto start = Clock::now();
  const double cpu_before = cpu_seconds(o.server_pid);
  for (auto& p : players) p->play();
  std::atomic<bool> done{false};

  std::uint64_t last_acked = 0;
  std::size_t last_sample = 0;
  auto last = Clock::now();
  while (!done) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const std::uint64_t acked = totals.acked.load();
    std::vector<double> second;
    {
      std::lock_guard lock(totals.mutex);
      for (std::size_t i = last_sample; i < totals.latencies.size(); ++i) second.push_back(totals.latencies[i]);
      last_sample = totals.latencies.size();
    }
    std::printf("%5.0f s  connected %d  acked %llu  (%.0f/s, p99 %.1f ms)  games finished %d  errors %llu  "
                "server RSS %ld KiB\n",
                elapsed, totals.connected.load(), static_cast<unsigned long long>(acked),
                static_cast<double>(acked - last_acked) / std::chrono::duration<double>(Clock::now() - last).count(),
                1000 * percentile(second, 0.99), totals.games_finished.load(),
                static_cast<unsigned long long>(totals.errors.load()), resident_kib(o.server_pid));
    std::fflush(stdout);
    last_acked = acked;
    last = Clock::now();
    if (elapsed >= o.seconds || (o.idle == 0 && totals.games_finished.load() >= o.tables)) done = true;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const long rss_after = resident_kib(o.server_pid);
  const double cpu_used = cpu_seconds(o.server_pid) - cpu_before;
  const std::uint64_t acked_in_run = totals.acked.load();
  for (auto& p : players) p->close();
  work.reset();
  ioc.stop();
  for (std::thread& t : threads) t.join();

  std::vector<double> sorted;
  {
    std::lock_guard lock(totals.mutex);
    sorted = totals.latencies;
  }
  const double max = sorted.empty() ? 0 : *std::max_element(sorted.begin(), sorted.end());
  std::printf("\nconnections: %d  tables: %d  seconds: %.1f  updates: %s\n", totals.connected.load(), o.idle ? 0 : o.tables,
              seconds, o.compact ? "compact" : "full");
  if (o.idle == 0) {
    std::printf("acknowledged actions: %llu  actions/s: %.0f  games finished: %d  errors: %llu\n",
                static_cast<unsigned long long>(totals.acked.load()), static_cast<double>(totals.acked.load()) / seconds,
                totals.games_finished.load(), static_cast<unsigned long long>(totals.errors.load()));
    if (totals.rate_limited.load() > 0) {
      std::printf("refused for the rate limit and sent again: %llu (raise the server's --rate for load runs)\n",
                  static_cast<unsigned long long>(totals.rate_limited.load()));
    }
    std::printf("ack latency ms: p50 %.2f  p99 %.2f  max %.2f\n", 1000 * percentile(sorted, 0.50),
                1000 * percentile(sorted, 0.99), 1000 * max);
  }
  if (o.server_pid > 0) {
    std::printf("server resident memory: before %ld KiB, after %ld KiB (%.1f MiB)\n", rss_before, rss_after,
                static_cast<double>(rss_after) / 1024.0);
    if (o.idle == 0 && acked_in_run > 0) {
      std::printf("server CPU: %.2f s over the run, %.1f us per acknowledged action (%.2f cores)\n", cpu_used,
                  1e6 * cpu_used / static_cast<double>(acked_in_run), cpu_used / seconds);
    }
  }
  return totals.errors.load() == 0 ? 0 : 1;
}

}  // namespace sp::loadgen
