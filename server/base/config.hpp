// ServerConfig: every setting of `spb serve`, from flags, then environment
// variables, then defaults that work with no configuration at all.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::server {

struct ServerConfig {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string database = "./data/spb.sqlite";
  int threads = 2;
  std::string log_format = "text";  // text or json
  std::string admin_token;          // empty: administration disabled
  std::string static_dir;           // the browser client's files; empty: none
  std::size_t max_frame_bytes = 64 * 1024;
  int handshake_timeout_seconds = 10;
  int idle_timeout_seconds = 60;
  double requests_per_second = 20;
  double request_burst = 40;
  // A third-party bot's connection, once signed in (docs/bots.md): a program
  // may send as fast as it likes, so it gets a narrower bucket than people.
  double bot_requests_per_second = 5;
  double bot_request_burst = 10;
  std::size_t max_outbound_frames = 256;
  bool durable = true;  // synchronous=FULL
  // How long a commit may wait for more moves when they arrive densely
  // (server/store/commit_delay.hpp).
  std::chrono::microseconds commit_delay{0};
  int drain_seconds = 0;          // after SIGTERM, /readyz answers 503 this long before the node stops
  bool verify_on_start = false;  // replay every started table from its seed at start-up
  // Several nodes on one PostgreSQL database (docs/scaling.md).
  int lease_seconds = 10;  // a table's lease lasts this long unless renewed
  std::string node_name;   // empty: host name and port
  // Where other nodes carry requests to this one directly (server/net/
  // peer_link.hpp); no host: through PostgreSQL's notifications.
  std::string peer_host;
  std::uint16_t peer_port = 0;
  std::string peer_address;  // HOST:PORT as the other nodes reach it; empty: peer_host:the bound port
  // Correspondence play (docs/correspondence.md).
  std::optional<std::int64_t> test_clock_start;  // --test-clock: a manual clock from this unix time
  int vacation_days_per_year = 21;
  int webhook_attempts = 8;
  int webhook_first_retry_seconds = 30;
  // Retention (docs/operations.md): days kept after being read or settled; 0: forever.
  int keep_notifications_days = 90;
  int keep_webhooks_days = 30;
  // Limits a public site needs (docs/operations.md, "Security"). Counts per
  // address are by the connection's peer address, or by X-Forwarded-For when
  // the peer is one of trusted_proxies. 0 turns a limit off.
  int hello_timeout_seconds = 10;          // after the upgrade, to say hello
  int login_timeout_seconds = 60;          // after the upgrade, to log in or subscribe
  int max_connections_per_address = 64;    // open WebSockets at once
  std::vector<std::string> trusted_proxies;  // peer addresses whose X-Forwarded-For is believed
  int login_failures_per_account = 5;      // failed logins before the account's logins wait
  int login_failures_per_address = 20;     // failed logins before the address's logins wait
  int login_lockout_max_seconds = 900;     // the longest wait, however many failures
  int registrations_per_address_hour = 10; // accounts registered per address per hour
  int chat_per_account_minute = 20;        // chat lines per account per minute
  int chat_per_address_minute = 60;        // chat lines per address per minute
  int invitations_per_account_hour = 20;   // invitations (notices to others) per account per hour
  // Only administrators create tournaments (docs/tournaments.md); else any player.
  bool tournaments_by_administrators = false;
  int confirmations_per_address_hour = 3;  // confirmation emails to one email address per hour
  int resets_per_address_hour = 3;         // password reset requests for one email address per hour
  // Outbound requests (webhooks) may reach only public addresses, but for these
  // networks ("127.0.0.1/32", "10.0.0.0/8", "::1/128").
  std::vector<std::string> outbound_allow;
  // Email (docs/notifications.md): no SMTP host, no email. The relay is
  // reached with STARTTLS (required), implicit TLS, or plain (loopback relays
  // and tests only).
  std::string smtp_host;
  std::uint16_t smtp_port = 587;
  std::string smtp_security = "starttls";  // starttls, tls or none
  std::string smtp_user;
  std::string smtp_password;
  std::string mail_from;           // the From address, such as "Saint Petersburg <spb@example.org>"
  std::string public_url;          // how players reach the server, for links in emails
  int smtp_timeout_seconds = 30;   // per message: connect, talk, hand it over
  int email_attempts = 8;
  std::vector<int> deadline_warning_hours = {24, 1};  // warnings before a move's deadline
  std::int64_t stand_in_wait_minutes = 10;  // robots standing in for a person wait before each move
  int max_off_hours_per_week = 72;          // a player's nights and off days together (docs/correspondence.md)
  // Robots decide on threads of their own (server/robots/robot_pool.hpp).
  int robot_threads = 1;
  int robot_think_ms = 2000;  // one decision's time budget
  // Webhooks and Web Push (docs/notifications-push-webhooks.md).
  std::optional<std::string> outbound_ca;  // PEM file of authorities trusted besides the system's
  int outbound_timeout_seconds = 10;       // per attempt: lookup, connect, TLS, send, answer
  bool webhook_plain_http = false;         // http:// webhooks, for a receiver on a trusted network
  std::string push_contact = "mailto:operator@example.invalid";  // VAPID's sub
  std::uint64_t password_ops = 2;                 // Argon2id passes
  std::size_t password_memory = 19 * 1024 * 1024; // Argon2id memory, bytes
};

// Reads `--name value` flags over SPB_* environment variables over defaults.
// Returns nothing and sets `error` for an unknown flag or a bad value.
std::optional<ServerConfig> load_config(const std::vector<std::string>& args, std::string& error);

std::string config_help();

}  // namespace sp::server
