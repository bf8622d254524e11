"""Ratings and profiles (docs/ratings.md) through the real `spb serve`: real
clients play games to their end; the ratings move the right way and by the
Weng-Lin Plackett-Luce amounts (tests/ratings/plackett_luce_check.py, computed
apart from the server); profiles tell games, timeouts and time per move; a
seat taken over after timeouts is rated last; robot games are unrated unless
the table says `rated`, and then rate each robot as its level's account; tables refuse players below their requirements; and
`spb admin ratings` computes every rating again from the finished games.

usage: test_ratings.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

from harness import Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "tests", "ratings"))
from plackett_luce_check import MU, SIGMA, update  # noqa: E402

SCHEMAS = SchemaCheck(ROOT)
ADMIN = "ratings-admin-token"
START = 1_800_000_000
TESTS = []


def test(f):
    TESTS.append(f)
    return f


def fresh_server():
    folder = tempfile.mkdtemp(prefix="spb-ratings-it-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"),
                  ("--rate", "5000", "--admin-token", ADMIN, "--test-clock", str(START))).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def advance(client, seconds):
    return (await client.ok("debug_advance_clock", seconds=seconds, admin_token=ADMIN))["now"]


async def play_to_the_end(table, clients_by_seat, rng, before_move=None):
    """Random legal moves for the seats people play; robots play their own.
    `before_move(seat)` runs before each person's move; it may return False
    to let the seat's turn pass instead (a timeout it caused)."""
    anyone = next(iter(clients_by_seat.values()))
    while True:
        data = await anyone.ok("subscribe", table=table)
        view = data["view"]
        if view["phase"] == "finished":
            return data
        controllers = {s["seat"]: s.get("controller", "human") for s in data["table"]["seats"]}
        mine = [s for s in view["to_act"] if s in clients_by_seat and controllers[s] == "human"]
        if not mine:
            try:
                await anyone.receive(timeout=2)
            except asyncio.TimeoutError:
                pass
            continue
        seat = mine[0]
        if before_move and (await before_move(seat)) is False:
            continue
        client = clients_by_seat[seat]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        if not legal:
            continue
        choice = dict(rng.choice(legal))
        choice.pop("price")
        await client.call("act", table=table, move_number=view["move_number"] + 1, action=choice)


async def new_game(creator, others, players, **options):
    table = (await creator.ok("create_table", players=players, **options))["table"]
    for other in others:
        await other.ok("join_table", table=table["id"])
    await creator.ok("start_table", table=table["id"])
    return table["id"]


def places_of(final_view):
    by_seat = {p["seat"]: p["place"] for p in final_view["final"]["players"]}
    return [by_seat[s] for s in sorted(by_seat)]


def close(a, b):
    return abs(a - b) < 1e-6


def admin_ratings(server):
    return subprocess.run([SPB, "admin", "ratings", "--db", server.db_path], capture_output=True, text=True)


