// Baseline: how many durable flushes a second this disk gives. A commit with
// synchronous=FULL costs at least one, so this bounds commits a second, and
// with it moves a second when every move had its own commit.
//
// usage: baseline_disk_flush [DIR] [SECONDS]
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
  const std::string path = dir + "/baseline_disk_flush.tmp";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) {
    std::perror("open");
    return 1;
  }
  const std::string page(4096, 'x');
  std::vector<double> latencies;
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  while (std::chrono::duration<double>(clock::now() - start).count() < seconds) {
    const auto t0 = clock::now();
    if (::pwrite(fd, page.data(), page.size(), 0) != static_cast<ssize_t>(page.size()) || ::fdatasync(fd) != 0) {
      std::perror("write");
      return 1;
    }
    latencies.push_back(std::chrono::duration<double>(clock::now() - t0).count());
  }
  const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
  ::close(fd);
  ::unlink(path.c_str());
  std::sort(latencies.begin(), latencies.end());
  std::printf("disk flush: %zu flushes in %.2f s = %.0f/s; p50 %.3f ms, p99 %.3f ms (4 KiB pwrite + fdatasync)\n",
              latencies.size(), elapsed, static_cast<double>(latencies.size()) / elapsed,
              latencies[latencies.size() / 2] * 1e3, latencies[latencies.size() * 99 / 100] * 1e3);
  return 0;
}
