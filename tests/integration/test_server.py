"""Integration tests: the real `spb serve` binary on an ephemeral loopback port
with a fresh database, real WebSocket clients, complete games played through the
protocol, disconnects and resumes, restarts and SIGKILL.

usage: test_server.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import os
import random
import sys
import tempfile
import urllib.request

import websockets

from harness import Client, Server, run_tests
from pg_cluster import database_location, is_postgresql, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
# Games played as fast as a script can: well above the default rate limit.
FAST = ("--rate", "2000")


def test(fn=None, server_args=()):
    def register_test(f):
        TESTS.append((f, server_args))
        return f
    return register_test(fn) if fn else register_test


def fresh_server(*args):
    folder = tempfile.mkdtemp(prefix="spb-it-")
    return Server(SPB, database_location(folder), args).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    data = await client.ok("register", name=name, password="correct horse")
    return client, data["token"]


async def seated_table(server, players=2, options=None):
    """Registers `players` users, seats them at a new table, starts it."""
    clients = []
    for i in range(players):
        client, _ = await register(server, f"p{i}_{random.randrange(10**9)}")
        clients.append(client)
    table = (await clients[0].ok("create_table", players=players, options=options or {}))["table"]
    for client in clients[1:]:
        await client.ok("join_table", table=table["id"])
    await clients[0].ok("start_table", table=table["id"])
    seats = {}
    for client in clients:
        data = await client.ok("subscribe", table=table["id"])
        seats[data["seat"]] = client
    return table["id"], seats


async def current_view(client, table):
    return (await client.ok("subscribe", table=table))["view"]


async def play_moves(table, seats, count, rng, acked=None):
    """Plays up to `count` random legal moves; returns the view after them."""
    any_client = next(iter(seats.values()))
    view = await current_view(any_client, table)
    for _ in range(count):
        if view["phase"] == "finished":
            break
        seat = view["to_act"][0]
        client = seats[seat]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        choice = dict(rng.choice(legal))
        choice.pop("price")
        data = await client.ok("act", table=table, move_number=view["move_number"] + 1, action=choice)
        assert data["move_number"] == view["move_number"] + 1
        if acked is not None:
            acked.append(data["move_number"])
        view = await current_view(client, table)
    return view


@test
async def health_and_metrics_over_http(server):
    body = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz", timeout=5).read()
    assert body == b"ok\n"
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    for name in ("spb_connections", "spb_actions_accepted_total", "spb_action_latency_seconds_bucket",
                 "spb_db_commit_seconds_count", "spb_tables_active"):
        assert name in metrics, name


@test
async def hello_comes_first_and_bad_input_gets_clear_errors(server):
    client = await Client.connect(server, SCHEMAS, hello=False)
    reply = await client.call("list_tables")
    assert reply["code"] == "hello_required", reply
    await client.ok("hello", protocol=1)
    await client.send_raw("{not json")
    reply = await client.receive()
    assert reply["type"] == "error" and reply["code"] == "bad_json", reply
    reply = await client.call("dance", check=False)
    assert reply["code"] == "unknown_type", reply
    reply = await client.call("create_table", players=3)
    assert reply["code"] == "not_logged_in", reply
    reply = await client.call("hello", check=False, protocol=7)
    assert reply["code"] == "unsupported_version", reply
    await client.close()


@test
async def an_oversized_frame_closes_the_connection(server):
    client = await Client.connect(server, SCHEMAS)
    await client.send_raw(json.dumps({"type": "chat", "table": 1, "text": "x" * (70 * 1024)}))
    try:
        await client.receive(timeout=5)
        raise AssertionError("the connection stayed open")
    except websockets.exceptions.ConnectionClosed as closed:
        assert closed.rcvd is None or closed.rcvd.code == 1009, closed


@test
async def accounts_register_login_resume_logout(server):
    client, token = await register(server, "carol")
    reply = await client.call("register", name="carol", password="another one")
    assert reply["code"] == "name_taken", reply
    other = await Client.connect(server, SCHEMAS)
    reply = await other.call("login", name="carol", password="wrong password")
    assert reply["code"] == "bad_credentials", reply
    data = await other.ok("login", name="carol", password="correct horse")
    assert data["user"]["name"] == "carol" and data["token"] != token
    third = await Client.connect(server, SCHEMAS)
    data = await third.ok("resume_session", token=token)
    assert data["user"]["name"] == "carol"
    await third.ok("logout")
    fourth = await Client.connect(server, SCHEMAS)
    reply = await fourth.call("resume_session", token=token)
    assert reply["code"] == "invalid_token", reply
    reply = await fourth.call("register", check=False, name="x", password="correct horse")
    assert reply["code"] == "invalid_name", reply
    for c in (client, other, third, fourth):
        await c.close()


@test
async def lobby_rules(server):
    ann, _ = await register(server, "lobby_ann")
    bob, _ = await register(server, "lobby_bob")
    cid, _ = await register(server, "lobby_cid")
    table = (await ann.ok("create_table", players=2, options={"expansions": ["banquet"]}))["table"]
    open_tables = (await cid.ok("list_tables"))["tables"]
    assert any(t["id"] == table["id"] for t in open_tables)
    reply = await ann.call("start_table", table=table["id"])
    assert reply["code"] == "table_not_open", reply  # not every seat is taken
    await bob.ok("join_table", table=table["id"])
    reply = await cid.call("join_table", table=table["id"])
    assert reply["code"] == "table_full", reply
    reply = await bob.call("start_table", table=table["id"])
    assert reply["code"] == "not_creator", reply
    reply = await ann.call("create_table", players=5, options={})
    assert reply["code"] == "bad_request", reply  # five players need The New Society
    await ann.ok("start_table", table=table["id"])
    mine = await bob.ok("my_tables")
    assert mine["tables"][0]["id"] == table["id"]
    for c in (ann, bob, cid):
        await c.close()


@test(server_args=FAST)
async def a_complete_game_through_the_protocol(server):
    rng = random.Random(7)
    table, seats = await seated_table(server, players=3, options={"expansions": ["banquet", "new_society"]})
    view = await play_moves(table, seats, 2000, rng)
    assert view["phase"] == "finished", view["phase"]
    assert view["final"] is not None and len(view["final"]["ranking"]) == 3
    # Every player saw every move pushed to it, in order.
    for client in seats.values():
        def pushed():
            return [m["move_number"] for p in client.pushes if p["type"] == "table_update" for m in p["moves"]]
        while not pushed() or pushed()[-1] < view["move_number"]:
            client.pushes.append(await client.receive(timeout=10))
        assert pushed() == list(range(1, view["move_number"] + 1)), pushed()[:10]


@test
async def refused_moves_change_nothing(server):
    table, seats = await seated_table(server, players=2)
    view = await current_view(seats[0], table)
    waiting = 1 - view["to_act"][0]
    reply = await seats[waiting].call("act", table=table, move_number=1, action={"type": "pass"})
    assert reply["code"] == "not_your_turn", reply
    acting = seats[view["to_act"][0]]
    reply = await acting.call("act", table=table, move_number=5, action={"type": "pass"})
    assert reply["code"] == "stale_move", reply
    reply = await acting.call("act", check=False, table=table, move_number=1,
                              action={"type": "buy", "card": "dragon", "from": "upper"})
    assert reply["code"] == "unknown_card", reply
    reply = await acting.call("act", table=table, move_number=1, action={"type": "buy", "card": "theater", "from": "upper"})
    assert reply["code"] == "card_not_available", reply
    spectator, _ = await register(server, "watcher")
    reply = await spectator.call("act", table=table, move_number=1, action={"type": "pass"})
    assert reply["code"] == "not_seated", reply
    after = await current_view(acting, table)
    assert after == view


@test
async def a_private_table_is_out_of_the_lobby_and_joined_by_invitation_or_code(server):
    ann, _ = await register(server, "ann_private")
    bob, _ = await register(server, "bob_private")
    cat, _ = await register(server, "cat_private")
    public = (await ann.ok("create_table", players=2))["table"]
    table = (await ann.ok("create_table", players=3, private=True))["table"]
    assert table["private"] is True and len(table["invite_code"]) == 16, table
    assert public["private"] is False and "invite_code" not in public, public
    listed = [t["id"] for t in (await bob.ok("list_tables"))["tables"]]
    assert public["id"] in listed and table["id"] not in listed, listed
    for code in (None, "0" * 16):
        fields = {"table": table["id"]} if code is None else {"table": table["id"], "code": code}
        reply = await bob.call("join_table", **fields)
        assert reply["code"] == "private_table", reply
    joined = (await bob.ok("join_table", table=table["id"], code=table["invite_code"]))["table"]
    assert joined["invite_code"] == table["invite_code"], joined
    await ann.ok("invite", table=table["id"], name="cat_private")
    mine = (await cat.ok("my_tables"))["tables"]
    invitation = next(t for t in mine if t["id"] == table["id"])
    assert invitation["invited"] is True and "invite_code" not in invitation, invitation
    await cat.ok("join_table", table=table["id"])
    started = (await ann.ok("start_table", table=table["id"]))["table"]
    assert started["status"] == "playing" and started["private"] is True, started
    assert table["id"] not in [t["id"] for t in (await bob.ok("list_tables", status="playing"))["tables"]]


@test
async def rule_errors_come_in_the_language_hello_declared(server):
    table, seats = await seated_table(server, players=2)
    view = await current_view(seats[0], table)
    waiting = seats[1 - view["to_act"][0]]
    prices = (await waiting.ok("subscribe", table=table))["prices"]
    assert prices and all(p["price"] >= 1 and p["from"] in ("upper", "lower", "hand") for p in prices), prices
    english = await waiting.call("act", table=table, move_number=1, action={"type": "pass"})
    assert english["code"] == "not_your_turn" and "turn" in english["message"], english
    for tag, language, sentence in (("fr-CA", "fr", "Ce n'est pas à vous de jouer."),
                                    ("ru", "ru", "Сейчас не ваш ход."),
                                    ("de", "en", english["message"])):
        hello = await waiting.ok("hello", protocol=1, language=tag)
        assert hello["language"] == language, hello
        reply = await waiting.call("act", table=table, move_number=1, action={"type": "pass"})
        assert reply["code"] == "not_your_turn" and reply["message"] == sentence, reply
    reply = await waiting.call("hello", check=False, protocol=1, language="x" * 36)
    assert reply["code"] == "bad_request" and "language" in reply["message"], reply


@test
async def a_repeated_submission_is_recognised_not_applied_twice(server):
    table, seats = await seated_table(server, players=2)
    view = await current_view(seats[0], table)
    client = seats[view["to_act"][0]]
    action = {"type": "pass"}
    first = await client.ok("act", table=table, move_number=1, action=action)
    again = await client.ok("act", table=table, move_number=1, action=action)
    assert first["duplicate"] is False and again["duplicate"] is True
    assert (await current_view(client, table))["move_number"] == 1


@test
async def resume_after_a_disconnect_with_the_moves_missed(server):
    rng = random.Random(3)
    table, seats = await seated_table(server, players=2)
    await play_moves(table, seats, 4, rng)
    token = (await seats[1].ok("login", name=(await seats[1].ok("my_tables"))["tables"][0]["seats"][1]["name"],
                               password="correct horse"))["token"]
    seen = (await current_view(seats[1], table))["move_number"]
    await seats[1].close()
    others = {0: seats[0]}
    # Seat 0 plays on while seat 1 is away, as long as it is seat 0's turn.
    view = await current_view(seats[0], table)
    while view["to_act"] == [0] and view["phase"] != "finished":
        view = await play_moves(table, others, 1, rng)
    back = await Client.connect(server, SCHEMAS)
    await back.ok("resume_session", token=token)
    data = await back.ok("subscribe", table=table, since_move=seen)
    assert data["seat"] == 1
    assert [m["move_number"] for m in data["moves"]] == list(range(seen + 1, data["view"]["move_number"] + 1))
    assert all("events" in m for m in data["moves"])


@test
async def chat_reaches_the_table(server):
    table, seats = await seated_table(server, players=2)
    await seats[0].ok("chat", table=table, text="good luck")
    for _ in range(20):
        if any(p["type"] == "chat_message" for p in seats[1].pushes):
            break
        await seats[1].call("list_tables")
    messages = [p for p in seats[1].pushes if p["type"] == "chat_message"]
    assert messages and messages[0]["text"] == "good luck", seats[1].pushes


async def say_lines(table, seats, count):
    """Seats 0 and 1 take turns saying "line 1" ... "line <count>"; returns the
    chat_message seat 1 was pushed for the last line."""
    for i in range(1, count + 1):
        await seats[(i - 1) % 2].ok("chat", table=table, text=f"line {i}")
    for _ in range(20):
        last = [p for p in seats[1].pushes if p["type"] == "chat_message" and p["text"] == f"line {count}"]
        if last:
            return last[0]
        await seats[1].call("list_tables")
    raise AssertionError(f"no chat_message for line {count}: {seats[1].pushes}")


@test
async def chat_history_pages_back_through_what_was_said(server):
    table, seats = await seated_table(server, players=2)
    names = {s["seat"]: s["name"] for s in (await seats[0].ok("subscribe", table=table))["table"]["seats"]}
    pushed = await say_lines(table, seats, 5)
    spectator = await Client.connect(server, SCHEMAS)  # not logged in, as subscribe allows
    newest = await spectator.ok("chat_history", table=table, limit=2)
    assert newest["table"] == table and newest["more"] is True, newest
    assert [m["text"] for m in newest["messages"]] == ["line 4", "line 5"], newest
    assert [m["from"] for m in newest["messages"]] == [names[1], names[0]], newest
    assert newest["messages"][-1]["id"] == pushed["chat_id"], (newest, pushed)
    older = await spectator.ok("chat_history", table=table, before=newest["messages"][0]["id"], limit=2)
    assert [m["text"] for m in older["messages"]] == ["line 2", "line 3"] and older["more"] is True, older
    oldest = await spectator.ok("chat_history", table=table, before=older["messages"][0]["id"], limit=2)
    assert [m["text"] for m in oldest["messages"]] == ["line 1"] and oldest["more"] is False, oldest
    everything = await spectator.ok("chat_history", table=table)
    assert [m["text"] for m in everything["messages"]] == [f"line {i}" for i in range(1, 6)], everything
    assert everything["more"] is False, everything


@test
async def chat_history_refuses_a_bad_limit_or_before_with_a_reason(server):
    table, seats = await seated_table(server, players=2)
    for fields in ({"limit": 0}, {"limit": 101}, {"limit": "ten"}, {"before": 0}, {"before": 1.5}):
        reply = await seats[0].call("chat_history", check=False, table=table, **fields)
        assert reply["type"] == "error" and reply["code"] == "bad_request", (fields, reply)
        assert reply["message"].startswith(next(iter(fields)) + ": "), (fields, reply)


@test
async def chat_history_is_refused_where_subscribe_is(server):
    player, _ = await register(server, "lonely")
    unstarted = (await player.ok("create_table", players=2))["table"]["id"]
    for table, code in ((unstarted, "table_not_playing"), (999, "no_such_table")):
        watched = await player.call("subscribe", table=table)
        read = await player.call("chat_history", table=table)
        assert watched["code"] == read["code"] == code, (watched, read)


@test
async def a_flood_is_rate_limited(server):
    client = await Client.connect(server, SCHEMAS)
    for _ in range(120):
        await client.send_raw(json.dumps({"type": "list_tables"}))
    codes = []
    try:
        for _ in range(120):
            codes.append((await client.receive(timeout=5)).get("code"))
    except (asyncio.TimeoutError, websockets.exceptions.ConnectionClosed):
        pass
    assert "rate_limited" in codes, codes[:20]


@test(server_args=("--rate", "1"))
async def a_rate_limited_request_with_a_long_type_is_refused_and_the_server_stays_up(server):
    # The refusal echoes the type. Cut at 64 bytes, 63 letters and an é became
    # text that is not UTF-8, and the exception from writing it ended the server.
    client = await Client.connect(server, SCHEMAS)  # hello and list_tables take the burst of 2
    await client.ok("list_tables")
    name = "a" * 63 + "\u00e9"
    for _ in range(5):
        await client.send_raw(json.dumps({"type": name}, ensure_ascii=False))
    codes = []
    for _ in range(5):
        reply = await client.receive(timeout=5)
        assert reply["request"].startswith("a" * 63), reply
        codes.append(reply["code"])  # unknown_type when a token came back meanwhile
    assert "rate_limited" in codes, codes
    await (await Client.connect(server, SCHEMAS)).ok("list_tables")


async def restart_keeps_games(kill):
    server = fresh_server(*FAST)
    rng = random.Random(11)
    table, seats = await seated_table(server, players=2)
    names = {seat: None for seat in seats}
    info = (await seats[0].ok("my_tables"))["tables"][0]["seats"]
    for s in info:
        names[s["seat"]] = s["name"]
    acked = []
    if kill:
        # Keep sending moves while the server is killed; every acknowledged one must survive.
        async def keep_playing():
            try:
                await play_moves(table, seats, 5000, rng, acked)
            except Exception:
                pass
        player = asyncio.ensure_future(keep_playing())
        # Killed a few acknowledged moves in, however slow the commits are
        # (a busy machine, PostgreSQL's fsync), while more are in flight.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while len(acked) < 3 and loop.time() < deadline and not player.done():
            await asyncio.sleep(0.02)
        server.kill()
        await asyncio.wait_for(player, 10)
    else:
        await play_moves(table, seats, 10, rng, acked)
        code = server.stop()
        assert code == 0, f"exit status {code}: " + server.log_text()[-3000:]
    assert acked, "no move was acknowledged before the stop"
    server.start()
    clients = {}
    for seat, name in names.items():
        client = await Client.connect(server, SCHEMAS)
        await client.ok("login", name=name, password="correct horse")
        clients[seat] = client
    view = await current_view(clients[0], table)
    assert view["move_number"] >= max(acked), (view["move_number"], max(acked))
    # The database holds every acknowledged move, and the game goes on.
    stored = [row[0] for row in rows(server.db_path, "SELECT move_number FROM moves WHERE table_id = ? ORDER BY 1", (table,))]
    assert set(acked) <= set(stored)
    after = await play_moves(table, clients, 5, rng)
    assert after["move_number"] > view["move_number"] or after["phase"] == "finished"
    server.stop()


@test
async def a_restart_mid_game_loses_nothing(server):
    await restart_keeps_games(kill=False)


@test
async def sigkill_while_moves_are_sent_loses_no_acknowledged_move(server):
    await restart_keeps_games(kill=True)


@test(server_args=FAST)
async def the_start_up_check_replays_every_table_from_its_seed(server):
    # One game played to its end and one stopped midway; the check proves both.
    finished, clients = await seated_table(server)
    end = await play_moves(finished, clients, 10000, random.Random(3))
    assert end["phase"] == "finished"
    playing, clients = await seated_table(server)
    await play_moves(playing, clients, 60, random.Random(4))
    server.stop()
    checked = Server(SPB, server.db_path, FAST + ("--verify-on-start", "1")).start()
    try:
        spectator = await Client.connect(checked, SCHEMAS)
        view = await current_view(spectator, playing)
        assert view["move_number"] == 60, view["move_number"]
    finally:
        checked.stop()
    if is_postgresql(server.db_path):
        # A node replays the tables it adopts: the one being played, not the finished one.
        assert "start-up check: the 1 tables this node adopted replayed from their seeds; 0 diverged" in \
            checked.log_text()
    else:
        assert "start-up check: every started table replayed from its seed; 0 diverged" in checked.log_text()


@test
async def json_logs_are_one_object_per_line(server):
    # A database path with a quote, a backslash and a tab: the log line that
    # names it must still be one valid JSON object.
    folder = tempfile.mkdtemp(prefix='spb-it-"quoted\\ \t')
    logged = Server(SPB, os.path.join(folder, "spb.sqlite"), ("--log-format", "json")).start()
    try:
        client = await Client.connect(logged, SCHEMAS)
        await client.ok("register", name="logger", password="correct horse")
        await client.close()
    finally:
        logged.stop()
    lines = [line for line in logged.log_text().splitlines() if line.strip()]
    assert lines
    records = [json.loads(line) for line in lines]
    for record in records:
        assert set(record) == {"time", "level", "message"}, record
    assert any("listening on" in r["message"] and folder in r["message"] for r in records)


@test
async def the_load_generator_plays_complete_games_on_a_server_with_its_default_limits(server):
    load = await asyncio.create_subprocess_exec(
        # It stops once the 3 games end (a minute here); the cap is for a
        # machine that several builds and PostgreSQL servers share.
        SPB, "loadgen", "--port", str(server.port), "--tables", "3", "--players", "3", "--seconds", "200",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output = (await load.communicate())[0].decode()
    assert load.returncode == 0, output
    assert "opened 9 connections (9 ready)" in output, output
    assert "games finished: 3  errors: 0" in output, output
    finished = rows(server.db_path, "SELECT COUNT(*) FROM game_tables WHERE status = 'finished'")[0][0]
    assert finished == 3, output


# A whole game played through the server takes about 90 s on a loaded 2-core
# machine with the sanitizers on: each test gets 300 s, the run ctest's 900.
sys.exit(asyncio.run(run_tests([(fn, lambda args=args: fresh_server(*args)) for fn, args in TESTS], SCHEMAS, 300)))
