"""Security tests against the real `spb serve` over real sockets on the
loopback: a connection's identity (hidden views never outlive the user who may
see them; sessions end everywhere at once), throttled logins, registrations
and chat, the hello and login deadlines, connections per address (with the
descriptor limit lowered), X-Forwarded-For from trusted proxies only, strict
requests, a client that does not read (its outbound queue is bounded), and
/metrics counting every refusal by reason.

usage: test_security.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import os
import random
import re
import resource
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import websockets

from harness import TEST_LIMITS, Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
FAST = ["--rate", "2000"]
HIDDEN = {"public_money": False, "public_hands": False}
PASSWORD = "correct horse"


def test(server_args=(), limits=TEST_LIMITS, descriptors=None):
    def register_test(f):
        TESTS.append((f, list(server_args), limits, descriptors))
        return f
    return register_test


class LimitedServer(Server):
    """A server whose descriptor limit (soft and hard) is lowered before exec."""

    def __init__(self, *args, descriptors=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.descriptors = descriptors

    def start(self):
        if self.descriptors is None:
            return super().start()
        real_popen = subprocess.Popen
        limit = self.descriptors

        def lowered(*a, **kw):
            kw["preexec_fn"] = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
            return real_popen(*a, **kw)
        subprocess.Popen = lowered
        try:
            return super().start()
        finally:
            subprocess.Popen = real_popen


def fresh_server(args, limits, descriptors):
    folder = tempfile.mkdtemp(prefix="spb-sec-")
    return LimitedServer(SPB, os.path.join(folder, "spb.sqlite"), FAST + args, limits=limits,
                         descriptors=descriptors).start()


def unique(prefix):
    return f"{prefix}{random.randrange(10**6)}"


async def register(server, name=None):
    client = await Client.connect(server, SCHEMAS)
    data = await client.ok("register", name=name or unique("u"), password=PASSWORD)
    return client, data["user"], data["token"]


async def hidden_table(server, players=2):
    """A started table with hidden money and hands; returns its id, the
    players' clients by seat, and the users by seat."""
    clients, users = [], []
    for _ in range(players):
        client, user, _ = await register(server)
        clients.append(client)
        users.append(user)
    table = (await clients[0].ok("create_table", players=players, options=HIDDEN))["table"]["id"]
    for client in clients[1:]:
        await client.ok("join_table", table=table)
    await clients[0].ok("start_table", table=table)
    seats, seat_users = {}, {}
    for client, user in zip(clients, users):
        data = await client.ok("subscribe", table=table)
        seats[data["seat"]] = client
        seat_users[data["seat"]] = user
    return table, seats, seat_users


async def play_one_move(table, seats):
    """The seat to act makes one legal move; returns its number."""
    for client in seats.values():
        view = (await client.ok("subscribe", table=table))["view"]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        if legal:
            choice = dict(random.choice(legal))
            choice.pop("price")
            return (await client.ok("act", table=table, move_number=view["move_number"] + 1, action=choice))["move_number"]
    raise AssertionError("nobody may act")


def private_seats(message):
    """The seats whose money or hand a frame shows (a view in a table_update or
    in a subscribe result)."""
    view = None
    if message.get("type") == "table_update":
        view = message["view"]
    elif message.get("type") == "result" and isinstance(message.get("data"), dict):
        view = message["data"].get("view")
    if not view:
        return set()
    return {p["seat"] for p in view["players"] if p["rubles"] is not None or p["hand"] is not None}


async def drain(client, seconds=0.5):
    """Every frame that arrives within `seconds`."""
    frames = []
    try:
        while True:
            frames.append(await client.receive(timeout=seconds))
    except asyncio.TimeoutError:
        return frames


def metric(server, reason):
    text = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    match = re.search(r'^spb_refused_total\{reason="%s"\} (\d+)$' % reason, text, re.M)
    assert match, text
    return int(match.group(1))


