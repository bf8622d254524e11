#include "server/base/config.hpp"

#include <charconv>
#include <cstdlib>
#include <thread>

#include <boost/asio/ip/address.hpp>

#include "server/security/address_policy.hpp"

namespace sp::server {
namespace {

struct Setting {
  const char* flag;
  const char* env;
  const char* help;
};

constexpr Setting kSettings[] = {
    {"listen", "SPB_LISTEN", "HOST:PORT to listen on (default 127.0.0.1:8080)"},
    {"db", "SPB_DB", "database: an SQLite file (default ./data/spb.sqlite, created on first start), or PostgreSQL as postgresql://USER@HOST:PORT/DBNAME or a libpq key=value string"},
    {"threads", "SPB_THREADS", "network threads (default: the number of cores less one, at least one)"},
    {"log-format", "SPB_LOG_FORMAT", "text or json (default text)"},
    {"admin-token", "SPB_ADMIN_TOKEN", "administrator token (default none: administration off)"},
    {"static-dir", "SPB_STATIC_DIR", "folder of the browser client's files"},
    {"max-frame", "SPB_MAX_FRAME", "largest WebSocket frame in bytes (default 65536)"},
    {"idle-timeout", "SPB_IDLE_TIMEOUT", "seconds before a silent connection is closed (default 60)"},
    {"rate", "SPB_RATE", "requests a second per connection (default 20)"},
    {"bot-rate", "SPB_BOT_RATE", "requests a second per connection of a bot's account once signed in (default 5)"},
    {"durable", "SPB_DURABLE", "1: commits survive power loss (synchronous=FULL, default); 0: NORMAL"},
    {"commit-delay-us", "SPB_COMMIT_DELAY_US",
     "microseconds a commit may wait for more moves when they arrive densely, so one disk flush carries several "
     "(default 0: never wait; 1000 saves about 15% of a move's CPU at 4,000 moves a second and adds about 1 ms to the median)"},
    {"hello-timeout", "SPB_HELLO_TIMEOUT", "seconds a new WebSocket has to say hello before it is closed (default 10)"},
    {"login-timeout", "SPB_LOGIN_TIMEOUT",
     "seconds a new WebSocket has to log in or subscribe to a table before it is closed (default 60)"},
    {"max-connections-per-address", "SPB_MAX_CONNECTIONS_PER_ADDRESS",
     "WebSockets open at once from one address (default 64; 0: no limit)"},
    {"trusted-proxies", "SPB_TRUSTED_PROXIES",
     "comma-separated addresses of reverse proxies whose X-Forwarded-For names the client (default none)"},
    {"login-failures-per-account", "SPB_LOGIN_FAILURES_PER_ACCOUNT",
     "failed logins to one account before its logins must wait, 1 s doubling per further failure (default 5; 0: "
     "no limit)"},
    {"login-failures-per-address", "SPB_LOGIN_FAILURES_PER_ADDRESS",
     "failed logins from one address before its logins must wait, 1 s doubling per further failure (default 20; "
     "0: no limit)"},
    {"login-lockout-max", "SPB_LOGIN_LOCKOUT_MAX", "longest wait after failed logins, in seconds (default 900)"},
    {"registrations-per-address-hour", "SPB_REGISTRATIONS_PER_ADDRESS_HOUR",
     "accounts one address may register per hour (default 10; 0: no limit)"},
    {"chat-per-account-minute", "SPB_CHAT_PER_ACCOUNT_MINUTE",
     "chat lines one account may send per minute (default 20; 0: no limit)"},
    {"chat-per-address-minute", "SPB_CHAT_PER_ADDRESS_MINUTE",
     "chat lines one address may send per minute (default 60; 0: no limit)"},
    {"invitations-per-account-hour", "SPB_INVITATIONS_PER_ACCOUNT_HOUR",
     "invitations one account may send per hour, each a notice (and perhaps an email) to another player (default "
     "20; 0: no limit)"},
    {"tournaments-by", "SPB_TOURNAMENTS_BY",
     "who may create tournaments: anyone (any player, the default) or administrators"},
    {"confirmations-per-address-hour", "SPB_CONFIRMATIONS_PER_ADDRESS_HOUR",
     "confirmation emails one email address may be sent per hour, whichever accounts ask (default 3; 0: no limit)"},
    {"resets-per-address-hour", "SPB_RESETS_PER_ADDRESS_HOUR",
     "password reset links one email address may ask for per hour, whether or not an account has it (default 3; 0: "
     "no limit)"},
    {"outbound-allow", "SPB_OUTBOUND_ALLOW",
     "comma-separated networks (CIDR) that webhooks may reach although not public, such as 10.0.0.0/8 (default "
     "none: only public addresses)"},
    {"outbound-ca", "SPB_OUTBOUND_CA",
     "PEM file of certificate authorities that webhooks' and push services' certificates may chain to, besides the "
     "system's (default none)"},
    {"outbound-timeout", "SPB_OUTBOUND_TIMEOUT",
     "seconds one webhook or push attempt may take, lookup to answer (default 10)"},
    {"webhook-plain-http", "SPB_WEBHOOK_PLAIN_HTTP",
     "1: players may set http:// webhooks too (unencrypted; for receivers on a trusted network); 0: https:// only "
     "(default)"},
    {"push-contact", "SPB_PUSH_CONTACT",
     "the operator's mailto: or https: address that Web Push messages name to push services (VAPID's sub; default "
     "mailto:operator@example.invalid)"},
    {"vacation-days", "SPB_VACATION_DAYS", "vacation days each player may take per calendar year (default 21)"},
    {"webhook-attempts", "SPB_WEBHOOK_ATTEMPTS", "attempts to deliver a webhook before giving up (default 8)"},
    {"webhook-retry", "SPB_WEBHOOK_RETRY", "seconds before a webhook's first retry, doubled after each (default 30)"},
    {"keep-notifications-days", "SPB_KEEP_NOTIFICATIONS_DAYS",
     "days a read notification is kept, then deleted (default 90; 0: forever)"},
    {"keep-webhooks-days", "SPB_KEEP_WEBHOOKS_DAYS",
     "days a delivered or given-up webhook delivery is kept, then deleted (default 30; 0: forever)"},
    {"smtp-host", "SPB_SMTP_HOST", "SMTP relay that sends email notices (default none: no email)"},
    {"smtp-port", "SPB_SMTP_PORT", "the relay's port (default 587)"},
    {"smtp-security", "SPB_SMTP_SECURITY",
     "starttls (default; refuses a relay without it), tls (implicit TLS, usually port 465) or none (plain, for a "
     "relay on the same host)"},
    {"smtp-user", "SPB_SMTP_USER", "user name at the relay (default none: no authentication)"},
    {"smtp-password", "SPB_SMTP_PASSWORD", "password at the relay"},
    {"mail-from", "SPB_MAIL_FROM", "From address of email notices, such as spb@example.org (needed with --smtp-host)"},
    {"public-url", "SPB_PUBLIC_URL",
     "the server's address as players reach it, such as https://spb.example.org, for links in emails (needed with "
     "--smtp-host)"},
    {"smtp-timeout", "SPB_SMTP_TIMEOUT", "seconds one email may take at the relay (default 30)"},
    {"email-attempts", "SPB_EMAIL_ATTEMPTS", "attempts to send an email before giving up (default 8)"},
    {"deadline-warnings", "SPB_DEADLINE_WARNINGS",
     "comma-separated hours before a move's deadline when its player is warned (default 24,1; empty: none)"},
    {"stand-in-wait", "SPB_STAND_IN_WAIT",
     "minutes robots standing in for a person who ran out of time wait before each move, while no person plays at "
     "the table, so that the person can come back (default 10; 0: no wait; up to 1440)"},
    {"max-off-hours", "SPB_MAX_OFF_HOURS",
     "hours a week a player may declare off (nights and off days together), when their clock does not run "
     "(default 72; 0: no off time; up to 144, so that every clock runs a day a week)"},
    {"robot-threads", "SPB_ROBOT_THREADS",
     "threads where robots decide, off the tables' strands (default 1, one core's worth; up to 64)"},
    {"robot-think-ms", "SPB_ROBOT_THINK_MS",
     "milliseconds a searching robot may think over one move before it chooses from what it saw (default 2000; "
     "10 to 60000)"},
    {"test-clock", "SPB_TEST_CLOCK",
     "FOR TESTS ONLY: a clock that starts at these unix seconds and moves only by debug_advance_clock; needs "
     "--admin-token"},
    {"lease-seconds", "SPB_LEASE_SECONDS",
     "with PostgreSQL, several nodes may serve one database: seconds a node's hold on a table lasts unless renewed, "
     "so how long a dead node's tables wait (default 10; 3 to 300; docs/scaling.md)"},
    {"node-name", "SPB_NODE_NAME",
     "this node's name among the nodes sharing a PostgreSQL database; unique per running node (default: "
     "host name and port)"},
    {"peer-listen", "SPB_PEER_LISTEN",
     "with PostgreSQL, HOST:PORT on a private network where other nodes carry requests for this node's tables "
     "directly, rather than through the database's notifications (default none; docs/scaling.md)"},
    {"peer-address", "SPB_PEER_ADDRESS",
     "HOST:PORT at which the other nodes reach --peer-listen (default: --peer-listen's own, which must then name "
     "a host, not 0.0.0.0)"},
    {"drain-seconds", "SPB_DRAIN_SECONDS",
     "seconds after SIGTERM during which the node still serves but /readyz answers 503, so that a balancer with "
     "active checks sends new players elsewhere before it stops (default 0; 0 to 120; docs/operations.md)"},
    {"verify-on-start", "SPB_VERIFY_ON_START",
     "1: at start-up replay every started table from its seed and check every move's hash (with PostgreSQL, the "
     "tables this node adopts at start); 0: load from snapshots (default)"},
};

template <typename T>
bool parse_number(const std::string& text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// Days to keep a kind of row: 0 (forever) to ten years; longer is forever in
// all but name.
bool parse_keep_days(const std::string& text, int& days) {
  return parse_number(text, days) && days >= 0 && days <= 3650;
}

// A count limit: 0 (off) to a million.
bool parse_limit(const std::string& text, int& out) { return parse_number(text, out) && out >= 0 && out <= 1000000; }

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    std::string item = text.substr(start, comma - start);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (!item.empty()) items.push_back(std::move(item));
    start = comma + 1;
  }
  return items;
}

bool apply(ServerConfig& config, const std::string& name, const std::string& value, std::string& error) {
  auto bad = [&](const char* what) {
    error = "--" + name + ": " + what;
    return false;
  };
  if (name == "listen") {
    const auto colon = value.rfind(':');
    if (colon == std::string::npos) return bad("expected HOST:PORT");
    config.address = value.substr(0, colon);
    if (!parse_number(value.substr(colon + 1), config.port)) return bad("the port must be a number from 0 to 65535");
  } else if (name == "db") {
    if (value.empty()) return bad("give a file name or a postgresql:// address");
    config.database = value;
  } else if (name == "threads") {
    if (!parse_number(value, config.threads) || config.threads < 1 || config.threads > 256) return bad("1 to 256");
  } else if (name == "log-format") {
    if (value != "text" && value != "json") return bad("text or json");
    config.log_format = value;
  } else if (name == "admin-token") {
    if (!value.empty() && value.size() < 16) return bad("use at least 16 characters");
    config.admin_token = value;
  } else if (name == "static-dir") {
    config.static_dir = value;
  } else if (name == "max-frame") {
    if (!parse_number(value, config.max_frame_bytes) || config.max_frame_bytes < 1024) return bad("at least 1024");
  } else if (name == "idle-timeout") {
    if (!parse_number(value, config.idle_timeout_seconds) || config.idle_timeout_seconds < 5) return bad("at least 5");
  } else if (name == "rate") {
    int rate = 0;
    if (!parse_number(value, rate) || rate < 1) return bad("at least 1");
    config.requests_per_second = rate;
    config.request_burst = 2.0 * rate;
  } else if (name == "bot-rate") {
    int rate = 0;
    if (!parse_number(value, rate) || rate < 1) return bad("at least 1");
    config.bot_requests_per_second = rate;
    config.bot_request_burst = 2.0 * rate;
  } else if (name == "durable") {
    if (value != "0" && value != "1") return bad("0 or 1");
    config.durable = value == "1";
  } else if (name == "commit-delay-us") {
    int micros = 0;
    if (!parse_number(value, micros) || micros < 0 || micros > 10000) return bad("0 to 10000");
    config.commit_delay = std::chrono::microseconds(micros);
  } else if (name == "lease-seconds") {
    if (!parse_number(value, config.lease_seconds) || config.lease_seconds < 3 || config.lease_seconds > 300) {
      return bad("3 to 300");
    }
  } else if (name == "node-name") {
    if (value.empty() || value.size() > 200) return bad("1 to 200 characters");
    config.node_name = value;
  } else if (name == "peer-listen") {
    const auto colon = value.rfind(':');
    if (colon == std::string::npos || colon == 0) return bad("expected HOST:PORT");
    config.peer_host = value.substr(0, colon);
    if (!parse_number(value.substr(colon + 1), config.peer_port)) return bad("the port must be a number from 0 to 65535");
  } else if (name == "peer-address") {
    const auto colon = value.rfind(':');
    std::uint16_t port = 0;
    if (colon == std::string::npos || colon == 0 || !parse_number(value.substr(colon + 1), port) || port == 0) {
      return bad("expected HOST:PORT with a port from 1 to 65535");
    }
    config.peer_address = value;
  } else if (name == "drain-seconds") {
    if (!parse_number(value, config.drain_seconds) || config.drain_seconds < 0 || config.drain_seconds > 120) {
      return bad("0 to 120");
    }
  } else if (name == "verify-on-start") {
    if (value != "0" && value != "1") return bad("0 or 1");
    config.verify_on_start = value == "1";
  } else if (name == "vacation-days") {
    if (!parse_number(value, config.vacation_days_per_year) || config.vacation_days_per_year < 0 ||
        config.vacation_days_per_year > 366) {
      return bad("0 to 366");
    }
  } else if (name == "webhook-attempts") {
    if (!parse_number(value, config.webhook_attempts) || config.webhook_attempts < 1 || config.webhook_attempts > 50) {
      return bad("1 to 50");
    }
  } else if (name == "webhook-retry") {
    if (!parse_number(value, config.webhook_first_retry_seconds) || config.webhook_first_retry_seconds < 1) {
      return bad("at least 1");
    }
  } else if (name == "keep-notifications-days") {
    if (!parse_keep_days(value, config.keep_notifications_days)) return bad("0 (forever) to 3650");
  } else if (name == "keep-webhooks-days") {
    if (!parse_keep_days(value, config.keep_webhooks_days)) return bad("0 (forever) to 3650");
  } else if (name == "hello-timeout") {
    if (!parse_number(value, config.hello_timeout_seconds) || config.hello_timeout_seconds < 1) return bad("at least 1");
  } else if (name == "login-timeout") {
    if (!parse_number(value, config.login_timeout_seconds) || config.login_timeout_seconds < 1) return bad("at least 1");
  } else if (name == "max-connections-per-address") {
    if (!parse_limit(value, config.max_connections_per_address)) return bad("0 (no limit) to 1000000");
  } else if (name == "trusted-proxies") {
    config.trusted_proxies = split_list(value);
    for (const std::string& address : config.trusted_proxies) {
      boost::system::error_code ec;
      boost::asio::ip::make_address(address, ec);
      if (ec) return bad("comma-separated IP addresses");
    }
  } else if (name == "login-failures-per-account") {
    if (!parse_limit(value, config.login_failures_per_account)) return bad("0 (no limit) to 1000000");
  } else if (name == "login-failures-per-address") {
    if (!parse_limit(value, config.login_failures_per_address)) return bad("0 (no limit) to 1000000");
  } else if (name == "login-lockout-max") {
    if (!parse_number(value, config.login_lockout_max_seconds) || config.login_lockout_max_seconds < 1 ||
        config.login_lockout_max_seconds > 86400) {
      return bad("1 to 86400");
    }
  } else if (name == "registrations-per-address-hour") {
    if (!parse_limit(value, config.registrations_per_address_hour)) return bad("0 (no limit) to 1000000");
  } else if (name == "chat-per-account-minute") {
    if (!parse_limit(value, config.chat_per_account_minute)) return bad("0 (no limit) to 1000000");
  } else if (name == "chat-per-address-minute") {
    if (!parse_limit(value, config.chat_per_address_minute)) return bad("0 (no limit) to 1000000");
  } else if (name == "invitations-per-account-hour") {
    if (!parse_limit(value, config.invitations_per_account_hour)) return bad("0 (no limit) to 1000000");
  } else if (name == "tournaments-by") {
    if (value != "anyone" && value != "administrators") return bad("anyone or administrators");
    config.tournaments_by_administrators = value == "administrators";
  } else if (name == "confirmations-per-address-hour") {
    if (!parse_limit(value, config.confirmations_per_address_hour)) return bad("0 (no limit) to 1000000");
  } else if (name == "resets-per-address-hour") {
    if (!parse_limit(value, config.resets_per_address_hour)) return bad("0 (no limit) to 1000000");
  } else if (name == "outbound-allow") {
    config.outbound_allow = split_list(value);
    for (const std::string& network : config.outbound_allow) {
      if (!parse_network(network)) return bad("comma-separated networks such as 10.0.0.0/8 or ::1/128");
    }
  } else if (name == "smtp-host") {
    config.smtp_host = value;
  } else if (name == "smtp-port") {
    if (!parse_number(value, config.smtp_port) || config.smtp_port == 0) return bad("1 to 65535");
  } else if (name == "smtp-security") {
    if (value != "starttls" && value != "tls" && value != "none") return bad("starttls, tls or none");
    config.smtp_security = value;
  } else if (name == "smtp-user") {
    config.smtp_user = value;
  } else if (name == "smtp-password") {
    config.smtp_password = value;
  } else if (name == "mail-from") {
    if (value.find('@') == std::string::npos || value.find_first_of("\r\n") != std::string::npos) {
      return bad("an email address");
    }
    config.mail_from = value;
  } else if (name == "public-url") {
    if (value.rfind("http://", 0) != 0 && value.rfind("https://", 0) != 0) return bad("an http:// or https:// address");
    config.public_url = value;
    while (!config.public_url.empty() && config.public_url.back() == '/') config.public_url.pop_back();
  } else if (name == "smtp-timeout") {
    if (!parse_number(value, config.smtp_timeout_seconds) || config.smtp_timeout_seconds < 1 ||
        config.smtp_timeout_seconds > 600) {
      return bad("1 to 600");
    }
  } else if (name == "email-attempts") {
    if (!parse_number(value, config.email_attempts) || config.email_attempts < 1 || config.email_attempts > 50) {
      return bad("1 to 50");
    }
  } else if (name == "deadline-warnings") {
    config.deadline_warning_hours.clear();
    for (const std::string& item : split_list(value)) {
      int hours = 0;
      if (!parse_number(item, hours) || hours < 1 || hours > 24 * 30) return bad("comma-separated hours, 1 to 720");
      config.deadline_warning_hours.push_back(hours);
    }
  } else if (name == "stand-in-wait") {
    if (!parse_number(value, config.stand_in_wait_minutes) || config.stand_in_wait_minutes < 0 ||
        config.stand_in_wait_minutes > 1440) {
      return bad("0 to 1440");
    }
  } else if (name == "max-off-hours") {
    if (!parse_number(value, config.max_off_hours_per_week) || config.max_off_hours_per_week < 0 ||
        config.max_off_hours_per_week > 144) {
      return bad("0 to 144");
    }
  } else if (name == "robot-threads") {
    if (!parse_number(value, config.robot_threads) || config.robot_threads < 1 || config.robot_threads > 64) {
      return bad("1 to 64");
    }
  } else if (name == "robot-think-ms") {
    if (!parse_number(value, config.robot_think_ms) || config.robot_think_ms < 10 || config.robot_think_ms > 60000) {
      return bad("10 to 60000");
    }
  } else if (name == "outbound-ca") {
    if (value.empty()) return bad("give a PEM file");
    config.outbound_ca = value;
  } else if (name == "outbound-timeout") {
    if (!parse_number(value, config.outbound_timeout_seconds) || config.outbound_timeout_seconds < 1 ||
        config.outbound_timeout_seconds > 120) {
      return bad("1 to 120");
    }
  } else if (name == "webhook-plain-http") {
    if (value != "0" && value != "1") return bad("0 or 1");
    config.webhook_plain_http = value == "1";
  } else if (name == "push-contact") {
    if (value.rfind("mailto:", 0) != 0 && value.rfind("https://", 0) != 0) return bad("a mailto: or https: address");
    config.push_contact = value;
  } else if (name == "test-clock") {
    std::int64_t start = 0;
    if (!parse_number(value, start) || start < 0) return bad("unix seconds");
    config.test_clock_start = start;
  } else {
    error = "unknown option --" + name;
    return false;
  }
  return true;
}

}  // namespace

