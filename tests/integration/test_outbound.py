"""Integration tests of the outbound policy (docs/operations.md, "Outbound
requests") against the real `spb serve` over real sockets: a player's webhook
never reaches the server's own network, whether its address is written out
(refused by set_webhook) or a name resolves to it when a delivery connects
(given up, with the reason recorded), unless the operator allows the network
with --outbound-allow; and a redirect is never followed. Every receiver here
listens on the loopback, which is what the server must refuse by default.

usage: test_outbound.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import http.server
import json
import os
import re
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.request

from harness import Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
ADMIN = "outbound-admin-token"
START = 1_800_000_000  # the test clock's start: retries happen only when a test moves it
ALLOW_LOOPBACK = ("--outbound-allow", "127.0.0.1/32")


def test(*extra):
    """A test run on a fresh server started with `extra` arguments."""
    def register_test(fn):
        TESTS.append((fn, extra))
        return fn
    return register_test


def server_args(*extra):
    # The receivers here speak plain http://: these tests are about where the
    # server may connect, which https:// does not change (test_push_webhooks.py
    # covers https:// and push endpoints).
    return ("--rate", "2000", "--admin-token", ADMIN, "--test-clock", str(START), "--webhook-plain-http", "1") + tuple(extra)


def fresh_server(*extra):
    folder = tempfile.mkdtemp(prefix="spb-outbound-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"), server_args(*extra)).start()


class Receiver:
    """An HTTP receiver on the loopback that records every request it gets and
    answers 204, or 302 to `redirect_to` when given."""

    def __init__(self, redirect_to=None):
        self.requests = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.requests.append((self.command, self.path, body))
                if redirect_to:
                    self.send_response(302)
                    self.send_header("Location", redirect_to)
                else:
                    self.send_response(204)
                self.end_headers()

            do_GET = do_POST

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def port(self):
        return self.httpd.server_address[1]

    def url(self, host="127.0.0.1"):
        return f"http://{host}:{self.port()}/hook"

    def close(self):
        self.httpd.shutdown()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def login(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("login", name=name, password="correct horse")
    return client


async def invite(inviter, name):
    """A new table of `inviter`'s, with `name` invited: one notification for `name`."""
    table = (await inviter.ok("create_table", players=2))["table"]
    await inviter.ok("invite", table=table["id"], name=name)


def outbox(server):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute("SELECT status, attempts, last_error FROM webhook_outbox ORDER BY id").fetchall()
    finally:
        db.close()


def stored_webhook(server, name):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute("SELECT webhook_url FROM users WHERE name = ?", (name,)).fetchone()[0]
    finally:
        db.close()


def refused_total(server):
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    return int(re.search(r"^spb_outbound_refused_total (\d+)$", metrics, re.M).group(1))


def settled(rows, count):
    """The rows, when there are `count` and none is pending any more."""
    return rows if len(rows) == count and all(status != "pending" for status, _, _ in rows) else None


async def wait_for(predicate, what, timeout=60):  # generous: CI shares two cores with a sanitizer build
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = predicate()
        if result:
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@test()
async def set_webhook_refuses_loopback_private_and_metadata_addresses_written_out(server):
    receiver = Receiver()
    try:
        ann = await register(server, "ann_set")
        port = receiver.port()
        for url in (receiver.url(), receiver.url("localhost"), receiver.url("LocalHost."),
                    receiver.url("hooks.localhost"), receiver.url("127.1"), receiver.url("2130706433"),
                    receiver.url("0x7f000001"), receiver.url("0"), f"http://0.0.0.0:{port}/",
                    "http://10.0.0.5/hook", "http://172.16.0.1/", "http://192.168.1.1/",
                    "http://100.64.0.1/", "http://169.254.169.254/latest/meta-data/", "http://224.0.0.1/"):
            refused = await ann.call("set_webhook", url=url)
            assert refused["type"] == "error" and refused["code"] == "webhook_address_refused", (url, refused)
            assert "refused" in refused["message"], refused
        assert stored_webhook(server, "ann_set") is None
        # Nothing was set, so an invitation posts nothing.
        boris = await register(server, "boris_set")
        await invite(boris, "ann_set")
        await asyncio.sleep(0.5)
        assert outbox(server) == [] and receiver.requests == [], (outbox(server), receiver.requests)
        # A name is not looked up when it is set: it is judged when a delivery connects.
        assert (await ann.ok("set_webhook", url="http://hooks.example.org/spb"))["webhook_url"]
        assert (await ann.ok("set_webhook", url=None))["webhook_url"] is None
    finally:
        receiver.close()