async def connect_from(server, source, hello=True, headers=None):
    """A protocol client whose connection comes from `source` (a 127.x address)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", server.port))
    client = Client(await websockets.connect(server.url(), sock=sock, max_size=2**20, extra_headers=headers or {}),
                    SCHEMAS)
    if hello:
        assert (await client.call("hello", protocol=1))["type"] == "result"
    return client


# --- a connection's identity ---------------------------------------------------

async def no_private_view_after(server, change):
    """Seat 0's connection watches its seat; `change(client)` changes who it
    speaks for. Afterwards moves are made, and no frame on that connection
    may show seat 0's money or hand."""
    table, seats, users = await hidden_table(server)
    watcher = seats[0]
    assert private_seats({"type": "result", "data": await watcher.ok("subscribe", table=table)}) == {0}
    await change(watcher, users)
    # The connection's own pending pushes are read, then the table moves on.
    other = await Client.connect(server, SCHEMAS)
    await other.ok("login", name=users[1]["name"], password=PASSWORD)
    mover0 = await Client.connect(server, SCHEMAS)
    await mover0.ok("login", name=users[0]["name"], password=PASSWORD)
    for _ in range(4):
        await play_one_move(table, {0: mover0, 1: other})
    frames = watcher.pushes + await drain(watcher)
    leaked = [f for f in frames if 0 in private_seats(f)]
    assert not leaked, leaked
    return watcher, table, frames


@test()
async def after_logout_a_connection_receives_nothing_of_the_seats_hidden_view(server):
    async def logout(client, users):
        await client.ok("logout")
    watcher, table, frames = await no_private_view_after(server, logout)
    ended = [f for f in watcher.pushes if f["type"] == "subscriptions_ended"]
    assert ended and table in ended[0]["tables"] and ended[0]["reason"] == "logout", watcher.pushes
    assert not [f for f in frames if f["type"] == "table_update"], frames
    # Subscribing again gives a spectator's view.
    assert private_seats({"type": "result", "data": await watcher.ok("subscribe", table=table)}) == set()


@test()
async def after_logging_in_as_another_user_a_connection_sees_only_that_users_seat(server):
    async def login_other(client, users):
        await client.ok("login", name=users[1]["name"], password=PASSWORD)
    watcher, table, _ = await no_private_view_after(server, login_other)
    assert private_seats({"type": "result", "data": await watcher.ok("subscribe", table=table)}) == {1}


@test()
async def after_resuming_another_users_session_a_connection_sees_only_that_users_seat(server):
    async def resume_other(client, users):
        other = await Client.connect(server, SCHEMAS)
        token = (await other.ok("login", name=users[1]["name"], password=PASSWORD))["token"]
        await client.ok("resume_session", token=token)
    watcher, table, _ = await no_private_view_after(server, resume_other)
    assert private_seats({"type": "result", "data": await watcher.ok("subscribe", table=table)}) == {1}


@test()
async def resuming_the_same_user_keeps_the_subscriptions(server):
    table, seats, users = await hidden_table(server)
    other = await Client.connect(server, SCHEMAS)
    token = (await other.ok("login", name=users[0]["name"], password=PASSWORD))["token"]
    await seats[0].ok("resume_session", token=token)
    await play_one_move(table, seats)
    updates = [f for f in seats[0].pushes + await drain(seats[0]) if f["type"] == "table_update"]
    assert updates and all(private_seats(f) == {0} for f in updates), updates


