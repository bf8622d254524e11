#include "server/net/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <spdlog/spdlog.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "server/base/clock.hpp"
#include "server/notices/digest_mail.hpp"
#include "server/notices/email_sender.hpp"
#include "server/notices/notifier.hpp"
#include "server/notices/smtp_relay.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/robots/robot_pool.hpp"
#include "server/table/correspondence.hpp"
#include "server/time/digests.hpp"
#include "server/security/credentials.hpp"
#include "server/base/metrics.hpp"
#include "server/base/serial_executor.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/requests/forwarding.hpp"
#include "server/requests/requests.hpp"
#include "server/time/retention.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"
#include "server/requests/vacations.hpp"
#include "server/net/http_session.hpp"
#include "server/net/readiness.hpp"
#include "server/net/peer_link.hpp"
#include "server/notices/outbox_gauge.hpp"
#include "server/net/ws_session.hpp"
#include "server/requests/guards.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/store.hpp"
#include "server/league/league_kind.hpp"
#include "server/tournament/competition_director.hpp"

namespace sp::server {
namespace {

namespace net = boost::asio;

// The node's name among those sharing a database: the setting, or the host's
// name and the port (the process id when the port is chosen by the system).
std::string node_name(const ServerConfig& config) {
  if (!config.node_name.empty()) return config.node_name;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  const std::string suffix = config.port != 0 ? std::to_string(config.port) : "pid" + std::to_string(getpid());
  return std::string(host[0] != '\0' ? host : "node") + ":" + suffix;
}
using tcp = net::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(SerialExecutors strands, tcp::acceptor acceptor, Services& services, SessionList& sessions,
           Readiness& readiness)
      : strands_(std::move(strands)), acceptor_(std::move(acceptor)), retry_(acceptor_.get_executor()),
        services_(services), sessions_(sessions), readiness_(readiness) {}

  tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run() { do_accept(); }
  void stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      boost::system::error_code ignored;
      self->acceptor_.close(ignored);
    });
  }

 private:
  void do_accept() {
    acceptor_.async_accept(strands_.next(), [self = shared_from_this()](boost::system::error_code ec,
                                                                               tcp::socket socket) {
      if (!ec) {
        self->admit(std::move(socket));
      } else if (ec == net::error::no_descriptors) {
        // Accepting at once would fail at once, in a loop: wait for descriptors to free up.
        spdlog::warn("out of file descriptors; accepting again in 100 ms");
        self->retry_.expires_after(std::chrono::milliseconds(100));
        self->retry_.async_wait([self](boost::system::error_code) {
          if (self->acceptor_.is_open()) self->do_accept();
        });
        return;
      }
      if (self->acceptor_.is_open()) self->do_accept();
    });
  }

  // A connection from an address that holds its share is closed at once; one
  // from a trusted proxy is counted at the upgrade, by the client it forwards.
  void admit(tcp::socket socket) {
    boost::system::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    if (ec) return;
    socket.set_option(tcp::no_delay(true), ec);
    const std::string address = peer.address().to_string();
    ConnectionSlot slot;
    if (!services_.guards.trusted_proxies.contains(address)) {
      slot = services_.guards.connections->acquire(address);
      if (!slot.held()) {
        services_.metrics.refuse(Refusal::kConnectionsPerAddress);
        socket.close(ec);
        return;
      }
    }
    std::make_shared<HttpSession>(std::move(socket), services_, sessions_, std::move(slot), readiness_)->run();
  }

  SerialExecutors strands_;  // each connection's strand
  tcp::acceptor acceptor_;
  net::steady_timer retry_;
  Services& services_;
  SessionList& sessions_;
  Readiness& readiness_;
};

// The listening socket, bound before the node opens its database or takes a
// lease: an address in use stops the start there (a boost::system::system_error),
// with nothing to give back.
tcp::acceptor bound_acceptor(const SerialExecutors& strands, const tcp::endpoint& endpoint) {
  tcp::acceptor acceptor(strands.next());
  acceptor.open(endpoint.protocol());
  acceptor.set_option(net::socket_base::reuse_address(true));
  acceptor.bind(endpoint);
  acceptor.listen(net::socket_base::max_listen_connections);
  return acceptor;
}

