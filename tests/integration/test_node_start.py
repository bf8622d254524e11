"""Integration tests of how a `spb serve` node starts and refuses to start
(issue 34): real nodes, a real PostgreSQL started by the test (pg_cluster.py).

- two, then three, nodes started at the same moment on an empty database all
  start (the migrations' table is created under the migration lock);
- each node names its PostgreSQL sessions (application_name);
- `spb serve --help` lists the settings and exits 0;
- fatal start-up errors are written in the chosen log format, and a node
  whose address is taken stops before it takes any table's lease;
- `--verify-on-start 1` on PostgreSQL replays the tables the node adopts;
- /readyz answers 200 while the node serves, and 503 while it drains after
  SIGTERM (`--drain-seconds`), /healthz still 200, until it stops.

usage: test_node_start.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import signal
import subprocess
import sys
import threading
import time
import traceback

from harness import Client, Server
from pg_cluster import cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
FAST = ["--lease-seconds", "3"]
PASSWORD = "correct horse"
STARTED = []


def node(db, name, extra=()):
    server = Server(SPB, db, FAST + ["--node-name", name] + list(extra))
    STARTED.append(server)
    return server


def start_at_once(servers):
    """Starts every server from its own thread at the same moment; the
    errors of those that did not start."""
    errors = []
    go = threading.Barrier(len(servers))

    def start(server):
        go.wait()
        try:
            server.start()
        except Exception as e:  # noqa: BLE001 - collected and asserted below
            errors.append(str(e))

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


async def nodes_started_at_once_on_an_empty_database_all_start():
    for count in (2, 3, 3):
        db = cluster().fresh_database()
        servers = [node(db, f"s{count}-{i}") for i in range(count)]
        try:
            errors = start_at_once(servers)
            assert not errors, errors
            versions = rows(db, "SELECT count(*), max(version) FROM schema_migrations")
            assert versions[0][0] == versions[0][1], versions  # each migration recorded once
            client = await Client.connect(servers[-1], SCHEMAS)
            await client.ok("register", name=f"first{count}", password=PASSWORD)
            await client.close()
        finally:
            for s in servers:
                s.stop()


async def each_node_names_its_postgresql_sessions():
    db = cluster().fresh_database()
    a, b = node(db, "north"), node(db, "south")
    a.start()
    b.start()
    try:
        names = {r[0] for r in rows(db, "SELECT application_name FROM pg_stat_activity "
                                        "WHERE datname = current_database()")}
        assert {"north", "south"} <= names, names
    finally:
        a.stop()
        b.stop()


async def serve_help_lists_the_settings_and_exits_0():
    result = subprocess.run([SPB, "serve", "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, (result.returncode, result.stderr)
    assert result.stderr == "", result.stderr
    for setting in ("--db / SPB_DB", "--node-name / SPB_NODE_NAME", "--lease-seconds"):
        assert setting in result.stdout, setting


def json_lines(text):
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert lines, "no log line"
    return lines


async def a_node_whose_address_is_taken_stops_before_taking_a_lease():
    db = cluster().fresh_database()
    first = node(db, "first").start()
    try:
        player = await Client.connect(first, SCHEMAS)
        await player.ok("register", name="ana", password=PASSWORD)
        other = await Client.connect(first, SCHEMAS)
        await other.ok("register", name="ben", password=PASSWORD)
        table = (await player.ok("create_table", players=2, options={}))["table"]["id"]
        await other.ok("join_table", table=table)
        await player.ok("start_table", table=table)
        await player.close()
        await other.close()
        # The first node's leases lapse (SIGKILL gives nothing back) while it
        # is down; its port is then taken by another process for the second.
        first.kill()
        taken = Server(SPB, cluster().fresh_database(), FAST + ["--node-name", "holder"]).start()
        STARTED.append(taken)
        try:
            await asyncio.sleep(4)
            result = subprocess.run(
                [SPB, "serve", "--listen", f"127.0.0.1:{taken.port}", "--db", db, "--node-name", "late",
                 "--lease-seconds", "3", "--log-format", "json"],
                capture_output=True, text=True, timeout=60)
        finally:
            taken.stop()
        assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
        last = json_lines(result.stdout)[-1]
        assert last["level"] == "critical", last
        assert "cannot listen on 127.0.0.1" in last["message"], last
        held = rows(db, "SELECT count(*) FROM table_leases WHERE node = 'late'")
        assert held[0][0] == 0, held
    finally:
        first.stop()


async def a_database_that_cannot_be_used_is_told_in_the_chosen_format():
    bad = cluster().conninfo("no_such_database")
    result = subprocess.run([SPB, "serve", "--listen", "127.0.0.1:0", "--db", bad, "--log-format", "json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    last = json_lines(result.stdout)[-1]
    assert last["level"] == "critical" and "cannot be used" in last["message"], last
    assert "no_such_database" in last["message"], last


async def verify_on_start_replays_the_adopted_tables_on_postgresql():
    db = cluster().fresh_database()
    first = node(db, "before").start()
    try:
        player = await Client.connect(first, SCHEMAS)
        await player.ok("register", name="cleo", password=PASSWORD)
        other = await Client.connect(first, SCHEMAS)
        await other.ok("register", name="dan", password=PASSWORD)
        table = (await player.ok("create_table", players=2, options={}))["table"]["id"]
        await other.ok("join_table", table=table)
        await player.ok("start_table", table=table)
        await player.close()
        await other.close()
    finally:
        first.stop()  # SIGTERM: its leases are given back at once
    checking = node(db, "after", ["--verify-on-start", "1"]).start()
    try:
        log = checking.log_text()
        assert "start-up check: the 1 tables this node adopted replayed from their seeds; 0 diverged" in log, log
    finally:
        checking.stop()



async def a_draining_node_is_not_ready_but_still_serves():
    db = cluster().fresh_database()
    server = node(db, "drained", ["--drain-seconds", "3"]).start()
    try:
        assert server.get("/readyz") == (200, "ready\n"), server.get("/readyz")
        client = await Client.connect(server, SCHEMAS)
        await client.ok("register", name="eve", password=PASSWORD)
        server.process.send_signal(signal.SIGTERM)
        signalled = time.time()
        await asyncio.sleep(0.3)
        status, body = server.get("/readyz")
        assert status == 503 and body.startswith("draining"), (status, body)
        assert server.get("/healthz")[0] == 200
        await client.ok("list_tables")  # still served while draining
        server.process.wait(timeout=15)
        took = time.time() - signalled
        assert 2.5 < took < 10, took
        assert "draining for 3 s, then stopping" in server.log_text()
    finally:
        server.stop()


TESTS = [
    serve_help_lists_the_settings_and_exits_0,
    nodes_started_at_once_on_an_empty_database_all_start,
    each_node_names_its_postgresql_sessions,
    a_node_whose_address_is_taken_stops_before_taking_a_lease,
    a_database_that_cannot_be_used_is_told_in_the_chosen_format,
    verify_on_start_replays_the_adopted_tables_on_postgresql,
    a_draining_node_is_not_ready_but_still_serves,
]


async def main():
    passed = failed = 0
    for fn in TESTS:
        STARTED.clear()
        try:
            await asyncio.wait_for(fn(), 180)
            print(f"PASS {fn.__name__}")
            passed += 1
        except Exception:
            print(f"FAIL {fn.__name__}")
            traceback.print_exc()
            for server in STARTED:
                print("--- node log ---")
                print(server.log_text()[-3000:])
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