@test()
async def random_identity_changes_never_show_a_connection_a_view_its_user_may_not_see(server):
    """A property over random sequences of requests on one connection: every
    frame that shows a seat's money or hand arrives while that seat's user is
    the connection's user (as of the last identity change it was told of)."""
    rng = random.Random(int(os.environ.get("SPB_SECURITY_SEED", "14")))
    table, seats, users = await hidden_table(server)
    tokens = {}
    for seat, user in users.items():
        c = await Client.connect(server, SCHEMAS)
        tokens[seat] = (await c.ok("login", name=user["name"], password=PASSWORD))["token"]
    movers = {}
    for seat, user in users.items():
        movers[seat] = await Client.connect(server, SCHEMAS)
        await movers[seat].ok("login", name=user["name"], password=PASSWORD)
    probe = await Client.connect(server, SCHEMAS)
    current = None  # the seat whose user the probe speaks for
    frames_checked = private_frames = 0

    def check(frame, seat):
        nonlocal private_frames
        shown = private_seats(frame)
        assert shown <= ({seat} if seat is not None else set()), (frame.get("type"), shown, seat)
        private_frames += bool(shown)

    for step in range(120):
        choice = rng.choice(["login", "resume", "logout", "subscribe", "subscribe", "unsubscribe", "move", "move",
                             "move"])
        if choice == "logout" and current is None:
            choice = "subscribe"
        fields, changes = {}, None
        if choice == "login":
            seat = rng.choice(list(users))
            request, fields, changes = "login", {"name": users[seat]["name"], "password": PASSWORD}, seat
        elif choice == "resume":
            seat = rng.choice(list(users))
            request, fields, changes = "resume_session", {"token": tokens[seat]}, seat
        elif choice == "logout":
            request, changes = "logout", "nobody"
        elif choice == "subscribe":
            request, fields = "subscribe", {"table": table}
        elif choice == "unsubscribe":
            request, fields = "unsubscribe", {"table": table}
        else:
            await play_one_move(table, movers)
            for frame in await drain(probe, 0.2):
                check(frame, current)
                frames_checked += 1
            continue
        probe.pushes.clear()
        reply = await probe.call(request, **fields)
        # Pushes before the reply were made for the identity before it.
        for frame in probe.pushes:
            check(frame, current)
            frames_checked += 1
        assert reply["type"] == "result", reply
        if changes == "nobody":
            # logout revoked the token: that seat logs in again to get a fresh one
            c = await Client.connect(server, SCHEMAS)
            tokens[current] = (await c.ok("login", name=users[current]["name"], password=PASSWORD))["token"]
            current = None
        elif changes is not None:
            if request == "login":
                tokens[changes] = reply["data"]["token"]
            current = changes
        check(reply, current)
        frames_checked += 1
    # The sequence did show private views, to the right users.
    assert frames_checked >= 100 and private_frames >= 3, (frames_checked, private_frames)


# --- sessions end everywhere ---------------------------------------------------

@test()
async def logout_ends_the_session_on_every_connection_that_resumed_it(server):
    first, user, token = await register(server)
    second = await Client.connect(server, SCHEMAS)
    await second.ok("resume_session", token=token)
    await first.ok("logout")
    ended = await second.receive()
    assert ended == {"type": "session_ended", "reason": "logout"}, ended
    refused = await second.call("create_table", players=2)
    assert refused["code"] == "not_logged_in", refused
    third = await Client.connect(server, SCHEMAS)
    assert (await third.call("resume_session", token=token))["code"] == "invalid_token"


@test()
async def a_session_ended_elsewhere_stops_the_seats_hidden_view_on_that_connection(server):
    table, seats, users = await hidden_table(server)
    # A second device of seat 0's player, watching the seat.
    device = await Client.connect(server, SCHEMAS)
    await device.ok("login", name=users[0]["name"], password=PASSWORD)
    assert private_seats({"type": "result", "data": await device.ok("subscribe", table=table)}) == {0}
    await seats[0].ok("logout_everywhere")
    for _ in range(4):
        mover = await Client.connect(server, SCHEMAS)
        await mover.ok("login", name=users[0]["name"], password=PASSWORD)
        await play_one_move(table, {0: mover, 1: seats[1]})
    frames = device.pushes + await drain(device)
    assert {"type": "session_ended", "reason": "logged_out_everywhere"} in frames, frames
    assert not [f for f in frames if 0 in private_seats(f) or f["type"] == "table_update"], frames


