"""Third-party bots (docs/bots.md) through the real `spb serve`: the minimal
bot of docs/examples/bot.py, run as it is, plays a whole game against the
server's robot and the game is stored and rated in the bots' pool, never in
people's; an owner's become_bot and an administrator's admin_flag_bot;
`bot: true` on seats, the lobby, profiles and sessions; tables for people
only refuse bots with bots_not_allowed; and a bot's connection has its own,
narrower rate limit. SPB_TEST_DB=postgresql runs it on PostgreSQL.

usage: test_bots.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile

from harness import Client, Server, run_tests
from pg_cluster import database_location, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
BOT_FILE = os.path.join(ROOT, "docs", "examples", "bot.py")
ADMIN = "bots-admin-token-0123"
TESTS = []


def test(f):
    TESTS.append(f)
    return f


def fresh_server(*extra):
    folder = tempfile.mkdtemp(prefix="spb-bots-it-")
    return Server(SPB, database_location(folder), ("--rate", "5000", "--admin-token", ADMIN) + extra).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    data = await client.ok("register", name=name, password="correct horse")
    return client, data["user"]


@test
async def the_documented_bot_plays_a_whole_game_rated_in_the_bots_pool(server):
    process = await asyncio.create_subprocess_exec(
        "/usr/bin/python3", BOT_FILE, server.url(), "tsar_bot", "correct horse", "--register", "--seed", "7",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 300)
    assert process.returncode == 0, err.decode()
    report = json.loads(out.decode().strip().splitlines()[-1])
    table = report["table"]
    assert report["seat"] == 0 and report["place"] in (1, 2), report
    assert report["ratings"]["bot_two_player"]["games"] == 1, report

    watcher, _ = await register(server, "watcher")
    assert rows(server.db_path, "SELECT status FROM game_tables WHERE id = ?", (table,)) == [("finished",)]
    profile = await watcher.ok("profile", name="tsar_bot")
    assert profile["bot"] is True, profile
    assert profile["ratings"]["two_player"]["games"] == 0, profile
    assert profile["ratings"]["bot_two_player"]["games"] == 1, profile
    assert [g["pool"] for g in profile["history"]] == ["bot_two_player"], profile["history"]
    summary = (await watcher.ok("subscribe", table=table))["table"]
    bot_seat = [s for s in summary["seats"] if s["name"] == "tsar_bot"][0]
    assert bot_seat.get("bot") is True, summary
    assert all("bot" not in s for s in summary["seats"] if s["name"] != "tsar_bot"), summary
    # In the database: the results in the bots' pool, no rating in people's.
    pools = rows(server.db_path, "SELECT DISTINCT pool FROM game_results WHERE table_id = ?", (table,))
    assert pools == [("bot_two_player",)], pools
    bots = rows(server.db_path, "SELECT id FROM users WHERE is_bot = 1", ())
    assert len(bots) == 1, bots
    kept = rows(server.db_path, "SELECT pool, games FROM ratings WHERE user_id = ?", (bots[0][0],))
    assert kept == [("bot_two_player", 1)], kept
    # In the lobby, the seats of a table with a bot seated stand in the bots' pool.
    bot = await Client.connect(server, SCHEMAS)
    await bot.ok("login", name="tsar_bot", password="correct horse")
    again = (await bot.ok("create_table", players=2, bots_allowed=True))["table"]
    listed = {t["id"]: t for t in (await watcher.ok("list_tables"))["tables"]}[again["id"]]
    assert listed["seats"][0]["standing"]["rated_games"] == 1, listed
    # Rating every finished game again gives the same pools and ratings.
    checked = subprocess.run([SPB, "admin", "ratings", "--db", server.db_path], capture_output=True, text=True)
    assert checked.returncode == 0 and "the ratings agree" in checked.stdout, checked.stdout + checked.stderr


@test
async def a_bot_is_flagged_by_its_owner_once_or_by_an_administrator_and_labelled(server):
    ann, _ = await register(server, "ann")
    bot, user = await register(server, "rook_bot")
    assert "bot" not in user, user
    became = await bot.ok("become_bot")
    assert became["permanent"] is True and became["user"] == {"id": user["id"], "name": "rook_bot", "bot": True}, became
    # Again: still a bot, still permanent.
    assert (await bot.ok("become_bot"))["user"]["bot"] is True
    relogged = await Client.connect(server, SCHEMAS)
    assert (await relogged.ok("login", name="rook_bot", password="correct horse"))["user"]["bot"] is True

    # An account that sat at a table cannot become a bot: its games were people's.
    await ann.ok("create_table", players=2)
    refused = await ann.call("become_bot")
    assert refused["type"] == "error" and refused["code"] == "bot_has_games", refused
    assert "never sat at a table" in refused["message"], refused
    assert "bot" not in (await ann.ok("profile", name="ann")), "ann stays a person"

    # An administrator flags any account, and the act is in the administrators' log.
    carl, _ = await register(server, "carl")
    await carl.ok("create_table", players=3)
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token=ADMIN)
    flagged = await admin.ok("admin_flag_bot", name="carl")
    assert flagged["user"]["name"] == "carl" and flagged["user"]["bot"] is True, flagged
    missing = await admin.call("admin_flag_bot", name="nobody_here")
    assert missing["type"] == "error" and missing["code"] == "no_such_user", missing
    refused = await carl.call("admin_flag_bot", name="ann")
    assert refused["type"] == "error" and refused["code"] == "not_administrator", refused
    log = (await admin.ok("admin_log"))["entries"]
    acts = [(e["request"], e["outcome"]) for e in log if e["request"] == "admin_flag_bot"]
    assert ("admin_flag_bot", "ok") in acts and ("admin_flag_bot", "no_such_user") in acts, log
    profile = await ann.ok("profile", name="carl")
    assert profile["bot"] is True and "bot_two_player" in profile["ratings"], profile
    lobby = {t["name"]: t for t in (await ann.ok("list_tables"))["tables"]}
    carl_seat = lobby["carl's table"]["seats"][0]
    assert carl_seat["name"] == "carl" and carl_seat["bot"] is True, lobby
    ann_seat = lobby["ann's table"]["seats"][0]
    assert "bot" not in ann_seat, lobby


@test
async def tables_for_people_only_refuse_bots_with_a_stable_code(server):
    ann, _ = await register(server, "ann")
    bot, _ = await register(server, "knight_bot")
    await bot.ok("become_bot")
    people_only = (await ann.ok("create_table", players=3))["table"]
    assert "bots_allowed" not in people_only, people_only
    refused = await bot.call("join_table", table=people_only["id"])
    assert refused["type"] == "error" and refused["code"] == "bots_not_allowed", refused
    assert "people only" in refused["message"], refused
    # A bot creating a table it would sit at must say that bots may sit.
    refused = await bot.call("create_table", players=2)
    assert refused["type"] == "error" and refused["code"] == "bots_not_allowed", refused
    assert "bots_allowed" in refused["message"], refused
    open_to_bots = (await ann.ok("create_table", players=3, bots_allowed=True))["table"]
    assert open_to_bots["bots_allowed"] is True, open_to_bots
    joined = (await bot.ok("join_table", table=open_to_bots["id"]))["table"]
    assert [s.get("bot", False) for s in joined["seats"]] == [False, True], joined
    lobby = {t["id"]: t for t in (await ann.ok("list_tables"))["tables"]}
    assert lobby[open_to_bots["id"]]["bots_allowed"] is True and "bots_allowed" not in lobby[people_only["id"]], lobby
    # A person joins either.
    bob, _ = await register(server, "bob")
    await bob.ok("join_table", table=people_only["id"])
    await bob.ok("join_table", table=open_to_bots["id"])


async def refusals_in_a_burst(client, count):
    """Sends `count` requests at once, then reads their answers: how many were rate_limited."""
    for n in range(count):
        await client.send_raw(json.dumps({"type": "my_tables", "id": 1000 + n}))
    refused = 0
    answered = 0
    while answered < count:
        message = await client.receive()
        if message.get("id", 0) >= 1000 and message["type"] in ("result", "error"):
            answered += 1
            refused += message["type"] == "error" and message["code"] == "rate_limited"
    return refused


@test
async def a_bots_connection_goes_through_the_bots_own_rate_limit(server):
    person, _ = await register(server, "person")
    bot, _ = await register(server, "pawn_bot")
    await bot.ok("become_bot")
    # --rate 5000 for people, --bot-rate 2 (bursts of 4) for bots.
    assert await refusals_in_a_burst(person, 12) == 0
    assert await refusals_in_a_burst(bot, 12) >= 6
    # Logged in again on a new connection, it is still a bot's.
    again = await Client.connect(server, SCHEMAS)
    await again.ok("login", name="pawn_bot", password="correct horse")
    assert await refusals_in_a_burst(again, 12) >= 6


sys.exit(asyncio.run(run_tests(
    [(fn, (lambda: fresh_server("--bot-rate", "2")) if "rate_limit" in fn.__name__ else fresh_server) for fn in TESTS],
    SCHEMAS, 600)))