@test
async def a_two_player_game_rates_its_players_and_their_profiles_tell_it(server):
    ann, bob = await register(server, "ann"), await register(server, "bob")
    table = await new_game(ann, [bob], 2)

    async def ann_thinks(seat):
        if seat == 0:
            await advance(ann, 10)

    final = await play_to_the_end(table, {0: ann, 1: bob}, random.Random(7), ann_thinks)
    places = places_of(final["view"])
    expected = update([(MU, SIGMA, places[0]), (MU, SIGMA, places[1])])
    anyone = await Client.connect(server, SCHEMAS)
    profiles = [await anyone.ok("profile", name=name) for name in ("ANN", "bob")]
    assert profiles[0]["name"] == "ann", profiles[0]
    for seat, profile in enumerate(profiles):
        two = profile["ratings"]["two_player"]
        assert two["games"] == 1 and close(two["mu"], expected[seat][0]) and close(two["sigma"], expected[seat][1]), (
            two, expected[seat])
        assert close(two["rating"], round(two["mu"] - 3 * two["sigma"], 2)), two
        assert profile["ratings"]["multiplayer"]["games"] == 0, profile
        assert profile["games_played"] == 1 and profile["games_finished"] == 1, profile
        assert profile["games_abandoned"] == 0 and profile["timeouts"] == 0 and profile["timeout_rate"] == 0, profile
        assert profile["moves_due"] > 10, profile
        [game] = profile["history"]
        assert game["table"] == table and game["pool"] == "two_player" and game["players"] == 2, game
        assert game["place"] == places[seat] and game["before"] == 0 and close(game["after"], two["rating"]), game
    # Ann waited ten seconds before each of her moves, Bob never.
    assert profiles[0]["average_move_seconds"] == 10, profiles[0]
    assert profiles[1]["average_move_seconds"] == 0, profiles[1]
    # The winner went up, the loser down (a tie moves neither).
    if places[0] != places[1]:
        winner, loser = (0, 1) if places[0] < places[1] else (1, 0)
        assert profiles[winner]["ratings"]["two_player"]["mu"] > MU > profiles[loser]["ratings"]["two_player"]["mu"]
    # The lobby shows each seated person's standing in the table's pool.
    listed = [t for t in (await anyone.ok("list_tables", status="finished"))["tables"] if t["id"] == table][0]
    for seat in listed["seats"]:
        assert seat["standing"]["rating"] == profiles[seat["seat"]]["ratings"]["two_player"]["rating"], seat
        assert seat["standing"]["rated_games"] == 1 and seat["standing"]["timeout_rate"] == 0, seat
    assert listed["rated"] is False, listed
    # A name nobody has.
    reply = await anyone.call("profile", name="nobody-here")
    assert reply["type"] == "error" and reply["code"] == "no_such_user" and "nobody-here" in reply["message"], reply
    checked = admin_ratings(server)
    assert checked.returncode == 0 and "1 finished games, 1 rated: the ratings agree" in checked.stdout, (
        checked.stdout + checked.stderr)
    # A stored rating or place changed behind the server's back is found.
    with sqlite3.connect(server.db_path) as db:
        db.execute("UPDATE ratings SET mu = mu + 1 WHERE user_id = (SELECT id FROM users WHERE name = 'ann')")
        db.execute("UPDATE game_results SET place = 5 WHERE table_id = ? AND seat = 1", (table,))
    checked = admin_ratings(server)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "the stored rating is not the one its games give" in checked.stdout, checked.stdout
    assert f"table {table} seat 1: stored place 5, the log's {places[1]}" in checked.stdout, checked.stdout


@test
async def robot_games_are_unrated_unless_the_table_says_rated(server):
    cid = await register(server, "cid")
    unrated = await new_game(cid, [], 2, robots=1)
    await play_to_the_end(unrated, {0: cid}, random.Random(1))
    profile = await cid.ok("profile", name="cid")
    assert profile["games_finished"] == 1 and profile["history"] == [], profile
    assert profile["ratings"]["two_player"]["games"] == 0 and profile["ratings"]["two_player"]["rating"] == 0, profile

    rated = await new_game(cid, [], 2, robots=1, rated=True)
    final = await play_to_the_end(rated, {0: cid}, random.Random(2))
    places = places_of(final["view"])
    # The robot is rated as its level's account, a newcomer at its first game.
    expected = update([(MU, SIGMA, places[0]), (MU, SIGMA, places[1])])
    profile = await cid.ok("profile", name="cid")
    assert profile["games_finished"] == 2 and len(profile["history"]) == 1, profile
    assert profile["history"][0]["table"] == rated, profile["history"]
    two = profile["ratings"]["two_player"]
    assert two["games"] == 1 and close(two["mu"], expected[0][0]) and close(two["sigma"], expected[0][1]), (
        two, expected)
    level = (await cid.ok("profile", name="Robot level 1"))["ratings"]["two_player"]
    assert level["games"] == 1 and close(level["mu"], expected[1][0]) and close(level["sigma"], expected[1][1]), (
        level, expected)
    listed = [t for t in (await cid.ok("list_tables", status="finished"))["tables"] if t["id"] == rated][0]
    robot_seat = [s for s in listed["seats"] if s["robot"]][0]
    assert listed["rated"] is True and "standing" not in robot_seat, listed
    assert robot_seat["robot_level"] == 1 and close(robot_seat["robot_rating"], level["rating"]), robot_seat

    # The next rated game starts from both ratings as they stand.
    again = await new_game(cid, [], 2, robots=1, rated=True)
    final = await play_to_the_end(again, {0: cid}, random.Random(4))
    places = places_of(final["view"])
    expected = update([(two["mu"], two["sigma"], places[0]), (level["mu"], level["sigma"], places[1])])
    two = (await cid.ok("profile", name="cid"))["ratings"]["two_player"]
    level_profile = await cid.ok("profile", name="Robot level 1")
    level = level_profile["ratings"]["two_player"]
    assert two["games"] == 2 and close(two["mu"], expected[0][0]) and close(two["sigma"], expected[0][1]), two
    assert level["games"] == 2 and close(level["mu"], expected[1][0]) and close(level["sigma"], expected[1][1]), level
    assert [g["table"] for g in level_profile["history"]] == [rated, again], level_profile["history"]
    checked = admin_ratings(server)
    assert checked.returncode == 0 and "3 finished games, 2 rated" in checked.stdout, checked.stdout + checked.stderr


