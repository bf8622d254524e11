"""The soak test (issue 34): two real `spb serve` nodes behind the shipped
HAProxy configuration (balancer.py) on one real PostgreSQL, played for
SPB_SOAK_SECONDS (60 by default; tests/bench/soak.sh runs 600) at a
correspondence-like mix: many tables of two to four players, a random pause
before each move, players reconnecting now and then and whenever their
connection breaks, then resuming their session and subscribing with
since_move. At fixed fractions of the run:

- one node is SIGKILLed, and started again under the same --node-name;
- the other is SIGSTOPped past its lease, then resumed;
- PostgreSQL is stopped for a few seconds, then started again.

Afterwards: every acknowledged move is in the database with its action,
`spb admin verify` finds no divergence, every table still being played made
a move after the last event, no request failed but with the retryable codes
docs/protocol.md names, and the nodes' /metrics (scraped every 2 s) show
what docker/prometheus/spb-alerts.yml expects: spb_database_up 0 during the
outage and only then, no table faulted or stopped (SpbTableFaulted stays
silent), the paused node's spb_leases_lost_total risen, commit failures only
during the outage. Prints the figures docs/scaling.md ("Soak") quotes.

usage: test_soak.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import collections
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import traceback

import websockets

from balancer import HAProxy, free_port
from harness import Client, Server
from pg_cluster import cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
SECONDS = int(os.environ.get("SPB_SOAK_SECONDS", "60"))
TABLES = int(os.environ.get("SPB_SOAK_TABLES", "40" if SECONDS <= 120 else "120"))
LEASE = 3  # seconds: the shortest allowed, as in test_nodes.py
OUTAGE = 10  # seconds PostgreSQL is stopped: past a readiness check (every 5 s)
PAUSE = 3 * LEASE  # seconds the second node is SIGSTOPped
MOVE_PAUSE = (0.5, 2.5)  # seconds a player thinks before each move
RECONNECT = 0.05  # the chance a player reconnects before a move
RETRYABLE = ("storage_unavailable", "table_moved")
# After the run, tables still waiting for their first move since the last
# event get this long before the test fails.
GRACE = 90
PASSWORD = "correct horse"
METRICS = ("spb_database_up", "spb_tables_stopped", "spb_tables_faulted_total", "spb_leases_lost_total",
           "spb_db_commit_failures_total")


def now():
    return time.monotonic()


class Node(Server):
    def __init__(self, db, name, port):
        super().__init__(SPB, db, ["--rate", "2000", "--lease-seconds", str(LEASE), "--trusted-proxies",
                                   "127.0.0.1", "--node-name", name], listen=f"127.0.0.1:{port}")
        self.name = name
        self.incarnation = 0

    def start(self):
        self.incarnation += 1
        return super().start()


class Tally:
    """What the players saw: acknowledged moves, their times, errors by code."""

    def __init__(self):
        self.acked = {}  # (table, move_number) -> action
        # table -> (sent, acknowledged): monotonic times of each acknowledged move's
        # first sending and of its acknowledgement
        self.ack_times = collections.defaultdict(list)
        self.errors = collections.Counter()
        self.unexpected = []
        self.finished = set()


class Player:
    """One seat's player, connected through the balancer: resumes its session
    on a new connection whenever the old one breaks (or now and then on its
    own), and sends a request again while the answer is retryable."""

    def __init__(self, site, name, token, tally, rng):
        self.site, self.name, self.token, self.tally, self.rng = site, name, token, tally, rng
        self.client = None

    async def connection(self):
        backoff = 0.2
        while self.client is None:
            try:
                client = Client(await asyncio.wait_for(websockets.connect(self.site.url(), max_size=2**20, max_queue=None), 10),
                                SCHEMAS)
                assert (await client.call("hello", protocol=1))["type"] == "result"
                reply = await client.call("resume_session", token=self.token)
                if reply["type"] == "error":
                    await client.close()
                    self.count(reply["code"], reply)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 4)
                    continue
                self.client = client
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                self.tally.errors["connect_failed"] += 1
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 4)
        return self.client

    def count(self, code, reply):
        self.tally.errors[code] += 1
        if code not in RETRYABLE:
            self.tally.unexpected.append((self.name, reply))

    async def reconnect(self):
        if self.client is not None:
            client, self.client = self.client, None
            try:
                await client.close()
            except Exception:
                pass
        await self.connection()

    async def call(self, type_, **fields):
        """The reply to a request, once it is not a retryable error."""
        backoff = 0.5
        while True:
            client = await self.connection()
            try:
                reply = await client.call(type_, **fields)
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                self.tally.errors["connection_broken"] += 1
                self.client = None
                continue
            if reply["type"] == "error" and reply["code"] in RETRYABLE:
                self.tally.errors[reply["code"]] += 1
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 4)
                continue
            return reply


async def play_table(table, seats, tally, rng, stop):
    """Plays `table` (seats: seat -> Player) until `stop` says so."""
    seen = 0
    anyone = next(iter(seats.values()))
    while not stop(table):
        reply = await anyone.call("subscribe", table=table, since_move=seen)
        if reply["type"] == "error":
            anyone.count(reply["code"], reply)
            await asyncio.sleep(1)
            continue
        view = reply["data"]["view"]
        seen = view["move_number"]
        if view["phase"] == "finished":
            tally.finished.add(table)
            return
        await asyncio.sleep(rng.uniform(*MOVE_PAUSE))
        player = seats[view["to_act"][0]]
        if rng.random() < RECONNECT:
            await player.reconnect()
        reply = await player.call("legal_actions", table=table)
        if reply["type"] == "error":
            player.count(reply["code"], reply)
            continue
        action = dict(rng.choice(reply["data"]["actions"]))
        action.pop("price")
        number = view["move_number"] + 1
        sent = now()
        reply = await player.call("act", table=table, move_number=number, action=action)
        if reply["type"] == "error":
            if reply["code"] == "stale_move":
                tally.errors["stale_move"] += 1  # subscribe again with since_move, as docs/protocol.md says
            else:
                player.count(reply["code"], reply)
            continue
        assert reply["data"]["move_number"] == number, reply
        tally.acked[(table, number)] = action
        tally.ack_times[table].append((sent, now()))
        seen = number


def scrape(node):
    """The metrics of METRICS on `node`, or None when it does not answer."""
    try:
        status, body = node.get("/metrics")
    except OSError:
        return None
    if status != 200:
        return None
    out = {}
    for name in METRICS:
        found = re.search(rf"^{name} (\S+)$", body, re.MULTILINE)
        out[name] = float(found.group(1))
    return out


async def scraper(nodes, samples, done):
    """Every 2 s, each node's metrics: (time, node, incarnation, values)."""
    while not done.is_set():
        for node in nodes:
            if node.process.poll() is None:
                incarnation = node.incarnation
                values = await asyncio.to_thread(scrape, node)
                if values is not None:
                    samples.append((now(), node.name, incarnation, values))
        try:
            await asyncio.wait_for(done.wait(), 2)
        except asyncio.TimeoutError:
            pass