// Runs the io_context on `threads` threads until SIGINT or SIGTERM; then
// drains (/readyz answers 503 for `drain_seconds` while everything else is
// served, so that a balancer sends new players elsewhere first; a second
// signal cuts it short), stops accepting, closes the WebSockets and lets
// committing moves finish. The signal set and the timers live in here so that
// they are gone before the io_context.
void serve_until_signalled(net::io_context& ioc, Listener& listener, SessionList& sessions, Readiness& readiness,
                           int threads, int drain_seconds) {
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  net::steady_timer drain(ioc);
  net::steady_timer grace(ioc);
  const auto stop = [&] {
    listener.stop();
    sessions.shut_down_all();
    grace.expires_after(std::chrono::milliseconds(500));
    grace.async_wait([&](boost::system::error_code) { ioc.stop(); });
  };
  signals.async_wait([&](boost::system::error_code, int signal) {
    readiness.drain();
    if (drain_seconds <= 0) {
      spdlog::info("signal {}: stopping", signal);
      return stop();
    }
    spdlog::info("signal {}: draining for {} s, then stopping", signal, drain_seconds);
    signals.async_wait([&](boost::system::error_code ec, int again) {
      if (ec) return;
      spdlog::info("signal {}: stopping now", again);
      drain.cancel();
    });
    drain.expires_after(std::chrono::seconds(drain_seconds));
    drain.async_wait([&](boost::system::error_code) {
      signals.cancel();
      stop();
    });
  });
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (std::thread& t : pool) t.join();
}

}  // namespace