@test
async def a_seat_taken_over_after_timeouts_is_rated_last_and_tables_hold_their_requirements(server):
    ann, bob, cid = [await register(server, name) for name in ("ann", "bob", "cid")]
    table = await new_game(ann, [bob, cid], 3, move_deadline_hours=1,
                           timeout_policy={"takeover_after": 1, "takeover_by": "robot"})
    bob_away = {"done": False}

    async def bob_times_out(seat):
        """Bob never moves: his first deadline passes, and the robot takes his seat."""
        if seat != 1:
            return True
        if not bob_away["done"]:
            bob_away["done"] = True
            await advance(ann, 3601)
        await asyncio.sleep(0.2)
        return False

    final = await play_to_the_end(table, {0: ann, 1: bob, 2: cid}, random.Random(3), bob_times_out)
    assert [s["controller"] for s in final["table"]["seats"]] == ["human", "robot", "human"], final["table"]
    places = places_of(final["view"])
    # Bob's seat is rated behind both people who played on, whatever the robot scored.
    rated_places = [1 + sum(1 for o in (0, 2) if places[o] < places[s]) for s in (0, 2)]
    rated_places = [rated_places[0], 3, rated_places[1]]
    expected = update([(MU, SIGMA, p) for p in rated_places])
    profiles = [await ann.ok("profile", name=name) for name in ("ann", "bob", "cid")]
    for seat, profile in enumerate(profiles):
        multi = profile["ratings"]["multiplayer"]
        assert close(multi["mu"], expected[seat][0]) and close(multi["sigma"], expected[seat][1]), (seat, multi)
        assert profile["history"][0]["place"] == places[seat], profile["history"]
    bob = profiles[1]
    assert bob["history"][0]["abandoned"] is True and bob["games_abandoned"] == 1, bob
    assert bob["ratings"]["multiplayer"]["mu"] < MU, bob
    assert bob["timeouts"] == 1 and bob["moves_due"] >= 1, bob
    assert close(bob["timeout_rate"], round(1 / bob["moves_due"], 4)), bob
    assert profiles[0]["timeout_rate"] == 0 and profiles[0]["games_abandoned"] == 0, profiles[0]

    # Requirements: no timeouts at all; a rating above a newcomer's.
    bob_client = await Client.connect(server, SCHEMAS)
    await bob_client.ok("login", name="bob", password="correct horse")
    strict = (await ann.ok("create_table", players=3, max_timeout_rate=0))["table"]
    assert strict["max_timeout_rate"] == 0 and "min_rating" not in strict, strict
    refused = await bob_client.call("join_table", table=strict["id"])
    assert refused["type"] == "error" and refused["code"] == "timeout_rate_too_high", refused
    assert "at most 0.00%" in refused["message"] and "yours is" in refused["message"], refused
    await cid.ok("join_table", table=strict["id"])
    best = max(range(3), key=lambda s: profiles[s]["ratings"]["multiplayer"]["rating"])
    best_name = ("ann", "bob", "cid")[best]
    dan = await register(server, "dan")
    demanding = (await dan.ok("create_table", players=4, min_rating=0.01))["table"]
    eve = await register(server, "eve")
    refused = await eve.call("join_table", table=demanding["id"])
    assert refused["type"] == "error" and refused["code"] == "rating_too_low", refused
    assert "at least 0.01" in refused["message"] and "yours is 0.00" in refused["message"], refused
    best_client = {"ann": ann, "cid": cid, "bob": bob_client}[best_name]
    if profiles[best]["ratings"]["multiplayer"]["rating"] >= 0.01:
        await best_client.ok("join_table", table=demanding["id"])
    lobby = {t["id"]: t for t in (await eve.ok("list_tables"))["tables"]}
    assert lobby[demanding["id"]]["min_rating"] == 0.01 and lobby[strict["id"]]["max_timeout_rate"] == 0, lobby
    cid_seat = [s for s in lobby[strict["id"]]["seats"] if s["name"] == "cid"][0]
    assert cid_seat["standing"]["rating"] == profiles[2]["ratings"]["multiplayer"]["rating"], cid_seat
    checked = admin_ratings(server)
    assert checked.returncode == 0 and "the ratings agree" in checked.stdout, checked.stdout + checked.stderr


sys.exit(asyncio.run(run_tests([(fn, fresh_server) for fn in TESTS], SCHEMAS, 600)))