def leased_by(db, name):
    return {t for t, node in rows(db, "SELECT table_id, node FROM table_leases") if node == name}


def same_action(stored_json, action):
    stored = json.loads(stored_json)
    return stored == action or stored.get("action") == action


async def setup_tables(site, tally, rng):
    """TABLES started tables of two to four players each; their Players."""
    async def one(t, size):
        clients, names = [], [f"soak{t}_{i}" for i in range(size)]
        tokens = {}
        for name in names:
            client = Client(await websockets.connect(site.url(), max_size=2**20, max_queue=None), SCHEMAS)
            assert (await client.call("hello", protocol=1))["type"] == "result"
            tokens[name] = (await client.ok("register", name=name, password=PASSWORD))["token"]
            clients.append(client)
        table = (await clients[0].ok("create_table", players=size, options={}))["table"]["id"]
        for client in clients[1:]:
            await client.ok("join_table", table=table)
        await clients[0].ok("start_table", table=table)
        seats = {}
        for name, client in zip(names, clients):
            seat = (await client.ok("subscribe", table=table))["seat"]
            seats[seat] = Player(site, name, tokens[name], tally, rng)
            await client.close()
        return table, seats

    sizes = [rng.choice((2, 2, 3, 4)) for _ in range(TABLES)]
    tables = []
    for first in range(0, TABLES, 8):  # eight at once: quicker, and still gentle on the password hashing
        tables += await asyncio.gather(*(one(t, sizes[t]) for t in range(first, min(first + 8, TABLES))))
    return tables


