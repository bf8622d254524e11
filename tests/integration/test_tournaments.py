"""Integration tests of tournaments (issue 36, docs/tournaments.md) against the
real `spb serve`: creating one, registering and withdrawing, its rounds started
by the server at their time, played to their end by robots standing in after
timeouts, the next round paired from the standings, and the results. Time is
the server's test clock (--test-clock), moved by debug_advance_clock.
SPB_TEST_DB=postgresql runs them on PostgreSQL.

usage: test_tournaments.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import hashlib
import json
import secrets
import subprocess
import sys
import tempfile
import time

from harness import Client, Server, run_tests
from pg_cluster import database_location
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
ADMIN = "tournament-admin-token"
START = 1_800_000_000  # the test clock's start, unix seconds
HOUR = 3600
# Each table's pace: an hour a move, and the robot takes a seat at its first timeout.
TABLES = {"players": 3, "move_deadline_hours": 1, "timeout_policy": {"takeover_after": 1, "takeover_by": "robot"}}


def test(fn):
    TESTS.append(fn)
    return fn


def fresh_server(*extra):
    folder = tempfile.mkdtemp(prefix="spb-tournament-")
    # Robots standing in move at once, so a round's games end within a few hours of the test clock.
    args = ("--rate", "2000", "--admin-token", ADMIN, "--test-clock", str(START), "--stand-in-wait", "0")
    return Server(SPB, database_location(folder), args + tuple(extra)).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def advance(client, seconds):
    return (await client.ok("debug_advance_clock", seconds=seconds, admin_token=ADMIN))["now"]


async def wait_for(predicate, what, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await predicate():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


async def create(client, **fields):
    request = {"name": "Autumn Swiss", "format": "swiss", "rounds": 2, "table": TABLES,
               "registration_closes_at": START + HOUR, "starts_at": START + HOUR}
    request.update(fields)
    return (await client.ok("create_tournament", **request))["tournament"]


async def view(client, tournament):
    return await client.ok("tournament", tournament=tournament)


async def play_rounds_out(client, tournament, until):
    """Moves the clock an hour at a time: each waiting seat times out, the robot
    takes it and plays on, until `until(view)` holds."""
    for _ in range(120):
        shown = await view(client, tournament)
        if until(shown):
            return shown
        await advance(client, HOUR)
        await asyncio.sleep(0.2)
    raise AssertionError("the tournament did not get there: " + str(await view(client, tournament)))


@test
async def registering_is_checked_and_withdrawing_before_the_start_frees_the_place(server):
    ann = await register(server, "ann_reg")
    boris = await register(server, "boris_reg")
    t = await create(ann, max_players=3)
    assert t["status"] == "registering" and t["registered"] == 0 and t["you_registered"] is False, t
    # Projected from simulated games at an hour a move: two rounds end some days after the start.
    assert t["starts_at"] + 2 * HOUR < t["projected_finish"] < t["starts_at"] + 60 * 24 * HOUR, t
    assert (await ann.ok("register_tournament", tournament=t["id"]))["tournament"]["registered"] == 1
    again = await ann.call("register_tournament", tournament=t["id"])
    assert again["type"] == "error" and again["code"] == "already_registered", again
    await boris.ok("register_tournament", tournament=t["id"])
    carol = await register(server, "carol_reg")
    await carol.ok("register_tournament", tournament=t["id"])
    dave = await register(server, "dave_reg")
    full = await dave.call("register_tournament", tournament=t["id"])
    assert full["type"] == "error" and full["code"] == "tournament_full", full
    left = (await carol.ok("withdraw_tournament", tournament=t["id"]))["tournament"]
    assert left["registered"] == 2 and left["you_registered"] is False, left
    await dave.ok("register_tournament", tournament=t["id"])
    listed = (await dave.ok("list_tournaments"))["tournaments"]
    assert [x["id"] for x in listed] == [t["id"]] and listed[0]["you_registered"] is True, listed
    missing = await dave.call("register_tournament", tournament=t["id"] + 100)
    assert missing["type"] == "error" and missing["code"] == "no_such_tournament", missing
    # Registration closes at its time.
    await advance(ann, HOUR)
    closed = await (await register(server, "erin_reg")).call("register_tournament", tournament=t["id"])
    assert closed["type"] == "error" and closed["code"] == "registration_closed", closed


@test
async def a_tournament_refuses_dates_past_and_options_its_tables_cannot_be_dealt_with(server):
    ann = await register(server, "ann_bad")
    past = await ann.call("create_tournament", name="Late", format="swiss", rounds=2, table=TABLES,
                          registration_closes_at=START - 1, starts_at=START + HOUR)
    assert past["type"] == "error" and past["code"] == "bad_request" and "registration_closes_at" in past["message"], past
    five = dict(TABLES, players=5)
    # Five players need The New Society; a Swiss tournament may also seat tables of four.
    undealt = await ann.call("create_tournament", name="Five", format="swiss", rounds=2, table=five,
                             registration_closes_at=START + HOUR, starts_at=START + HOUR)
    assert undealt["type"] == "error" and undealt["code"] == "bad_request" and "table" in undealt["message"], undealt


@test
async def a_swiss_tournament_of_forty_plays_four_rounds_to_the_end_with_robots_standing_in(server):
    names = [f"p{i}_swiss" for i in range(40)]
    clients = [await register(server, name) for name in names]
    organiser = clients[0]
    t = await create(organiser, rounds=4, table=dict(TABLES, players=4))
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    await advance(organiser, HOUR)

    async def round_one():
        shown = await view(organiser, t["id"])
        return len(shown["rounds"]) == 1 and len(shown["rounds"][0]["tables"]) == 10
    await wait_for(round_one, "round 1's tables")
    shown = await view(organiser, t["id"])
    assert shown["tournament"]["status"] == "playing" and shown["tournament"]["current_round"] == 1, shown
    # Each player finds their table among their tables, marked as the tournament's.
    mine = (await clients[4].ok("my_tables"))["tables"]
    marked = [x for x in mine if x.get("tournament", {}).get("id") == t["id"]]
    assert len(marked) == 1 and marked[0]["tournament"]["round"] == 1, mine
    notes = (await clients[4].ok("notifications"))["notifications"]
    assert any(n["kind"] == "tournament_round" for n in notes), notes

    shown = await play_rounds_out(organiser, t["id"], lambda v: v["tournament"]["status"] == "finished")
    assert len(shown["rounds"]) == 4, shown["rounds"]
    for played in shown["rounds"]:
        # Every player at exactly one table of each round, every table played to its end.
        seated = sorted(name for table in played["tables"] for name in table["seats"])
        assert seated == sorted(names) and played["status"] == "finished", played
        assert all(table["status"] == "finished" for table in played["tables"]), played
    # Round 2 is paired from the standings: nobody meets a player met in round 1.
    met = [{frozenset((a, b)) for table in r["tables"] for a in table["seats"] for b in table["seats"] if a != b}
           for r in shown["rounds"]]
    assert not met[0] & met[1], met[0] & met[1]
    standings = shown["standings"]
    assert len(standings) == 40 and all(row["games"] == 4 for row in standings), standings
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings), standings
    # 12, 8, 4 and 0 points at each of 10 tables in 4 rounds, shared or not.
    assert sum(row["points"] for row in standings) == 4 * 10 * 24, standings
    notes = (await clients[4].ok("notifications"))["notifications"]
    finished = [n for n in notes if n["kind"] == "tournament_finished"]
    mine = next(row for row in standings if row["name"] == names[4])
    assert len(finished) == 1 and finished[0]["details"]["rank"] == mine["rank"], finished


@test
async def a_player_who_withdraws_during_play_is_replaced_by_the_robot_and_not_paired_again(server):
    names = [f"w{i}_swiss" for i in range(6)]
    clients = [await register(server, name) for name in names]
    t = await create(clients[0])
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    await advance(clients[0], HOUR)

    async def round_one():
        return len((await view(clients[0], t["id"]))["rounds"]) == 1
    await wait_for(round_one, "round 1")
    table = next(x for x in (await clients[5].ok("my_tables"))["tables"] if x.get("tournament"))
    await clients[5].ok("withdraw_tournament", tournament=t["id"])

    async def robot_plays():
        summary = (await clients[0].ok("subscribe", table=table["id"]))["table"]
        seat = next(s for s in summary["seats"] if s["name"] == names[5])
        return seat["controller"] == "robot"
    await wait_for(robot_plays, "the robot to take the seat of the player who withdrew")
    shown = await play_rounds_out(clients[0], t["id"], lambda v: len(v["rounds"]) == 2)
    assert names[5] not in [name for x in shown["rounds"][1]["tables"] for name in x["seats"]], shown
    player = next(p for p in shown["players"] if p["name"] == names[5])
    assert player["left"] == "withdrew", player
    again = await clients[5].call("withdraw_tournament", tournament=t["id"])
    assert again["type"] == "error" and again["code"] == "not_registered", again


@test
async def an_administrator_disqualifies_a_player_with_a_reason_the_tournament_shows(server):
    clients = [await register(server, f"d{i}_disq") for i in range(6)]
    t = await create(clients[0])
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    await advance(clients[0], HOUR)

    async def round_one():
        return len((await view(clients[0], t["id"]))["rounds"]) == 1
    await wait_for(round_one, "round 1")
    admin = await Client.connect(server, SCHEMAS)
    await admin.ok("admin_login", token=ADMIN)
    unknown = await admin.call("admin_disqualify", tournament=t["id"], name="nobody_disq", reason="cheating")
    assert unknown["type"] == "error" and unknown["code"] == "no_such_user", unknown
    await admin.ok("admin_disqualify", tournament=t["id"], name="d2_disq", reason="played two accounts")
    player = next(p for p in (await view(clients[0], t["id"]))["players"] if p["name"] == "d2_disq")
    assert player["left"] == "disqualified" and player["left_reason"] == "played two accounts", player
    logged = (await admin.ok("admin_log"))["entries"]
    assert any(a["request"] == "admin_disqualify" and a["outcome"] == "ok" for a in logged), logged


@test
async def the_finish_date_holds_no_round_starts_after_it_and_robots_finish_the_tables_as_draws(server):
    clients = [await register(server, f"f{i}_date") for i in range(6)]
    slow = dict(TABLES, move_deadline_hours=48)  # nobody times out before the date
    t = await create(clients[0], rounds=3, table=slow, finish_by=START + 3 * HOUR)
    assert t["finish_by"] == START + 3 * HOUR, t
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    await advance(clients[0], HOUR)

    async def round_one():
        return len((await view(clients[0], t["id"]))["rounds"]) == 1
    await wait_for(round_one, "round 1")
    await advance(clients[0], 2 * HOUR)  # the finish date

    async def finished():
        return (await view(clients[0], t["id"]))["tournament"]["status"] == "finished"
    await wait_for(finished, "the robots to finish round 1 and the tournament to end")
    shown = await view(clients[0], t["id"])
    assert len(shown["rounds"]) == 1, shown
    # Every seat was handed over at the date: each table scores as a draw, 6 points a player.
    assert all(row["points"] == 6 for row in shown["standings"]), shown["standings"]


@test
async def only_administrators_create_tournaments_where_the_site_says_so(server):
    server.stop()
    server.extra_args += ["--tournaments-by", "administrators"]
    server.start()
    ann = await register(server, "ann_closed")
    refused = await ann.call("create_tournament", name="Mine", format="swiss", rounds=2, table=TABLES,
                             registration_closes_at=START + HOUR, starts_at=START + HOUR)
    assert refused["type"] == "error" and refused["code"] == "tournaments_closed", refused
    await ann.ok("admin_login", token=ADMIN)
    await create(ann)


def verify_tournament(text):
    """Runs the real `spb verify-tournament` on a bundle's text: (exit status, output)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.write(text)
    done = subprocess.run([SPB, "verify-tournament", f.name], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def bundle_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def bundle_text(lines):
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


@test
async def a_finished_tournaments_bundle_verifies_offline_and_three_tamperings_are_refused(server):
    names = [f"v{i}_bundle" for i in range(7)]
    clients = [await register(server, name) for name in names]
    t = await create(clients[0], name="Bundle Swiss")
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    early = await clients[1].call("tournament_bundle", tournament=t["id"])
    assert early["type"] == "error" and early["code"] == "tournament_not_finished", early
    await advance(clients[0], HOUR)

    async def round_one():
        return len((await view(clients[0], t["id"]))["rounds"]) == 1
    await wait_for(round_one, "round 1")
    # A running game's record is hidden: no bundle before the end, for anyone.
    playing = await clients[1].call("tournament_bundle", tournament=t["id"])
    assert playing["type"] == "error" and playing["code"] == "tournament_not_finished", playing
    # One player leaves during round 1: the robot plays their seat, abandoned and placed last.
    seated = None
    for i in range(7):
        if any(x.get("tournament") for x in (await clients[i].ok("my_tables"))["tables"]):
            seated = i
            break
    await clients[seated].ok("withdraw_tournament", tournament=t["id"])
    shown = await play_rounds_out(clients[0], t["id"], lambda v: v["tournament"]["status"] == "finished")
    assert len(shown["rounds"]) == 2 and len(shown["rounds"][1]["tables"]) == 2, shown["rounds"]

    # Anyone may fetch it, logged in or not.
    stranger = await Client.connect(server, SCHEMAS)
    text = (await stranger.ok("tournament_bundle", tournament=t["id"]))["bundle"]
    lines = bundle_lines(text)
    head = lines[0]
    assert head["format"] == "spb-tournament" and head["tournament"]["id"] == t["id"], head
    assert [row["name"] for row in head["standings"]] == [row["name"] for row in shown["standings"]], head
    assert any(e.get("left") == "withdrew" for e in head["entrants"]), head["entrants"]
    tables = [i for i, line in enumerate(lines) if "tournament_table" in line]
    assert len(tables) == 4 and lines[-1] == {"end": "spb-tournament", "tables": 4}, lines[-1]
    assert any(lines[i]["tournament_table"]["abandoned"] for i in tables), [lines[i] for i in tables]

    status, out = verify_tournament(text)
    assert status == 0 and "ok: 4 games" in out and "standings and pairings recomputed" in out, out
    # The reply saved whole reads too.
    status, out = verify_tournament(json.dumps({"bundle": text}))
    assert status == 0, out

    # A move changed in one game's record: that game no longer replays.
    moved = bundle_lines(text)
    first = tables[1] + 1  # round 1, table 2: its record's header
    at = next(i for i in range(first + 1, len(moved)) if "action" in moved[i] and moved[i]["action"]["type"] != "pass")
    moved[at]["action"] = {"type": "pass"}
    status, out = verify_tournament(bundle_text(moved))
    assert status == 1 and "Round 1, table 2" in out and f"move {moved[at]['move_number']}" in out, out

    # A standings row's points changed: the arithmetic does not give them.
    points = bundle_lines(text)
    points[0]["standings"][1]["points"] += 1
    status, out = verify_tournament(bundle_text(points))
    assert status == 4 and "Standings row 2" in out and "points" in out, out

    # Two players swapped between the tables of round 2, seats and records'
    # headers alike (every game still proves): the pairing does not give it.
    swapped = bundle_lines(text)
    one, two = [i for i in tables if swapped[i]["tournament_table"]["round"] == 2]
    a, b = swapped[one]["tournament_table"]["seats"][0], swapped[two]["tournament_table"]["seats"][0]
    a["player"], b["player"], a["name"], b["name"] = b["player"], a["player"], b["name"], a["name"]
    swapped[one + 1]["seats"][0]["name"], swapped[two + 1]["seats"][0]["name"] = a["name"], b["name"]
    status, out = verify_tournament(bundle_text(swapped))
    assert status == 5 and "Round 2, table 1: the pairing gives" in out, out


@test
async def an_invitation_only_tournament_takes_the_players_its_creator_invited(server):
    ann = await register(server, "ann_inv")
    boris = await register(server, "boris_inv")
    carol = await register(server, "carol_inv")
    t = await create(ann, name="Club invitational", entry={"invitation_only": True})
    assert t["entry"]["invitation_only"] is True, t
    assert (await view(boris, t["id"]))["invited"] == [], "nobody is invited at first"
    await refused(boris, "not_invited", "register_tournament", tournament=t["id"])
    await refused(boris, "not_creator", "invite_tournament", tournament=t["id"], name="carol_inv")
    await refused(ann, "no_such_user", "invite_tournament", tournament=t["id"], name="nobody_inv")
    assert await ann.ok("invite_tournament", tournament=t["id"], name="boris_inv") == {}
    # Invited twice: told once.
    assert await ann.ok("invite_tournament", tournament=t["id"], name="boris_inv") == {}
    notes = [n for n in (await boris.ok("notifications"))["notifications"] if n["kind"] == "tournament_invited"]
    assert len(notes) == 1 and notes[0]["details"] == {"tournament": t["id"], "tournament_name": "Club invitational",
                                                       "from": "ann_inv"}, notes
    assert (await view(carol, t["id"]))["invited"] == ["boris_inv"]
    await boris.ok("register_tournament", tournament=t["id"])
    await ann.ok("register_tournament", tournament=t["id"])
    await refused(carol, "not_invited", "register_tournament", tournament=t["id"])
    # An open tournament takes no invitations.
    open_one = await create(ann, name="Open cup")
    await refused(ann, "bad_request", "invite_tournament", tournament=open_one["id"], name="carol_inv")
    assert "invited" not in await view(ann, open_one["id"])


def shared_seed(secret, players, contributions):
    """The seed of a duplicate round's table, from docs/fairness.md "Duplicate deals" alone."""
    given = b"".join(sorted(bytes.fromhex(c) for c in contributions))
    digest = hashlib.sha256(b"spb-duplicate-v1" + bytes.fromhex(secret) + bytes([players]) + given).digest()
    return int.from_bytes(digest[:8], "little")


async def refused(client, code, type_, check=True, **fields):
    answer = await client.call(type_, check=check, **fields)
    assert answer["type"] == "error" and answer["code"] == code, (type_, fields, answer)


@test
async def duplicate_deals_give_a_rounds_tables_one_deal_hidden_until_the_round_ends_and_proven(server):
    names = [f"d{i}_dup" for i in range(6)]
    clients = [await register(server, name) for name in names]
    t = await create(clients[0], name="Duplicate Swiss", duplicate=True)
    assert t["duplicate"] is True, t
    for client in clients:
        await client.ok("register_tournament", tournament=t["id"])
    # Round 1's deal is drawn at the creation: its commitment is public before anyone contributes.
    deals = (await view(clients[1], t["id"]))["deals"]
    assert [(d["round"], d["open"], d["contributions"]) for d in deals] == [(1, True, [])] and "secret" not in deals[0], deals
    given = {}
    for name, client in zip(names[:4], clients[:4]):
        given[name] = secrets.token_hex(32)
        deal = (await client.ok("contribute_deal", tournament=t["id"], round=1, contribution=given[name]))["deal"]
        assert deal["contributions"][-1] == {"player": name, "contribution": given[name]}, deal
    await refused(clients[0], "already_contributed", "contribute_deal", tournament=t["id"], round=1, contribution="00" * 32)
    await refused(clients[0], "deal_closed", "contribute_deal", tournament=t["id"], round=2, contribution="00" * 32)
    await refused(clients[0], "bad_request", "contribute_deal", check=False, tournament=t["id"], round=1, contribution="xyz")
    outsider = await register(server, "z_dup")
    await refused(outsider, "not_registered", "contribute_deal", tournament=t["id"], round=1, contribution="11" * 32)

    await advance(clients[0], HOUR)

    async def round_one():
        return len((await view(clients[0], t["id"]))["rounds"]) == 1
    await wait_for(round_one, "round 1")
    shown = await view(clients[0], t["id"])
    first, second = shown["deals"]
    assert not first["open"] and second["round"] == 2 and second["open"], shown["deals"]
    assert {c["player"]: c["contribution"] for c in first["contributions"]} == given, first
    # Round 1 takes no more; round 2's deal does, while round 1 is played.
    await refused(clients[4], "deal_closed", "contribute_deal", tournament=t["id"], round=1, contribution="22" * 32)
    await clients[4].ok("contribute_deal", tournament=t["id"], round=2, contribution=secrets.token_hex(32))

    # Both tables of three name the round's deal: its commitment and every contribution.
    tables = shown["rounds"][0]["tables"]
    assert len(tables) == 2, tables
    summaries = {}
    for client in clients:
        for table in (await client.ok("my_tables"))["tables"]:
            if table.get("tournament", {}).get("id") == t["id"]:
                summaries[table["id"]] = table
    assert sorted(summaries) == sorted(x["table"] for x in tables), summaries
    for table in summaries.values():
        deal = table["deal"]
        assert deal["scheme"] == "spb-duplicate-v1" and deal["commitment"] == first["commitment"], deal
        assert sorted(deal["round_contributions"]) == sorted(given.values()) and "secret" not in deal, deal

    # While the round is played, a table is watched by its own players only.
    a, b = tables
    at_b = clients[names.index(b["seats"][0])]
    at_a = clients[names.index(a["seats"][0])]
    watcher = await Client.connect(server, SCHEMAS)
    await refused(at_b, "round_not_finished", "subscribe", table=a["table"])
    await refused(watcher, "round_not_finished", "subscribe", table=a["table"])
    await refused(watcher, "round_not_finished", "chat_history", table=a["table"])
    await at_a.ok("subscribe", table=a["table"])

    final = await play_rounds_out(clients[0], t["id"], lambda v: v["tournament"]["status"] == "finished")
    assert all("matchpoints" in row for row in final["standings"]), final["standings"]
    for deal in final["deals"]:
        assert hashlib.sha256(bytes.fromhex(deal["secret"])).hexdigest() == deal["commitment"], deal
    # Once the round is over anyone may watch and read the records: each table
    # of round 1 was dealt from the seed the page's formula gives.
    await watcher.ok("subscribe", table=a["table"])
    seed = shared_seed(final["deals"][0]["secret"], 3, given.values())
    for table in tables:
        record = await watcher.ok("table_record", table=table["table"])
        assert record["header"]["seed"] == str(seed), record["header"]
        assert record["header"]["deal"]["secret"] == final["deals"][0]["secret"], record["header"]["deal"]

    text = (await watcher.ok("tournament_bundle", tournament=t["id"]))["bundle"]
    status, out = verify_tournament(text)
    assert status == 0 and "ok: 4 games" in out, out
    # A round's contribution changed in the bundle: its tables no longer name that deal.
    changed = bundle_lines(text)
    changed[0]["rounds"][0]["deal"]["contributions"][0]["contribution"] = "00" * 32
    status, out = verify_tournament(bundle_text(changed))
    assert status == 1 and "Round 1, table 1" in out and "contributions" in out, out


if __name__ == "__main__":
    sys.exit(asyncio.run(run_tests([(fn, fresh_server) for fn in TESTS], SCHEMAS, 300, log_tail=3000)))
