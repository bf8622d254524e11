"""Integration tests of several `spb serve` nodes on one PostgreSQL database
(issue 16, docs/scaling.md): real nodes, a real PostgreSQL started by the
test (pg_cluster.py), real WebSocket clients connected to different nodes.

- a node paused with SIGSTOP past its lease, then resumed, writes nothing
  (the fencing test);
- three nodes play games whose players are connected to different nodes;
- moves for one table sent through two nodes at once are serialised;
- nodes SIGKILLed again and again under load: every acknowledged move is in
  the database afterwards, every table goes on, `spb admin verify` is clean;
- webhooks with two nodes: each delivery reaches the receiver once; one
  claimed by a node SIGKILLed before it could send, or before its retry, is
  sent by the other node (docs/scaling.md, "Timed work");
- a tournament whose node is SIGKILLed while a round is played goes on on
  the other node, each round started once, and a node started after its end
  starts nothing (docs/tournaments.md, "Exactly once, across nodes").

Loads are against 127.0.0.1 only, bounded in count and time; nothing asserts
a speed. usage: test_nodes.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import http.server
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import websockets

from harness import Client, Server
from pg_cluster import BIN as PG_BIN, cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
LEASE = int(os.environ.get("SPB_LEASE_SECONDS", "3"))  # seconds: 3 is the shortest allowed, so that the tests wait little
# SIGKILLs in sigkilled_nodes_lose_no_acknowledged_move; tests/bench/failover.sh
# asks for more, to measure failover (docs/performance.md).
KILLS = int(os.environ.get("SPB_FAILOVER_KILLS", "3"))
FAST = ["--rate", "2000", "--lease-seconds", str(LEASE)]
PASSWORD = "correct horse"


# Webhooks to a receiver on the loopback over plain http://, each attempt
# given at most 2 s: a claim on a delivery lasts that plus a lease.
WEBHOOKS = ["--outbound-allow", "127.0.0.1/32", "--webhook-plain-http", "1", "--outbound-timeout", "2",
            "--webhook-retry", "2"]
CLAIM = 2 + LEASE


def thread_stopped(stat_path):
    # The state is the field after the parenthesised command name.
    with open(stat_path) as f:
        return f.read().rsplit(")", 1)[1].split()[0] in ("T", "t")


class Node(Server):
    def __init__(self, db, name, extra=()):
        super().__init__(SPB, db, FAST + ["--node-name", name] + list(extra))
        self.name = name

    def pause(self):
        """SIGSTOP, returning once every thread has stopped: kill() returns
        before that, and a thread woken by a request in the meantime could
        still serve it (seen in CI under load)."""
        self.process.send_signal(signal.SIGSTOP)
        tasks = f"/proc/{self.process.pid}/task"
        deadline = time.monotonic() + 10
        while not all(thread_stopped(f"{tasks}/{t}/stat") for t in os.listdir(tasks)):
            assert time.monotonic() < deadline, f"{self.name} did not stop"
            time.sleep(0.001)

    def resume(self):
        self.process.send_signal(signal.SIGCONT)


STARTED = []  # every node of the running test, for its log when it fails


def start_nodes(db, count, prefix="n", extra=()):
    nodes = [Node(db, f"{prefix}{i}", extra).start() for i in range(count)]
    STARTED.extend(nodes)
    return nodes


async def user(node, name):
    client = await Client.connect(node, SCHEMAS)
    await client.ok("register", name=name, password=PASSWORD)
    return client


async def login(node, name):
    client = await Client.connect(node, SCHEMAS)
    await client.ok("login", name=name, password=PASSWORD)
    return client


async def new_table(creator, others):
    table = (await creator.ok("create_table", players=1 + len(others), options={}))["table"]["id"]
    for client in others:
        await client.ok("join_table", table=table)
    await creator.ok("start_table", table=table)
    return table


async def seat_of(client, table):
    return (await client.ok("subscribe", table=table))["seat"]


async def turn(seats, table, rng):
    """The view, the client of the seat to act (seats: seat -> client) and a
    random legal action of that seat's; no client nor action once the game
    is over."""
    view = (await next(iter(seats.values())).ok("subscribe", table=table))["view"]
    if view["phase"] == "finished":
        return view, None, None
    client = seats[view["to_act"][0]]
    legal = (await client.ok("legal_actions", table=table))["actions"]
    choice = dict(rng.choice(legal))
    choice.pop("price")
    return view, client, choice


def stored_moves(db, table):
    return rows(db, "SELECT move_number, action_json FROM moves WHERE table_id = ? ORDER BY move_number", (table,))


def verify(db):
    result = subprocess.run([SPB, "admin", "verify", "--db", db], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and " 0 diverge" in result.stdout, result.stdout + result.stderr


def same_action(stored_json, action):
    stored = json.loads(stored_json)
    return stored == action or stored.get("action") == action


async def fencing_a_paused_node_writes_nothing(db):
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(16)
        ann_a, bob_a = await user(a, "fence_ann"), await user(a, "fence_bob")
        table = await new_table(ann_a, [bob_a])
        names = {await seat_of(ann_a, table): "fence_ann", await seat_of(bob_a, table): "fence_bob"}
        seats = {seat: (ann_a if name == "fence_ann" else bob_a) for seat, name in names.items()}
        for _ in range(4):  # a few moves on node A, which took the table
            view, client, action = await turn(seats, table, rng)
            await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
        view = (await ann_a.ok("subscribe", table=table))["view"]
        name, mover_a = names[view["to_act"][0]], seats[view["to_act"][0]]
        legal = [dict(x) for x in (await mover_a.ok("legal_actions", table=table))["actions"]]
        for x in legal:
            x.pop("price")
        assert len(legal) >= 2, legal
        number = view["move_number"] + 1
        mover_b = await login(b, name)

        a.pause()
        # Sent to the paused node: it reads it only once resumed, long after
        # its lease expired, still believing it holds the table.
        await mover_a.ws.send(json.dumps({"type": "act", "id": 9001, "table": table, "move_number": number,
                                          "action": legal[0]}))
        await asyncio.sleep(LEASE * 1.5)
        # Node B takes the expired lease and writes the same move number.
        done = await mover_b.ok("act", table=table, move_number=number, action=legal[1])
        assert done["move_number"] == number and not done["duplicate"], done
        a.resume()
        while True:
            reply = await mover_a.receive(timeout=30)
            if reply.get("id") == 9001:
                break
        # Refused: the table moved, or (re-served after taking it back) the
        # move number was taken by B's move.
        assert reply["type"] == "error" and reply["code"] in ("table_moved", "stale_move"), reply
        moves = stored_moves(db, table)
        assert len(moves) == number, moves
        assert same_action(moves[number - 1][1], legal[1]), moves[number - 1]
        # A knows it lost the table: its beat found the lease gone, or the fence
        # refused its write (each logs it); the line may follow the reply.
        deadline = time.monotonic() + 20
        while "lost the lease" not in a.log_text():
            assert time.monotonic() < deadline, a.log_text()[-3000:]
            await asyncio.sleep(0.1)
        # The game goes on through either node.
        view, client, action = await turn(seats, table, rng)
        await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
        assert len(stored_moves(db, table)) == number + 1
    finally:
        for node in (a, b):
            if node.process.poll() is None:
                node.resume()
            node.stop()
    verify(db)


async def three_nodes_play_games_with_players_on_different_nodes(db):
    nodes = start_nodes(db, 3)
    try:
        rng = random.Random(3)
        games = []
        for g in range(6):
            first = await user(nodes[g % 3], f"three_{g}_a")
            second = await user(nodes[(g + 1) % 3], f"three_{g}_b")
            table = await new_table(first, [second])
            seats = {await seat_of(first, table): first, await seat_of(second, table): second}
            games.append((table, seats))

        acked = {}

        async def play(table, seats, count):
            for _ in range(count):
                view, client, action = await turn(seats, table, rng)
                if action is None:
                    return
                done = await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
                acked[(table, done["move_number"])] = action

        await asyncio.gather(*(play(table, seats, 25) for table, seats in games))
        for table, _ in games:
            moves = stored_moves(db, table)
            for number, action_json in moves:
                if (table, number) in acked:
                    assert same_action(action_json, acked[(table, number)]), (table, number)
            assert all((table, n) in {(table, m) for m, _ in moves} for (t, n) in acked if t == table)
            assert len(moves) >= 10, (table, len(moves))
    finally:
        for node in nodes:
            node.stop()
    verify(db)


async def moves_for_one_table_through_two_nodes_at_once_are_serialised(db):
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(2)
        ann, bob = await user(a, "twice_ann"), await user(a, "twice_bob")
        table = await new_table(ann, [bob])
        names = {await seat_of(ann, table): "twice_ann", await seat_of(bob, table): "twice_bob"}
        on = {name: (await login(a, name), await login(b, name)) for name in names.values()}
        accepted = 0
        for _ in range(12):
            view = (await ann.ok("subscribe", table=table))["view"]
            if view["phase"] == "finished":
                break
            via_a, via_b = on[names[view["to_act"][0]]]
            legal = [dict(x) for x in (await via_a.ok("legal_actions", table=table))["actions"]]
            for x in legal:
                x.pop("price")
            picks = rng.sample(legal, 2) if len(legal) >= 2 else legal * 2
            number = view["move_number"] + 1
            replies = await asyncio.gather(via_a.call("act", table=table, move_number=number, action=picks[0]),
                                           via_b.call("act", table=table, move_number=number, action=picks[1]))
            winners = [r for r in replies if r["type"] == "result" and not r["data"]["duplicate"]]
            assert len(winners) == 1 or (picks[0] == picks[1] and len(winners) <= 1), replies
            for r in replies:
                assert r["type"] == "result" or r["code"] in ("stale_move", "table_moved"), r
            moves = stored_moves(db, table)
            assert len(moves) == number, (number, moves)
            assert any(same_action(moves[number - 1][1], p) for p in picks)
            accepted += 1
        assert accepted >= 6
    finally:
        a.stop()
        b.stop()
    verify(db)


# Nodes that carry requests to each other over direct connections
# (--peer-listen), rather than PostgreSQL's notifications.
PEERS = ["--peer-listen", "127.0.0.1:0"]


async def a_table_stays_on_the_node_that_plays_it(db):
    """Players of one table on two nodes: the requests made through the node
    that does not play it are carried to the one that does, and the lease
    never moves (docs/scaling.md, "Routing")."""
    await a_table_stays_where_it_is_played(db, peers=False)


async def requests_are_carried_over_direct_connections_between_peers(db):
    """The same with --peer-listen: requests and answers go over a TCP
    connection between the nodes, none as a notification."""
    await a_table_stays_where_it_is_played(db, peers=True)


async def a_table_stays_where_it_is_played(db, peers):
    a, b = start_nodes(db, 2, extra=PEERS if peers else ())
    try:
        rng = random.Random(5)
        ann = await user(a, "stay_ann")
        bob = await user(b, "stay_bob")
        table = await new_table(ann, [bob])
        # The node that starts a table takes its lease on its lease thread,
        # after start_table's reply.
        lease = [("n0", 1)]
        await waited_for(lambda: rows(db, "SELECT node, epoch FROM table_leases WHERE table_id = ?", (table,)) == lease,
                         "the lease taken by the node that started the table")
        seats = {await seat_of(ann, table): ann, await seat_of(bob, table): bob}
        bob_seat = next(seat for seat, client in seats.items() if client is bob)
        acked, bobs = {}, 0
        for _ in range(16):
            view, client, action = await turn(seats, table, rng)
            if action is None:
                break
            done = await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
            acked[done["move_number"]] = action
            bobs += client is bob
        assert bobs >= 4, bobs
        # Bob's own moves reach him on his node, through its copy of the table.
        await pushed(bob, lambda m: m["type"] == "table_update" and m["move_number"] == max(acked))
        assert rows(db, "SELECT node, epoch FROM table_leases WHERE table_id = ?", (table,)) == lease
        assert b.metric("spb_forwards_carried_total") >= bobs
        assert a.metric("spb_forwards_served_total") >= bobs
        assert b.metric("spb_forwards_unanswered_total") == 0
        assert a.metric("spb_handovers_given_total") == 0 and b.metric("spb_handovers_asked_total") == 0
        assert a.metric("spb_tables_active") == 1 and b.metric("spb_tables_active") == 0
        # Bob's requests one way, their answers the other.
        direct = [b.metric("spb_peer_messages_sent_total"), a.metric("spb_peer_messages_received_total"),
                  a.metric("spb_peer_messages_sent_total"), b.metric("spb_peer_messages_received_total")]
        assert all(n >= bobs for n in direct) if peers else direct == [0, 0, 0, 0], direct
        moves = dict(stored_moves(db, table))
        assert all(same_action(moves[n], action) for n, action in acked.items())
        # A rule broken through the other node is refused there, in that
        # connection's words, and changes nothing.
        view = (await bob.ok("subscribe", table=table))["view"]
        if view["phase"] != "finished" and view["to_act"][0] != bob_seat:
            refused = await bob.call("act", table=table, move_number=view["move_number"] + 1, action={"type": "pass"})
            assert refused["type"] == "error" and refused["code"] == "not_your_turn", refused
    finally:
        a.stop()
        b.stop()
    verify(db)


def peer_address(node):
    found = re.search(r"other nodes carry requests here at 127\.0\.0\.1:(\d+)", node.log_text())
    return ("127.0.0.1", int(found.group(1)))


def framed(data):
    return len(data).to_bytes(4, "big") + data


def announced_token(db, node):
    """The token `node` announces, heard as any session of the database may
    hear it (LISTEN spb_peers over a few of its beats)."""
    out = subprocess.run([f"{PG_BIN}/psql", "-X", "-q", "-At", "-d", db, "-c", "LISTEN spb_peers",
                          "-c", "SELECT pg_sleep(2.5)"], capture_output=True, text=True, timeout=30).stdout
    found = re.search(rf'payload "{node}\n[^\n]*\n([0-9a-f]{{64}})"', out)
    assert found, out
    return found.group(1).encode()


async def a_peer_connection_without_the_token_is_closed_unheard(db):
    """Only a node that heard this node's announcement through the database
    may carry requests to it: a connection presenting another token is
    closed before anything it sends is read."""
    a, b = start_nodes(db, 2, extra=PEERS)
    try:
        ann = await user(a, "token_ann")
        table = await new_table(ann, [await user(b, "token_bob")])
        identity = json.dumps({"user": 1, "name": "token_ann", "admin": True, "bot": False, "language": "en",
                               "address": "127.0.0.1", "remote": "127.0.0.1"})

        async def carry(token, request):
            reader, writer = await asyncio.open_connection(*peer_address(a))
            writer.write(framed(token) + framed(f"q\nn1\n1\n{identity}\n{json.dumps(request)}".encode()))
            await writer.drain()
            return reader, writer

        forged = {"type": "admin_abort", "id": 1, "table": table, "reason": "forged"}
        for token in (b"0" * 64, b"not even the length of a token"):
            reader, writer = await carry(token, forged)
            try:  # closed by node n0, with what was sent unread: a reset
                assert await asyncio.wait_for(reader.read(), 10) == b""
            except ConnectionResetError:
                pass
            writer.close()
        assert a.metric("spb_forwards_served_total") == 0
        assert a.metric("spb_peer_messages_received_total") == 0
        assert rows(db, "SELECT status FROM game_tables WHERE id = ?", (table,)) == [("playing",)]
        assert "not the token this node announced" in a.log_text()
        # With the token announced, the same connection is heard.
        reader, writer = await carry(announced_token(db, "n0"), {"type": "my_tables", "id": 2})
        await waited_for(lambda: a.metric("spb_forwards_served_total") == 1, "the request with the token served")
        writer.close()
    finally:
        a.stop()
        b.stop()


async def a_request_carried_to_a_hung_node_takes_the_table_after_its_lease(db):
    """The node that plays the table is SIGSTOPped: a request carried there
    goes unanswered, and the asking node takes the table once the lease has
    run out, as it did before forwarding."""
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(6)
        ann = await user(a, "hung_ann")
        bob = await user(b, "hung_bob")
        ann_on_b = await login(b, "hung_ann")
        table = await new_table(ann, [bob])
        seats = {await seat_of(ann, table): ann_on_b, await seat_of(bob, table): bob}
        view, client, action = await turn(seats, table, rng)
        await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
        a.pause()
        try:
            started = time.monotonic()
            view, client, action = await turn(seats, table, rng)
            done = await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
            waited = time.monotonic() - started
            assert rows(db, "SELECT node FROM table_leases WHERE table_id = ?", (table,)) == [("n1",)]
            assert b.metric("spb_forwards_unanswered_total") >= 1
            assert waited <= 4 * LEASE, waited
            assert same_action(dict(stored_moves(db, table))[done["move_number"]], action)
        finally:
            a.resume()
    finally:
        a.stop()
        b.stop()
    verify(db)


async def a_watcher_on_another_node_gets_the_moves(db):
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(5)
        ann, bob = await user(a, "watch_ann"), await user(b, "watch_bob")
        table = await new_table(ann, [bob])
        seats = {await seat_of(ann, table): ann, await seat_of(bob, table): bob}
        spectator = await user(a, "watch_cid")
        start = (await spectator.ok("subscribe", table=table))["view"]["move_number"]
        last = start
        for _ in range(12):
            view, client, action = await turn(seats, table, rng)
            last = (await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action))["move_number"]
        # Every move pushed to the spectator on node A, whichever node wrote it;
        # after a gap a client subscribes again (docs/protocol.md), as here.
        seen = start
        while seen < last:
            message = spectator.pushes.pop(0) if spectator.pushes else await spectator.receive(timeout=15)
            if message["type"] != "table_update":
                continue
            numbers = [m["move_number"] for m in message["moves"]]
            if numbers and numbers[0] > seen + 1:
                again = await spectator.ok("subscribe", table=table, since_move=seen)
                numbers = [m["move_number"] for m in again["moves"]]
            for n in numbers:
                if n == seen + 1:
                    seen = n
        assert seen == last
        # Node B follows the table for bob: every move written on A came to
        # it as news, applied without a read (docs/scaling.md, "Table news").
        assert b.metric("spb_table_news_total") >= 12, b.metric("spb_table_news_total")
    finally:
        a.stop()
        b.stop()


async def a_watcher_on_another_node_sees_an_undo_and_the_moves_after_it(db):
    """A copy that follows a table reads only the moves it has not read, and
    keeps what an undo needs (the state before the action taken back)."""
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(9)
        ann, bob = await user(a, "undo_ann"), await user(b, "undo_bob")
        table = await new_table(ann, [bob])
        seats = {await seat_of(ann, table): ann, await seat_of(bob, table): bob}
        watchers = [await user(a, "undo_cid"), await user(b, "undo_dan")]
        for watcher in watchers:
            await watcher.ok("subscribe", table=table)
        assert a.metric("spb_tables_followed") + b.metric("spb_tables_followed") == 1

        async def play(count):
            for _ in range(count):
                view, client, action = await turn(seats, table, rng)
                number = (await client.ok("act", table=table, move_number=view["move_number"] + 1,
                                          action=action))["move_number"]
            return client, number

        async def both_see(number):
            for watcher in watchers:
                await pushed(watcher, lambda m: m["type"] == "table_update"
                             and any(x["move_number"] == number for x in m["moves"]))
            views = [(await watcher.ok("subscribe", table=table))["view"] for watcher in watchers]
            assert views[0] == views[1], (views[0], views[1])
            return views[0]

        actor, last = await play(6)
        await both_see(last)
        other = next(client for client in seats.values() if client is not actor)
        await actor.ok("request_undo", table=table)
        undone = (await other.ok("answer_undo", table=table, accept=True))["move_number"]
        view = await both_see(undone)
        assert view["move_number"] == undone
        _, last = await play(5)
        await both_see(last)
    finally:
        a.stop()
        b.stop()
    verify(db)


async def a_player_with_the_table_open_on_another_node_is_not_told_it_is_their_turn(db):
    """A your_turn notice is not stored while the seat's player has the table
    open, whichever node their connection is on: the node that follows the
    table for them tells the node that plays it which seats it watches
    (docs/scaling.md, "Who watches"). Once they close it, they are told."""
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(11)
        ann, bob = await user(a, "open_ann"), await user(b, "open_bob")
        table = await new_table(ann, [bob])
        await waited_for(lambda: rows(db, "SELECT node FROM table_leases WHERE table_id = ?", (table,)) == [("n0",)],
                         "the lease taken by the node that started the table")
        ann_seat, bob_seat = await seat_of(ann, table), await seat_of(bob, table)
        await waited_for(lambda: a.metric("spb_watching_heard_total") >= 1, "node n1 telling n0 what it watches")

        def told(name):
            return rows(db, "SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id "
                            f"WHERE u.name = '{name}' AND n.kind = 'your_turn'")[0][0]

        async def play_until_handed_to_bob(seats, at_least):
            handed = 0
            for _ in range(60):
                view, client, action = await turn(seats, table, rng)
                assert action is not None, "the game ended first"
                done = await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
                after = (await ann.ok("subscribe", table=table))["view"]
                handed += client is ann and bool(after["to_act"]) and after["to_act"][0] == bob_seat
                if handed >= at_least:
                    return done["move_number"]
            raise AssertionError("the turn never passed from ann to bob")

        # Bob has the table open on n1 while n0 plays it: never told. (Whoever
        # acts first was told when the table started, before anyone watched.)
        at_start = told("open_bob"), told("open_ann")
        await play_until_handed_to_bob({ann_seat: ann, bob_seat: bob}, 3)
        assert (told("open_bob"), told("open_ann")) == at_start
        # Bob closes it; n1 says so at once. He acts through another
        # connection that does not watch the table, and is told again.
        heard = a.metric("spb_watching_heard_total")
        await bob.close()
        await waited_for(lambda: a.metric("spb_watching_heard_total") > heard, "node n1 saying bob left")
        bob_again = await login(b, "open_bob")
        await play_until_handed_to_bob({ann_seat: ann, bob_seat: bob_again}, 1)
        assert told("open_bob") > at_start[0] and told("open_ann") == at_start[1]
    finally:
        a.stop()
        b.stop()
    verify(db)


async def pushed(client, wanted, timeout=15):
    """The first push `wanted` accepts, kept or still to come."""
    deadline = time.monotonic() + timeout
    while True:
        for i, message in enumerate(client.pushes):
            if wanted(message):
                return client.pushes.pop(i)
        message = await client.receive(timeout=max(0.1, deadline - time.monotonic()))
        if wanted(message):
            return message


async def what_crosses_users_crosses_nodes(db):
    a, b = start_nodes(db, 2)
    try:
        rng = random.Random(7)
        ann, bob = await user(a, "bus_ann"), await user(b, "bus_bob")
        table = await new_table(ann, [bob])
        seats = {await seat_of(ann, table): ann, await seat_of(bob, table): bob}
        bob_seat = next(seat for seat, client in seats.items() if client is bob)
        # A chat line written on node A reaches a watcher on node B.
        await ann.ok("chat", table=table, text="hello from A")
        await pushed(bob, lambda m: m["type"] == "chat_message" and m["text"] == "hello from A")
        # your_turn, stored on the node that wrote the move, reaches bob's
        # connection on node B once bob no longer watches the table.
        await bob.ok("unsubscribe", table=table)
        for _ in range(6):
            view, client, action = await turn(seats, table, rng)
            await client.ok("act", table=table, move_number=view["move_number"] + 1, action=action)
            view = (await ann.ok("subscribe", table=table))["view"]
            if client is ann and view["to_act"] == [bob_seat]:
                break
        else:
            raise AssertionError("the turn never went from ann to bob")
        await pushed(bob, lambda m: m["type"] == "notification" and m["notification"]["kind"] == "your_turn")
        # Logging out everywhere on node A ends the session on node B.
        ann_on_b = await login(b, "bus_ann")
        await ann.ok("logout_everywhere")
        await pushed(ann_on_b, lambda m: m["type"] == "session_ended")
        reply = await ann_on_b.call("my_tables")
        assert reply["type"] == "error" and reply["code"] == "not_logged_in", reply
    finally:
        a.stop()
        b.stop()


class Receiver:
    """A webhook receiver on the loopback recording each request's
    notification id. `answers` says how to answer the requests in order (an
    HTTP status, or None: hold the request unanswered past the sender's time
    limit); every request after them gets 204."""

    def __init__(self, answers=()):
        self.ids = []
        self.answers = list(answers)
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                receiver.ids.append(body["notification"]["id"])
                answer = receiver.answers.pop(0) if receiver.answers else 204
                if answer is None:
                    time.sleep(10)
                    return
                self.send_response(answer)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/hook"

    def close(self):
        self.httpd.shutdown()


def outbox(db):
    return rows(db, "SELECT notification_id, status, attempts, claimed_by FROM webhook_outbox ORDER BY id")


async def waited_for(predicate, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        await asyncio.sleep(0.1)
    raise AssertionError("timed out waiting for " + what)


async def webhook_user(nodes, receiver):
    """ann, with her webhook, on the first node; bob, who invites her, on the
    second."""
    ann = await user(nodes[0], "hook_ann")
    assert (await ann.ok("set_webhook", url=receiver.url()))["webhook_url"] == receiver.url()
    bob = await user(nodes[1], "hook_bob")
    return ann, bob


async def invite(inviter, name):
    table = (await inviter.ok("create_table", players=2))["table"]["id"]
    await inviter.ok("invite", table=table, name=name)


async def each_webhook_reaches_its_receiver_once_with_two_nodes(db):
    receiver = Receiver()
    nodes = start_nodes(db, 2, "w", WEBHOOKS)
    try:
        await webhook_user(nodes, receiver)
        # Invitations written through both nodes: both nodes' senders hear of
        # every delivery and race for it.
        for i in range(20):
            await invite(await user(nodes[i % 2], f"hook_inviter{i}"), "hook_ann")
        sent = await waited_for(lambda: [r for r in outbox(db) if r[1] == "delivered"] if all(
            r[1] == "delivered" for r in outbox(db)) and len(outbox(db)) == 20 else None, "20 deliveries")
        await asyncio.sleep(1)  # time for a second send of any of them, which must not come
        assert sorted(receiver.ids) == sorted(r[0] for r in sent), (receiver.ids, sent)
        assert len(set(receiver.ids)) == 20, receiver.ids
        assert all(attempts == 1 for _, _, attempts, _ in sent), sent
        senders = {claimant for _, _, _, claimant in sent}
        print(f"  20 deliveries, each received once, sent by {sorted(senders)}")
    finally:
        receiver.close()
        for node in nodes:
            node.stop()


async def a_delivery_claimed_by_a_killed_node_is_sent_by_the_other(db):
    # The first attempt is held unanswered: the node that claimed it is killed
    # while it waits, and never records anything.
    receiver = Receiver(answers=[None])
    nodes = start_nodes(db, 2, "k", WEBHOOKS)
    try:
        ann, bob = await webhook_user(nodes, receiver)
        await invite(bob, "hook_ann")
        await waited_for(lambda: receiver.ids, "the first attempt")
        claimant = outbox(db)[0][3]
        victim = next(node for node in nodes if node.name == claimant)
        survivor = next(node for node in nodes if node is not victim)
        victim.kill()
        killed_at = time.monotonic()
        row = await waited_for(lambda: outbox(db)[0] if outbox(db)[0][1] == "delivered" else None,
                               "the delivery sent by the survivor", timeout=CLAIM + 15)
        took = time.monotonic() - killed_at
        assert row[3] == survivor.name and row[2] == 1, row
        assert len(receiver.ids) == 2 and receiver.ids[0] == receiver.ids[1], receiver.ids
        print(f"  claimed by {claimant}, SIGKILLed mid-send; sent again by {survivor.name} {took:.1f} s later "
              f"(claims last {CLAIM} s), the same notification id")
    finally:
        receiver.close()
        for node in nodes:
            node.stop()


async def a_retry_of_a_killed_node_is_sent_by_the_other(db):
    receiver = Receiver(answers=[500])
    nodes = start_nodes(db, 2, "r", WEBHOOKS)
    try:
        ann, bob = await webhook_user(nodes, receiver)
        await invite(bob, "hook_ann")
        # The failure is recorded with a retry 2 s on; its node dies before it.
        row = await waited_for(lambda: outbox(db)[0] if outbox(db)[0][2] == 1 else None, "the failed attempt")
        assert row[1] == "pending", row
        victim = next(node for node in nodes if node.name == row[3])
        survivor = next(node for node in nodes if node is not victim)
        victim.kill()
        row = await waited_for(lambda: outbox(db)[0] if outbox(db)[0][1] == "delivered" else None,
                               "the retry sent by the survivor", timeout=CLAIM + 15)
        assert row[3] == survivor.name and row[2] == 2, row
        assert len(receiver.ids) == 2 and receiver.ids[0] == receiver.ids[1], receiver.ids
    finally:
        receiver.close()
        for node in nodes:
            node.stop()


class Player:
    """A player who keeps playing through whichever node is up: on a broken
    connection it logs in on another node and sends its request again."""

    def __init__(self, name, nodes, rng):
        self.name, self.nodes, self.rng = name, nodes, rng
        self.client = None

    async def connection(self):
        while self.client is None:
            live = [n for n in self.nodes if n.process.poll() is None and n.port]
            try:
                self.client = await login(self.rng.choice(live), self.name)
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                await asyncio.sleep(0.2)
        return self.client

    async def call(self, type_, **fields):
        for _ in range(200):
            client = await self.connection()
            try:
                reply = await client.call(type_, **fields)
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                self.client = None
                continue
            if reply["type"] == "error" and reply["code"] == "table_moved":
                await asyncio.sleep(0.2)
                continue
            return reply
        raise AssertionError(f"{self.name}: no node answered {type_}")


async def sigkilled_nodes_lose_no_acknowledged_move(db):
    nodes = start_nodes(db, 3)
    failovers = []
    try:
        rng = random.Random(9)
        games = []
        for g in range(4):
            names = [f"kill_{g}_a", f"kill_{g}_b"]
            first = await user(nodes[g % 3], names[0])
            second = await user(nodes[(g + 1) % 3], names[1])
            table = await new_table(first, [second])
            players = {await seat_of(first, table): Player(names[0], nodes, rng),
                       await seat_of(second, table): Player(names[1], nodes, rng)}
            await first.close()
            await second.close()
            games.append((table, players))
        acked = {}
        finished = set()
        stop = asyncio.Event()

        async def play(table, players):
            while not stop.is_set():
                any_player = next(iter(players.values()))
                view = (await any_player.call("subscribe", table=table))["data"]["view"]
                if view["phase"] == "finished":
                    finished.add(table)
                    if KILLS <= 3:
                        return
                    # Many kills outlast a game: the same players sit down again.
                    table, players = await new_game(list(players.values()))
                    continue
                player = players[view["to_act"][0]]
                legal = (await player.call("legal_actions", table=table))["data"]["actions"]
                choice = dict(rng.choice(legal))
                choice.pop("price")
                reply = await player.call("act", table=table, move_number=view["move_number"] + 1, action=choice)
                if reply["type"] == "result":
                    acked[(table, reply["data"]["move_number"])] = choice
                else:
                    assert reply["code"] == "stale_move", reply

        async def new_game(sitting):
            table = (await sitting[0].call("create_table", players=len(sitting), options={}))["data"]["table"]["id"]
            for player in sitting[1:]:
                await player.call("join_table", table=table)
            await sitting[0].call("start_table", table=table)
            seats = {}
            for player in sitting:
                seats[(await player.call("subscribe", table=table))["data"]["seat"]] = player
            return table, seats

        async def killer():
            by_name = {node.name: node for node in nodes}
            for _ in range(KILLS):
                await asyncio.sleep(2)
                # The node playing the most tables now, and those tables.
                leases = rows(db, "SELECT node, table_id FROM table_leases WHERE expires_at_ms > "
                                  "(extract(epoch FROM clock_timestamp()) * 1000)::bigint")
                counts = {}
                for name, _ in leases:
                    counts[name] = counts.get(name, 0) + 1
                victim = by_name[max(counts, key=counts.get)] if counts else nodes[0]
                held = {t: max((n for (tt, n) in acked if tt == t), default=0)
                        for name, t in leases if name == victim.name}
                killed_at = time.monotonic()
                victim.kill()
                # Each table the dead node played goes on elsewhere.
                while any(t not in finished and all(n <= last for (tt, n) in list(acked) if tt == t)
                          for t, last in held.items()):
                    if players_done.done():
                        players_done.result()  # a player's failure, raised here
                        raise AssertionError("the games ended before every table moved again")
                    await asyncio.sleep(0.05)
                failovers.append((len(held), time.monotonic() - killed_at))
                victim.start()

        players_done = asyncio.gather(*(play(table, players) for table, players in games))
        await killer()
        stop.set()
        await players_done
        for table in {t for t, _ in games} | {t for t, _ in acked}:
            moves = stored_moves(db, table)
            stored = {number: action for number, action in moves}
            for (t, number), action in acked.items():
                if t == table:
                    assert number in stored, (table, number)
                    assert same_action(stored[number], action), (table, number)
        for table, _ in games:
            assert len(stored_moves(db, table)) >= 3, table
        print(f"  {len(acked)} moves acknowledged; after each SIGKILL, the killed node's tables and the seconds "
              f"until each had a new move acknowledged: {', '.join(f'{n} in {s:.1f} s' for n, s in failovers)}")
        seconds = sorted(s for _, s in failovers)
        print(f"  failover over {len(seconds)} SIGKILLs: median {statistics.median(seconds):.2f} s, "
              f"max {seconds[-1]:.2f} s, min {seconds[0]:.2f} s (leases of {LEASE} s)")
    finally:
        for node in nodes:
            node.stop()
    verify(db)


TOURNAMENT_START = 1_800_000_000  # the nodes' test clock, unix seconds
HOUR = 3600
CLOCK_ADMIN = "nodes-clock-admin"
TOURNAMENT_NODE = ["--test-clock", str(TOURNAMENT_START), "--stand-in-wait", "0", "--admin-token", CLOCK_ADMIN]


def tournament_rows(db, tournament):
    """Each round started (round, status) and each table's (round, seats as user ids)."""
    rounds = rows(db, "SELECT round, status FROM tournament_rounds WHERE tournament_id = ? ORDER BY round", (tournament,))
    tables = rows(db, "SELECT t.tournament_round, s.user_id FROM game_tables t JOIN seats s ON s.table_id = t.id "
                      "WHERE t.tournament_id = ? ORDER BY t.tournament_round, t.id, s.seat", (tournament,))
    return rounds, tables


