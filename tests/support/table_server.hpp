// The server around real Table objects, for tests that drive them: an
// io_context on its own thread, the correspondence services a table needs and
// the table registry, over a store the test owns; with the helpers to seat
// players at a started table and play a move and wait for its reply.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <thread>
#include <utility>

#include "server/notices/webhook_sender.hpp"
#include "server/session/user_channels.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"

namespace sp::test {

struct TableServer {
  server::Store& store;
  server::Metrics metrics;
  boost::asio::io_context ioc;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard{ioc.get_executor()};
  server::ManualClock clock{1'000'000};
  server::UserChannels channels;
  server::Scheduler scheduler{ioc.get_executor(), clock};
  server::OutboundPoster poster{ioc.get_executor(), server::OutboundPolicy{}, 1, std::nullopt};
  server::WebhookSender webhooks{ioc.get_executor(), store, clock, scheduler, server::WebhookPolicy{1, 1, 1, false},
                                 poster, server::PushSettings{}, metrics, "test", 1000};
  server::Notifier notifier{store, clock, channels, webhooks, nullptr};
  server::Correspondence correspondence{clock, scheduler, notifier, {}};
  // One thread runs ioc: each table on its implicit strand, as a two-core server.
  server::TableRegistry registry{server::SerialExecutors{ioc.get_executor(), 1}, store, metrics, correspondence};
  std::thread thread{[this] { ioc.run(); }};

  explicit TableServer(server::Store& s) : store(s) {}
  ~TableServer();
  TableServer(const TableServer&) = delete;
  TableServer& operator=(const TableServer&) = delete;
};

// A started two-player table of new users `first` and `second` (seats 0 and
// 1), dealt from `seed`, written in one store job.
server::TableRecord started_table(server::Store& store, std::uint64_t seed, const std::string& first = "ann",
                                  const std::string& second = "bob");

// The first legal action of the seat to act in `state`, and that seat's user.
std::pair<std::int64_t, nlohmann::json> first_move(const server::TableRecord& record, const engine::GameState& state);

// Plays `action` as `user` and waits for the table's reply.
// `from`: the connection the move comes from (Table::act).
server::Reply act_and_wait(server::Table& table, std::int64_t user, std::int64_t move_number, nlohmann::json action,
                           const server::Subscriber* from = nullptr);

}  // namespace sp::test
