"""Integration tests of administration and public records against the real
`spb serve`: admin requests are refused without the administrator token;
with it, tables are listed, viewed, replayed, aborted and a player removed, and
every act is logged; once a game is over, anyone reads its record, replays it
and charts it, and the record is the one `spb admin export` writes.

usage: test_admin.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile

import jsonschema

from harness import Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TOKEN = "the administrator's secret token"
ADMIN = ("--admin-token", TOKEN, "--rate", "2000")
TESTS = []


def test(server_args=ADMIN):
    def register_test(f):
        TESTS.append((f, server_args))
        return f
    return register_test


def fresh_server(*args):
    folder = tempfile.mkdtemp(prefix="spb-admin-it-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"), args).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def seated_table(server, players=2, options=None):
    clients = [await register(server, f"p{i}_{random.randrange(10**9)}") for i in range(players)]
    table = (await clients[0].ok("create_table", players=players, options=options or {}))["table"]
    for client in clients[1:]:
        await client.ok("join_table", table=table["id"])
    await clients[0].ok("start_table", table=table["id"])
    seats = {}
    for client in clients:
        data = await client.ok("subscribe", table=table["id"])
        seats[data["seat"]] = client
    return table["id"], seats


async def play_moves(table, seats, count, rng):
    view = (await seats[0].ok("subscribe", table=table))["view"]
    for _ in range(count):
        if view["phase"] == "finished":
            break
        client = seats[view["to_act"][0]]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        choice = dict(rng.choice(legal))
        choice.pop("price")
        await client.ok("act", table=table, move_number=view["move_number"] + 1, action=choice)
        view = (await client.ok("subscribe", table=table))["view"]
    return view


async def administrator(server):
    client = await Client.connect(server, SCHEMAS)
    data = await client.ok("admin_login", token=TOKEN)
    assert data == {"administrator": True}, data
    return client


@test()
async def admin_requests_are_refused_without_the_token(server):
    table, seats = await seated_table(server)
    client = await register(server, "mallory")
    for type_, fields in [("admin_list_tables", {}), ("admin_view", {"table": table}),
                          ("admin_replay", {"table": table, "move_number": 0}),
                          ("admin_abort", {"table": table, "reason": "because"}),
                          ("admin_remove_player", {"table": table, "seat": 1}), ("admin_log", {})]:
        reply = await client.call(type_, **fields)
        assert reply["code"] == "not_administrator", reply
    reply = await client.call("admin_login", token="guess")
    assert reply["code"] == "invalid_admin_token", reply
    reply = await client.call("admin_list_tables")
    assert reply["code"] == "not_administrator", reply
    # Nothing happened to the table.
    view = (await seats[0].ok("subscribe", table=table))
    assert view["table"]["status"] == "playing"


@test(server_args=())
async def administration_is_disabled_without_a_configured_token(server):
    client = await Client.connect(server, SCHEMAS)
    reply = await client.call("admin_login", token=TOKEN)
    assert reply["code"] == "administration_disabled", reply


@test()
async def an_administrator_lists_views_and_replays_a_running_table(server):
    rng = random.Random(5)
    table, seats = await seated_table(server, players=3)
    view = await play_moves(table, seats, 12, rng)
    admin = await administrator(server)
    listed = (await admin.ok("admin_list_tables", status="playing"))["tables"]
    assert [t["id"] for t in listed] == [table], listed
    data = await admin.ok("admin_view", table=table)
    assert data["divergence"] is None
    assert data["view"]["move_number"] == view["move_number"]
    assert "stack_order" in data["view"], "the administrator sees the stacks' order"
    replayed = await admin.ok("admin_replay", table=table, move_number=3)
    assert replayed["move_number"] == 3 and replayed["move"]["move_number"] == 3
    assert replayed["view"]["move_number"] == 3
    as_seat = await admin.ok("admin_replay", table=table, move_number=3, seat=1)
    assert "stack_order" not in as_seat["view"]
    start = await admin.ok("admin_replay", table=table, move_number=0)
    assert start["move"] is None and start["view"]["move_number"] == 0
    reply = await admin.call("admin_replay", table=table, move_number=10_000)
    assert reply["code"] == "no_such_move", reply
    reply = await admin.call("admin_view", table=999_999)
    assert reply["code"] == "no_such_table", reply
    # The seed of a running game stays hidden from everyone else.
    reply = await seats[0].call("table_record", table=table)
    assert reply["code"] == "table_not_finished", reply
    reply = await seats[0].call("replay_view", table=table, move_number=1)
    assert reply["code"] == "table_not_finished", reply
    reply = await seats[0].call("table_history", table=table)
    assert reply["code"] == "table_not_finished", reply
    record = await admin.ok("table_record", table=table)
    assert record["trailer"]["status"] == "playing" and record["trailer"]["final"] is None


@test()
async def an_aborted_table_refuses_moves_and_its_players_are_told(server):
    rng = random.Random(6)
    table, seats = await seated_table(server)
    view = await play_moves(table, seats, 4, rng)
    admin = await administrator(server)
    data = await admin.ok("admin_abort", table=table, reason="players asked to stop")
    assert data["table"]["status"] == "aborted", data
    client = seats[view["to_act"][0]]
    reply = await client.call("act", table=table, move_number=view["move_number"] + 1, action={"type": "pass"})
    assert reply["code"] == "table_not_playing", reply
    told = [p for p in seats[0].pushes + seats[1].pushes if p["type"] == "table_changed"]
    for _ in range(20):
        if told:
            break
        await seats[0].call("list_tables")
        told = [p for p in seats[0].pushes if p["type"] == "table_changed"]
    assert told and told[0]["table"]["status"] == "aborted" and told[0]["reason"] == "players asked to stop", told
    reply = await admin.call("admin_abort", table=table, reason="again")
    assert reply["code"] == "table_not_playing", reply
    aborted = (await admin.ok("admin_list_tables", status="aborted"))["tables"]
    assert [t["id"] for t in aborted] == [table]
    entries = (await admin.ok("admin_log", table=table))["entries"]
    acts = [(e["request"], e["outcome"]) for e in entries]
    assert ("admin_abort", "ok") in acts and ("admin_abort", "table_not_playing") in acts, acts
    first = [e for e in entries if e["request"] == "admin_abort" and e["outcome"] == "ok"][0]
    assert first["who"] == "administrator" and first["arguments"] == {"table": table, "reason": "players asked to stop"}
    assert first["address"].startswith("127.0.0.1:"), first


@test()
async def an_aborted_tables_reason_reaches_players_who_open_it_later(server):
    rng = random.Random(7)
    table, seats = await seated_table(server)
    await play_moves(table, seats, 2, rng)
    admin = await administrator(server)
    data = await admin.ok("admin_abort", table=table, reason="a stolen account played here")
    assert data["table"]["abort_reason"] == "a stolen account played here", data
    mine = [t for t in (await seats[1].ok("my_tables"))["tables"] if t["id"] == table]
    assert mine and mine[0]["status"] == "aborted" and mine[0]["abort_reason"] == "a stolen account played here", mine
    summary = (await seats[0].ok("subscribe", table=table))["table"]
    assert summary["abort_reason"] == "a stolen account played here", summary


@test()
async def every_administrative_act_is_logged_with_who_and_when(server):
    table, _ = await seated_table(server)
    admin = await register(server, "root_user")
    await admin.ok("admin_login", token=TOKEN)
    await admin.ok("admin_view", table=table)
    await admin.ok("admin_replay", table=table, move_number=0)
    entries = (await admin.ok("admin_log"))["entries"]
    requests = [e["request"] for e in entries]
    assert requests[:3] == ["admin_replay", "admin_view", "admin_login"], requests
    assert all(e["who"] == "root_user" and e["user_id"] is not None and e["at"] > 0 for e in entries[:3]), entries


@test()
async def a_removed_player_is_replaced_by_the_robot(server):
    table, seats = await seated_table(server)
    admin = await administrator(server)
    data = await admin.ok("admin_remove_player", table=table, seat=1, reason="Gone for a month")
    seat = [s for s in data["table"]["seats"] if s["seat"] == 1][0]
    assert seat["controller"] == "robot", data
    entry = (await admin.ok("admin_log", table=table))["entries"][0]
    assert entry["request"] == "admin_remove_player" and entry["arguments"]["reason"] == "Gone for a month", entry
    reply = await admin.call("admin_remove_player", check=False, table=table, seat=1, reason="")
    assert reply["code"] == "bad_request", reply
    reply = await admin.call("admin_remove_player", table=999_999, seat=0)
    assert reply["code"] == "no_such_table", reply


@test()
async def a_finished_game_is_public_and_its_record_is_the_exported_one(server):
    rng = random.Random(7)
    table, seats = await seated_table(server, players=3, options={"expansions": ["banquet", "new_society"]})
    view = await play_moves(table, seats, 3000, rng)
    assert view["phase"] == "finished", view["phase"]
    anyone = await Client.connect(server, SCHEMAS)
    record = await anyone.ok("table_record", table=table)
    header, moves, trailer = record["header"], record["moves"], record["trailer"]
    assert header["format"] == "spb-record" and header["version"] == 1 and header["seed"].isdigit()
    assert [m["move_number"] for m in moves] == list(range(1, view["move_number"] + 1))
    assert trailer["moves"] == view["move_number"] and trailer["final"]["ranking"] == view["final"]["ranking"]
    with open(os.path.join(ROOT, "schema", "records", "record-v1.schema.json")) as f:
        record_schema = json.load(f)
    jsonschema.Draft202012Validator({"$defs": record_schema["$defs"], "$ref": "#/$defs/record"}).validate(record)
    # spb admin export writes the same record, line by line, from the server's database.
    exported = subprocess.run([SPB, "admin", "export", "--db", server.db_path, "--table", str(table)],
                              capture_output=True, text=True, check=True).stdout.splitlines()
    assert [json.loads(line) for line in exported] == [header] + moves + [trailer]
    verified = subprocess.run([SPB, "admin", "verify", "--db", server.db_path], capture_output=True, text=True)
    assert verified.returncode == 0 and f"table {table} (finished): ok" in verified.stdout, verified.stdout
    # Any move of the game, and the standings round by round.
    start = await anyone.ok("replay_view", table=table, move_number=0)
    assert start["move"] is None and start["view"]["move_number"] == 0 and "stack_order" in start["view"]
    last = await anyone.ok("replay_view", table=table, move_number=view["move_number"])
    assert last["view"]["final"] == view["final"] and last["move"] == {k: moves[-1][k] for k in ("move_number", "seat", "action", "events")}
    reply = await anyone.call("replay_view", table=table, move_number=view["move_number"] + 1)
    assert reply["code"] == "no_such_move", reply
    history = await anyone.ok("table_history", table=table)
    rounds = history["rounds"]
    assert len(rounds) >= 2 and all(p["points"] == 0 for p in rounds[0]["players"]), rounds[0]
    assert [r["round"] for r in rounds] == list(range(0, len(rounds))), [r["round"] for r in rounds]
    assert [p["points"] for p in rounds[-1]["players"]] == [p["points"] for p in view["players"]]
    reply = await anyone.call("table_record", table=999_999)
    assert reply["code"] == "no_such_table", reply


sys.exit(asyncio.run(run_tests([(fn, lambda args=args: fresh_server(*args)) for fn, args in TESTS], SCHEMAS, 180)))
