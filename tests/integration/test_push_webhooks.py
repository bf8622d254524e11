"""Integration tests of Web Push and signed HTTPS webhooks (issue 17,
docs/notifications-push-webhooks.md) against the real `spb serve` over real
sockets and real TLS. The test makes its own certificate authority with the
openssl command line and tells the server to trust it (--outbound-ca); every
receiver listens on the loopback, which the tests allow (--outbound-allow).

- Webhooks: a Python HTTPS receiver checks the signature header the way
  docs/notifications-push-webhooks.md tells receivers to; a receiver whose
  certificate the server cannot verify, one that never answers, and plain
  http:// (off by default) each fail as the documentation says.
- Web Push: tests/browser/push_receiver.mjs (Node) plays push service and
  browser: it decrypts each message with the http_ece package, an
  implementation independent of the server's, and checks the VAPID JWT with
  node:crypto; a push service answering 410 or 404 removes the subscription.

usage: test_push_webhooks.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import hashlib
import hmac
import http.server
import json
import os
import re
import sqlite3
import ssl
import subprocess
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
ADMIN = "push-webhooks-admin-token"
START = 1_800_000_000  # the test clock: retries happen only when a test moves it
CONTACT = "mailto:ops@spb.example"
CERTS = tempfile.mkdtemp(prefix="spb-test-ca-")


def openssl(*args):
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_certificates():
    """A test CA, a certificate it signs for 127.0.0.1 and localhost, and a
    self-signed one for the same names that no authority vouches for."""
    p = lambda name: os.path.join(CERTS, name)
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")
    openssl("req", "-x509", *ec, "-keyout", p("ca.key"), "-out", p("ca.pem"), "-days", "2", "-subj", "/CN=spb test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")
    openssl("req", *ec, "-keyout", p("receiver.key"), "-out", p("receiver.csr"), "-subj", "/CN=localhost")
    with open(p("receiver.ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", p("receiver.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"), "-CAcreateserial",
            "-out", p("receiver.pem"), "-days", "2", "-extfile", p("receiver.ext"))
    openssl("req", "-x509", *ec, "-keyout", p("stranger.key"), "-out", p("stranger.pem"), "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1")


def test(*extra):
    def register_test(fn):
        TESTS.append((fn, extra))
        return fn
    return register_test


def fresh_server(*extra):
    folder = tempfile.mkdtemp(prefix="spb-push-")
    args = ("--rate", "2000", "--admin-token", ADMIN, "--test-clock", str(START),
            "--outbound-allow", "127.0.0.1/32", "--outbound-ca", os.path.join(CERTS, "ca.pem"),
            "--push-contact", CONTACT, "--webhook-attempts", "3") + tuple(extra)
    return Server(SPB, os.path.join(folder, "spb.sqlite"), args).start()


# --- receivers ------------------------------------------------------------------

class WebhookReceiver:
    """An HTTPS receiver on the loopback with the test CA's certificate (or
    the stranger's), recording (path, headers, body) and answering 204; or
    never answering when `silent`."""

    def __init__(self, certificate="receiver", silent=False):
        self.requests = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.requests.append((self.path, dict(self.headers), body))
                if silent:
                    time.sleep(30)
                    return
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(CERTS, f"{certificate}.pem"), os.path.join(CERTS, f"{certificate}.key"))
        self.httpd.socket = context.wrap_socket(self.httpd.socket, server_side=True)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, host="127.0.0.1"):
        return f"https://{host}:{self.httpd.server_address[1]}/hook"

    def close(self):
        self.httpd.shutdown()


def signature_is_valid(secret, header, body, now, tolerance=300):
    """What docs/notifications-push-webhooks.md tells a receiver to do."""
    fields = dict(part.split("=", 1) for part in header.split(","))
    signed = fields["t"].encode() + b"." + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"]) and abs(now - int(fields["t"])) <= tolerance


class PushService:
    """tests/browser/push_receiver.mjs, run by Node: a push service on the
    loopback that decrypts what it gets as the subscribed browser would."""

    def __init__(self):
        node_modules = os.path.join(ROOT, "tests", "browser", "node_modules")
        if not os.path.isdir(os.path.join(node_modules, "http_ece")):
            raise RuntimeError(f"http_ece is missing: run npm ci in tests/browser ({node_modules})")
        self.process = subprocess.Popen(
            ["node", os.path.join(ROOT, "tests", "browser", "push_receiver.mjs"),
             os.path.join(CERTS, "receiver.pem"), os.path.join(CERTS, "receiver.key")],
            stdout=subprocess.PIPE, text=True)
        start = json.loads(self.process.stdout.readline())
        self.port, self.p256dh, self.auth = start["port"], start["p256dh"], start["auth"]
        self.reports = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.reports.append(json.loads(line))

    def endpoint(self, answer, name):
        return f"https://127.0.0.1:{self.port}/{answer}/{name}"

    def subscription(self, answer, name):
        return {"endpoint": self.endpoint(answer, name), "p256dh": self.p256dh, "auth": self.auth}

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


# --- helpers ----------------------------------------------------------------------

async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def invite(inviter, name):
    table = (await inviter.ok("create_table", players=2))["table"]
    await inviter.ok("invite", table=table["id"], name=name)


def query(server, sql, *args):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def outbox(server, channel):
    return query(server, "SELECT status, attempts, last_error FROM webhook_outbox WHERE channel = ? ORDER BY id", channel)


def metric(server, name, labels):
    text = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    return float(re.search(rf'^{name}{{{re.escape(labels)}}} (\S+)$', text, re.M).group(1))


def deliveries(server, channel, outcome):
    return metric(server, "spb_notice_deliveries_total", f'channel="{channel}",outcome="{outcome}"')


async def wait_for(predicate, what, timeout=60):  # generous: CI shares two cores with a sanitizer build
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = predicate()
        if result:
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


# --- webhooks -------------------------------------------------------------------

@test()
async def an_https_webhook_gets_every_delivery_signed_with_the_secret_shown_once(server):
    receiver = WebhookReceiver()
    try:
        ann = await register(server, "ann_signed")
        data = await ann.ok("set_webhook", url=receiver.url())
        secret = data["secret"]
        assert re.fullmatch(r"[0-9a-f]{64}", secret), data
        boris = await register(server, "boris_signed")
        await invite(boris, "ann_signed")
        await wait_for(lambda: outbox(server, "webhook") == [("delivered", 1, None)], "the signed delivery")
        path, headers, body = receiver.requests[0]
        assert json.loads(body)["notification"]["kind"] == "invited", body
        assert signature_is_valid(secret, headers["X-SPB-Signature"], body, START), headers
        assert not signature_is_valid("0" * 64, headers["X-SPB-Signature"], body, START)
        assert not signature_is_valid(secret, headers["X-SPB-Signature"], body + b" ", START)
        # Setting the webhook again makes a new secret; the old one signs no more.
        again = await ann.ok("set_webhook", url=receiver.url("localhost"))
        assert again["secret"] != secret and again["webhook_url"] == receiver.url("localhost"), again
        await invite(boris, "ann_signed")
        await wait_for(lambda: len(receiver.requests) == 2, "the second delivery")
        _, headers, body = receiver.requests[1]
        assert signature_is_valid(again["secret"], headers["X-SPB-Signature"], body, START)
        assert not signature_is_valid(secret, headers["X-SPB-Signature"], body, START)
        # Removing the webhook forgets its secret.
        assert (await ann.ok("set_webhook", url=None)) == {"webhook_url": None}
        assert query(server, "SELECT webhook_url, webhook_secret FROM users WHERE name = 'ann_signed'") == [(None, None)]
        assert deliveries(server, "webhook", "sent") == 2
        assert metric(server, "spb_notice_delivery_seconds_count", 'channel="webhook"') == 2
    finally:
        receiver.close()


@test()
async def plain_http_webhooks_are_refused_unless_the_operator_allows_them(server):
    ann = await register(server, "ann_plain")
    refused = await ann.call("set_webhook", url="http://hooks.example.org/spb")
    assert refused["type"] == "error" and refused["code"] == "invalid_webhook", refused
    assert "https://" in refused["message"] and "plain http://" in refused["message"], refused
    for url in ("https://10.0.0.5/hook", "https://169.254.169.254/", "https://127.0.0.2:8443/x"):
        refused = await ann.call("set_webhook", url=url)
        assert refused["code"] == "webhook_address_refused", (url, refused)
    assert (await ann.ok("set_webhook", url="https://hooks.example.org/spb"))["secret"]


@test("--webhook-plain-http", "1")
async def the_operator_setting_lets_plain_http_webhooks_through_signed_too(server):
    received = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            received.append((dict(self.headers), self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        ann = await register(server, "ann_http")
        secret = (await ann.ok("set_webhook", url=f"http://127.0.0.1:{httpd.server_address[1]}/hook"))["secret"]
        await invite(await register(server, "boris_http"), "ann_http")
        await wait_for(lambda: received, "the plain http delivery")
        assert signature_is_valid(secret, received[0][0]["X-SPB-Signature"], received[0][1], START)
    finally:
        httpd.shutdown()


@test()
async def a_certificate_the_server_cannot_verify_fails_the_delivery_and_is_retried(server):
    stranger = WebhookReceiver(certificate="stranger")
    try:
        ann = await register(server, "ann_stranger")
        await ann.ok("set_webhook", url=stranger.url())
        await invite(await register(server, "boris_stranger"), "ann_stranger")
        rows = await wait_for(lambda: [r for r in outbox(server, "webhook") if r[1] == 1], "the failed attempt")
        status, attempts, error = rows[0]
        assert status == "pending" and error.startswith("TLS: ") and "certificate verify failed" in error, rows
        assert stranger.requests == []  # not a byte of the body reached it
        assert deliveries(server, "webhook", "failed") == 1
        assert deliveries(server, "webhook", "sent") == 0
    finally:
        stranger.close()


@test("--outbound-timeout", "2")
async def a_receiver_that_never_answers_is_a_logged_counted_failure_that_stalls_nothing(server):
    silent = WebhookReceiver(silent=True)
    try:
        ann = await register(server, "ann_silent")
        await ann.ok("set_webhook", url=silent.url())
        boris = await register(server, "boris_silent")
        await invite(boris, "ann_silent")
        began = time.time()
        # Meanwhile the server answers at once.
        for _ in range(5):
            await boris.ok("my_tables")
        assert time.time() - began < 1.5, "a request waited for the silent receiver"
        rows = await wait_for(lambda: [r for r in outbox(server, "webhook") if r[1] == 1], "the attempt to time out")
        assert rows == [("pending", 1, "no answer within 2 s")], rows
        assert "webhook delivery 1 attempt 1 failed: no answer within 2 s" in server.log_text()
        assert deliveries(server, "webhook", "failed") == 1
        # Retries keep the backoff: the first after 30 s, then 60 s; then given up (--webhook-attempts 3).
        await ann.ok("debug_advance_clock", seconds=30, admin_token=ADMIN)
        await wait_for(lambda: outbox(server, "webhook")[0][1] == 2, "the second attempt")
        await ann.ok("debug_advance_clock", seconds=60, admin_token=ADMIN)
        await wait_for(lambda: outbox(server, "webhook")[0][0] == "given_up", "the delivery to be given up")
        assert deliveries(server, "webhook", "given_up") == 1
    finally:
        silent.close()


# --- Web Push -------------------------------------------------------------------

@test()
async def a_push_message_is_encrypted_for_the_browser_and_carries_a_vapid_jwt(server):
    service = PushService()
    try:
        ann = await register(server, "ann_push")
        key = (await ann.ok("push_key"))["public_key"]
        assert len(key) == 87 and (await ann.ok("push_key"))["public_key"] == key  # made once, kept
        assert query(server, "SELECT public_key FROM vapid_keys") == [(key,)]
        added = await ann.ok("add_push_subscription", **service.subscription("ok", "ann"))
        assert added == {"endpoint": service.endpoint("ok", "ann"), "subscriptions": 1}, added
        boris = await register(server, "boris_push")
        await invite(boris, "ann_push")
        await wait_for(lambda: outbox(server, "push") == [("delivered", 1, None)], "the push delivery")
        report = service.reports[0]
        assert report["error"] is None, report
        note = report["payload"]["notification"]
        assert report["payload"]["type"] == "notification" and note["kind"] == "invited", report
        assert "boris_push" in note["text"] and note["id"] > 0 and "details" not in note, report
        headers = report["headers"]
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0, headers
        vapid = report["vapid"]
        assert vapid["ok"] and vapid["key"] == key and vapid["header"]["alg"] == "ES256", vapid
        claims = vapid["claims"]
        assert claims["aud"] == f"https://127.0.0.1:{service.port}" and claims["sub"] == CONTACT, claims
        assert START < claims["exp"] <= START + 24 * 3600, claims
        assert deliveries(server, "push", "sent") == 1
        # Removed, it gets nothing more.
        assert (await ann.ok("remove_push_subscription", endpoint=service.endpoint("ok", "ann")))["removed"] is True
        assert (await ann.ok("remove_push_subscription", endpoint=service.endpoint("ok", "ann")))["removed"] is False
        await invite(boris, "ann_push")
        await asyncio.sleep(0.5)
        assert len(outbox(server, "push")) == 1 and len(service.reports) == 1
    finally:
        service.close()


@test()
async def a_push_service_answering_410_or_404_removes_the_subscription(server):
    service = PushService()
    try:
        ann = await register(server, "ann_gone")
        await ann.ok("add_push_subscription", **service.subscription("gone", "ann"))
        carol = await register(server, "carol_gone")
        await carol.ok("add_push_subscription", **service.subscription("missing", "carol"))
        assert len(query(server, "SELECT id FROM push_subscriptions")) == 2
        boris = await register(server, "boris_gone")
        await invite(boris, "ann_gone")
        await invite(boris, "carol_gone")
        rows = await wait_for(lambda: [r for r in outbox(server, "push") if r[0] == "given_up"] if len(
            [r for r in outbox(server, "push") if r[0] == "given_up"]) == 2 else None, "both to be given up")
        assert sorted(r[2] for r in rows) == ["HTTP status 404", "HTTP status 410"], rows
        await wait_for(lambda: query(server, "SELECT id FROM push_subscriptions") == [], "the subscriptions' removal")
        assert all(r["error"] is None for r in service.reports), service.reports  # they were decryptable all the same
        await invite(boris, "ann_gone")
        await asyncio.sleep(0.5)
        assert len(outbox(server, "push")) == 2  # nothing queued for a removed subscription
        assert deliveries(server, "push", "given_up") == 2
    finally:
        service.close()


@test()
async def bad_subscriptions_are_refused_with_a_code_and_a_sentence(server):
    service = PushService()
    try:
        ann = await register(server, "ann_bad")
        good = service.subscription("ok", "ann")
        cases = [
            (dict(good, endpoint=f"http://127.0.0.1:{service.port}/ok/ann"), "invalid_push_subscription", "https://"),
            (dict(good, endpoint="https://10.0.0.5/push/x"), "push_endpoint_refused", "refused"),
            (dict(good, endpoint="https://127.0.0.2/push/x"), "push_endpoint_refused", "loopback"),
            (dict(good, endpoint="https://169.254.169.254/latest"), "push_endpoint_refused", "refused"),
            (dict(good, p256dh="B" + "A" * 86), "invalid_push_subscription", "p256dh"),  # not on the curve
            (dict(good, p256dh="not base64!"), "invalid_push_subscription", "p256dh"),
            (dict(good, auth="AAAA"), "invalid_push_subscription", "auth"),
        ]
        for fields, code, word in cases:
            refused = await ann.call("add_push_subscription", check=False, **fields)
            assert refused["type"] == "error" and refused["code"] == code and word in refused["message"], (fields, refused)
        huge = await ann.call("add_push_subscription", check=False, **dict(good, endpoint="https://x.example/" + "a" * 2000))
        assert huge["code"] == "bad_request", huge
        assert query(server, "SELECT id FROM push_subscriptions") == []
        # Ten browsers at most.
        for i in range(10):
            await ann.ok("add_push_subscription", **service.subscription("ok", f"ann{i}"))
        eleventh = await ann.call("add_push_subscription", **service.subscription("ok", "ann10"))
        assert eleventh["code"] == "too_many_push_subscriptions" and "10 browsers" in eleventh["message"], eleventh
        # The same browser again is no new one.
        assert (await ann.ok("add_push_subscription", **service.subscription("ok", "ann3")))["subscriptions"] == 10
    finally:
        service.close()


@test("--outbound-timeout", "2")
async def a_silent_push_service_is_a_failure_and_a_slow_one_delays_no_other_delivery(server):
    service = PushService()
    receiver = WebhookReceiver()
    try:
        ann = await register(server, "ann_slow")
        await ann.ok("add_push_subscription", **service.subscription("silent", "ann"))
        await ann.ok("set_webhook", url=receiver.url())
        await invite(await register(server, "boris_slow"), "ann_slow")
        # The webhook is delivered while the push service says nothing.
        await wait_for(lambda: receiver.requests, "the webhook delivery")
        rows = await wait_for(lambda: [r for r in outbox(server, "push") if r[1] == 1], "the push attempt to time out")
        assert rows == [("pending", 1, "no answer within 2 s")], rows
        assert deliveries(server, "push", "failed") == 1
        assert query(server, "SELECT count(*) FROM push_subscriptions") == [(1,)]  # silence is no 410
    finally:
        service.close()
        receiver.close()


if __name__ == "__main__":
    make_certificates()
    tests = [(fn, lambda extra=extra: fresh_server(*extra)) for fn, extra in TESTS]
    sys.exit(asyncio.run(run_tests(tests, SCHEMAS, 180, log_tail=3000)))
