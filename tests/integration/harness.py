"""A real `spb serve` process on an ephemeral loopback port with a fresh
database, and protocol clients over real WebSockets, for the integration tests.
Every message sent and received is validated against schema/protocol/ when the
schemas are present."""

import asyncio
import json
import os
import re
import signal
import subprocess
import tempfile
import time
import traceback
import urllib.error
import urllib.request

import websockets


# Every test client connects from 127.0.0.1, so the limits per address would
# refuse the tests' own accounts and connections long before any test is done:
# they are lifted here, and test_security.py (which tests them) passes
# limits=() to run with the defaults or its own.
TEST_LIMITS = ["--max-connections-per-address", "0", "--registrations-per-address-hour", "0",
               "--login-failures-per-address", "0", "--chat-per-address-minute", "0"]

# Network threads: two, so that connections and tables run on strands of their
# own; SPB_TEST_THREADS=1 runs them on the io_context's one thread instead, the
# default on a two-core machine (server/base/serial_executor.hpp).
THREADS = os.environ.get("SPB_TEST_THREADS", "2")


def http_get(port, path):
    """An HTTP GET of `path` on 127.0.0.1:`port`: (status, body), errors included."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


class Server:
    def __init__(self, spb, db_path, extra_args=(), limits=TEST_LIMITS, listen="127.0.0.1:0"):
        # listen: a fixed port keeps a node restarted after a kill where a
        # balancer in front expects it; port 0 takes a free one.
        self.listen = listen
        self.spb = spb
        self.db_path = db_path
        self.extra_args = list(limits) + list(extra_args)
        self.process = None
        self.port = None

    def start(self):
        self.log = tempfile.NamedTemporaryFile(prefix="spb-serve-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [self.spb, "serve", "--listen", self.listen, "--db", self.db_path, "--threads", THREADS] + self.extra_args,
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 15
        while time.time() < deadline:
            with open(self.log.name) as f:
                m = re.search(r"listening on 127\.0\.0\.1:(\d+)", f.read())
            if m:
                self.port = int(m.group(1))
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError("spb serve did not start: " + open(self.log.name).read())

    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path):
        """An HTTP GET of `path` on the server: (status, body), errors included."""
        return http_get(self.port, path)

    def metric(self, name):
        """The value of the metric `name` (a line without labels) on /metrics."""
        found = re.search(rf"^{re.escape(name)} (\S+)$", self.get("/metrics")[1], re.MULTILINE)
        return float(found.group(1))

    def stop(self, sig=signal.SIGTERM):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=15)
        return self.process.returncode

    def kill(self):
        return self.stop(signal.SIGKILL)

    def log_text(self):
        with open(self.log.name) as f:
            return f.read()


class Client:
    """One connection. call() sends a request and waits for its reply; pushes
    that arrive meanwhile are kept in `pushes`."""

    def __init__(self, ws, schemas):
        self.ws = ws
        self.schemas = schemas
        self.pushes = []
        self.next_id = 1

    @classmethod
    async def connect(cls, server, schemas, hello=True):
        # websockets stops reading the socket once 32 frames wait unread, and
        # then cannot see the pong to its keepalive ping either: a seat that
        # watches 32 moves go by for 40 s (a loaded machine) was closed by its
        # own client. A player's client reads everything it is sent.
        client = cls(await websockets.connect(server.url(), max_size=2**20, max_queue=None), schemas)
        if hello:
            reply = await client.call("hello", protocol=1)
            assert reply["type"] == "result", reply
        return client

    async def send_raw(self, text):
        await self.ws.send(text)

    async def receive(self, timeout=10):
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.schemas.check_server_message(message)
        return message

    async def call(self, type_, check=True, **fields):
        """Sends a request and returns its reply. check=False sends a request
        that is invalid on purpose without validating it first."""
        request = {"type": type_, "id": self.next_id, **fields}
        self.next_id += 1
        if check:
            self.schemas.check_client_message(request)
        await self.ws.send(json.dumps(request))
        while True:
            message = await self.receive()
            if message.get("id") == request["id"] and message["type"] in ("result", "error"):
                return message
            self.pushes.append(message)

    async def ok(self, type_, **fields):
        reply = await self.call(type_, **fields)
        assert reply["type"] == "result", reply
        return reply["data"]

    async def close(self):
        await self.ws.close()


async def run_tests(tests, schemas, timeout, log_tail=2000):
    """Runs each (test, start) pair: start() returns a fresh running server, the
    test gets it, and the server is stopped after it. A test taking longer than
    `timeout` seconds fails. SPB_TEST_ONLY=TEXT runs only the tests whose
    names contain TEXT. Returns the process's exit status."""
    passed = failed = 0
    only = os.environ.get("SPB_TEST_ONLY")
    for fn, start in tests:
        if only and only not in fn.__name__:
            continue
        server = start()
        try:
            await asyncio.wait_for(fn(server), timeout)
            print(f"PASS {fn.__name__}")
            passed += 1
        except Exception:
            print(f"FAIL {fn.__name__}")
            traceback.print_exc()
            print(server.log_text()[-log_tail:])
            failed += 1
        finally:
            server.stop()
    print(f"schema checks: {schemas.checked} messages validated" if schemas.enabled() else "schema checks: no schemas")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