int run_server(const ServerConfig& config) {
  init_credentials();

  if (backend_kind(config.database) == BackendKind::kSqlite) {
    const std::filesystem::path db_path(config.database);
    if (db_path.has_parent_path()) std::filesystem::create_directories(db_path.parent_path());
  }

  // Declaration order is teardown order, reversed: whatever a pending handler
  // may touch when the io_context destroys it (metrics, the session list) is
  // declared before the io_context; the store is emptied before the io_context
  // goes, while its completions can still be posted.
  Metrics metrics;
  SessionList sessions;
  auto ioc = std::make_unique<net::io_context>(config.threads);
  const SerialExecutors strands(ioc->get_executor(), config.threads);
  // Reset once the listener has it: even moved from, an acceptor keeps its
  // strand, which must go before the io_context does.
  std::optional<tcp::acceptor> acceptor =
      bound_acceptor(strands, tcp::endpoint{net::ip::make_address(config.address), config.port});
  const std::string node = node_name(config);
  const bool shared = backend_kind(config.database) == BackendKind::kPostgresql;
  // Where the other nodes carry requests for this node's tables, bound as
  // early as the listener (docs/scaling.md, "Routing").
  std::unique_ptr<PeerLink> peers;
  if (!config.peer_host.empty()) {
    if (!shared) {
      spdlog::critical("spb serve: --peer-listen is for nodes sharing a PostgreSQL database, and {} is SQLite",
                       printable_location(config.database));
      return 2;
    }
    std::optional<tcp::acceptor> peer_acceptor;
    try {
      peer_acceptor = bound_acceptor(strands, tcp::endpoint{net::ip::make_address(config.peer_host), config.peer_port});
    } catch (const boost::system::system_error& e) {
      spdlog::critical("spb serve: cannot listen for other nodes on {}:{}: {}", config.peer_host, config.peer_port,
                       e.code().message());
      return 1;
    }
    const std::string address = config.peer_address.empty()
                                    ? config.peer_host + ":" + std::to_string(peer_acceptor->local_endpoint().port())
                                    : config.peer_address;
    peers = std::make_unique<PeerLink>(ioc->get_executor(), std::move(*peer_acceptor), address, metrics);
    spdlog::info("node {}: other nodes carry requests here at {}", node, address);
  }
  // Each PostgreSQL session names its node (pg_stat_activity, the server's
  // log), unless the operator's connection string names it otherwise: libpq
  // reads PGAPPNAME for every connection this process opens.
  setenv("PGAPPNAME", node.c_str(), 0);
  // With PostgreSQL, nodes may share the database: each table is played under
  // a lease (docs/scaling.md). A writer paused inside a transaction is ended
  // by PostgreSQL after a lease's length, so it cannot hold a table's lease
  // row locked from a node taking the table.
  const std::int64_t lease_ms = std::int64_t{config.lease_seconds} * 1000;
  // A transaction's completions go to the network threads in one post, on
  // one strand so that they run in the order committed; a table's completion
  // then runs its move's announcement at once on that thread when the table
  // is free (Table::commit_move), with no further wake-up. The strand is the
  // store's alone, so it goes with the store, before the io_context.
  auto store = std::make_unique<Store>(
      StoreOptions{config.database, config.durable, StoreOptions{}.max_batch, config.commit_delay,
                   shared ? lease_ms : 0},
      [&metrics](double seconds, std::size_t, bool committed) {
        metrics.commit_latency.observe(seconds);
        if (!committed) metrics.commit_failures.fetch_add(1, std::memory_order_relaxed);
      },
      [completions = strands.next()](std::function<void()> run) { net::post(completions, std::move(run)); });
  net::thread_pool slow_work(1);
  // Correspondence play. The scheduler and the webhook sender hold timers and
  // strands of the io_context: they are reset before it, after the store.
  SystemClock system_clock;
  std::unique_ptr<ManualClock> test_clock;
  if (config.test_clock_start) {
    test_clock = std::make_unique<ManualClock>(*config.test_clock_start);
    spdlog::warn("TEST CLOCK: time starts at {} and moves only by debug_advance_clock; never use this in production",
                 *config.test_clock_start);
  }
  const Clock& clock = test_clock ? static_cast<const Clock&>(*test_clock) : system_clock;
  UserChannels channels;
  auto scheduler = std::make_unique<Scheduler>(ioc->get_executor(), clock);
  // Timed work no table owns is claimed in this node's name, each claim lasting
  // as long as its sends may take plus a lease's length, the margin for
  // recording the outcome (docs/scaling.md, "Timed work").
  OutboundPoster poster(ioc->get_executor(), OutboundPolicy::from_config(config.outbound_allow),
                        config.outbound_timeout_seconds, config.outbound_ca);
  auto webhooks = std::make_unique<WebhookSender>(
      ioc->get_executor(), *store, clock, *scheduler,
      WebhookPolicy{config.webhook_attempts, config.webhook_first_retry_seconds, 6 * 3600, config.webhook_plain_http},
      poster, PushSettings{config.push_contact, PushSettings{}.ttl_seconds}, metrics, node, lease_ms);
  // Email, when the operator gave a relay (docs/notifications.md).
  init_smtp();
  std::unique_ptr<EmailSender> email;
  if (!config.smtp_host.empty()) {
    std::string key;
    store->run_sync([&key, &clock](Records& db) { key = db.server_key("unsubscribe", EmailLinks::new_key(), clock.now()); });
    email = std::make_unique<EmailSender>(
        ioc->get_executor(), *store, clock, *scheduler,
        SmtpSettings{config.smtp_host, config.smtp_port, config.smtp_security, config.smtp_user, config.smtp_password,
                     config.mail_from, config.smtp_timeout_seconds},
        EmailPolicy{config.email_attempts, 60, 6 * 3600}, EmailLinks(config.public_url, key), metrics, node, lease_ms);
    spdlog::info("email: through {}:{} ({}) from {}", config.smtp_host, config.smtp_port, config.smtp_security,
                 config.mail_from);
  }
  Digests digests(*store, clock, *scheduler, queue_digest, [&email] {
    if (email) email->wake();
  });
  Notifier notifier(*store, clock, channels, *webhooks, email.get());
  Retention retention(ioc->get_executor(), *store, clock, *scheduler,
                      RetentionPolicy{config.keep_notifications_days, config.keep_webhooks_days}, node);
  // Robots decide on threads of their own; their answers are posted to the
  // tables' strands, so the pool stops before the io_context goes.
  RobotPool robots(config.robot_threads, std::chrono::milliseconds(config.robot_think_ms), metrics);
  Correspondence correspondence{clock, *scheduler, notifier, config.deadline_warning_hours,
                                config.stand_in_wait_minutes * 60, &robots, config.max_off_hours_per_week,
                                config.vacation_days_per_year, {}};
  std::unique_ptr<NodeLeases> leases;
  if (shared) {
    leases = std::make_unique<NodeLeases>(config.database, node, lease_ms, metrics);
    spdlog::info("node {}: tables are played under leases of {} s", leases->node(), config.lease_seconds);
  }
  auto tables = std::make_unique<TableRegistry>(strands, *store, metrics, correspondence, leases.get());
  std::size_t failed = 0;
  const auto report = [&failed](std::int64_t id, const std::string& why) {
    ++failed;
    spdlog::error("table {} is not served: {}", id, why);
  };
  // A node takes the tables no live node plays; the others it loads when
  // asked for them (table_registry.hpp).
  const std::size_t loaded = leases ? tables->load_leased(leases->adopt_now(100000), report, config.verify_on_start)
                                    : tables->load_all_playing(report, config.verify_on_start);
  if (config.verify_on_start) {
    // With PostgreSQL a node replays only the tables it adopted at start: the
    // others are loaded by whichever node is asked for them (docs/scaling.md).
    if (leases) {
      spdlog::info("start-up check: the {} tables this node adopted replayed from their seeds; {} diverged",
                   loaded + failed, failed);
    } else {
      spdlog::info("start-up check: every started table replayed from its seed; {} diverged", failed);
    }
  }

  Guards guards(config);
  Services services{config,         *store,   *tables,          metrics, slow_work, correspondence,
                    *webhooks,      email.get(), &digests, test_clock.get(), guards};
  correspondence.floating_day_spent = [&services](const VacationRecord& day) { vacation_began(services, day); };
  // Tournaments move on at their start dates and as their tables end (docs/tournaments.md).
  CompetitionDirector tournaments(tournaments_kind(), *store, clock, *scheduler, *tables, notifier);
  services.tournaments = &tournaments;
  // Leagues start their seasons at their dates and their tables as players have room (docs/leagues.md).
  CompetitionDirector leagues(leagues_kind(), *store, clock, *scheduler, *tables, notifier);
  services.leagues = &leagues;
  correspondence.competition_table_ended = [&tournaments, &leagues](const TableRecord& table) {
    if (table.tournament) tournaments.check(table.tournament->id);
    if (table.league) leagues.check(table.league->id);
  };
  // What crosses users and tables crosses nodes (node_bus.hpp); a request for
  // a table another node plays is carried there (forwarding.hpp).
  NodeBus bus;
  std::unique_ptr<Forwarder> forwarder;
  if (leases) {
    forwarder = std::make_unique<Forwarder>(ioc->get_executor(), *leases, metrics, std::chrono::milliseconds(lease_ms));
    services.forwarder = forwarder.get();
    bus.publish = [&leases](NodeBus::Kind kind, std::int64_t id, std::string text) {
      leases->publish(kind, id, std::move(text));
    };
    notifier.set_bus(&bus);
    NodeLeaseHooks hooks = tables->lease_hooks();
    hooks.forwarded = [&services, &forwarder](std::string payload) { forwarder->heard(services, payload); };
    if (peers) {
      forwarder->carry_over([&peers](const std::string& to, std::string message) {
        return peers->send(to, std::move(message));
      });
      peers->start([&services, &forwarder](std::string message) { forwarder->heard(services, message); },
                   [&leases](const std::string& to, std::string message) { return leases->forward(to, std::move(message)); });
      hooks.peer = [&peers](std::string other, std::string announcement) { peers->heard(other, announcement); };
    }
    hooks.heard = [&services, &channels, &tables](NodeBus::Kind kind, std::int64_t id, std::string text) {
      switch (kind) {
        case NodeBus::Kind::kUser:
          channels.send(id, std::make_shared<const std::string>(std::move(text)));
          break;
        case NodeBus::Kind::kTable:
          if (auto table = tables->find(id)) table->relay(std::make_shared<const std::string>(std::move(text)));
          break;
        case NodeBus::Kind::kSessions:
          end_sessions_told(services, id, text);
          break;
      }
    };
    hooks.timed_work = [&services, &webhooks, &email, &digests](TimedWorkDue due) {
      switch (due.work) {
        case TimedWork::kWebhooks:
          webhooks->wake();
          break;
        case TimedWork::kEmails:
          if (email) email->wake();
          break;
        case TimedWork::kDigests:
          digests.rearm();
          break;
        case TimedWork::kVacationEnd:
          vacation_booked_elsewhere(services, due.id);
          break;
        case TimedWork::kRetentionSweep:
          // Never told (parse_timed_work_due): each node schedules its own sweeps.
          break;
      }
    };
    leases->start(std::move(hooks), peers ? peers->announcement() : std::string());
  }
  schedule_open_vacations(services);
  webhooks->wake();
  if (email) email->wake();
  digests.start();
  retention.start();
  tournaments.start();
  leagues.start();
  auto readiness = std::make_unique<Readiness>(ioc->get_executor(), *store, metrics);
  readiness->start();
  auto outbox_gauge = std::make_unique<OutboxGauge>(ioc->get_executor(), *store, clock, metrics);
  outbox_gauge->start();
  auto listener = std::make_shared<Listener>(strands, std::move(*acceptor), services, sessions, *readiness);
  acceptor.reset();
  listener->run();
  // Tests and scripts read this line to learn the port (with --listen HOST:0).
  spdlog::info("listening on {}:{} database {} tables resumed {}", config.address, listener->local_endpoint().port(),
               printable_location(config.database), loaded);

  serve_until_signalled(*ioc, *listener, sessions, *readiness, config.threads, config.drain_seconds);
  robots.stop();
  scheduler->stop();
  webhooks->stop();
  if (email) email->stop();
  slow_work.join();
  listener.reset();
  // Before the store goes: the leases' thread loads tables through it. Its
  // leases are given up, so other nodes take the tables at once.
  if (leases) leases->stop();
  forwarder.reset();  // its timers, before the io_context
  peers.reset();      // its sockets, the same
  store.reset();   // writes what is queued; completions go to the stopped io_context
  readiness.reset();  // its timers, before the io_context
  outbox_gauge.reset();  // the same
  tables.reset();
  webhooks.reset();
  email.reset();
  scheduler.reset();
  ioc.reset();     // destroys the handlers never run, and with them the sessions and tables
  spdlog::info("stopped");
  return 0;
}

}  // namespace sp::server