def recovery(tally, tables, at, sent_after):
    """Seconds from `at` to the first acknowledged move on any of `tables`
    and to the first on each of them (the last such), or None. Only moves
    acknowledged after `at` count, and with sent_after only those sent after
    it: a reply on its way when a node stops is no recovery."""
    firsts = [min((a for s, a in tally.ack_times[table] if a >= at and (s >= at or not sent_after)), default=None)
              for table in tables]
    firsts = [f - at for f in firsts if f is not None]
    return (min(firsts), max(firsts), len(firsts)) if firsts else None


def check_metrics(samples, events, paused):
    """The alert conditions of docker/prometheus/spb-alerts.yml over the samples."""
    outage_from, outage_to = events["postgresql stopped"], events["postgresql started"]
    down = [s for s in samples if s[3]["spb_database_up"] == 0]
    assert down, "no scrape saw spb_database_up 0 during the outage"
    for name in ("spb1", "spb2"):
        assert any(s[1] == name for s in down), f"{name} never showed spb_database_up 0"
    # The readiness read runs every 5 s: up again within two of them.
    late = [s for s in down if not outage_from <= s[0] <= outage_to + 12]
    assert not late, f"spb_database_up 0 outside the outage: {late[:3]}"
    ends = {}
    for s in samples:
        ends[s[1]] = s
    assert all(s[3]["spb_database_up"] == 1 for s in ends.values()), ends
    stopped = [s for s in samples if s[3]["spb_tables_stopped"] or s[3]["spb_tables_faulted_total"]]
    assert not stopped, f"a table faulted or stopped (SpbTableFaulted would fire): {stopped[:3]}"
    # Commit failures rise only between a sample before the outage and one
    # after it; a rise spanning the SIGKILL's restart is a new process.
    previous = {}
    for t, name, incarnation, values in samples:
        key = (name, incarnation)
        if key in previous:
            t0, v0 = previous[key]
            if values["spb_db_commit_failures_total"] > v0:
                assert t0 <= outage_to + 12 and t >= outage_from, \
                    f"{name}: commit failures rose between {t0:.0f} and {t:.0f}, outside the outage"
        previous[key] = (t, values["spb_db_commit_failures_total"])
    before = [s for s in samples if s[1] == paused.name and s[0] < events["node paused"]]
    after = [s for s in samples if s[1] == paused.name and s[0] > events["node resumed"]
             and s[2] == before[-1][2]]
    assert before and after, "the paused node was not scraped before and after its pause"
    lost = after[-1][3]["spb_leases_lost_total"] - before[-1][3]["spb_leases_lost_total"]
    assert lost > 0, "the paused node's spb_leases_lost_total did not rise"
    failures = max(s[3]["spb_db_commit_failures_total"] for s in samples)
    return lost, failures, len(down)