std::optional<ServerConfig> load_config(const std::vector<std::string>& args, std::string& error) {
  ServerConfig config;
  // One core is left to the store's writer thread, which writes and flushes
  // every move: a network thread more than the cores left only wakes the
  // others (docs/performance.md, "Levers tried").
  config.threads = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()) - 1);
  for (const Setting& s : kSettings) {
    if (const char* value = std::getenv(s.env); value != nullptr && !apply(config, s.flag, value, error)) {
      error = std::string(s.env) + " (" + error + ")";
      return std::nullopt;
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].rfind("--", 0) != 0 || i + 1 >= args.size()) {
      error = "expected --option value, got " + args[i];
      return std::nullopt;
    }
    if (!apply(config, args[i].substr(2), args[i + 1], error)) return std::nullopt;
    ++i;
  }
  if (!config.peer_host.empty() && config.peer_address.empty() &&
      (config.peer_host == "0.0.0.0" || config.peer_host == "::" || config.peer_host == "[::]")) {
    error = "--peer-listen on every interface needs --peer-address: the address the other nodes reach it at";
    return std::nullopt;
  }
  if (config.test_clock_start && config.admin_token.empty()) {
    error = "--test-clock needs --admin-token: only an administrator may move the test clock";
    return std::nullopt;
  }
  if (!config.smtp_host.empty() && (config.mail_from.empty() || config.public_url.empty())) {
    error = "--smtp-host needs --mail-from and --public-url: emails need a sender and links back to the server";
    return std::nullopt;
  }
  return config;
}

std::string config_help() {
  std::string help = "settings (flag, or environment variable):\n";
  for (const Setting& s : kSettings) {
    help += "  --" + std::string(s.flag) + " / " + s.env + "\n      " + s.help + "\n";
  }
  return help;
}

}  // namespace sp::server
