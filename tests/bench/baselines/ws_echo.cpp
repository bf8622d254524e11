// Baseline: a bare Boost.Beast WebSocket echo server (no JSON, no database, no
// game) in a child process, and clients in this one, on 127.0.0.1. It shows
// what the network stack and Beast cost on this machine, below which spb serve
// cannot go:
//   - closed-loop round trips a second and their latency, with C connections
//     each keeping one message of a move's size in flight;
//   - the server's resident memory per idle connection.
//
// usage: baseline_ws_echo [SECONDS] [IDLE_CONNECTIONS]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

net::awaitable<void> echo(tcp::socket socket) {
  websocket::stream<beast::tcp_stream> ws(std::move(socket));
  try {
    co_await ws.async_accept(net::use_awaitable);
    beast::flat_buffer buffer;
    for (;;) {
      co_await ws.async_read(buffer, net::use_awaitable);
      ws.text(true);
      co_await ws.async_write(buffer.data(), net::use_awaitable);
      buffer.consume(buffer.size());
    }
  } catch (const std::exception&) {
  }
}

net::awaitable<void> listen(tcp::acceptor& acceptor) {
  for (;;) {
    tcp::socket socket = co_await acceptor.async_accept(net::use_awaitable);
    net::co_spawn(acceptor.get_executor(), echo(std::move(socket)), net::detached);
  }
}

// The child: an echo server with one thread, as the server's port goes to `port_pipe`.
[[noreturn]] void serve(int port_pipe) {
  net::io_context ioc(1);
  tcp::acceptor acceptor(ioc, {net::ip::make_address("127.0.0.1"), 0});
  const unsigned short port = acceptor.local_endpoint().port();
  if (::write(port_pipe, &port, sizeof port) != sizeof port) std::_Exit(1);
  ::close(port_pipe);
  net::co_spawn(ioc, listen(acceptor), net::detached);
  ioc.run();
  std::_Exit(0);
}

long resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

using Stream = websocket::stream<beast::tcp_stream>;

net::awaitable<std::unique_ptr<Stream>> connect(unsigned short port) {
  auto ws = std::make_unique<Stream>(co_await net::this_coro::executor);
  co_await beast::get_lowest_layer(*ws).async_connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), port},
                                                      net::use_awaitable);
  co_await ws->async_handshake("127.0.0.1", "/", net::use_awaitable);
  co_return ws;
}

net::awaitable<void> round_trips(unsigned short port, std::chrono::steady_clock::time_point until,
                                 std::vector<double>& latencies) {
  auto ws = co_await connect(port);
  const std::string message(200, 'x');  // about an act request's size
  beast::flat_buffer buffer;
  while (std::chrono::steady_clock::now() < until) {
    const auto t0 = std::chrono::steady_clock::now();
    co_await ws->async_write(net::buffer(message), net::use_awaitable);
    co_await ws->async_read(buffer, net::use_awaitable);
    buffer.consume(buffer.size());
    latencies.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  co_await ws->async_close(websocket::close_code::normal, net::use_awaitable);
}

void measure_round_trips(unsigned short port, int connections, double seconds) {
  net::io_context ioc(1);
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(connections));
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                            std::chrono::duration<double>(seconds));
  for (auto& l : latencies) net::co_spawn(ioc, round_trips(port, until, l), net::detached);
  const auto start = std::chrono::steady_clock::now();
  ioc.run();
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  if (all.empty()) return;
  std::printf("ws echo: %4d connection(s): %.0f round trips/s, p50 %.3f ms, p99 %.3f ms\n", connections,
              static_cast<double>(all.size()) / elapsed, all[all.size() / 2] * 1e3, all[all.size() * 99 / 100] * 1e3);
}

void measure_idle(unsigned short port, pid_t server, int count) {
  const long before = resident_kib(server);
  net::io_context ioc(1);
  std::vector<std::unique_ptr<Stream>> open;
  net::co_spawn(
      ioc,
      [&]() -> net::awaitable<void> {
        for (int i = 0; i < count; ++i) open.push_back(co_await connect(port));
      },
      net::detached);
  ioc.run();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const long after = resident_kib(server);
  std::printf("ws echo: %zu idle connections: server resident %ld KiB -> %ld KiB, %.1f KiB each\n", open.size(), before,
              after, static_cast<double>(after - before) / static_cast<double>(std::max<std::size_t>(1, open.size())));
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::stod(argv[1]) : 3.0;
  const int idle = argc > 2 ? std::stoi(argv[2]) : 5000;
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &files);

  int fds[2];
  if (::pipe(fds) != 0) return 1;
  const pid_t server = ::fork();
  if (server == 0) {
    ::close(fds[0]);
    serve(fds[1]);
  }
  ::close(fds[1]);
  unsigned short port = 0;
  if (::read(fds[0], &port, sizeof port) != sizeof port) return 1;

  for (const int connections : {1, 100, 1000}) measure_round_trips(port, connections, seconds);
  measure_idle(port, server, idle);

  ::kill(server, SIGTERM);
  ::waitpid(server, nullptr, 0);
  return 0;
}
