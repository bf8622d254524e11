"""Integration tests of resigning, aborting by vote and undo by consent
(issue 18 parts 3 and 4; docs/rules.md, "Resigning, aborting, undoing";
docs/protocol.md, "Resigning, aborting, undoing") against the real
`spb serve`: each is an entry of the move log, an undo returns the state to
exactly the state hash before the action it takes back, refusals have their
codes, and the stored log replays and verifies clean (`spb admin verify`).

usage: test_consent.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import os
import random
import sqlite3
import subprocess
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
    folder = tempfile.mkdtemp(prefix="spb-consent-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"), ("--rate", "2000")).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def login(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("login", name=name, password="correct horse")
    return client


async def table_by_turn(server, players=2):
    """Seats `players` new users at a started table; returns the table id and
    the clients and names in the order the seats act, the first to act first."""
    tag = random.randrange(10**6)
    names = [f"c{i}_{tag}" for i in range(players)]
    clients = [await register(server, name) for name in names]
    table = (await clients[0].ok("create_table", players=players, options={}))["table"]
    for client in clients[1:]:
        await client.ok("join_table", table=table["id"])
    await clients[0].ok("start_table", table=table["id"])
    for client in clients:
        data = await client.ok("subscribe", table=table["id"])
    first = data["view"]["to_act"][0]
    seats = sorted(data["table"]["seats"], key=lambda s: (s["seat"] - first) % players)
    order = [names.index(s["name"]) for s in seats]
    return table["id"], [clients[i] for i in order], [names[i] for i in order]


async def wait_for(predicate, what, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = await predicate()
        if result:
            return result
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def stored_moves(server, table):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute("SELECT move_number, seat, action_json, state_hash FROM moves WHERE table_id = ? "
                          "ORDER BY move_number", (table,)).fetchall()
    finally:
        db.close()


def table_status(server, table):
    db = sqlite3.connect(server.db_path)
    try:
        return db.execute("SELECT status FROM game_tables WHERE id = ?", (table,)).fetchone()[0]
    finally:
        db.close()


def verify(server):
    done = subprocess.run([SPB, "admin", "verify", "--db", server.db_path], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


async def act(client, table, action):
    data = await client.ok("subscribe", table=table)
    return await client.ok("act", table=table, move_number=data["view"]["move_number"] + 1, action=action)


async def error_of(client, type_, **fields):
    reply = await client.call(type_, **fields)
    assert reply["type"] == "error", reply
    return reply["code"]


async def outcomes(client, table):
    """The consent_changed outcomes the client was sent, after a round trip
    (pushes sent before its reply are in)."""
    await client.ok("legal_actions", table=table)
    return [p["outcome"] for p in client.pushes if p["type"] == "consent_changed"]


def a_take_or_buy(legal):
    """An action that shows no face-down card and ends nothing by itself: a
    buy or take from the rows."""
    for wanted in ("buy", "take"):
        for action in legal:
            if action["type"] == wanted and action.get("from") in ("upper", "lower"):
                chosen = dict(action)
                chosen.pop("price", None)
                return chosen
    return None


@test
async def an_accepted_undo_returns_to_the_state_hash_before_the_action(server):
    table, (ann, bob), _ = await table_by_turn(server)
    legal = (await ann.ok("legal_actions", table=table))["actions"]
    action = a_take_or_buy(legal)
    assert action, legal
    before = (await ann.ok("subscribe", table=table))["view"]
    await act(ann, table, action)
    assert (await error_of(bob, "request_undo", table=table)) == "acted_since"
    pending = await ann.ok("request_undo", table=table)
    assert pending["undo"]["seat"] == before["to_act"][0] and pending["undo"]["waiting"] == [1 - pending["undo"]["seat"]]
    assert (await error_of(ann, "request_undo", table=table)) == "request_pending"
    assert (await error_of(ann, "answer_undo", table=table, accept=True)) == "no_request"
    await bob.ok("answer_undo", table=table, accept=True)
    after = (await ann.ok("subscribe", table=table))["view"]
    assert after["move_number"] == 2 and after["to_act"] == before["to_act"], after
    assert after["players"] == before["players"] and after["to_act"] == before["to_act"]
    moves = stored_moves(server, table)
    assert len(moves) == 2 and moves[1][2] == '{"entry":"undo"}', moves
    assert moves[1][3] != moves[0][3]
    # The same action again reaches the same state as the first time: the undo
    # went back to exactly the state before it.
    await act(ann, table, action)
    assert stored_moves(server, table)[2][3] == moves[0][3]
    seen = await outcomes(bob, table)
    assert seen == ["undo_requested", "undone"], seen
    assert f"table {table} (playing): ok" in verify(server)


@test
async def an_undo_takes_the_state_back_to_the_hash_of_the_move_before(server):
    table, (ann, bob), _ = await table_by_turn(server)
    await act(ann, table, {"type": "pass"})
    legal = (await bob.ok("legal_actions", table=table))["actions"]
    action = a_take_or_buy(legal)
    assert action, legal
    await act(bob, table, action)
    await bob.ok("request_undo", table=table)
    await ann.ok("answer_undo", table=table, accept=True)
    moves = stored_moves(server, table)
    assert len(moves) == 3 and moves[2][2] == '{"entry":"undo"}', moves
    assert moves[2][3] == moves[0][3], moves
    view = (await bob.ok("subscribe", table=table))["view"]
    assert view["to_act"] == [moves[1][1]], view
    assert f"table {table} (playing): ok" in verify(server)


@test
async def a_refused_undo_leaves_the_action_standing(server):
    table, (ann, bob), _ = await table_by_turn(server)
    action = a_take_or_buy((await ann.ok("legal_actions", table=table))["actions"])
    await act(ann, table, action)
    await ann.ok("request_undo", table=table)
    await bob.ok("answer_undo", table=table, accept=False)
    assert len(stored_moves(server, table)) == 1
    assert (await error_of(bob, "answer_undo", table=table, accept=True)) == "no_request"
    seen = await outcomes(ann, table)
    assert seen == ["undo_requested", "undo_refused"], seen


@test
async def a_refused_undo_tells_its_asker_whose_request_was_refused(server):
    table, (ann, bob), _ = await table_by_turn(server)
    asker = (await ann.ok("subscribe", table=table))["view"]["to_act"][0]
    await act(ann, table, a_take_or_buy((await ann.ok("legal_actions", table=table))["actions"]))
    await ann.ok("request_undo", table=table)
    await bob.ok("answer_undo", table=table, accept=False)
    await outcomes(ann, table)
    refused = [p for p in ann.pushes if p["type"] == "consent_changed" and p["outcome"] == "undo_refused"]
    assert len(refused) == 1, ann.pushes
    assert refused[0]["asker"] == asker and refused[0]["seat"] == 1 - asker and refused[0]["undo"] is None, refused


@test
async def a_new_move_cancels_a_pending_undo(server):
    table, (ann, bob), _ = await table_by_turn(server)
    action = a_take_or_buy((await ann.ok("legal_actions", table=table))["actions"])
    await act(ann, table, action)
    await ann.ok("request_undo", table=table)
    await act(bob, table, {"type": "pass"})
    assert (await error_of(bob, "answer_undo", table=table, accept=True)) == "no_request"
    assert (await error_of(ann, "request_undo", table=table)) == "acted_since"
    seen = await outcomes(ann, table)
    assert seen == ["undo_requested", "undo_cancelled"], seen


@test
async def an_action_that_showed_a_face_down_card_or_ended_a_phase_is_not_undone(server):
    table, (ann, bob), _ = await table_by_turn(server)
    assert (await error_of(ann, "request_undo", table=table)) == "nothing_to_undo"
    # Both pass: the phase ends, it is scored and the next stack fills the board.
    await act(ann, table, {"type": "pass"})
    await act(bob, table, {"type": "pass"})
    code = await error_of(bob, "request_undo", table=table)
    assert code in ("revealed_hidden_card", "phase_ended"), code
    assert len(stored_moves(server, table)) == 2


@test
async def resigning_hands_the_seat_to_the_robot_and_the_game_still_finishes_and_verifies(server):
    table, (ann, bob), _ = await table_by_turn(server)
    data = await ann.ok("resign", table=table)
    assert data["move_number"] == 1, data
    assert (await error_of(ann, "resign", table=table)) == "seat_resigned"
    assert (await error_of(ann, "reclaim_seat", table=table)) == "seat_resigned"
    assert (await ann.ok("subscribe", table=table))["consent"]["resigned"] == [stored_moves(server, table)[0][1]]

    async def finished():
        data = await bob.ok("subscribe", table=table)
        view = data["view"]
        if view["phase"] == "finished":
            return view
        if data["seat"] in view["to_act"]:
            legal = (await bob.ok("legal_actions", table=table))["actions"]
            passes = [a for a in legal if a["type"] == "pass"]
            choice = dict(passes[-1] if passes else legal[0])
            choice.pop("price", None)
            reply = await bob.call("act", table=table, move_number=view["move_number"] + 1, action=choice)
            assert reply["type"] == "result" or reply["code"] == "stale_move", reply
        return None
    await wait_for(finished, "the game to finish", timeout=300)
    moves = stored_moves(server, table)
    assert moves[0][2] == '{"entry":"resign"}'
    assert f"table {table} (finished): ok" in verify(server)
    record = subprocess.run([SPB, "admin", "export", "--db", server.db_path, "--table", str(table)],
                            capture_output=True, text=True, check=True).stdout
    assert '"entry":"resign"' in record


@test
async def a_unanimous_vote_aborts_the_table_and_a_no_rejects_it(server):
    table, (ann, bob, cat), _ = await table_by_turn(server, players=3)
    await ann.ok("propose_abort", table=table)
    assert (await error_of(ann, "propose_abort", table=table)) == "request_pending"
    assert (await error_of(ann, "vote_abort", table=table, yes=True)) == "no_request"
    await bob.ok("vote_abort", table=table, yes=True)
    assert (await error_of(bob, "vote_abort", table=table, yes=True)) == "already_answered"
    await cat.ok("vote_abort", table=table, yes=False)
    assert table_status(server, table) == "playing"
    # The game goes on; a second proposal passes.
    await act(ann, table, {"type": "pass"})
    await bob.ok("propose_abort", table=table)
    await ann.ok("vote_abort", table=table, yes=True)
    await cat.ok("vote_abort", table=table, yes=True)
    assert table_status(server, table) == "aborted"
    assert (await error_of(bob, "act", table=table, move_number=9, action={"type": "pass"})) == "table_not_playing"
    entries = [m[2] for m in stored_moves(server, table)]
    assert entries == ['{"entry":"abort_proposed"}', '{"entry":"abort_voted"}', '{"entry":"abort_refused"}',
                       '{"type":"pass"}', '{"entry":"abort_proposed"}', '{"entry":"abort_voted"}',
                       '{"entry":"aborted"}'], entries
    seen = await outcomes(cat, table)
    assert seen == ["abort_proposed", "abort_voted", "abort_refused", "abort_proposed", "abort_voted", "aborted"], seen
    assert any(p["type"] == "table_changed" and p["table"]["status"] == "aborted" for p in cat.pushes)
    assert f"table {table} (aborted): ok" in verify(server)


@test
async def a_proposal_to_abort_outlives_a_restart_and_a_pending_undo_does_not(server):
    table, (ann, bob, cat), names = await table_by_turn(server, players=3)
    await ann.ok("propose_abort", table=table)
    await bob.ok("vote_abort", table=table, yes=True)
    action = a_take_or_buy((await ann.ok("legal_actions", table=table))["actions"])
    await act(ann, table, action)
    await ann.ok("request_undo", table=table)
    server.kill()
    server.start()
    ann, bob, cat = [await login(server, n) for n in names]
    consent = (await ann.ok("subscribe", table=table))["consent"]
    assert consent["undo"] is None, consent
    assert len(consent["abort"]["voted"]) == 1 and len(consent["abort"]["waiting"]) == 1, consent
    assert (await error_of(bob, "answer_undo", table=table, accept=True)) == "no_request"
    # Asked again after the restart, the undo goes through.
    await ann.ok("request_undo", table=table)
    await bob.ok("answer_undo", table=table, accept=True)
    await cat.ok("answer_undo", table=table, accept=True)
    moves = stored_moves(server, table)
    assert moves[-1][2] == '{"entry":"undo"}' and moves[-1][3] == moves[-3][3], moves
    await cat.ok("vote_abort", table=table, yes=True)
    assert table_status(server, table) == "aborted"
    assert f"table {table} (aborted): ok" in verify(server)


async def main():
    return await run_tests([(t, fresh_server) for t in TESTS], SCHEMAS, timeout=360)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
