"""A real PostgreSQL server for the integration tests, started once per test
process on first use: initdb into a temporary folder, pg_ctl start on a Unix
socket in that folder (no TCP), Debian's postgresql-15 binaries (SPB_PG_BIN
overrides where they are). It is stopped and its folder removed when the
process exits, and by a watchdog process if the test process is killed.

database_location(folder) is what the tests give `spb serve --db`: a new
SQLite file in `folder`, or with SPB_TEST_DB=postgresql a new PostgreSQL
database (a libpq key=value string). rows(location, sql, params) reads either."""

import atexit
import os
import shutil
import sqlite3
import subprocess
import tempfile

BIN = os.environ.get("SPB_PG_BIN", "/usr/lib/postgresql/15/bin")
PORT = 5432  # only names the socket file in the cluster's own folder
# PostgreSQL refuses to run as root: as root the tests run it as this user.
USER = (os.environ.get("SPB_PG_USER") or "postgres") if os.geteuid() == 0 else None


class PgCluster:
    def __init__(self, superuser="spb"):
        # Short: a socket's path must fit in 107 bytes.
        self.folder = tempfile.mkdtemp(prefix="spb-pg-", dir="/tmp")
        self.databases = 0
        self.superuser = superuser
        data = os.path.join(self.folder, "data")
        if USER:
            shutil.chown(self.folder, USER, USER)
        # Stops the server (SIGQUIT to the postmaster: immediate shutdown) and
        # removes the folder once this process is gone.
        pid_file = f"'{data}/postmaster.pid'"
        subprocess.Popen(
            ["/bin/sh", "-c",
             f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 0.2; done; "
             f"if [ -f {pid_file} ]; then kill -QUIT $(head -1 {pid_file}) 2>/dev/null; sleep 1; fi; "
             f"rm -rf '{self.folder}'"],
            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        atexit.register(self.stop)
        if not os.path.exists(os.path.join(BIN, "initdb")):
            raise RuntimeError(f"PostgreSQL is not installed: no {BIN}/initdb (Debian's postgresql-15)")
        subprocess.run([f"{BIN}/initdb", "-D", data, "-U", superuser, "--auth=trust", "--no-sync", "-E", "UTF8",
                        "--locale=C", "--no-instructions"], check=True, stdout=subprocess.DEVNULL, user=USER)
        # fsync and synchronous_commit as a production server has them: the
        # tests include SIGKILLs that must lose no acknowledged move.
        self.start_server()

    def start_server(self):
        data = os.path.join(self.folder, "data")
        options = f"-k {self.folder} -p {PORT} -c listen_addresses=''"
        started = subprocess.run([f"{BIN}/pg_ctl", "-D", data, "-l", os.path.join(self.folder, "server.log"),
                                  "-o", options, "-w", "-s", "start"], user=USER)
        if started.returncode != 0:
            raise RuntimeError("PostgreSQL did not start: " + open(os.path.join(self.folder, "server.log")).read())

    def stop_server(self):
        """Stops PostgreSQL as an outage would (its clients' connections
        break), keeping its data for start_server()."""
        subprocess.run([f"{BIN}/pg_ctl", "-D", os.path.join(self.folder, "data"), "-m", "fast", "-w", "-s", "stop"],
                       check=True, user=USER)

    def conninfo(self, database):
        return f"host={self.folder} port={PORT} user={self.superuser} dbname={database}"

    def psql(self, database, sql):
        result = subprocess.run([f"{BIN}/psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d",
                                 self.conninfo(database), "-c", sql], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"psql: {result.stderr}")
        return result.stdout

    def fresh_database(self):
        self.databases += 1
        name = f"t{self.databases}"
        self.psql("postgres", f"CREATE DATABASE {name}")
        return self.conninfo(name)

    def stop(self):
        if os.path.isdir(self.folder):
            subprocess.run([f"{BIN}/pg_ctl", "-D", os.path.join(self.folder, "data"), "-m", "immediate", "-s", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, user=USER)
            shutil.rmtree(self.folder, ignore_errors=True)


_cluster = None


def cluster():
    global _cluster
    if _cluster is None:
        _cluster = PgCluster()
    return _cluster


def use_postgresql():
    return os.environ.get("SPB_TEST_DB", "sqlite") == "postgresql"


def database_location(folder, name="spb.sqlite"):
    return cluster().fresh_database() if use_postgresql() else os.path.join(folder, name)


def is_postgresql(location):
    return location.startswith(("postgresql://", "postgres://")) or location.startswith("host=")


def rows(location, sql, params=()):
    """The rows of a query with ? placeholders; integer parameters only."""
    if not is_postgresql(location):
        db = sqlite3.connect(location)
        try:
            return db.execute(sql, params).fetchall()
        finally:
            db.close()
    parts = sql.split("?")
    assert len(parts) == len(params) + 1, "one parameter per ?"
    text = parts[0] + "".join(str(int(p)) + rest for p, rest in zip(params, parts[1:]))
    fields = dict(item.split("=", 1) for item in location.split())
    out = cluster().psql(fields["dbname"], text)
    return [tuple(int(v) if v.lstrip("-").isdigit() else v for v in line.split("|")) for line in out.splitlines()]