@test()
async def a_password_change_ends_every_other_session_and_keeps_this_one(server):
    first, user, _ = await register(server)
    second = await Client.connect(server, SCHEMAS)
    old_token = (await second.ok("login", name=user["name"], password=PASSWORD))["token"]
    await first.ok("change_password", old_password=PASSWORD, new_password="battery staple")
    assert (await second.receive()) == {"type": "session_ended", "reason": "password_changed"}
    assert (await second.call("create_table", players=2))["code"] == "not_logged_in"
    await first.ok("create_table", players=2)
    third = await Client.connect(server, SCHEMAS)
    assert (await third.call("resume_session", token=old_token))["code"] == "invalid_token"
    assert (await third.call("login", name=user["name"], password=PASSWORD))["code"] == "bad_credentials"
    await third.ok("login", name=user["name"], password="battery staple")
    wrong = await first.call("change_password", old_password="not the password", new_password="whatever else")
    assert wrong["code"] == "bad_credentials", wrong


@test()
async def logout_everywhere_ends_every_session_of_the_account(server):
    first, user, _ = await register(server)
    others = []
    for _ in range(2):
        c = await Client.connect(server, SCHEMAS)
        await c.ok("login", name=user["name"], password=PASSWORD)
        others.append(c)
    await first.ok("logout_everywhere")
    for c in others:
        assert (await c.receive()) == {"type": "session_ended", "reason": "logged_out_everywhere"}
    assert (await first.call("my_tables"))["code"] == "not_logged_in"


@test(server_args=["--admin-token", "a-long-administrator-token"])
async def an_administrator_ends_every_session_of_a_user(server):
    victim, user, token = await register(server)
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token="a-long-administrator-token")
    data = await admin.ok("admin_logout_user", name=user["name"])
    assert data["user"]["id"] == user["id"]
    assert (await victim.receive()) == {"type": "session_ended", "reason": "administrator"}
    assert (await victim.call("resume_session", token=token))["code"] == "invalid_token"
    assert (await admin.call("admin_logout_user", name="nobody_here"))["code"] == "no_such_user"


# --- throttling ----------------------------------------------------------------

@test(server_args=["--login-failures-per-account", "3", "--login-lockout-max", "3"])
async def failed_logins_make_the_account_wait_then_let_the_player_in(server):
    _, user, _ = await register(server)
    codes = []
    for _ in range(8):
        c = await Client.connect(server, SCHEMAS)
        codes.append((await c.call("login", name=user["name"], password="wrong guess"))["code"])
        await c.close()
    assert codes[:3] == ["bad_credentials"] * 3, codes
    assert "login_throttled" in codes[3:], codes
    # The right password is refused while the account waits ...
    c = await Client.connect(server, SCHEMAS)
    refused = await c.call("login", name=user["name"], password=PASSWORD)
    assert refused["code"] == "login_throttled" and re.search(r"\d+ s", refused["message"]), refused
    # ... and accepted once the wait (at most --login-lockout-max) is over.
    await asyncio.sleep(3.2)
    await c.ok("login", name=user["name"], password=PASSWORD)
    assert metric(server, "login_throttled") >= 1


@test(server_args=["--login-failures-per-address", "4", "--login-lockout-max", "60"], limits=[])
async def failed_logins_from_one_address_make_that_address_wait_not_others(server):
    _, user, _ = await register(server)
    codes = []
    for i in range(7):
        c = await Client.connect(server, SCHEMAS)
        codes.append((await c.call("login", name=f"guess{i}", password="wrong guess"))["code"])
    assert codes[:4] == ["bad_credentials"] * 4 and codes[-1] == "login_throttled", codes
    elsewhere = await connect_from(server, "127.0.0.2")
    await elsewhere.ok("login", name=user["name"], password=PASSWORD)


@test(server_args=["--registrations-per-address-hour", "3"], limits=[])
async def registrations_are_limited_per_address(server):
    codes = []
    for _ in range(5):
        c = await Client.connect(server, SCHEMAS)
        codes.append((await c.call("register", name=unique("r"), password=PASSWORD)).get("code", "ok"))
    assert codes == ["ok", "ok", "ok", "registration_throttled", "registration_throttled"], codes
    elsewhere = await connect_from(server, "127.0.0.3")
    await elsewhere.ok("register", name=unique("r"), password=PASSWORD)
    assert metric(server, "registrations_throttled") == 2


