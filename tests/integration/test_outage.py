"""A PostgreSQL outage under a node (issue 34 part 3): real `spb serve`, a real
PostgreSQL started by the test (pg_cluster.py) and stopped under it.

While the database is down a move is refused with the retryable
`storage_unavailable`, never `table_faulted`; /readyz says the database does
not answer; no table is counted stopped. Once PostgreSQL is back, the same
move sent again is acknowledged (or answered `duplicate`), the robot at the
table answers by itself, every acknowledged move is stored and
`spb admin verify` is clean.

usage: test_outage.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import subprocess
import sys
import time
import traceback

from harness import Client, Server
from pg_cluster import cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
PASSWORD = "correct horse"



async def my_turn(client, table, timeout=20):
    deadline = time.time() + timeout
    while True:
        data = await client.ok("subscribe", table=table)
        if data["view"]["to_act"] == [data["seat"]]:
            return data
        assert time.time() < deadline, "not my turn"
        await asyncio.sleep(0.2)


def first_action(data):
    legal = [a for a in data["legal_actions"] if a["type"] != "pass"] or data["legal_actions"]
    action = dict(legal[0])
    action.pop("price")
    return action


async def a_move_during_an_outage_is_retryable_and_the_table_resumes():
    db = cluster().fresh_database()
    server = Server(SPB, db, ["--lease-seconds", "3", "--node-name", "outage"]).start()
    pg_stopped = False
    try:
        ann = await Client.connect(server, SCHEMAS)
        await ann.ok("register", name="ann_outage", password=PASSWORD)
        table = (await ann.ok("create_table", players=2, robots=1))["table"]["id"]
        await ann.ok("start_table", table=table)
        data = await my_turn(ann, table)
        number, action = data["view"]["move_number"] + 1, first_action(data)

        cluster().stop_server()
        pg_stopped = True
        reply = await ann.call("act", table=table, move_number=number, action=action)
        assert reply["type"] == "error" and reply["code"] == "storage_unavailable", reply
        # Asked again while still down: the table is read again, and the read fails the same way.
        again = await ann.call("act", table=table, move_number=number, action=action)
        assert again["type"] == "error" and again["code"] == "storage_unavailable", again
        print("ok - a move while PostgreSQL is down: storage_unavailable, twice")
        # A check answered within the last second is answered again as it was:
        # the node says so within a few seconds, not at once.
        deadline = time.time() + 10
        while True:
            status, body = server.get("/readyz")
            if status == 503:
                break
            assert time.time() < deadline, (status, body)
            await asyncio.sleep(0.2)
        assert "database" in body, body
        assert server.metric("spb_tables_stopped") == 0
        assert server.metric("spb_db_commit_failures_total") >= 1
        print("ok - /readyz 503, no table stopped, commit failures counted")

        cluster().start_server()
        pg_stopped = False
        back = time.time()
        while True:
            reply = await ann.call("act", table=table, move_number=number, action=action)
            if reply["type"] == "result" or reply.get("code") == "duplicate":
                break
            assert reply["code"] in ("storage_unavailable", "table_moved"), reply
            assert time.time() - back < 30, reply
            await asyncio.sleep(0.5)
        print(f"ok - the move sent again is acknowledged {time.time() - back:.1f} s after PostgreSQL is back")

        # The robot answers by itself: nobody asks for its move.
        deadline = time.time() + 20
        while (await ann.ok("subscribe", table=table))["view"]["move_number"] <= number:
            assert time.time() < deadline, "the robot did not answer"
            await asyncio.sleep(0.3)
        print("ok - the robot at the table answers by itself")
        stored = [n for (n,) in rows(db, "SELECT move_number FROM moves WHERE table_id = ?", (table,))]
        assert number in stored, stored
        deadline = time.time() + 10  # the readiness check reads again at most once a second
        while server.get("/readyz")[0] != 200:
            assert time.time() < deadline, server.get("/readyz")
            await asyncio.sleep(0.2)
        assert server.metric("spb_tables_stopped") == 0
        # The one table is played here again, under a lease, and counted once.
        assert server.metric("spb_tables_active") == 1, server.get("/metrics")[1]
        assert server.metric("spb_leases_held") == 1
        await ann.close()
    finally:
        if pg_stopped:
            cluster().start_server()
        server.stop()
    result = subprocess.run([SPB, "admin", "verify", "--db", db], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and " 0 diverge" in result.stdout, result.stdout + result.stderr
    print("ok - spb admin verify is clean")


async def main():
    try:
        await asyncio.wait_for(a_move_during_an_outage_is_retryable_and_the_table_resumes(), 240)
        print("PASS a_move_during_an_outage_is_retryable_and_the_table_resumes")
        return 0
    except Exception:
        print("FAIL a_move_during_an_outage_is_retryable_and_the_table_resumes")
        traceback.print_exc()
        return 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