async def soak():
    db = cluster().fresh_database()
    ports = [free_port(), free_port()]
    nodes = [Node(db, f"spb{i + 1}", port).start() for i, port in enumerate(ports)]
    site = HAProxy(ROOT, ports)
    tally, samples, events = Tally(), [], {}
    rng = random.Random(int(os.environ.get("SPB_SOAK_SEED", "34")))
    stopped_node = None
    pg_down = False
    done = asyncio.Event()
    try:
        site.start()
        while site.states() != {"spb1": "UP", "spb2": "UP"}:
            await asyncio.sleep(0.2)
        setup_started = now()
        tables = await setup_tables(site, tally, rng)
        print(f"{len(tables)} tables, {sum(len(s) for _, s in tables)} players, set up in "
              f"{now() - setup_started:.0f} s; playing for {SECONDS} s")
        started = now()
        end = started + SECONDS
        hard_end = end + GRACE

        def stop(table):
            t = now()
            if t >= hard_end:
                return True
            if t < end:
                return False
            last_event = max(events.values(), default=started)
            return any(s >= last_event for s, _ in tally.ack_times[table])

        scraping = asyncio.create_task(scraper(nodes, samples, done))
        playing = [asyncio.create_task(play_table(table, seats, tally, rng, stop)) for table, seats in tables]
        affected = {}

        await asyncio.sleep(max(0.0, started + 0.15 * SECONDS - now()))
        killed = nodes[0]
        affected["node killed"] = leased_by(db, killed.name)
        # Times are taken before each blocking step, which runs in a thread
        # so that the players' replies are timed as they arrive.
        events["node killed"] = now()
        killed.kill()
        await asyncio.sleep(2)
        events["node restarted"] = now()
        await asyncio.to_thread(killed.start)
        print(f"  {killed.name} SIGKILLed (it held {len(affected['node killed'])} tables), restarted 2 s later")

        await asyncio.sleep(max(0.0, started + 0.35 * SECONDS - now()))
        paused = nodes[1]
        affected["node paused"] = leased_by(db, paused.name)
        events["node paused"] = now()
        paused.process.send_signal(signal.SIGSTOP)
        stopped_node = paused
        await asyncio.sleep(PAUSE)
        events["node resumed"] = now()
        paused.process.send_signal(signal.SIGCONT)
        stopped_node = None
        print(f"  {paused.name} SIGSTOPped for {PAUSE} s (lease {LEASE} s; it held "
              f"{len(affected['node paused'])} tables)")

        await asyncio.sleep(max(0.0, started + 0.55 * SECONDS - now()))
        affected["postgresql stopped"] = {table for table, _ in tables} - tally.finished
        events["postgresql stopped"] = now()
        pg_down = True
        await asyncio.to_thread(cluster().stop_server)
        await asyncio.sleep(max(0.0, events["postgresql stopped"] + OUTAGE - now()))
        events["postgresql started"] = now()
        await asyncio.to_thread(cluster().start_server)
        pg_down = False
        print(f"  PostgreSQL stopped for {OUTAGE} s")

        await asyncio.gather(*playing)
        done.set()
        await scraping
        played = now() - started

        # Every acknowledged move is stored, with its action.
        missing, different = [], []
        by_table = collections.defaultdict(dict)
        for (table, number), action in tally.acked.items():
            by_table[table][number] = action
        for table, acked in by_table.items():
            stored = dict(rows(db, "SELECT move_number, action_json FROM moves WHERE table_id = ?", (table,)))
            for number, action in acked.items():
                if number not in stored:
                    missing.append((table, number))
                elif not same_action(stored[number], action):
                    different.append((table, number))
        assert not missing and not different, f"acknowledged moves missing {missing[:5]}, different {different[:5]}"
        print(f"ok - all {len(tally.acked)} acknowledged moves are stored with their actions")

        result = subprocess.run([SPB, "admin", "verify", "--db", db], capture_output=True, text=True, timeout=600)
        assert result.returncode == 0 and " 0 diverge" in result.stdout, result.stdout + result.stderr
        print("ok - spb admin verify: " + result.stdout.strip().splitlines()[-1])

        assert not tally.unexpected, f"errors that are not retryable: {tally.unexpected[:5]}"
        last_event = max(events.values())
        stuck = [table for table, _ in tables
                 if table not in tally.finished and not any(s >= last_event for s, _ in tally.ack_times[table])]
        assert not stuck, f"tables without a move since the last event: {stuck}"
        print(f"ok - every table still played moved after the last event ({len(tally.finished)} finished)")

        lost, failures, down = check_metrics(samples, events, paused)
        print(f"ok - alerts: spb_database_up 0 in {down} scrapes, all during the outage; no table faulted "
              f"or stopped; {paused.name} lost {lost:.0f} leases; {failures:.0f} commit failures, "
              f"only during the outage ({len(samples)} scrapes)")

        print(f"summary: {len(tally.acked)} moves acknowledged in {played:.0f} s "
              f"({len(tally.acked) / played:.1f} a second) on {len(tables)} tables")
        # The outage is timed from PostgreSQL's start: no move can be
        # written before it.
        for name, group, at, sent_after in (
                ("node killed", affected["node killed"], events["node killed"], True),
                ("node paused", affected["node paused"], events["node paused"], True),
                ("postgresql started", affected["postgresql stopped"], events["postgresql started"], False)):
            r = recovery(tally, group, at, sent_after)
            text = (f"first move {r[0]:.1f} s after, each of {r[2]} tables moved within {r[1]:.1f} s"
                    if r else "no affected table moved")
            print(f"  {name}: {len(group)} tables affected; {text}")
        print("  errors by code: " + ", ".join(f"{code} {n}" for code, n in sorted(tally.errors.items())))
        return 0
    except Exception:
        traceback.print_exc()
        print("haproxy log:\n" + site.error_log()[-2000:])
        for node in nodes:
            print(f"{node.name} log:\n{node.log_text()[-3000:]}")
        return 1
    finally:
        done.set()
        if stopped_node:
            stopped_node.process.send_signal(signal.SIGCONT)
        if pg_down:
            cluster().start_server()
        site.stop()
        shutil.rmtree(site.folder, ignore_errors=True)
        for node in nodes:
            node.stop()


if __name__ == "__main__":
    sys.exit(asyncio.run(soak()))
