"""spb admin migrate between SQLite and PostgreSQL, on real databases: a site
played on SQLite by the real `spb serve` (games to their end and midway,
chat, a vacation, an admin act) is copied to a PostgreSQL server the test
starts (pg_cluster.py), proven by replay, served from there, and copied back
to SQLite identical row for row. Refusals: a target that is not empty, a
source that does not exist, backup on PostgreSQL, a PostgreSQL nobody listens
on.

usage: test_migrate.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

from harness import Client, Server
from pg_cluster import cluster, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TOKEN = "the administrator's secret token"
WORK = tempfile.mkdtemp(prefix="spb-migrate-it-")

# Every table of the schema, with a key that orders its rows.
TABLES = {
    "users": "id", "sessions": "token_hash", "game_tables": "id", "seats": "table_id, seat",
    "invitations": "table_id, user_id", "moves": "table_id, move_number", "snapshots": "table_id, move_number",
    "chat": "id", "vacations": "id", "notifications": "id", "push_subscriptions": "id", "webhook_outbox": "id",
    "admin_actions": "id", "user_emails": "user_id", "notice_settings": "user_id", "notice_choices": "user_id, kind",
    "email_outbox": "id", "deadline_warnings": "table_id, deadline_at, hours_before", "server_keys": "purpose",
    "vapid_keys": "id",
}


def spb(*args):
    return subprocess.run([SPB, *args], capture_output=True, text=True, timeout=300)


async def play(client_by_seat, table, moves, rng):
    """Up to `moves` random legal moves (test_server.py's way)."""
    any_client = next(iter(client_by_seat.values()))
    view = (await any_client.ok("subscribe", table=table))["view"]
    for _ in range(moves):
        if view["phase"] == "finished":
            return
        client = client_by_seat[view["to_act"][0]]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        choice = dict(rng.choice(legal))
        choice.pop("price")
        await client.ok("act", table=table, move_number=view["move_number"] + 1, action=choice)
        view = (await client.ok("subscribe", table=table))["view"]


async def fill_site(server):
    """Two players, a game played to its end, one midway, chat, a vacation and
    an administrator's act."""
    rng = random.Random(16)
    clients = []
    for name in ("ann", "bob"):
        client = await Client.connect(server, SCHEMAS)
        await client.ok("register", name=name, password="correct horse")
        clients.append(client)
    tables = []
    for moves in (100000, 40):
        table = (await clients[0].ok("create_table", players=2, options={}))["table"]["id"]
        await clients[1].ok("join_table", table=table)
        await clients[0].ok("start_table", table=table)
        seats = {}
        for client in clients:
            seats[(await client.ok("subscribe", table=table))["seat"]] = client
        await clients[0].ok("chat", table=table, text=f"good luck at table {table}")
        await play(seats, table, moves, rng)
        tables.append(table)
    await clients[1].ok("set_vacation", days=3)
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token=TOKEN)
    await admin.ok("admin_view", table=tables[1])
    for client in clients + [admin]:
        await client.close()
    return tables


def dump(location):
    """Every row of every table, in key order, as Python values."""
    out = {}
    for table, key in TABLES.items():
        out[table] = [tuple(r) for r in rows(location, f"SELECT * FROM {table} ORDER BY {key}")]
    return out