async def a_tournament_goes_on_when_its_node_dies_during_a_round(db):
    first, second = start_nodes(db, 2, "t", TOURNAMENT_NODE)
    try:
        names = [f"cup{i}" for i in range(6)]
        clients = [await user(first, name) for name in names]
        table = {"players": 3, "move_deadline_hours": 1, "timeout_policy": {"takeover_after": 1, "takeover_by": "robot"}}
        t = (await clients[0].ok("create_tournament", name="Node cup", format="swiss", rounds=2, table=table,
                                 registration_closes_at=TOURNAMENT_START + HOUR,
                                 starts_at=TOURNAMENT_START + HOUR))["tournament"]["id"]
        for client in clients:
            await client.ok("register_tournament", tournament=t)
        await clients[0].ok("debug_advance_clock", seconds=HOUR, admin_token=CLOCK_ADMIN)
        await waited_for(lambda: tournament_rows(db, t)[0] == [(1, "playing")], "round 1 on the first node")
        leases = rows(db, "SELECT l.node FROM table_leases l JOIN game_tables g ON g.id = l.table_id "
                          "WHERE g.tournament_id = ?", (t,))
        assert leases and {node for (node,) in leases} == {first.name}, leases
        first.kill()

        # The second node adopts the round's tables once their leases expire;
        # its clock moves an hour at a time, the seats time out, robots play
        # the games out, and it moves the tournament on.
        watcher = await Client.connect(second, SCHEMAS)
        for _ in range(150):
            shown = await watcher.ok("tournament", tournament=t)
            if shown["tournament"]["status"] == "finished":
                break
            await watcher.ok("debug_advance_clock", seconds=HOUR, admin_token=CLOCK_ADMIN)
            await asyncio.sleep(0.3)
        assert shown["tournament"]["status"] == "finished", shown
        rounds, seats = tournament_rows(db, t)
        assert rounds == [(1, "finished"), (2, "finished")], rounds
        ids = {row[0] for row in rows(db, "SELECT id FROM users WHERE name LIKE 'cup%'")}
        for played in (1, 2):
            seated = [user for (r, user) in seats if r == played]
            assert sorted(seated) == sorted(ids), (played, seats)
        assert len(rows(db, "SELECT id FROM game_tables WHERE tournament_id = ?", (t,))) == 4
        started_by = rows(db, "SELECT DISTINCT l.node FROM table_leases l JOIN game_tables g ON g.id = l.table_id "
                              "WHERE g.tournament_id = ? AND g.tournament_round = 2", (t,))
        assert started_by == [(second.name,)], started_by

        # A node started after the end looks at the tournament and starts nothing.
        late = start_nodes(db, 1, "u", TOURNAMENT_NODE)[0]
        await (await Client.connect(late, SCHEMAS)).ok("tournament", tournament=t)
        await asyncio.sleep(1)
        assert tournament_rows(db, t) == (rounds, seats)
        print(f"  {names[0]}'s tournament: round 1 started on {first.name}, which was SIGKILLed; "
              f"{second.name} finished it, 2 rounds, 4 tables")
    finally:
        for node in STARTED:
            node.stop()


