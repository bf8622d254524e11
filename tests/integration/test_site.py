"""docker/nginx-site.conf, then docker/haproxy-site.cfg, in front of two real
`spb serve` nodes on one real PostgreSQL (issue 16 part 5, issue 34 part 2;
docker/compose.site.yaml runs the same parts in containers). Each
configuration is the committed file, with only the compose service names
replaced by the nodes' loopback ports and the listening port by a free one
(and, for HAProxy, a stats socket added for the test to read); Debian's nginx
and HAProxy run them.

- nginx accepts the file (`nginx -t`);
- /healthz and the WebSocket upgrade pass through nginx, and the players'
  connections are spread over both nodes;
- a game whose players reached the site through nginx goes on after the node
  that played it is SIGKILLed: new connections through nginx reach the other
  node, which takes the table once its lease lapses, and every acknowledged
  move is in the database;
- HAProxy accepts its file (`haproxy -c`), and leaves out within 10 s a node
  SIGSTOPped (its checks time out) and both nodes while PostgreSQL is stopped
  (their /readyz answers 503), new players meanwhile reaching the node that
  serves; both come back, and the game goes on, once each recovers.

Loopback only, bounded in time. usage: test_site.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

import websockets

from balancer import HAProxy, free_port
from harness import Client, Server
from pg_cluster import cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
LEASE = 3  # seconds: the shortest lease allowed, so the test waits little
PASSWORD = "correct horse"


class Nginx:
    """Debian's nginx running docker/nginx-site.conf in a folder of its own."""

    def __init__(self, node_ports):
        self.folder = tempfile.mkdtemp(prefix="spb-nginx-")
        self.port = free_port()
        site = open(os.path.join(ROOT, "docker", "nginx-site.conf")).read()
        for name, port in zip(("spb1", "spb2"), node_ports):
            site, count = re.subn(rf"\b{name}:8080\b", f"127.0.0.1:{port}", site)
            assert count == 1, f"docker/nginx-site.conf names {name}:8080 {count} times"
        site, count = re.subn(r"listen 80;", f"listen 127.0.0.1:{self.port};", site)
        assert count == 1, "docker/nginx-site.conf has no 'listen 80;'"
        with open(os.path.join(self.folder, "site.conf"), "w") as f:
            f.write(site)
        # What the nginx image's own nginx.conf gives the site: a main context.
        temp = os.path.join(self.folder, "temp")
        with open(os.path.join(self.folder, "nginx.conf"), "w") as f:
            f.write(f"""daemon off;
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {self.folder}/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {self.folder}/site.conf;
}}
""")
        os.makedirs(temp)
        self.process = None

    def command(self, *extra):
        return [NGINX, "-p", self.folder, "-c", os.path.join(self.folder, "nginx.conf"), *extra]

    def check(self):
        result = subprocess.run(self.command("-t"), capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result.stderr

    def start(self):
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + self.error_log())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def error_log(self):
        path = os.path.join(self.folder, "error.log")
        return open(path).read() if os.path.exists(path) else ""

    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=5) as response:
            return response.status, response.read().decode()


async def states_become(site, wanted, timeout):
    """Seconds until HAProxy's view of the nodes is `wanted`."""
    start = time.time()
    while site.states() != wanted:
        assert time.time() - start < timeout, f"HAProxy still sees {site.states()}, not {wanted}, after {timeout} s"
        await asyncio.sleep(0.2)
    return time.time() - start


async def through(site, name, register=False):
    client = Client(await websockets.connect(site.url(), max_size=2**20, max_queue=None), SCHEMAS)
    assert (await client.call("hello", protocol=1))["type"] == "result"
    await client.ok("register" if register else "login", name=name, password=PASSWORD)
    return client