@test(server_args=["--chat-per-account-minute", "3"])
async def chat_is_limited_per_account(server):
    table, seats, _ = await hidden_table(server)
    replies = [await seats[0].call("chat", table=table, text=f"line {i}") for i in range(5)]
    assert [r["type"] for r in replies[:3]] == ["result"] * 3, replies
    assert replies[3]["code"] == "chat_throttled", replies
    await seats[1].ok("chat", table=table, text="another account may still speak")
    assert metric(server, "chat_throttled") == 2


# --- deadlines and connections per address -------------------------------------

@test(server_args=["--hello-timeout", "2"])
async def a_websocket_that_never_says_hello_is_closed(server):
    client = await Client.connect(server, SCHEMAS, hello=False)
    started = time.monotonic()
    try:
        await client.ws.recv()
        raise AssertionError("the server sent something")
    except websockets.ConnectionClosed as closed:
        assert closed.code == 1008 and "hello" in closed.reason, (closed.code, closed.reason)
    assert 1.5 < time.monotonic() - started < 8
    assert metric(server, "hello_timeout") == 1


@test(server_args=["--login-timeout", "3", "--admin-token", "a-long-administrator-token"])
async def a_websocket_that_neither_logs_in_nor_subscribes_is_closed(server):
    idle = await Client.connect(server, SCHEMAS)
    player, _, _ = await register(server)
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token="a-long-administrator-token")
    try:
        await asyncio.wait_for(idle.ws.recv(), 10)
        raise AssertionError("the server sent something")
    except websockets.ConnectionClosed as closed:
        assert closed.code == 1008 and "log in or subscribe" in closed.reason, (closed.code, closed.reason)
    # The player who logged in, and the administrator, are still connected.
    await player.ok("my_tables")
    await admin.ok("admin_list_tables")
    assert metric(server, "login_timeout") == 1


@test(server_args=["--max-connections-per-address", "50", "--hello-timeout", "30"], limits=[], descriptors=256)
async def one_address_cannot_hold_every_descriptor(server):
    """With 256 descriptors, 400 silent connections from one address: 50 are
    kept, the rest closed at once, and a player from another address still
    gets in and plays."""
    hogs = []
    for _ in range(400):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(("127.0.0.1", server.port))
        hogs.append(s)
    await asyncio.sleep(1)
    open_ = 0
    for s in hogs:
        s.setblocking(False)
        try:
            open_ += s.recv(1) != b""  # data: impossible; b"": closed
        except BlockingIOError:
            open_ += 1
        except ConnectionError:
            pass
    assert open_ == 50, open_
    player = await connect_from(server, "127.0.0.4")
    await player.ok("register", name=unique("p"), password=PASSWORD)
    await player.ok("create_table", players=2)
    for s in hogs:
        s.close()
    assert metric(server, "connections_per_address") == 350


@test(server_args=["--max-connections-per-address", "2", "--trusted-proxies", "127.0.0.1"], limits=[])
async def behind_a_trusted_proxy_connections_are_counted_by_forwarded_address(server):
    first = [await Client(await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": "203.0.113.5"}),
                          SCHEMAS).call("hello", protocol=1) for _ in range(2)]
    assert all(r["type"] == "result" for r in first)
    try:
        await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": "203.0.113.5"})
        raise AssertionError("a third connection from 203.0.113.5 was accepted")
    except websockets.InvalidStatusCode as refused:
        assert refused.status_code == 429
    # What the client wrote before the proxy's entry does not count: the proxy
    # appended 203.0.113.5, the address it really got the connection from.
    try:
        await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": "198.51.100.7, 203.0.113.5"})
        raise AssertionError("a spoofed X-Forwarded-For escaped the count")
    except websockets.InvalidStatusCode as refused:
        assert refused.status_code == 429
    other = await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": "198.51.100.7"})
    await other.close()
    assert metric(server, "connections_per_address") == 2


