"""What the email tests share (test_email.py, test_password_reset.py): a
real `spb serve` whose links point at itself, its real SMTP sink (aiosmtpd)
on the loopback, and the steps a player takes with a mail: read it, follow
its link, press its button. Time is the server's test clock, moved by
debug_advance_clock."""

import asyncio
import os
import re
import sqlite3
import sys
import tempfile
import time
import urllib.error
import urllib.request

from harness import Client, Server, run_tests
from schema_check import SchemaCheck
from smtp_sink import SilentRelay, Sink, free_port, parts

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
ADMIN = "email-admin-token"
START = 1_800_000_000  # 2027-01-15 08:00 UTC, a Friday
HOUR = 3600
PASSWORD = "correct horse"


class MailServer:
    """`spb serve` on a port chosen beforehand (so that --public-url, which the
    links in emails use, is its own address) with its relay at `relay_port`."""

    def __init__(self, relay_port, *extra, clock=START):
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="spb-email-")
        self.relay_port = relay_port
        self.extra = extra
        self.server = Server(SPB, os.path.join(self.folder, "spb.sqlite"), self.args(clock))

    def args(self, clock):
        return ("--listen", f"127.0.0.1:{self.port}", "--rate", "2000", "--admin-token", ADMIN,
                "--test-clock", str(clock), "--smtp-host", "127.0.0.1", "--smtp-port", str(self.relay_port),
                "--smtp-security", "none", "--mail-from", "Saint Petersburg <spb@mail.test>",
                "--public-url", self.url("")) + tuple(self.extra)

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def restart(self, clock):
        self.server.stop()
        self.server.extra_args = self.server.extra_args[:-len(self.args(clock))] + list(self.args(clock))
        self.server.start()


def test(sink="accept", *extra):
    def register_test(fn):
        TESTS.append((fn, sink, extra))
        return fn
    return register_test


def http(url, method="GET", with_headers=False):
    request = urllib.request.Request(url, method=method, data=b"List-Unsubscribe=One-Click" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            answer = response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as e:
        answer = e.code, e.read().decode(), e.headers
    return answer if with_headers else answer[:2]


def press_button(url):
    """What a person does with an email's link: open it (a GET, which changes
    nothing and shows a button), then press the button (a POST of the form's
    action). Returns the POST's status and page."""
    status, page = http(url)
    assert status == 200, (status, page)
    form = re.search(r'<form method="post" action="([^"]+)"><button type="submit">', page)
    assert form, page
    action = form.group(1).replace("&amp;", "&")
    assert url.endswith(action), (url, action)
    return http(url, method="POST")


async def wait_for(predicate, what, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


async def mails_to(sink, address, count, subject=None):
    def got():
        mails = [m for rcpt, _, m in sink.received() if address in rcpt and (subject is None or subject in m["Subject"])]
        return mails if len(mails) >= count else None
    return await wait_for(got, f"{count} emails to {address}")


async def advance(client, seconds):
    return (await client.ok("debug_advance_clock", seconds=seconds, admin_token=ADMIN))["now"]


async def register(ms, name):
    client = await Client.connect(ms.server, SCHEMAS)
    await client.ok("register", name=name, password=PASSWORD)
    return client


def link(text, path):
    m = re.search(r"(http://127\.0\.0\.1:\d+" + re.escape(path) + r"[^\s\"<]*)", text)
    assert m, (path, text)
    return m.group(1).replace("&amp;", "&")


async def confirmed_player(ms, sink, name, language="en"):
    """A registered player whose address name@players.test is confirmed through its link."""
    client = await register(ms, name)
    data = await client.ok("set_email", address=f"{name}@players.test", language=language)
    assert data["email"] == {"address": f"{name}@players.test", "confirmed": False}, data
    (mail,) = await mails_to(sink, f"{name}@players.test", 1)
    plain, _ = parts(mail)
    status, _ = press_button(link(plain, "/email/confirm"))
    assert status == 200, status
    data = await client.ok("notice_settings")
    assert data["email"]["confirmed"] is True, data
    return client


def db_rows(ms, sql, *args):
    db = sqlite3.connect(ms.server.db_path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


async def robot_table(client, name, hours):
    """A table of the client and a robot, with `hours` per move, started and
    waited on until it is the client's move. Never subscribed to: a player
    watching the table is not told it is their turn."""
    table = (await client.ok("create_table", players=2, move_deadline_hours=hours, robots=1, name=name))["table"]["id"]
    await client.ok("start_table", table=table)

    async def my_move():
        for t in (await client.ok("my_tables"))["tables"]:
            if t["id"] == table and t.get("your_seat") in t.get("to_act", []):
                return True
        return False

    deadline = time.time() + 30
    while time.time() < deadline:
        if await my_move():
            return table
        await asyncio.sleep(0.05)
    raise AssertionError("the robot never handed the move over")


def metric(ms, name):
    with urllib.request.urlopen(ms.url("/metrics"), timeout=10) as response:
        text = response.read().decode()
    m = re.search(re.escape(name) + r" (\d+)", text)
    return int(m.group(1)) if m else None


async def run_mail_tests():
    """Runs every test registered with @test, each against its own server and sink."""
    failed = 0
    only = os.environ.get("SPB_TEST_ONLY")
    for fn, kind, extra in TESTS:
        if only and only not in fn.__name__:
            continue
        sink = Sink() if kind == "accept" else Sink(refuse=True) if kind == "refuse" else SilentRelay() if kind == "silent" else None
        relay_port = sink.port if sink else free_port()
        ms = MailServer(relay_port, *extra)

        async def run(server, fn=fn, ms=ms, sink=sink):
            await fn(ms, sink)

        run.__name__ = fn.__name__

        try:
            status = await run_tests([(run, lambda ms=ms: ms.server.start())], SCHEMAS, 180, log_tail=4000)
            failed += status
        finally:
            if sink:
                sink.stop()
    print(f"{failed} failed")
    return 1 if failed else 0