async def play(seats, table, rng, moves):
    """Makes `moves` random legal moves (seats: seat -> client); returns the
    actions acknowledged, by move number."""
    acknowledged = {}
    for _ in range(moves):
        view = (await next(iter(seats.values())).ok("subscribe", table=table))["view"]
        if view["phase"] == "finished":
            break
        client = seats[view["to_act"][0]]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        action = dict(rng.choice(legal))
        action.pop("price")
        await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
        acknowledged[view["move_number"] + 1] = action
    return acknowledged


async def until(what, check, timeout):
    deadline = time.time() + timeout
    while True:
        try:
            return await check()
        except (AssertionError, OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
            if time.time() > deadline:
                raise AssertionError(f"{what}: not within {timeout} s")
            await asyncio.sleep(0.2)


async def nginx_in_front():
    db = cluster().fresh_database()
    args = ["--rate", "2000", "--lease-seconds", str(LEASE), "--trusted-proxies", "127.0.0.1"]
    nodes = [Server(SPB, db, args + ["--node-name", f"spb{i + 1}"]).start() for i in range(2)]
    site = Nginx([n.port for n in nodes])
    try:
        print(site.check().strip().splitlines()[-1])
        site.start()

        status, body = site.get("/healthz")
        assert status == 200, (status, body)
        print("ok - /healthz answers through nginx")

        rng = random.Random(5)
        ann = await through(site, "site_ann", register=True)
        bob = await through(site, "site_bob", register=True)
        table = (await ann.ok("create_table", players=2, options={}))["table"]["id"]
        await bob.ok("join_table", table=table)
        await ann.ok("start_table", table=table)
        seats = {(await c.ok("subscribe", table=table))["seat"]: c for c in (ann, bob)}
        acknowledged = await play(seats, table, rng, 6)
        print(f"ok - two players connected through nginx play {len(acknowledged)} moves")

        # least_conn spreads connections: a dozen more reach both nodes.
        extra = [await through(site, "site_ann") for _ in range(12)]
        served = [int(re.findall(r"^spb_connections (\d+)$", urllib.request.urlopen(
            f"http://127.0.0.1:{n.port}/metrics", timeout=5).read().decode(), re.MULTILINE)[0]) for n in nodes]
        assert all(count > 0 for count in served), served
        print(f"ok - nginx spreads the connections over both nodes ({served[0]} and {served[1]} open)")
        for client in extra:
            await client.close()

        # The node that plays the table dies; the players reconnect through
        # nginx (which now reaches only the other) and the game goes on.
        owner = rows(db, "SELECT node FROM table_leases WHERE table_id = ?", (table,))[0][0]
        dead = next(n for n, name in zip(nodes, ("spb1", "spb2")) if name == owner)
        dead.kill()
        for client in (ann, bob):
            try:
                await client.close()
            except Exception:
                pass
        killed_at = time.time()

        async def resumed():
            a, b = await through(site, "site_ann"), await through(site, "site_bob")
            again = {(await c.ok("subscribe", table=table))["seat"]: c for c in (a, b)}
            return again, await play(again, table, rng, 1)
        again, more = await until("a move after the node died", resumed, timeout=LEASE * 4 + 10)
        print(f"ok - the game goes on through nginx {time.time() - killed_at:.1f} s after its node was killed")
        acknowledged.update(more)
        acknowledged.update(await play(again, table, rng, 4))

        stored = dict(rows(db, "SELECT move_number, action_json FROM moves WHERE table_id = ?", (table,)))
        assert set(acknowledged) <= set(stored), (sorted(acknowledged), sorted(stored))
        status, _ = site.get("/healthz")
        assert status == 200
        print(f"ok - all {len(acknowledged)} acknowledged moves are stored; /healthz still answers")
        return 0
    except Exception:
        traceback.print_exc()
        print("nginx error log:\n" + site.error_log()[-3000:])
        for node in nodes:
            print(f"node log:\n{node.log_text()[-3000:]}")
        return 1
    finally:
        site.stop()
        for node in nodes:
            node.stop()


async def haproxy_in_front():
    db = cluster().fresh_database()
    args = ["--rate", "2000", "--lease-seconds", str(LEASE), "--trusted-proxies", "127.0.0.1"]
    nodes = [Server(SPB, db, args + ["--node-name", f"spb{i + 1}"]).start() for i in range(2)]
    site = HAProxy(ROOT, [n.port for n in nodes])
    stopped = None
    try:
        print(site.check())
        site.start()
        await states_become(site, {"spb1": "UP", "spb2": "UP"}, 10)
        status, body = site.get("/balancer-health")
        assert status == 200, (status, body)
        print("ok - HAProxy checks both nodes' /readyz and sees them up")

        rng = random.Random(34)
        ann = await through(site, "hap_ann", register=True)
        bob = await through(site, "hap_bob", register=True)
        table = (await ann.ok("create_table", players=2, options={}))["table"]["id"]
        await bob.ok("join_table", table=table)
        await ann.ok("start_table", table=table)
        seats = {(await c.ok("subscribe", table=table))["seat"]: c for c in (ann, bob)}
        acknowledged = await play(seats, table, rng, 4)

        # A hung node: its kernel still accepts, but it answers nothing.
        nodes[1].process.send_signal(signal.SIGSTOP)
        stopped = nodes[1]
        seconds = await states_become(site, {"spb1": "UP", "spb2": "DOWN"}, 10)
        print(f"ok - a SIGSTOPped node is left out after {seconds:.1f} s")
        for i in range(10):
            started = time.time()
            client = await asyncio.wait_for(through(site, "hap_ann"), 3)
            await client.close()
            assert time.time() - started < 3
        print("ok - ten new players meanwhile all reach the node that serves")
        nodes[1].process.send_signal(signal.SIGCONT)
        stopped = None
        seconds = await states_become(site, {"spb1": "UP", "spb2": "UP"}, 15)
        print(f"ok - the node, resumed, is back after {seconds:.1f} s")

        # PostgreSQL stops: no node can serve, and each says so.
        for client in (ann, bob):
            await client.close()
        cluster().stop_server()
        try:
            seconds = await states_become(site, {"spb1": "DOWN", "spb2": "DOWN"}, 10)
            print(f"ok - with PostgreSQL stopped both nodes are left out after {seconds:.1f} s")
            for node in nodes:
                status, body = node.get("/readyz")
                assert status == 503 and "database" in body, (status, body)
                assert re.search(r"^spb_database_up 0$", node.get("/metrics")[1], re.MULTILINE)
                status, _ = node.get("/healthz")
                assert status == 200, status
            status, _ = site.get("/balancer-health")
            assert status == 503, status
            print("ok - each node's /readyz answers 503 and spb_database_up is 0; /healthz still answers")
        finally:
            cluster().start_server()
        seconds = await states_become(site, {"spb1": "UP", "spb2": "UP"}, 20)
        print(f"ok - PostgreSQL back: both nodes are back after {seconds:.1f} s")

        async def resumed():
            a, b = await through(site, "hap_ann"), await through(site, "hap_bob")
            again = {(await c.ok("subscribe", table=table))["seat"]: c for c in (a, b)}
            return await play(again, table, rng, 1)
        acknowledged.update(await until("a move after PostgreSQL came back", resumed, timeout=30))
        stored = dict(rows(db, "SELECT move_number, action_json FROM moves WHERE table_id = ?", (table,)))
        assert set(acknowledged) <= set(stored), (sorted(acknowledged), sorted(stored))
        print(f"ok - the game goes on; all {len(acknowledged)} acknowledged moves are stored")
        return 0
    except Exception:
        traceback.print_exc()
        print("haproxy log:\n" + site.error_log()[-3000:])
        for node in nodes:
            print(f"node log:\n{node.log_text()[-3000:]}")
        return 1
    finally:
        if stopped:
            stopped.process.send_signal(signal.SIGCONT)
        site.stop()
        shutil.rmtree(site.folder, ignore_errors=True)
        for node in nodes:
            node.stop()


async def main():
    failed = await nginx_in_front()
    failed += await haproxy_in_front()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