TESTS = [
    fencing_a_paused_node_writes_nothing,
    a_table_stays_on_the_node_that_plays_it,
    requests_are_carried_over_direct_connections_between_peers,
    a_peer_connection_without_the_token_is_closed_unheard,
    a_request_carried_to_a_hung_node_takes_the_table_after_its_lease,
    a_watcher_on_another_node_gets_the_moves,
    a_watcher_on_another_node_sees_an_undo_and_the_moves_after_it,
    a_player_with_the_table_open_on_another_node_is_not_told_it_is_their_turn,
    what_crosses_users_crosses_nodes,
    moves_for_one_table_through_two_nodes_at_once_are_serialised,
    three_nodes_play_games_with_players_on_different_nodes,
    sigkilled_nodes_lose_no_acknowledged_move,
    each_webhook_reaches_its_receiver_once_with_two_nodes,
    a_delivery_claimed_by_a_killed_node_is_sent_by_the_other,
    a_retry_of_a_killed_node_is_sent_by_the_other,
    a_tournament_goes_on_when_its_node_dies_during_a_round,
]


async def main():
    import os
    import traceback
    only = os.environ.get("SPB_TEST_ONLY")
    passed = failed = 0
    for fn in TESTS:
        if only and only not in fn.__name__:
            continue
        db = cluster().fresh_database()
        STARTED.clear()
        try:
            await asyncio.wait_for(fn(db), 240 + 10 * KILLS)
            print(f"PASS {fn.__name__}")
            passed += 1
        except Exception:
            print(f"FAIL {fn.__name__}")
            traceback.print_exc()
            for node in STARTED:
                print(f"--- node {node.name} ---")
                print(node.log_text()[-3000:])
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
