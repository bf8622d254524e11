"""Integration tests of standing orders (issue 19; docs/rules.md, "Standing
orders"; docs/protocol.md, "Standing orders") against the real `spb serve`:
orders are private to their seat, make their moves only in turn and in seat
order, are logged as made by standing order, survive a restart, and tell their
player when they lapse.

usage: test_orders.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import os
import random
import sqlite3
import sys
import tempfile
import time

from harness import Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def fresh_server():
    folder = tempfile.mkdtemp(prefix="spb-orders-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"), ("--rate", "2000")).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def login(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("login", name=name, password="correct horse")
    return client


async def table_by_turn(server, players=2, options=None):
    """Seats `players` new users at a started table. Returns the table id and
    the clients and names in the order the seats act, the first to act first."""
    tag = random.randrange(10**6)
    names = [f"o{i}_{tag}" for i in range(players)]
    clients = [await register(server, name) for name in names]
    table = (await clients[0].ok("create_table", players=players, options=options or {}))["table"]
    for client in clients[1:]:
        await client.ok("join_table", table=table["id"])
    await clients[0].ok("start_table", table=table["id"])
    data = await clients[0].ok("subscribe", table=table["id"])
    first = data["view"]["to_act"][0]
    seats = sorted(data["table"]["seats"], key=lambda s: (s["seat"] - first) % players)
    order = [names.index(s["name"]) for s in seats]
    return table["id"], [clients[i] for i in order], [names[i] for i in order]


async def moves_of(client, table):
    data = await client.ok("subscribe", table=table, since_move=0)
    return data["moves"]


async def wait_for(predicate, what, timeout=60):  # generous: CI shares two cores with a sanitizer build
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = await predicate()
        if result:
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


async def wait_for_moves(client, table, count):
    async def enough():
        moves = await moves_of(client, table)
        return moves if len(moves) >= count else None
    return await wait_for(enough, f"{count} moves at table {table}")


async def pass_turn(client, table):
    data = await client.ok("subscribe", table=table)
    await client.ok("act", table=table, move_number=data["view"]["move_number"] + 1, action={"type": "pass"})


def stored_actors(server, table):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute("SELECT seat, actor FROM moves WHERE table_id = ? ORDER BY move_number", (table,)).fetchall()
    finally:
        db.close()


PASS_ORDER = {"order": "pass_until_board_changes", "expiry": "until_cancelled"}


@test
async def an_order_is_seen_by_its_own_seat_only(server):
    table, (ann, bob), names = await table_by_turn(server)
    spectator = await register(server, f"watcher_{table}")
    for client in (ann, spectator):
        await client.ok("subscribe", table=table)
    # Bob has the table open in a second tab: it is told of the orders he writes in the first.
    bob_tab = await login(server, names[1])
    await bob_tab.ok("subscribe", table=table)
    written = await bob.ok("set_orders", table=table, orders=[PASS_ORDER])
    assert [o["order"] for o in written["orders"]] == ["pass_until_board_changes"], written
    assert written["orders"][0]["round"] == 1 and len(written["orders"][0]["board"]) == 16, written

    assert (await bob.ok("subscribe", table=table))["orders"] == written["orders"]
    assert (await ann.ok("subscribe", table=table))["orders"] == [], "Ann sees only her own (empty) list"
    watched = await spectator.ok("subscribe", table=table)
    assert "orders" not in watched, watched
    refused = await spectator.call("orders", table=table)
    assert refused["type"] == "error" and refused["code"] == "not_seated", refused
    refused = await ann.call("set_orders", table=table + 1000, orders=[])
    assert refused["type"] == "error" and refused["code"] == "no_such_table", refused
    await bob_tab.ok("orders", table=table)
    told = [p for p in bob_tab.pushes if p["type"] == "orders_changed"]
    assert told and told[-1]["orders"] == written["orders"], bob_tab.pushes
    # Nothing about Bob's orders reached another connection.
    for client in (ann, spectator):
        assert not any(p["type"] == "orders_changed" for p in client.pushes), client.pushes
        assert "pass_until_board_changes" not in str(client.pushes)


@test
async def an_order_moves_its_seat_at_its_turn_and_is_logged_as_made_by_standing_order(server):
    table, (ann, bob), _ = await table_by_turn(server)
    await bob.ok("set_orders", table=table, orders=[{"order": "pass_until_phase_end"}])
    assert await moves_of(ann, table) == [], "an order never moves out of turn"
    await pass_turn(ann, table)
    moves = await wait_for_moves(ann, table, 2)
    assert moves[1]["actor"] == "order" and moves[1]["action"] == {"type": "pass", "until_phase_end": True}, moves[1]
    assert stored_actors(server, table)[1][1] == "order"


@test
async def a_buy_order_buys_the_card_it_names_at_its_price(server):
    table, (ann, bob), _ = await table_by_turn(server)
    view = (await bob.ok("subscribe", table=table))["view"]
    bob_seat = 1 - view["to_act"][0]
    rubles = view["players"][bob_seat]["rubles"]
    await bob.ok("set_orders", table=table, orders=[
        {"order": "buy", "card": {"deck": "worker"}, "max_price": rubles, "then_pass_until_phase_end": True}])
    await pass_turn(ann, table)
    moves = await wait_for_moves(ann, table, 2)
    bought = moves[1]
    assert bought["actor"] == "order" and bought["action"]["type"] == "buy", bought
    assert bought["seat"] == bob_seat
    # Used once, then a pass until the phase ends for the rest of the phase.
    left = (await bob.ok("orders", table=table))["orders"]
    assert [o["order"] for o in left] == ["pass_until_phase_end"], left
    assert any(p["type"] == "orders_changed" for p in bob.pushes), bob.pushes


@test
async def orders_of_several_seats_move_in_the_order_the_seats_act(server):
    table, clients, _ = await table_by_turn(server, players=3)
    for client in clients[1:]:
        await client.ok("set_orders", table=table, orders=[PASS_ORDER])
    data = await clients[0].ok("subscribe", table=table)
    seat_order = [data["view"]["to_act"][0]]
    # A pass changes nothing on the board: each order passes in turn.
    await pass_turn(clients[0], table)
    moves = await wait_for_moves(clients[0], table, 3)
    assert [m["actor"] for m in moves[:3]] == ["player", "order", "order"], moves
    seats = [m["seat"] for m in moves[:3]]
    assert seats == [(seat_order[0] + i) % 3 for i in range(3)], seats
    # Three passes in a row end the phase, a change of the board: both orders lapsed.
    for client in clients[1:]:
        assert (await client.ok("orders", table=table))["orders"] == []


@test
async def a_seat_whose_order_moves_it_is_not_waited_for(server):
    tag = random.randrange(10**6)
    ann, bob = await register(server, f"da_{tag}"), await register(server, f"db_{tag}")
    table = (await ann.ok("create_table", players=2, move_deadline_hours=24))["table"]["id"]
    await bob.ok("join_table", table=table)
    await ann.ok("start_table", table=table)
    data = await ann.ok("subscribe", table=table)
    first, second = (ann, bob) if data["seat"] == data["view"]["to_act"][0] else (bob, ann)
    await second.ok("set_orders", table=table, orders=[{"order": "buy", "card": {"deck": "worker"}, "max_price": 25}])
    before = (await second.ok("notifications"))["notifications"]
    await pass_turn(first, table)
    await wait_for_moves(first, table, 2)
    summary = (await first.ok("subscribe", table=table))["table"]
    first_seat = (await first.ok("subscribe", table=table))["seat"]
    # The second seat's order bought at once; the deadline runs for the first seat again.
    assert summary["to_act"] == [first_seat] and summary["deadline_at"] is not None, summary
    after = (await second.ok("notifications"))["notifications"]
    assert not [n for n in after if n["kind"] == "your_turn" and n not in before], after
    assert all(s["timeouts"] == 0 for s in summary["seats"]), summary


@test
async def a_refused_order_is_named_and_changes_nothing(server):
    table, (ann, bob), _ = await table_by_turn(server)
    await bob.ok("set_orders", table=table, orders=[PASS_ORDER])
    refused = await bob.call("set_orders", table=table, orders=[
        {"order": "pass_until_phase_end"}, {"order": "take", "card": "pickpocket"}])
    assert refused["type"] == "error" and refused["code"] == "card_not_in_game", refused
    assert refused["message"].startswith("Order 2: "), refused
    refused = await bob.call("set_orders", check=False, table=table,
                             orders=[{"order": "buy", "card": "dragon", "max_price": 3}])
    assert refused["type"] == "error" and refused["code"] == "unknown_card", refused
    refused = await bob.call("set_orders", check=False, table=table, orders=[{"order": "buy", "card": "market"}])
    assert refused["type"] == "error" and refused["code"] == "bad_request" and "max_price" in refused["message"], refused
    kept = (await bob.ok("orders", table=table))["orders"]
    assert [o["order"] for o in kept] == ["pass_until_board_changes"], kept


@test
async def orders_survive_a_restart_and_still_move(server):
    table, (ann, bob), names = await table_by_turn(server)
    written = (await bob.ok("set_orders", table=table, orders=[{"order": "pass_until_phase_end",
                                                                "expiry": "round_end"}]))["orders"]
    server.kill()
    server.start()
    ann, bob = await login(server, names[0]), await login(server, names[1])
    assert (await bob.ok("orders", table=table))["orders"] == written
    await pass_turn(ann, table)
    moves = await wait_for_moves(ann, table, 2)
    assert moves[1]["actor"] == "order", moves


@test
async def a_seat_whose_orders_lapsed_is_told_it_waits_again(server):
    table, (ann, bob), _ = await table_by_turn(server)
    # An answer for an Observatory Bob does not have: it never moves, and lapses with the phase.
    await bob.ok("set_orders", table=table, orders=[{"order": "drawn_card", "choice": "discard"}])
    phase = (await ann.ok("subscribe", table=table))["view"]["phase"]

    async def phase_over():
        data = await ann.ok("subscribe", table=table)
        if data["view"]["phase"] != phase:
            return True
        if data["view"]["to_act"] and data["seat"] in data["view"]["to_act"]:
            await pass_turn(ann, table)
        else:
            await pass_turn(bob, table)
        return False
    await wait_for(phase_over, "the phase to end")
    assert (await bob.ok("orders", table=table))["orders"] == []
    notes = (await bob.ok("notifications"))["notifications"]
    lapsed = [n for n in notes if n["kind"] == "orders_lapsed"]
    assert len(lapsed) == 1 and lapsed[0]["table"] == table, notes
    assert lapsed[0]["details"]["lapsed"][0]["order"] == "drawn_card"
    assert not any(n["kind"] == "orders_lapsed" for n in (await ann.ok("notifications"))["notifications"])


async def main():
    return await run_tests([(t, fresh_server) for t in TESTS], SCHEMAS, timeout=180)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
