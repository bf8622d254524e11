#include "tests/support/pg_cluster.hpp"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "server/store/pg/pg_connection.hpp"

namespace sp::test {
namespace {

constexpr int kPort = 5432;  // only names the socket file in our own folder

// PostgreSQL refuses to run as root: as root the tests run it as this user
// (SPB_PG_USER, else Debian's postgres).
const passwd* server_user() {
  if (geteuid() != 0) return nullptr;
  const char* name = std::getenv("SPB_PG_USER");
  const passwd* user = getpwnam(name != nullptr && *name != '\0' ? name : "postgres");
  if (user == nullptr) throw std::runtime_error("running as root, and there is no user postgres to run PostgreSQL as");
  return user;
}

// Runs a program (no shell) as the server's user and waits; its exit status.
int run(const std::vector<std::string>& argv) {
  const passwd* user = server_user();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    if (user != nullptr && (setgid(user->pw_gid) != 0 || initgroups(user->pw_name, user->pw_gid) != 0 ||
                            setuid(user->pw_uid) != 0)) {
      _exit(126);
    }
    // initdb's and pg_ctl's chatter is nobody's business; their errors are.
    if (const int quiet = open("/dev/null", O_WRONLY); quiet >= 0) dup2(quiet, STDOUT_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream out;
  out << in.rdbuf();
  return out.str();
}

// Stops the server (SIGQUIT to the postmaster: immediate shutdown) and
// removes the folder once `parent` is gone, whether it ended normally or was
// killed.
void start_watchdog(const std::string& folder) {
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid != 0) return;
  setsid();  // out of the test's process group: a Ctrl-C there still lets this clean up
  const std::string pid_file = "'" + folder + "/data/postmaster.pid'";
  const std::string script = "while kill -0 " + std::to_string(parent) + " 2>/dev/null; do sleep 0.2; done; " +
                             "if [ -f " + pid_file + " ]; then kill -QUIT $(head -1 " + pid_file +
                             ") 2>/dev/null; sleep 1; fi; rm -rf '" + folder + "'";
  execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
  _exit(127);
}

}  // namespace

std::string pg_bin_dir() {
  if (const char* dir = std::getenv("SPB_PG_BIN"); dir != nullptr && *dir != '\0') return dir;
  return "/usr/lib/postgresql/15/bin";
}

PgCluster& PgCluster::instance() {
  static PgCluster cluster;
  return cluster;
}

PgCluster::PgCluster() {
  // Short: a socket's path must fit in 107 bytes.
  std::string pattern = "/tmp/spb-pg-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  folder_ = pattern;
  if (const passwd* user = server_user(); user != nullptr && chown(folder_.c_str(), user->pw_uid, user->pw_gid) != 0) {
    throw std::runtime_error("cannot give " + folder_ + " to the user " + user->pw_name);
  }
  start_watchdog(folder_);
  const std::string bin = pg_bin_dir();
  if (!std::filesystem::exists(bin + "/initdb")) {
    throw std::runtime_error("PostgreSQL is not installed: no " + bin + "/initdb (Debian's postgresql-15)");
  }
  if (run({bin + "/initdb", "-D", folder_ + "/data", "-U", "spb", "--auth=trust", "--no-sync", "-E", "UTF8",
           "--locale=C", "--no-instructions"}) != 0) {
    throw std::runtime_error("initdb failed in " + folder_);
  }
  // Tests check meaning, not durability: no fsync, so they run fast.
  const std::string options = "-k " + folder_ + " -p " + std::to_string(kPort) +
                              " -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  if (run({bin + "/pg_ctl", "-D", folder_ + "/data", "-l", folder_ + "/server.log", "-o", options, "-w", "-s",
           "start"}) != 0) {
    throw std::runtime_error("PostgreSQL did not start: " + read_file(folder_ + "/server.log"));
  }
  server::PgConnection admin(conninfo("postgres"));
  admin.exec("CREATE DATABASE spb_migrated TEMPLATE template0");
  server::PgConnection migrated(conninfo("spb_migrated"));
  migrated.migrate();
}

PgCluster::~PgCluster() {
  run({pg_bin_dir() + "/pg_ctl", "-D", folder_ + "/data", "-m", "immediate", "-s", "stop"});
  std::error_code ignored;
  std::filesystem::remove_all(folder_, ignored);
}

std::string PgCluster::conninfo(const std::string& database) const {
  return "host=" + folder_ + " port=" + std::to_string(kPort) + " user=spb dbname=" + database;
}

std::string PgCluster::create_database(const std::string& template_name) {
  const std::string name = "t" + std::to_string(++databases_);
  server::PgConnection admin(conninfo("postgres"));
  admin.exec("CREATE DATABASE " + name + " TEMPLATE " + template_name);
  return conninfo(name);
}

std::string PgCluster::migrated_database() { return create_database("spb_migrated"); }

std::string PgCluster::empty_database() { return create_database("template0"); }

}  // namespace sp::test
