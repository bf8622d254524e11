// ServerConfig: every setting of `spb serve`, from flags, then environment
// variables, then defaults that work with no configuration at all.
#pragma once

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
  std::size_t max_outbound_frames = 256;
  bool durable = true;  // synchronous=FULL
  bool verify_on_start = false;  // replay every started table from its seed at start-up
  // Correspondence play (docs/correspondence.md).
  std::optional<std::int64_t> test_clock_start;  // --test-clock: a manual clock from this unix time
  int vacation_days_per_year = 21;
  int webhook_attempts = 8;
  int webhook_first_retry_seconds = 30;
  // Retention (docs/operations.md): days kept after being read or settled; 0: forever.
  int keep_notifications_days = 90;
  int keep_webhooks_days = 30;
  std::uint64_t password_ops = 2;                 // Argon2id passes
  std::size_t password_memory = 19 * 1024 * 1024; // Argon2id memory, bytes
};

// Reads `--name value` flags over SPB_* environment variables over defaults.
// Returns nothing and sets `error` for an unknown flag or a bad value.
std::optional<ServerConfig> load_config(const std::vector<std::string>& args, std::string& error);

std::string config_help();

}  // namespace sp::server