@test(server_args=["--max-connections-per-address", "2"], limits=[])
async def without_a_trusted_proxy_x_forwarded_for_is_ignored(server):
    kept = [await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": f"203.0.113.{i}"})
            for i in range(2)]
    try:
        third = await websockets.connect(server.url(), extra_headers={"X-Forwarded-For": "203.0.113.9"})
        await asyncio.wait_for(third.recv(), 5)
        raise AssertionError("a third connection from 127.0.0.1 was served")
    except (websockets.ConnectionClosed, websockets.InvalidHandshake, ConnectionError, asyncio.TimeoutError):
        pass
    for ws in kept:
        await ws.close()


# --- a failed write ---------------------------------------------------------------

@test()
async def a_table_stopped_by_a_failed_write_logs_the_stores_reason_and_is_counted(server):
    table, seats, _ = await hidden_table(server)
    await play_one_move(table, seats)
    # The next write of a move fails inside SQLite, as a full disk would make it.
    db = sqlite3.connect(server.db_path)
    db.execute("CREATE TRIGGER refuse_moves BEFORE INSERT ON moves "
               "BEGIN SELECT RAISE(FAIL, 'no room left on the test disk'); END")
    db.commit()
    db.close()
    for client in seats.values():
        view = (await client.ok("subscribe", table=table))["view"]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        if legal:
            choice = dict(legal[0])
            choice.pop("price")
            refused = await client.call("act", table=table, move_number=view["move_number"] + 1, action=choice)
            assert refused["code"] == "internal_error", refused
            break
    log = server.log_text()
    assert re.search(rf"table {table} stopped: move \d+ could not be stored: .*no room left on the test disk", log), log
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    assert re.search(r"^spb_tables_stopped 1$", metrics, re.M), metrics


# --- a client that does not read ---------------------------------------------------

async def public_table(server, players):
    """A started table with the default public money and hands; returns its
    id and the players' clients by seat."""
    clients = [(await register(server))[0] for _ in range(players)]
    table = (await clients[0].ok("create_table", players=players))["table"]["id"]
    for client in clients[1:]:
        await client.ok("join_table", table=table)
    await clients[0].ok("start_table", table=table)
    seats = {}
    for client in clients:
        seats[(await client.ok("subscribe", table=table))["seat"]] = client
    return table, seats


def requests_taken(server):
    """How many requests the server has taken off its connections' queues."""
    text = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    return int(re.search(r"^spb_requests_total (\d+)$", text, re.M).group(1))


async def server_caught_up(server, taken, patience=3.0):
    """Waits until the server has taken `taken` requests; False if it stops
    taking any for `patience` seconds (it has closed the connection)."""
    last, still_since = requests_taken(server), time.monotonic()
    while last < taken:
        await asyncio.sleep(0.05)
        now = requests_taken(server)
        if now != last:
            last, still_since = now, time.monotonic()
        elif time.monotonic() - still_since > patience:
            return False
    return True


