"""Integration tests of a player's export of their own data (issue 37,
docs/records.md "Account export") against the real `spb serve`: what the
document holds and what it never holds, a finished game's record that `spb
verify-deal` proves from the file, a game still played listed without its
record, and the limit on exports.

usage: test_account_export.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import os
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
PASSWORD = "correct horse"


def test(fn):
    TESTS.append(fn)
    return fn


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    data = await client.ok("register", name=name, password=PASSWORD)
    return client, data["token"]


async def wait_for(predicate, what, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = await predicate()
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError("timed out waiting for " + what)


async def finished_robot_game(ann):
    """A table of ann and a robot where ann chats, then resigns: the robot
    plays her seat too, and the game ends on its own."""
    table = (await ann.ok("create_table", players=2, robots=1, name="Ann and the robot"))["table"]["id"]
    await ann.ok("start_table", table=table)
    await ann.ok("chat", table=table, text="Good luck, robot")
    await ann.ok("resign", table=table)

    async def finished():
        reply = await ann.call("table_record", table=table)
        return reply["type"] == "result"
    await wait_for(finished, "the robot to finish the game")
    return table


def verify_deal_of_file(export):
    """`spb verify-deal` run as a player would: on the export saved as a file."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(export, f)
    try:
        return subprocess.run([SPB, "verify-deal", f.name], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(f.name)


@test
async def an_export_holds_the_players_data_and_the_record_of_each_finished_game_that_verify_deal_proves(server):
    ann, ann_token = await register(server, "ann")
    bob, _ = await register(server, "bob")
    finished = await finished_robot_game(ann)
    playing = (await ann.ok("create_table", players=2, name="Ann and Bob"))["table"]["id"]
    await bob.ok("join_table", table=playing)
    await ann.ok("start_table", table=playing)
    await ann.ok("chat", table=playing, text="Hello Bob")
    await bob.ok("chat", table=playing, text="Hello Ann, my secret plan is ready")
    await ann.ok("set_notice_settings", language="fr", digest_hour=9)

    export = await ann.ok("export_account")
    assert export["format"] == "spb-account-export" and export["version"] == 1, export
    assert export["account"]["name"] == "ann", export["account"]
    assert export["settings"]["language"] == "fr" and export["settings"]["digest_hour"] == 9, export["settings"]
    assert export["profile"]["name"] == "ann" and export["profile"]["games_played"] >= 1, export["profile"]
    assert sorted(s["table"] for s in export["seats"]) == [finished, playing], export["seats"]
    assert {s["table"]: s["status"] for s in export["seats"]} == {finished: "finished", playing: "playing"}
    chat = [(c["table"], c["text"]) for c in export["chat"]]
    assert chat == [(finished, "Good luck, robot"), (playing, "Hello Bob")], chat
    assert [g["header"]["table"]["id"] for g in export["games"]] == [finished], "only the finished game's record"
    assert export["webhook_url"] is None and export["push_devices"] == []
    assert any(n["table"] == finished for n in export["notifications"]), export["notifications"]
    text = json.dumps(export)
    assert ann_token not in text and "secret plan" not in text and "password" not in text

    proof = verify_deal_of_file(export)
    assert proof.returncode == 0, proof.stdout + proof.stderr
    assert f"Table {finished}" in proof.stdout and f"Table {playing}" not in proof.stdout, proof.stdout


@test
async def a_tampered_game_in_an_export_is_not_proven(server):
    ann, _ = await register(server, "ann")
    await finished_robot_game(ann)
    export = await ann.ok("export_account")
    record = export["games"][0]
    record["header"]["seed"] = str(int(record["header"]["seed"]) + 1)
    proof = verify_deal_of_file(export)
    assert proof.returncode == 1, proof.stdout + proof.stderr


@test
async def a_players_name_is_in_no_hash_nor_commitment_so_a_renamed_players_games_still_verify(server):
    """What deleting an account (issue 37) rests on: replacing a name by a
    pseudonym in the database leaves every stored game replaying to its
    hashes, and its record's deal proven from its commitment."""
    ann, _ = await register(server, "ann")
    table = await finished_robot_game(ann)
    db = sqlite3.connect(server.db_path)
    try:
        with db:
            db.execute("UPDATE users SET name = 'player-7f3a' WHERE name = 'ann'")
    finally:
        db.close()
    verify = subprocess.run([SPB, "admin", "verify", "--db", server.db_path], capture_output=True, text=True, timeout=120)
    assert verify.returncode == 0 and f"table {table} (finished): ok" in verify.stdout, verify.stdout + verify.stderr
    record = subprocess.run([SPB, "admin", "export", "--db", server.db_path, "--table", str(table)],
                            capture_output=True, text=True, timeout=60, check=True).stdout
    assert "player-7f3a" in record and '"ann"' not in record, record[:400]
    proof = subprocess.run([SPB, "verify-deal", "-"], input=record, capture_output=True, text=True, timeout=60)
    assert proof.returncode == 0 and "  FAIL  " not in proof.stdout and "matches the commitment" in proof.stdout, proof.stdout


@test
async def an_export_needs_a_login_and_an_account_may_export_six_times_an_hour(server):
    nobody = await Client.connect(server, SCHEMAS)
    refused = await nobody.call("export_account")
    assert refused["type"] == "error" and refused["code"] == "not_logged_in", refused
    ann, _ = await register(server, "ann")
    for _ in range(6):
        await ann.ok("export_account")
    refused = await ann.call("export_account")
    assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
    bob, _ = await register(server, "bob")
    await bob.ok("export_account")


def fresh_server():
    folder = tempfile.mkdtemp(prefix="spb-export-")
    server = Server(SPB, os.path.join(folder, "spb.sqlite"))
    server.start()
    return server


async def main():
    return await run_tests([(fn, fresh_server) for fn in TESTS], SCHEMAS, 240)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