@test(*ALLOW_LOOPBACK)
async def the_allow_list_opens_its_networks_and_no_others(server):
    receiver = Receiver()
    try:
        ann = await register(server, "ann_allow")
        for url in (receiver.url(), receiver.url("localhost")):
            assert (await ann.ok("set_webhook", url=url))["webhook_url"] == url
        for url in (receiver.url("127.0.0.2"), "http://10.0.0.5/hook", "http://169.254.169.254/"):
            refused = await ann.call("set_webhook", url=url)
            assert refused["code"] == "webhook_address_refused", (url, refused)
        await ann.ok("set_webhook", url=receiver.url())
        boris = await register(server, "boris_allow")
        await invite(boris, "ann_allow")
        await wait_for(lambda: outbox(server) == [("delivered", 1, None)], "the delivery to an allowed receiver")
        assert len(receiver.requests) == 1 and b'"kind":"invited"' in receiver.requests[0][2], receiver.requests
    finally:
        receiver.close()


@test(*ALLOW_LOOPBACK)
async def a_delivery_to_the_loopback_is_refused_when_it_connects_by_name_or_by_address(server):
    """Set while the operator allowed the loopback; the server then restarts
    without the allowance on the same database. `localhost` reaches the
    connect-time check through the resolver, 127.0.0.1 as it is written."""
    receiver = Receiver()
    try:
        ann = await register(server, "ann_name")
        await ann.ok("set_webhook", url=receiver.url("localhost"))
        carol = await register(server, "carol_literal")
        await carol.ok("set_webhook", url=receiver.url())
        boris = await register(server, "boris_name")
        # While allowed, both addresses reach the receiver.
        await invite(boris, "ann_name")
        await invite(boris, "carol_literal")
        await wait_for(lambda: outbox(server) == [("delivered", 1, None)] * 2, "the deliveries while allowed")
        assert len(receiver.requests) == 2, receiver.requests
        assert server.stop() == 0

        server.extra_args = list(server_args())  # no --outbound-allow
        server.start()
        boris = await login(server, "boris_name")
        await invite(boris, "ann_name")
        await invite(boris, "carol_literal")
        rows = await wait_for(lambda: settled(outbox(server)[2:], 2), "the deliveries to be refused")
        for status, attempts, error in rows:
            assert (status, attempts) == ("given_up", 1), rows  # given up at once: a retry would be refused too
            assert error.startswith("refused: the server may not connect to ") and "loopback" in error, rows
        await asyncio.sleep(0.5)
        assert len(receiver.requests) == 2, receiver.requests  # nothing new reached it
        assert refused_total(server) == 2
        assert "given up: refused: the server may not connect to" in server.log_text()
    finally:
        receiver.close()


@test(*ALLOW_LOOPBACK)
async def test_webhook_sends_a_notification_to_the_webhook_or_says_there_is_none(server):
    receiver = Receiver()
    try:
        ann = await register(server, "ann_test")
        data = await ann.ok("test_webhook")
        assert data == {"webhook_url": None, "notification": None}, data
        assert outbox(server) == [] and (await ann.ok("notifications"))["notifications"] == []
        await ann.ok("set_webhook", url=receiver.url())
        data = await ann.ok("test_webhook")
        assert data["webhook_url"] == receiver.url() and data["notification"]["kind"] == "webhook_test", data
        await wait_for(lambda: outbox(server) == [("delivered", 1, None)], "the test's delivery")
        body = json.loads(receiver.requests[0][2])
        assert body["notification"]["id"] == data["notification"]["id"], body
        # A notification like any other: pushed, and listed.
        pushed = [m for m in ann.pushes if m["type"] == "notification"]
        assert [m["notification"]["id"] for m in pushed] == [data["notification"]["id"]], ann.pushes
        assert (await ann.ok("notifications"))["unread"] == 1
    finally:
        receiver.close()


@test(*ALLOW_LOOPBACK)
async def a_redirect_from_an_allowed_receiver_is_not_followed(server):
    target = Receiver()
    redirecting = Receiver(redirect_to=target.url())
    try:
        ann = await register(server, "ann_redirect")
        await ann.ok("set_webhook", url=redirecting.url())
        boris = await register(server, "boris_redirect")
        await invite(boris, "ann_redirect")
        await wait_for(lambda: outbox(server) == [("pending", 1, "HTTP status 302 (redirects are not followed)")],
                       "the redirect to be recorded as a failure")
        # The retry goes to the webhook's own address again, never to the Location.
        await ann.ok("debug_advance_clock", seconds=30, admin_token=ADMIN)
        await wait_for(lambda: len(redirecting.requests) == 2, "the retry")
        await wait_for(lambda: outbox(server)[0][1] == 2, "the retry's failure to be recorded")
        await asyncio.sleep(0.5)
        assert [r[1] for r in redirecting.requests] == ["/hook", "/hook"], redirecting.requests
        assert target.requests == [], target.requests
    finally:
        redirecting.close()
        target.close()


if __name__ == "__main__":
    tests = [(fn, lambda extra=extra: fresh_server(*extra)) for fn, extra in TESTS]
    sys.exit(asyncio.run(run_tests(tests, SCHEMAS, 180, log_tail=3000)))