@test(server_args=["--chat-per-account-minute", "0"])
async def a_client_that_never_reads_is_disconnected_and_the_table_plays_on(server):
    """The server queues at most 256 frames for a connection: a client whose
    socket takes almost nothing, and who asks for far more than it reads, is
    closed once its queue is full, while the players go on. Each of its
    requests is a page of 100 chat lines of 500 characters (about 55 KB), so
    that the queue fills past what the kernel's buffers hold. Its requests
    are paced by what the server has taken (never more than 40 waiting), so
    that only its replies pile up, however slow the machine: a flood of
    unanswered requests would be closed differently, with a close frame."""
    table, seats = await public_table(server, 2)
    for i in range(100):
        await seats[0].ok("chat", table=table, text=f"{i:03} " + "x" * 496)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    greedy = Client(await websockets.connect(server.url(), sock=sock, max_size=2**20), SCHEMAS)
    await greedy.ok("hello", protocol=1)
    greedy.ws.transport.pause_reading()
    asked = 600
    taken_before = requests_taken(server)
    try:
        for i in range(asked):
            await greedy.ws.send(json.dumps({"type": "chat_history", "id": 100 + i, "table": table, "limit": 100}))
            if i % 20 == 19 and not await server_caught_up(server, taken_before + i + 1 - 40):
                break
    except websockets.ConnectionClosed:
        pass
    greedy.ws.transport.resume_reading()
    # What the buffers held is read now; then the connection ends without a
    # close frame (the server closed the socket), short of most pages.
    pages = 0
    try:
        while True:
            message = json.loads(await asyncio.wait_for(greedy.ws.recv(), 10))
            assert message["type"] == "result", message
            pages += 1
    except websockets.ConnectionClosed as closed:
        # 1006: no close frame, as the full queue closes the socket itself
        # (a flood of requests would get a close frame, 1008).
        assert closed.code == 1006, (closed.code, closed.reason)
    assert pages < asked - 256, pages
    # The players were never held up: the table still plays.
    move = (await seats[0].ok("subscribe", table=table))["view"]["move_number"]
    await play_one_move(table, seats)
    assert (await seats[1].ok("subscribe", table=table))["view"]["move_number"] == move + 1


# --- strict requests -------------------------------------------------------------

@test()
async def a_request_with_a_field_its_schema_lacks_is_refused_naming_the_field(server):
    client, _, _ = await register(server)
    refused = await client.call("create_table", check=False, players=2, move_deadline_hour=24)
    assert refused["code"] == "unknown_field" and "move_deadline_hour" in refused["message"], refused
    assert (await client.ok("my_tables"))["tables"] == []
    assert metric(server, "unknown_field") == 1


@test()
async def a_name_too_long_is_an_invalid_name(server):
    client = await Client.connect(server, SCHEMAS)
    refused = await client.call("register", check=False, name="x" * 5000, password=PASSWORD)
    assert refused["code"] == "invalid_name", refused


# --- issue 30: what a stranger could do to another player or the operator ----

ADMIN_TOKEN = "a-long-administrator-token"
CLOCK = 1_800_000_000


@test(server_args=["--admin-token", ADMIN_TOKEN, "--login-failures-per-address", "3"], limits=[])
async def the_test_clock_request_looks_at_no_token_on_a_real_clock(server):
    client = await Client.connect(server, SCHEMAS)
    # Right or wrong, a token is not looked at: the answer tells nothing about it.
    for token in ["guess", ADMIN_TOKEN] + [f"guess{i}" for i in range(6)]:
        reply = await client.call("debug_advance_clock", seconds=60, admin_token=token)
        assert reply["code"] == "no_test_clock", reply
    # None of those counted as a guess: the address waits only after admin_login's fourth (three free).
    codes = [(await client.call("admin_login", token=f"wrong{i}"))["code"] for i in range(5)]
    assert codes == ["invalid_admin_token"] * 4 + ["login_throttled"], codes


@test(server_args=["--admin-token", ADMIN_TOKEN, "--test-clock", str(CLOCK), "--login-failures-per-address", "3",
                   "--login-lockout-max", "60"], limits=[])
async def administrator_tokens_sent_with_the_test_clock_request_are_throttled_and_logged(server):
    client = await Client.connect(server, SCHEMAS)
    # Three free failures, the fourth makes the address wait.
    codes = [(await client.call("debug_advance_clock", seconds=60, admin_token=f"guess{i}"))["code"] for i in range(6)]
    assert codes == ["invalid_admin_token"] * 4 + ["login_throttled"] * 2, codes
    # The address waits for admin_login too, and for the right token.
    assert (await client.call("admin_login", token=ADMIN_TOKEN))["code"] == "login_throttled"
    assert (await client.call("debug_advance_clock", seconds=60, admin_token=ADMIN_TOKEN))["code"] == "login_throttled"

    def logged_rows():
        db = sqlite3.connect(server.db_path)
        try:
            return db.execute("SELECT request, outcome, arguments FROM admin_actions ORDER BY id").fetchall()
        finally:
            db.close()

    # The administrators' log is written after the answer: wait for its eight rows.
    deadline = time.monotonic() + 10
    while len(rows := logged_rows()) < 8 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert [(r[0], r[1]) for r in rows] == [("debug_advance_clock", "invalid_admin_token")] * 4 + [
        ("debug_advance_clock", "login_throttled")] * 2 + [("admin_login", "login_throttled"),
                                                           ("debug_advance_clock", "login_throttled")], rows
    assert not any("guess" in r[2] or ADMIN_TOKEN in r[2] for r in rows), rows
    log = server.log_text()
    assert log.count("administrator token from 127.0.0.1 refused") == 8, log
    assert ADMIN_TOKEN not in log and "guess" not in log