def sqlite_dump(path):
    db = sqlite3.connect(path)
    try:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY {k}").fetchall() for t, k in TABLES.items()}
    finally:
        db.close()


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def main():
    source = os.path.join(WORK, "site.sqlite")
    server = Server(SPB, source, ("--admin-token", TOKEN, "--rate", "2000")).start()
    try:
        tables = await fill_site(server)
    finally:
        check(server.stop() == 0, "the SQLite server did not stop cleanly: " + server.log_text()[-2000:])
    print("PASS a site played on SQLite:", tables)

    pg = cluster().fresh_database()
    result = spb("admin", "migrate", "--from", source, "--to", pg)
    check(result.returncode == 0, f"migrate to PostgreSQL: {result.returncode}\n{result.stdout}{result.stderr}")
    check("moves: " in result.stdout and " 0 diverge" in result.stdout, result.stdout)
    before = sqlite_dump(source)
    for table, count in ((t, len(r)) for t, r in before.items()):
        check(rows(pg, f"SELECT count(*) FROM {table}")[0][0] == count, f"{table}: the copy's count differs")
    check(len(before["moves"]) > 40 and len(before["chat"]) == 2 and len(before["snapshots"]) >= 1, before["chat"])
    print("PASS migrate SQLite -> PostgreSQL copies every row and replays every table")

    verify = spb("admin", "verify", "--db", pg)
    check(verify.returncode == 0 and "0 diverge" in verify.stdout, verify.stdout + verify.stderr)
    print("PASS spb admin verify on PostgreSQL")

    served = Server(SPB, pg, ("--rate", "2000")).start()
    try:
        ann = await Client.connect(served, SCHEMAS)
        await ann.ok("login", name="ann", password="correct horse")
        mine = await ann.ok("my_tables")
        ids = sorted(t["id"] for t in mine["tables"])
        check(ids == sorted(tables), mine)
        view = (await ann.ok("subscribe", table=tables[1]))["view"]
        check(view["move_number"] == 40, view["move_number"])
        history = await ann.ok("chat_history", table=tables[1])
        check([line["text"] for line in history["messages"]] == [f"good luck at table {tables[1]}"], history)
        # New rows get new ids after the copied ones.
        bob = await Client.connect(served, SCHEMAS)
        await bob.ok("register", name="cid", password="correct horse")
        await ann.close()
        await bob.close()
    finally:
        check(served.stop() == 0, "the PostgreSQL server did not stop cleanly: " + served.log_text()[-2000:])
    check(rows(pg, "SELECT id FROM users WHERE name = 'cid'")[0][0] > max(r[0] for r in before["users"]),
          "a user registered after the copy reused an id")
    print("PASS spb serve on the copy: logins, tables, chat, new ids")

    back = os.path.join(WORK, "back.sqlite")
    result = spb("admin", "migrate", "--from", pg, "--to", back)
    check(result.returncode == 0, f"migrate back: {result.returncode}\n{result.stdout}{result.stderr}")
    after = sqlite_dump(back)
    for table, old in before.items():
        new = after[table]
        if table in ("users", "sessions"):  # cid registered and logged in on PostgreSQL
            new = [r for r in new if r in old]
        check(new == old, f"{table} differs after the round trip")
    print("PASS migrate PostgreSQL -> SQLite gives back the same rows")

    result = spb("admin", "migrate", "--from", source, "--to", pg)
    check(result.returncode == 2 and "not empty" in result.stderr, result.stderr)
    result = spb("admin", "migrate", "--from", os.path.join(WORK, "typo.sqlite"), "--to", cluster().fresh_database())
    check(result.returncode == 2 and "there is no database" in result.stderr, result.stderr)
    result = spb("admin", "backup", "--db", pg, "--to", os.path.join(WORK, "b.sqlite"))
    check(result.returncode == 2 and "pg_dump" in result.stderr, result.stderr)
    nobody = f"host={WORK} port=1 user=spb dbname=spb connect_timeout=2"
    result = spb("admin", "verify", "--db", nobody)
    check(result.returncode == 2 and "cannot connect to PostgreSQL" in result.stderr, result.stderr)
    served = subprocess.run([SPB, "serve", "--listen", "127.0.0.1:0", "--db", nobody], capture_output=True, text=True,
                            timeout=60)
    check(served.returncode == 1 and "cannot be used" in served.stderr + served.stdout, served.stderr + served.stdout)
    print("PASS refusals: a target not empty, a missing source, backup on PostgreSQL, nobody listening")


asyncio.run(asyncio.wait_for(main(), 600))
print("all passed")