@test(server_args=["--admin-token", ADMIN_TOKEN, "--test-clock", str(CLOCK)])
async def a_connection_ends_when_its_session_expires(server):
    first, user, token = await register(server)
    await first.ok("create_table", players=2)
    resumed = await Client.connect(server, SCHEMAS)
    await resumed.ok("resume_session", token=token)
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token=ADMIN_TOKEN)
    await admin.ok("debug_advance_clock", seconds=90 * 24 * 3600 - 10)
    assert (await first.ok("my_tables"))["tables"], "the session is still good before it expires"
    await admin.ok("debug_advance_clock", seconds=10)
    # Both connections holding the session are told, without sending anything.
    assert (await first.receive()) == {"type": "session_ended", "reason": "expired"}
    assert (await resumed.receive()) == {"type": "session_ended", "reason": "expired"}
    for client in (first, resumed):
        assert (await client.call("my_tables"))["code"] == "not_logged_in"
    assert (await first.call("resume_session", token=token))["code"] == "invalid_token"


@test()
async def table_names_refuse_control_and_unpaired_direction_characters(server):
    client, _, _ = await register(server)
    for name in ["Nevsky\r\nURGENT: log in at evil.test/login", "nul\u0000", "esc\u001b[2J", "del\u007f",
                 "c1\u0085line", "line\u2028separator", "evil \u202egpj.exe", "open \u2067isolate", "\u202c closes"]:
        reply = await client.call("create_table", players=2, name=name)
        assert reply["type"] == "error" and reply["code"] == "invalid_name", (name, reply)
        assert reply["message"].startswith("name: that table name cannot be shown to other players."), reply
    paired = "Nevsky \u202eabc\u202c \u2067\u05e9\u05dc\u05d5\u05dd\u2069"
    assert (await client.ok("create_table", players=2, name=paired))["table"]["name"] == paired


@test()
async def every_http_answer_carries_the_security_headers(server):
    base = f"http://127.0.0.1:{server.port}"

    def headers_of(path):
        try:
            with urllib.request.urlopen(base + path, timeout=5) as response:
                return response.status, response.headers
        except urllib.error.HTTPError as e:
            return e.code, e.headers

    for path, status in [("/healthz", 200), ("/metrics", 200), ("/no/such/page", 404), ("/ws", 426),
                         ("/email/confirm?token=" + "0" * 64, 404)]:
        got, headers = headers_of(path)
        assert got == status, (path, got)
        assert headers["X-Content-Type-Options"] == "nosniff", (path, dict(headers))
        assert headers["Referrer-Policy"] == "no-referrer", (path, dict(headers))
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], (path, dict(headers))
        assert "default-src 'none'" in headers["Content-Security-Policy"], (path, dict(headers))
    got, headers = headers_of("/")
    assert got == 200 and headers["Referrer-Policy"] == "no-referrer", dict(headers)
    assert headers["X-Content-Type-Options"] == "nosniff" and "frame-ancestors 'none'" in headers["Content-Security-Policy"]


sys.exit(asyncio.run(run_tests(
    [(fn, lambda a=args, l=limits, d=descriptors: fresh_server(a, l, d)) for fn, args, limits, descriptors in TESTS],
    SCHEMAS, 120)))
