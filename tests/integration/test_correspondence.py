"""Integration tests of correspondence play (issue 7, docs/correspondence.md)
against the real `spb serve`: robots, move deadlines and timeouts across a
restart, vacations, notifications and webhooks, and how long the server keeps
the last two. Time is the server's test clock (--test-clock), moved by
debug_advance_clock. SPB_TEST_DB=postgresql runs them on PostgreSQL.

usage: test_correspondence.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import http.server
import os
import random
import re
import sqlite3
import sys
import tempfile
import threading
import time

from harness import Client, Server, run_tests
from pg_cluster import cluster, database_location, is_postgresql, rows
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
ADMIN = "correspondence-admin-token"
START = 1_800_000_000  # the test clock's start, unix seconds
HOUR = 3600
DAY = 24 * HOUR


def test(fn):
    TESTS.append(fn)
    return fn


LOOPBACK_RECEIVERS = set()


def loopback_receiver(fn):
    """Marks a test whose webhook receiver listens on the loopback: the server
    refuses the loopback unless the operator allows it, so its server does."""
    LOOPBACK_RECEIVERS.add(fn.__name__)
    return fn


def server_args(clock=START, *extra):
    return ("--rate", "2000", "--admin-token", ADMIN, "--test-clock", str(clock)) + tuple(extra)


def fresh_server(*args):
    folder = tempfile.mkdtemp(prefix="spb-corr-")
    return Server(SPB, database_location(folder), args or server_args()).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def login(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("login", name=name, password="correct horse")
    return client


async def human_table(server, players=2, **pace):
    """Registers `players` users, seats them at a new table with `pace`, starts
    it. Returns the table, and the clients and names by seat, the seat to act
    first (who is drawn at the start) first."""
    tag = random.randrange(10**6)
    names = [f"c{i}_{tag}" for i in range(players)]
    clients = [await register(server, name) for name in names]
    table = (await clients[0].ok("create_table", players=players, **pace))["table"]
    for client in clients[1:]:
        await client.ok("join_table", table=table["id"])
    await clients[0].ok("start_table", table=table["id"])
    summary, _ = await table_state(clients[0], table["id"])
    by_seat = {s["seat"]: names.index(s["name"]) for s in summary["seats"]}
    order = [summary["to_act"][0]] + [s for s in sorted(by_seat) if s != summary["to_act"][0]]
    return table["id"], [clients[by_seat[s]] for s in order], [names[by_seat[s]] for s in order], order


async def play_any(client, table):
    """Plays the client's first legal action, a pass when it may."""
    data = await client.ok("subscribe", table=table)
    legal = data["legal_actions"]
    action = dict(next((a for a in legal if a["type"] == "pass"), legal[0]))
    action.pop("price")
    await client.ok("act", table=table, move_number=data["view"]["move_number"] + 1, action=action)


async def advance(client, seconds):
    return (await client.ok("debug_advance_clock", seconds=seconds, admin_token=ADMIN))["now"]


@test
async def only_an_administrator_moves_the_test_clock(server):
    ann = await register(server, "ann_clock")
    refused = await ann.call("debug_advance_clock", seconds=60)
    assert refused["code"] == "not_administrator", refused
    # A wrong token is a failed administrator login (admin_login's answer, limit and log).
    refused = await ann.call("debug_advance_clock", seconds=60, admin_token="not-the-administrator-token")
    assert refused["code"] == "invalid_admin_token", refused
    await ann.ok("admin_login", token=ADMIN)
    assert (await ann.ok("debug_advance_clock", seconds=60))["now"] == START + 60


@test
async def optional_fields_sent_as_null_are_left_out_and_answered(server):
    ann = await register(server, "ann_null")
    listed = await ann.call("notifications", check=False, after=None, limit=None)
    assert listed["type"] == "result", listed
    marked = await ann.call("mark_notifications_read", check=False, up_to=None)
    assert marked["type"] == "result", marked
    # The connection still answers.
    assert "unread" in await ann.ok("notifications")


async def table_state(client, table):
    """The table's summary and every move (with its actor)."""
    data = await client.ok("subscribe", table=table, since_move=0)
    return data["table"], data["moves"]


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
        summary, moves = await table_state(client, table)
        return (summary, moves) if len(moves) >= count else None
    return await wait_for(enough, f"{count} moves at table {table}")


def stored_moves(server, table):
    return rows(server.db_path, "SELECT move_number, seat, actor FROM moves WHERE table_id = ? ORDER BY 1", (table,))


# --- robots -------------------------------------------------------------------

@test
async def a_robots_only_table_finishes_with_every_expansion_set(server):
    watcher = await register(server, "watcher")
    for players, expansions in ((4, []), (4, ["banquet"]), (5, ["new_society"]), (5, ["banquet", "new_society"])):
        table = (await watcher.ok("create_table", players=players, robots=players,
                                  options={"expansions": expansions}))["table"]
        assert len(table["seats"]) == players and all(s["robot"] for s in table["seats"]), table
        await watcher.ok("start_table", table=table["id"])

        async def finished():
            summary, moves = await table_state(watcher, table["id"])
            return (summary, moves) if summary["status"] == "finished" else None
        summary, moves = await wait_for(finished, f"the robots' game with {expansions}", timeout=150)
        assert moves and all(m["actor"] == "robot" for m in moves), {m["actor"] for m in moves}
        assert len(stored_moves(server, table["id"])) == len(moves)


@test
async def a_robot_fills_a_seat_and_answers_a_persons_move(server):
    ann = await register(server, "ann_r")
    table = (await ann.ok("create_table", players=2, robots=1))["table"]
    assert [s["controller"] for s in table["seats"]] == ["human", "robot"]
    await ann.ok("start_table", table=table["id"])

    async def my_turn():
        data = await ann.ok("subscribe", table=table["id"])
        return data if data["view"]["to_act"] == [0] else None
    data = await wait_for(my_turn, "Ann's turn (the robot plays first when it starts)")
    legal = [a for a in data["legal_actions"] if a["type"] != "pass"] or data["legal_actions"]
    action = dict(legal[0])
    action.pop("price")
    await ann.ok("act", table=table["id"], move_number=data["view"]["move_number"] + 1, action=action)
    # The robot's answer arrives as a table_update with its actor.
    async def robot_moved():
        robot_moves = [m for p in ann.pushes if p["type"] == "table_update" for m in p["moves"] if m["actor"] == "robot"]
        if not robot_moves:
            await ann.call("legal_actions", table=table["id"])
        return robot_moves
    await wait_for(robot_moved, "the robot's move")


@test
async def no_account_takes_a_robots_name(server):
    ann = await register(server, "ann_names")
    table = (await ann.ok("create_table", players=3, robots=2))["table"]
    robots = [s["name"] for s in table["seats"] if s["robot"]]
    assert len(robots) == 2 and all(re.fullmatch(r"Robot [A-Z][a-z]+", n) for n in robots), table
    newcomer = await Client.connect(server, SCHEMAS)
    for name in robots + [robots[0].upper(), robots[0].lower()]:
        reply = await newcomer.call("register", check=False, name=name, password="correct horse")
        assert reply["type"] == "error" and reply["code"] == "invalid_name", reply
    # The robot's first name alone is anyone's: the page tells the robot apart by its form.
    await newcomer.ok("register", name=robots[0].split(" ")[1], password="correct horse")


# --- deadlines and timeouts ------------------------------------------------------

@test
async def against_a_quick_robot_each_wait_brings_one_turn_and_a_short_deadline_no_warning(server):
    ann = await register(server, "ann_quick")
    table = (await ann.ok("create_table", players=2, robots=1, move_deadline_hours=1))["table"]["id"]
    await ann.ok("start_table", table=table)

    async def my_turn():
        # Not watching between her moves: each turn is told as a notification.
        data = await ann.ok("subscribe", table=table)
        await ann.ok("unsubscribe", table=table)
        return data if data["view"]["to_act"] == [0] and data["legal_actions"] else None
    made = 0
    for _ in range(6):
        data = await wait_for(my_turn, "Ann's turn")
        if data["view"]["phase"] == "finished":
            break
        action = dict(next((a for a in data["legal_actions"] if a["type"] != "pass"), data["legal_actions"][0]))
        action.pop("price")
        await ann.ok("act", table=table, move_number=data["view"]["move_number"] + 1, action=action)
        made += 1
        await advance(ann, 60)
    await wait_for(my_turn, "Ann's turn after her last move")
    await advance(ann, 10 * 60)
    await asyncio.sleep(0.5)
    notes = [n for n in (await ann.ok("notifications", limit=100))["notifications"] if n.get("table") == table]
    kinds = [n["kind"] for n in notes]
    # A one-hour wait is never warned of: the 1-hour warning would fall when it begins.
    assert "deadline_near" not in kinds, notes
    turns = [n["details"]["move_number"] for n in notes if n["kind"] == "your_turn"]
    assert len(turns) == len(set(turns)) and len(turns) <= made + 1, notes


@test
async def a_deadline_that_passes_during_a_restart_fires_once(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=1)
    summary, moves = await table_state(clients[0], table)
    assert summary["deadline_at"] == START + HOUR and summary["pace"]["move_deadline_hours"] == 1, summary
    assert moves == []
    assert server.stop() == 0

    # Down for two hours: the deadline passed meanwhile.
    server.extra_args = list(server_args(START + 2 * HOUR))
    server.start()
    ann = await login(server, names[0])
    summary, moves = await wait_for_moves(ann, table, 1)
    first = seats[0]
    assert [(m["move_number"], m["seat"], m["actor"]) for m in moves] == [(1, first, "timeout")], moves
    assert moves[0]["action"] == {"type": "pass", "until_phase_end": True}, moves[0]["action"]
    assert summary["seats"][first]["timeouts"] == 1
    assert summary["deadline_at"] == START + 3 * HOUR, summary  # the next seat's full hour from the restart
    assert server.stop() == 0

    # Started again at the same time: nothing fires a second time.
    server.start()
    ann = await login(server, names[0])
    await asyncio.sleep(0.5)
    assert stored_moves(server, table) == [(1, seats[0], "timeout")], stored_moves(server, table)


@test
async def timeouts_pass_then_a_robot_takes_the_seat_and_its_player_takes_it_back(server):
    table, clients, names, seats = await human_table(
        server, move_deadline_hours=2, timeout_policy={"takeover_after": 2, "takeover_by": "robot"})
    ann, boris = clients  # Ann acts first and lets her deadlines pass; Boris plays at each turn
    absent = seats[0]
    await boris.ok("subscribe", table=table)
    for _ in range(40):
        summary, moves = await table_state(boris, table)
        if summary["seats"][absent]["controller"] == "robot":
            break
        if summary["to_act"] != [absent]:
            await play_any(boris, table)
            continue
        await advance(boris, 2 * HOUR)
        await wait_for_moves(boris, table, summary["move_number"] + 1)
    summary, moves = await table_state(boris, table)
    assert summary["seats"][absent]["controller"] == "robot", summary
    assert summary["seats"][absent]["timeouts"] == 2, summary
    # The robot may already have moved for the seat; before it, two timeouts.
    actors = [m["actor"] for m in moves if m["seat"] == absent]
    assert actors[:2] == ["timeout", "timeout"] and set(actors[2:]) <= {"robot"}, moves
    await boris.call("legal_actions", table=table)  # lets pushes arrive
    control = [p for p in boris.pushes if p["type"] == "seat_control"]
    assert control and control[0]["seat"] == absent and control[0]["controller"] == "robot", control
    # The robot now plays Ann's seat whenever it is its turn.
    for _ in range(40):
        summary, moves = await table_state(boris, table)
        if any(m["actor"] == "robot" and m["seat"] == absent for m in moves):
            break
        if summary["to_act"] != [absent]:
            await play_any(boris, table)
        await asyncio.sleep(0.05)
    assert any(m["actor"] == "robot" and m["seat"] == absent for m in moves), moves
    # Ann is told, and takes her seat back.
    listed = (await ann.ok("notifications"))["notifications"]
    assert [n["kind"] for n in listed if n["kind"] == "timed_out"] == ["timed_out", "timed_out"], listed
    back = (await ann.ok("reclaim_seat", table=table))["table"]
    assert back["seats"][absent]["controller"] == "human" and back["seats"][absent]["timeouts"] == 0, back


@test
async def robots_standing_in_for_a_person_wait_before_each_move_until_the_person_is_back(server):
    ann = await register(server, "ann_standin")
    table = (await ann.ok("create_table", players=2, robots=1, move_deadline_hours=1,
                          timeout_policy={"takeover_after": 1, "takeover_by": "robot"}))["table"]["id"]
    await ann.ok("start_table", table=table)

    async def ann_to_act():
        summary, moves = await table_state(ann, table)
        return (summary, moves) if summary["to_act"] == [0] and summary["seats"][0]["controller"] == "human" else None
    summary, moves = await wait_for(ann_to_act, "Ann's turn")
    assert summary["stand_in_wait_seconds"] == 600, summary
    await ann.ok("unsubscribe", table=table)
    # Her hour passes: the table passes for her and the robot takes her seat.
    await advance(ann, HOUR + 60)
    summary, moves = await wait_for_moves(ann, table, len(moves) + 1)
    assert moves[-1]["actor"] == "timeout" and summary["seats"][0]["controller"] == "robot", (summary, moves)
    # Only robots play now: none moves before its ten minutes.
    await asyncio.sleep(1)
    summary, moves = await table_state(ann, table)
    assert moves[-1]["actor"] == "timeout", moves
    await advance(ann, 10 * 60)
    summary, moves = await wait_for_moves(ann, table, len(moves) + 1)
    assert moves[-1]["actor"] == "robot", moves
    await asyncio.sleep(1)
    assert len(stored_moves(server, table)) == len(moves), "a second robot move came within the ten minutes"
    # She is told, in her notification, that she can take the seat back.
    told = [n for n in (await ann.ok("notifications"))["notifications"] if n["kind"] == "timed_out"]
    assert len(told) == 1 and told[0]["details"]["reclaim"] is True, told
    assert "Take your seat back" in told[0]["text"], told
    # Back, she plays against a robot that answers at once: the table waits for her only.
    back = (await ann.ok("reclaim_seat", table=table))["table"]
    assert back["seats"][0]["controller"] == "human", back
    await wait_for(ann_to_act, "Ann's turn after she took her seat back, with no clock moved")


# --- time banks -----------------------------------------------------------------

async def play_turn(clients, seats, table):
    """The seat to act plays (a pass when it may); returns that seat."""
    summary, _ = await table_state(clients[0], table)
    seat = summary["to_act"][0]
    await play_any(clients[seats.index(seat)], table)
    return seat


@test
async def a_time_bank_earns_its_increment_up_to_the_cap_and_times_out_when_empty(server):
    bank = {"initial_hours": 2, "increment_hours": 1, "cap_hours": 3}
    table, clients, names, seats = await human_table(server, time_bank=bank)
    first, second = seats
    summary, _ = await table_state(clients[0], table)
    assert summary["pace"]["time_bank"] == bank and summary["pace"]["move_deadline_hours"] is None, summary
    assert summary["clocks"] == {"left": [2 * HOUR, 2 * HOUR], "running": first}, summary
    assert summary["deadline_at"] == START + 2 * HOUR, summary
    listed = [t for t in (await clients[0].ok("my_tables"))["tables"] if t["id"] == table]
    assert listed and listed[0]["pace"]["time_bank"] == bank, listed

    # Half an hour spent, an hour earned: 2.5 hours left, not a fresh 2.
    now = await advance(clients[0], HOUR // 2)
    mover = await play_turn(clients, seats, table)
    assert mover == first
    summary, _ = await table_state(clients[0], table)
    waiting = summary["to_act"][0]
    left = summary["clocks"]["left"]
    assert left[first] == 2 * HOUR + HOUR // 2, summary
    assert summary["clocks"]["running"] == waiting and summary["deadline_at"] == now + left[waiting], summary

    # Moves at once earn the full increment, never beyond the cap of 3 hours.
    for _ in range(4):
        await play_turn(clients, seats, table)
    summary, _ = await table_state(clients[0], table)
    assert summary["clocks"]["left"] == [3 * HOUR, 3 * HOUR], summary
    waiting = summary["to_act"][0]
    assert summary["deadline_at"] == now + 3 * HOUR, summary

    # The seat waited for times out when its bank is empty, not a second before.
    moves_before = len(stored_moves(server, table))
    await advance(clients[0], 3 * HOUR - 1)
    await asyncio.sleep(0.5)
    assert len(stored_moves(server, table)) == moves_before
    await advance(clients[0], 1)
    _, moves = await wait_for_moves(clients[0], table, moves_before + 1)
    assert (moves[-1]["seat"], moves[-1]["actor"]) == (waiting, "timeout"), moves[-1]
    summary, _ = await table_state(clients[0], table)
    # An empty bank earns the increment with the timeout's move.
    assert summary["clocks"]["left"][waiting] == HOUR, summary
    assert summary["seats"][waiting]["timeouts"] == 1, summary


@test
async def a_players_weekend_and_nights_stop_their_clock_and_too_much_off_time_is_refused(server):
    tag = random.randrange(10**6)
    names = [f"off{i}_{tag}" for i in range(2)]
    clients = [await register(server, name) for name in names]
    refused = await clients[0].call("set_notice_settings", check=False, time_zone="Europe/London",
                                    nights={"from": 22, "until": 6}, off_days=["saturday", "sunday"])
    assert refused["type"] == "error" and refused["code"] == "off_time_too_long", refused
    for client in clients:
        settings = await client.ok("set_notice_settings", time_zone="Europe/London",
                                   nights={"from": 2, "until": 6}, off_days=["saturday", "sunday"])
        assert settings["nights"] == {"from": 2, "until": 6} and settings["off_days"] == ["sunday", "saturday"]
        assert settings["max_off_hours_per_week"] == 72, settings
    table = (await clients[0].ok("create_table", players=2, move_deadline_hours=24))["table"]["id"]
    await clients[1].ok("join_table", table=table)
    await clients[0].ok("start_table", table=table)
    # Started Friday 08:00 in London (UTC in January): 16 hours count until
    # Saturday, none over the weekend, 2 on Monday before the night from 2
    # to 6, and the last 6 from 6: Monday 12:00.
    summary, _ = await table_state(clients[0], table)
    deadline = START + 3 * DAY + 4 * HOUR
    assert summary["deadline_at"] == deadline, summary
    # Each seat's clock says whether its player's off time is on, and when it changes.
    saturday = START + 16 * HOUR
    assert summary["clocks"]["off"] == [{"now": False, "change_at": saturday}] * 2, summary["clocks"]
    await advance(clients[0], 17 * HOUR)
    summary, _ = await table_state(clients[1], table)
    assert summary["clocks"]["off"] == [{"now": True, "change_at": saturday + 2 * DAY}] * 2, summary["clocks"]
    moves_before = len(stored_moves(server, table))
    await advance(clients[0], deadline - START - 1 - 17 * HOUR)
    await asyncio.sleep(0.5)
    assert len(stored_moves(server, table)) == moves_before
    await advance(clients[0], 1)
    _, moves = await wait_for_moves(clients[0], table, moves_before + 1)
    assert moves[-1]["actor"] == "timeout", moves[-1]


@test
async def an_off_weekend_across_the_spring_change_ends_at_the_players_local_midnight(server):
    tag = random.randrange(10**6)
    names = [f"dst{i}_{tag}" for i in range(2)]
    clients = [await register(server, name) for name in names]
    for client in clients:
        await client.ok("set_notice_settings", time_zone="America/New_York", off_days=["saturday", "sunday"])
    # Friday 2027-03-12, 12:00 in New York (17:00 UTC); clocks go forward on Sunday the 14th.
    started = await advance(clients[0], 4_870_800)
    table = (await clients[0].ok("create_table", players=2, move_deadline_hours=24))["table"]["id"]
    await clients[1].ok("join_table", table=table)
    await clients[0].ok("start_table", table=table)
    # 12 hours count until Saturday, none until Monday 00:00 EDT (04:00 UTC),
    # and 12 more: Monday 12:00 EDT, 16:00 UTC, an hour before a UTC count's.
    summary, _ = await table_state(clients[0], table)
    assert summary["deadline_at"] == started + 255_600, summary


@test
async def a_table_has_a_move_deadline_or_a_time_bank_never_both(server):
    ann = await register(server, "ann_bank")
    refused = await ann.call("create_table", players=2, move_deadline_hours=24,
                             time_bank={"initial_hours": 48, "increment_hours": 24, "cap_hours": 96})
    assert refused["code"] == "bad_request", refused
    for bad in ({"initial_hours": 48, "increment_hours": 24, "cap_hours": 24},
                {"initial_hours": 0, "increment_hours": 24, "cap_hours": 96},
                {"initial_hours": 48, "increment_hours": 24}):
        refused = await ann.call("create_table", check=False, players=2, time_bank=bad)
        assert refused["code"] == "bad_request", (bad, refused)
    bank = {"initial_hours": 48, "increment_hours": 24, "cap_hours": 96}
    table = (await ann.ok("create_table", players=2, time_bank=bank))["table"]
    lobby = [t for t in (await ann.ok("list_tables"))["tables"] if t["id"] == table["id"]]
    assert lobby and lobby[0]["pace"]["time_bank"] == bank, lobby
    assert lobby[0]["clocks"] == {"left": [48 * HOUR, 48 * HOUR], "running": None}, lobby
    # Today's request keeps today's pace, and its clocks show a full day each.
    table = (await ann.ok("create_table", players=2, move_deadline_hours=24))["table"]
    assert "time_bank" not in table["pace"] and table["clocks"] == {"left": [DAY, DAY], "running": None}, table


@test
async def a_vacation_pauses_a_time_bank_and_its_end_runs_it_on(server):
    table, clients, names, seats = await human_table(
        server, time_bank={"initial_hours": 48, "increment_hours": 24, "cap_hours": 96})
    ann = clients[0]
    await advance(ann, 6 * HOUR)
    await ann.ok("set_vacation", days=3)
    summary = await wait_for(lambda: paused(ann, table), "the bank to pause")
    assert summary["deadline_paused_left"] == 42 * HOUR and summary["clocks"]["running"] is None, summary
    assert summary["clocks"]["left"][seats[0]] == 42 * HOUR, summary
    await advance(ann, DAY)
    await ann.ok("end_vacation")
    summary = await wait_for(lambda: running(ann, table), "the bank to run again")
    assert summary["deadline_at"] == START + 30 * HOUR + 42 * HOUR, summary


# --- vacations ------------------------------------------------------------------

@test
async def a_vacation_pauses_the_deadline_and_its_end_resumes_it(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=24)
    ann, boris = clients
    summary, _ = await table_state(ann, table)
    assert summary["deadline_at"] == START + DAY
    await advance(ann, 6 * HOUR)
    data = await ann.ok("set_vacation", days=3)
    assert data["allowance"] == {"days_per_year": 21, "used": 3, "left": 18}, data
    summary = await wait_for(lambda: paused(ann, table), "the deadline to pause")
    assert summary["deadline_paused_left"] == 18 * HOUR, summary
    # Two days later nothing timed out.
    await advance(ann, 2 * DAY)
    await asyncio.sleep(0.3)
    assert stored_moves(server, table) == []
    # Back early: the 18 hours left run again, and a whole unused day returns.
    now = START + 6 * HOUR + 2 * DAY
    data = await ann.ok("end_vacation")
    assert data["vacation"] is None and data["allowance"]["used"] == 2, data
    summary = await wait_for(lambda: running(ann, table), "the deadline to resume")
    assert summary["deadline_at"] == now + 18 * HOUR, summary
    await advance(ann, 18 * HOUR)
    _, moves = await wait_for_moves(ann, table, 1)
    assert moves[0]["actor"] == "timeout"


@test
async def a_vacation_that_runs_out_resumes_the_deadline_by_itself(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=24)
    ann = clients[0]
    await ann.ok("set_vacation", days=1)
    await wait_for(lambda: paused(ann, table), "the deadline to pause")
    await advance(ann, DAY)
    summary = await wait_for(lambda: running(ann, table), "the deadline to resume at the vacation's end")
    assert summary["deadline_at"] == START + 2 * DAY, summary
    status = await ann.ok("vacation")
    assert status["vacation"] is None and status["allowance"]["used"] == 1, status


@test
async def the_vacation_allowance_is_kept(server):
    ann = await register(server, "ann_v")
    await ann.ok("set_vacation", days=20)
    refused = await ann.call("set_vacation", days=1)
    assert refused["code"] == "already_on_vacation", refused
    await advance(ann, 4 * DAY + HOUR)
    assert (await ann.ok("end_vacation"))["allowance"]["used"] == 5  # a day begun counts
    refused = await ann.call("set_vacation", days=17)
    assert refused["code"] == "vacation_allowance", refused
    assert (await ann.ok("set_vacation", days=16))["allowance"]["left"] == 0


@test
async def floating_vacation_spends_a_day_when_the_time_runs_out_until_the_allowance_is_spent(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=24)
    ann, boris = clients
    assert (await ann.ok("set_notice_settings", floating_vacation=True))["floating_vacation"] is True
    # Ann spends 19 of her 21 days on a declared vacation first; her 24 hours wait.
    await ann.ok("set_vacation", days=19)
    await wait_for(lambda: paused(ann, table), "the deadline to pause")
    await advance(ann, 19 * DAY)
    summary = await wait_for(lambda: running(ann, table), "the deadline to resume at the vacation's end")
    # Her time runs out: a day is spent in place of the timeout, and she is told.
    await advance(ann, summary["deadline_at"] - (START + 19 * DAY))
    summary = await wait_for(lambda: paused(ann, table), "a floating day to stop her clock")
    assert summary["deadline_paused_left"] == 0, summary
    status = await ann.ok("vacation")
    assert status["vacation"]["floating"] is True and status["allowance"]["left"] == 1, status
    spent = [n for n in (await ann.ok("notifications"))["notifications"] if n["kind"] == "vacation_day_spent"]
    assert len(spent) == 1 and spent[0]["details"]["days_left"] == 1 and spent[0]["table"] == table, spent
    assert stored_moves(server, table) == []
    # The day ends: her clock runs out at once and her last day is spent.
    await advance(ann, DAY)
    await wait_for(lambda: days_left(ann, 0), "her last floating day")
    summary = await wait_for(lambda: paused(ann, table), "the second floating day to stop her clock")
    assert stored_moves(server, table) == []
    # No day left: when the last one ends, the timeout comes.
    await advance(ann, DAY)
    _, moves = await wait_for_moves(ann, table, 1)
    assert moves[0]["actor"] == "timeout", moves
    spent = [n for n in (await ann.ok("notifications"))["notifications"] if n["kind"] == "vacation_day_spent"]
    assert len(spent) == 2, spent


@test
async def a_table_without_floating_vacation_times_out_on_time(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=24, floating_vacation=False)
    ann, boris = clients
    await ann.ok("set_notice_settings", floating_vacation=True)
    summary, _ = await table_state(ann, table)
    assert summary["pace"]["floating_vacation"] is False, summary
    await advance(ann, DAY)
    _, moves = await wait_for_moves(ann, table, 1)
    assert moves[0]["actor"] == "timeout", moves
    status = await ann.ok("vacation")
    assert status["vacation"] is None and status["allowance"]["used"] == 0, status


@test
async def without_floating_vacation_the_time_running_out_spends_no_day(server):
    table, clients, names, seats = await human_table(server, move_deadline_hours=24)
    ann = clients[0]
    assert (await ann.ok("notice_settings"))["floating_vacation"] is False
    await advance(ann, DAY)
    _, moves = await wait_for_moves(ann, table, 1)
    assert moves[0]["actor"] == "timeout", moves
    assert (await ann.ok("vacation"))["allowance"]["used"] == 0


# --- the players decide about a late seat ------------------------------------------

VOTING = {"move_deadline_hours": 24, "timeout_policy": {"vote": True}}


def entries(moves):
    """The log's entries that are no action, as (entry, seat, actor)."""
    return [(m["action"]["entry"], m["seat"], m["actor"]) for m in moves if "entry" in m["action"]]


async def asked(client, table, late):
    """Waits for the question about `late` to be open; returns the consent."""
    async def open_question():
        consent = (await client.ok("subscribe", table=table))["consent"]
        return consent if consent["late"] and consent["late"]["seat"] == late else None
    return await wait_for(open_question, "the question about the late seat")


async def late_at_a_voting_table(server):
    """A two-player voting table whose first seat, Ann's, let a day pass: the
    question about her seat is open. Returns the table, the clients (Ann,
    Boris) and her seat."""
    table, clients, names, seats = await human_table(server, **VOTING)
    await advance(clients[1], DAY)
    await asked(clients[1], table, seats[0])
    return table, clients, seats[0]


@test
async def at_a_voting_table_the_players_present_decide_and_a_robot_takes_the_seat(server):
    table, clients, names, seats = await human_table(server, players=3, **VOTING)
    ann, boris, clara = clients  # Ann acts first and lets her time run out
    late = seats[0]
    summary, _ = await table_state(boris, table)
    assert summary["pace"]["timeout_vote"] is True, summary
    await advance(boris, DAY)
    consent = await asked(boris, table, late)
    # No timeout move: the question, by Ann's seat, with the time to vote on her clock.
    summary, moves = await table_state(boris, table)
    assert entries(moves) == [("late_asked", late, "timeout")], moves
    assert consent["late"]["votes"] == [] and sorted(consent["late"]["waiting"]) == sorted(seats[1:]), consent
    assert consent["late"]["expires_at"] == summary["deadline_at"] == START + 2 * DAY, (consent, summary)
    for voter in (boris, clara):
        told = [n for n in (await voter.ok("notifications"))["notifications"] if n["kind"] == "late_vote"]
        assert len(told) == 1 and told[0]["details"]["name"] == names[0] and told[0]["table"] == table, told
    # Ann does not vote about herself; a vote is a choice among three.
    refused = await ann.call("vote_late", table=table, choice="wait")
    assert refused["code"] == "no_request", refused
    refused = await boris.call("vote_late", check=False, table=table, choice="expel")
    assert refused["code"] == "bad_request", refused
    await boris.ok("vote_late", table=table, choice="robot")
    refused = await boris.call("vote_late", table=table, choice="end")
    assert refused["code"] == "already_answered", refused
    # Clara wants Ann's part ended; two of two are for a robot, one of two for ending: a robot.
    await clara.ok("vote_late", table=table, choice="end")
    async def decided():
        summary, moves = await table_state(boris, table)
        return (summary, moves) if summary["seats"][late]["controller"] == "robot" else None
    summary, moves = await wait_for(decided, "the decision")
    assert entries(moves)[:4] == [("late_asked", late, "timeout"), ("late_voted_robot", seats[1], "player"),
                                  ("late_voted_end", seats[2], "player"), ("late_robot", late, "player")], moves
    consent = (await boris.ok("subscribe", table=table))["consent"]
    assert consent["late"] is None and consent["ended"] == [], consent
    outcomes = [p["outcome"] for p in boris.pushes if p["type"] == "consent_changed"]
    assert outcomes[-3:] == ["late_voted", "late_voted", "late_robot"], outcomes
    # The robot stands in: Ann takes her seat back.
    back = (await ann.ok("reclaim_seat", table=table))["table"]
    assert back["seats"][late]["controller"] == "human", back


@test
async def ending_a_late_players_part_is_final_and_the_seat_passes_to_the_end(server):
    table, (ann, boris), late = await late_at_a_voting_table(server)
    await boris.ok("vote_late", table=table, choice="end")
    async def ended():
        consent = (await boris.ok("subscribe", table=table))["consent"]
        return consent if consent["ended"] == [late] else None
    await wait_for(ended, "Ann's part to end")
    summary, moves = await table_state(boris, table)
    assert summary["seats"][late]["controller"] == "absent", summary
    assert entries(moves)[-1] == ("late_ended", late, "player"), moves
    refused = await ann.call("reclaim_seat", table=table)
    assert refused["code"] == "part_ended", refused
    refused = await ann.call("resign", table=table)
    assert refused["code"] == "part_ended", refused
    # The seat passes on its own whenever it is to act; Boris plays on.
    for _ in range(6):
        summary, _ = await table_state(boris, table)
        if summary["to_act"] and summary["to_act"][0] != late:
            await play_any(boris, table)
        await asyncio.sleep(0.05)
    _, moves = await table_state(boris, table)
    assert any(m["seat"] == late and m["actor"] == "absent" for m in moves), moves
    told = [n for n in (await ann.ok("notifications"))["notifications"] if n["kind"] == "timed_out"]
    assert told and told[-1]["details"]["controller"] == "absent", told


@test
async def waiting_gives_the_late_seat_more_time_and_its_move_closes_a_question(server):
    table, (ann, boris), late = await late_at_a_voting_table(server)
    await advance(boris, HOUR)
    await boris.ok("vote_late", table=table, choice="wait")
    async def waited():
        summary, moves = await table_state(boris, table)
        return summary if entries(moves)[-1][0] == "late_waited" else None
    summary = await wait_for(waited, "the decision to wait")
    # One more move deadline from the decision.
    assert summary["deadline_at"] == START + 2 * DAY + HOUR, summary
    assert summary["seats"][late]["controller"] == "human", summary
    # Ann's time runs out again: a new question, which her own move closes.
    await advance(boris, DAY)
    await asked(boris, table, late)
    await play_any(ann, table)
    consent = (await boris.ok("subscribe", table=table))["consent"]
    assert consent["late"] is None, consent
    refused = await boris.call("vote_late", table=table, choice="robot")
    assert refused["code"] == "no_request", refused
    await boris.call("legal_actions", table=table)  # lets pushes arrive
    outcomes = [p["outcome"] for p in boris.pushes if p["type"] == "consent_changed"]
    assert outcomes[-1] == "late_closed", outcomes


@test
async def when_the_time_to_vote_runs_out_or_nobody_can_vote_the_timeout_comes(server):
    table, (ann, boris), late = await late_at_a_voting_table(server)
    # Boris lets the day to vote pass: the table's own policy, the timeout's move.
    await advance(boris, DAY)
    _, moves = await wait_for_moves(boris, table, 2)
    assert moves[1]["actor"] == "timeout" and moves[1]["seat"] == late and "entry" not in moves[1]["action"], moves
    consent = (await boris.ok("subscribe", table=table))["consent"]
    assert consent["late"] is None, consent
    # Against a robot nobody votes: the timeout comes at once.
    carl = await register(server, "carl_alone")
    alone = (await carl.ok("create_table", players=2, robots=1, **VOTING))["table"]["id"]
    await carl.ok("start_table", table=alone)
    async def carls_turn():
        summary, _ = await table_state(carl, alone)
        return summary if summary["deadline_at"] is not None else None
    summary = await wait_for(carls_turn, "Carl's turn")
    now = await advance(carl, 1)
    await advance(carl, summary["deadline_at"] - now)
    async def timed_out():
        _, moves = await table_state(carl, alone)
        return moves if any(m["actor"] == "timeout" for m in moves) else None
    moves = await wait_for(timed_out, "Carl's timeout")
    assert not entries(moves), moves


async def days_left(client, left):
    status = await client.ok("vacation")
    return status if status["allowance"]["left"] == left and status["vacation"] is not None else None


async def paused(client, table):
    summary, _ = await table_state(client, table)
    return summary if summary["deadline_at"] is None and summary["deadline_paused_left"] is not None else None


async def running(client, table):
    summary, _ = await table_state(client, table)
    return summary if summary["deadline_at"] is not None else None


# --- notifications --------------------------------------------------------------

@test
async def notifications_arrive_live_and_wait_for_a_player_who_was_away(server):
    ann = await register(server, "ann_n")
    boris = await register(server, "boris_n")
    table = (await ann.ok("create_table", players=2))["table"]
    await ann.ok("invite", table=table["id"], name="boris_n")
    invited = await wait_for(lambda: pushed(boris, "invited"), "the invitation pushed to Boris")
    assert invited[0]["notification"]["table"] == table["id"]
    await boris.ok("join_table", table=table["id"])
    await boris.close()  # Boris goes away
    await ann.ok("start_table", table=table["id"])
    await wait_for(lambda: pushed(ann, "table_started"), "the start pushed to Ann")
    if (await ann.ok("subscribe", table=table["id"]))["seat"] in (await table_state(ann, table["id"]))[0]["to_act"]:
        assert await pushed(ann, "your_turn")
        await play_any(ann, table["id"])  # then it is Boris's turn
    # Boris comes back: the list kept everything for him.
    boris = await login(server, "boris_n")
    listed = await boris.ok("notifications")
    kinds = [n["kind"] for n in listed["notifications"]]
    assert kinds == ["invited", "table_started", "your_turn"], kinds
    assert listed["unread"] == 3
    assert (await boris.ok("mark_notifications_read", up_to=listed["notifications"][1]["id"]))["unread"] == 1
    assert (await boris.ok("mark_notifications_read"))["unread"] == 0
    later = await boris.ok("notifications", after=listed["notifications"][1]["id"])
    assert [n["kind"] for n in later["notifications"]] == ["your_turn"] and later["notifications"][0]["read"]


async def pushed(client, kind):
    await client.call("notifications", limit=1)  # lets pushes arrive
    return [p for p in client.pushes if p["type"] == "notification" and p["notification"]["kind"] == kind]


# --- webhooks -------------------------------------------------------------------

class Receiver:
    """A local HTTP receiver that fails the first `failures` POSTs with 500."""

    def __init__(self, failures):
        self.failures = failures
        self.bodies = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.bodies.append(body)
                failing = len(receiver.bodies) <= receiver.failures
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/hook"

    def close(self):
        self.httpd.shutdown()


def outbox(server):
    return rows(server.db_path, "SELECT status, attempts FROM webhook_outbox ORDER BY id")


async def outbox_is(server, rows):
    return outbox(server) == rows


async def receiver_got(receiver, count):
    async def got():
        return len(receiver.bodies) >= count
    await wait_for(got, f"{count} webhook POSTs")


@test
@loopback_receiver
async def a_failing_webhook_is_retried_with_backoff_until_delivered(server):
    receiver = Receiver(failures=2)
    try:
        ann = await register(server, "ann_w")
        refused = await ann.call("set_webhook", url="ftp://example.org/hook")
        assert refused["code"] == "invalid_webhook", refused
        await ann.ok("set_webhook", url=receiver.url())
        boris = await register(server, "boris_w")
        table = (await boris.ok("create_table", players=2))["table"]
        await boris.ok("invite", table=table["id"], name="ann_w")
        await receiver_got(receiver, 1)
        assert b'"kind":"invited"' in receiver.bodies[0], receiver.bodies[0]
        # The receiver has the body before the server has its answer: wait
        # until the failure is recorded before moving the clock.
        await wait_for(lambda: outbox_is(server, [("pending", 1)]), "the first failure to be recorded")
        await asyncio.sleep(0.3)
        assert len(receiver.bodies) == 1
        await advance(ann, 30)  # the first retry waits 30 s
        await receiver_got(receiver, 2)
        await wait_for(lambda: outbox_is(server, [("pending", 2)]), "the second failure to be recorded")
        await advance(ann, 59)  # the second waits 60 s: not yet
        await asyncio.sleep(0.3)
        assert len(receiver.bodies) == 2
        await advance(ann, 1)
        await receiver_got(receiver, 3)
        await wait_for(lambda: settled(server), "the delivery to be recorded")
        assert outbox(server) == [("delivered", 3)], outbox(server)
    finally:
        receiver.close()


@test
@loopback_receiver
async def a_webhook_that_always_fails_is_given_up_without_harm_to_the_game(server):
    receiver = Receiver(failures=10**6)
    try:
        table, clients, names, seats = await human_table(server, players=2)
        ann, boris = clients
        await boris.ok("set_webhook", url=receiver.url())
        # Boris does not have the table open (a player watching it is not told of his turn).
        await boris.ok("unsubscribe", table=table)
        await play_any(ann, table)  # Boris's turn: a webhook
        for attempts, delay in ((1, 30), (2, 60)):
            await receiver_got(receiver, attempts)
            await wait_for(lambda: outbox_is(server, [("pending", attempts)]), "the failure to be recorded")
            await advance(ann, delay)
        await receiver_got(receiver, 3)
        await wait_for(lambda: settled(server), "the delivery to be given up")
        assert outbox(server) == [("given_up", 3)], outbox(server)
        # The game went on all along.
        data = await boris.ok("subscribe", table=table)
        assert data["view"]["to_act"] == [seats[1]]
        await play_any(boris, table)
    finally:
        receiver.close()


async def settled(server):
    return all(status != "pending" for status, _ in outbox(server))


# --- retention ------------------------------------------------------------------

def notifications_by_name(server):
    """Every stored notification as (user name, kind, read)."""
    return rows(server.db_path, "SELECT u.name, n.kind, CASE WHEN n.read_at IS NULL THEN 0 ELSE 1 END "
                                "FROM notifications n JOIN users u ON u.id = n.user_id ORDER BY n.id")


async def notifications_are(server, rows):
    return notifications_by_name(server) == rows


async def logged(server, text):
    return text in server.log_text()


@test
@loopback_receiver
async def retention_deletes_deliveries_settled_30_days_ago_and_notifications_read_90_days_ago(server):
    receiver = Receiver(failures=0)
    try:
        ann = await register(server, "ann_keep")
        await ann.ok("set_webhook", url=receiver.url())
        boris = await register(server, "boris_keep")
        table = (await boris.ok("create_table", players=2))["table"]
        await boris.ok("invite", table=table["id"], name="ann_keep")
        await wait_for(lambda: outbox_is(server, [("delivered", 1)]), "the delivery to be recorded")
        await ann.ok("mark_notifications_read")
        # Settled 31 days ago: the delivery goes; read 31 days ago: the notification stays.
        await advance(ann, 31 * DAY)
        await wait_for(lambda: outbox_is(server, []), "the delivery to be deleted")
        assert notifications_by_name(server) == [("ann_keep", "invited", 1)], notifications_by_name(server)
        # The next sweep is a day after that one; 91 days after its reading the notification goes.
        # Ann's session expires meanwhile (90 days): the clock is moved by a connection of nobody's.
        await advance(await Client.connect(server, SCHEMAS), 60 * DAY)
        await wait_for(lambda: notifications_are(server, []), "the notification to be deleted")
        # Each sweep logs what it deleted, after its commit.
        await wait_for(lambda: logged(server, "retention: deleted 1 rows of webhook_outbox and 0 of notifications"),
                       "the first sweep's log line")
        await wait_for(lambda: logged(server, "retention: deleted 0 rows of webhook_outbox and 1 of notifications"),
                       "the second sweep's log line")
    finally:
        receiver.close()


@test
@loopback_receiver
async def retention_keeps_unread_notifications_and_pending_deliveries(server):
    failing = Receiver(failures=10**6)
    try:
        carol = await register(server, "carol_keep")  # never reads hers
        dave = await register(server, "dave_keep")    # reads his; his webhook keeps failing
        await dave.ok("set_webhook", url=failing.url())
        fay = await register(server, "fay_keep")      # reads hers: its deletion shows the sweep ran
        erin = await register(server, "erin_keep")
        table = (await erin.ok("create_table", players=4))["table"]
        for name in ("carol_keep", "dave_keep", "fay_keep"):
            await erin.ok("invite", table=table["id"], name=name)
        await wait_for(lambda: outbox_is(server, [("pending", 1)]), "the first failure to be recorded")
        await dave.ok("mark_notifications_read")
        await fay.ok("mark_notifications_read")
        # Every session here expires meanwhile (90 days): the clock is moved by a connection of nobody's.
        await advance(await Client.connect(server, SCHEMAS), 100 * DAY)
        await wait_for(lambda: notifications_are(server, [("carol_keep", "invited", 0), ("dave_keep", "invited", 1)]),
                       "Fay's read notification to be deleted")
        assert [status for status, _ in outbox(server)] == ["pending"], outbox(server)
    finally:
        failing.close()


@test
async def retention_clears_a_backlog_larger_than_a_batch_in_one_sweep(server):
    await register(server, "ann_backlog")
    assert server.stop() == 0
    # Years of read notifications, as on a server upgraded to a release with retention.
    backlog = 25_000  # two and a half batches
    ((user,),) = rows(server.db_path, "SELECT id FROM users WHERE name = 'ann_backlog'")
    old = START - 100 * DAY
    insert = ("INSERT INTO notifications (user_id, kind, body_json, created_at, read_at) "
              f"SELECT {user}, 'your_turn', '{{}}', {old}, {old} FROM ")
    if is_postgresql(server.db_path):
        fields = dict(item.split("=", 1) for item in server.db_path.split())
        cluster().psql(fields["dbname"], insert + f"generate_series(1, {backlog})")
    else:
        db = sqlite3.connect(server.db_path)
        try:
            db.execute(insert + f"(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {backlog}) "
                       "SELECT i FROM n)")
            db.commit()
        finally:
            db.close()
    server.start()
    ann = await login(server, "ann_backlog")
    await advance(ann, 60)  # the first sweep, a minute after the start
    await wait_for(lambda: logged(server, "retention:"), "the sweep's log line", timeout=120)
    lines = [line for line in server.log_text().splitlines() if "retention:" in line]
    assert len(lines) == 1 and lines[0].endswith(f"deleted 0 rows of webhook_outbox and {backlog} of notifications"), lines
    assert notifications_by_name(server) == []


def server_for(fn):
    extra = ("--webhook-attempts", "3") if "given_up" in fn.__name__ else ()
    if fn.__name__ in LOOPBACK_RECEIVERS:
        # Plain http:// receivers: test_push_webhooks.py covers https:// and signatures.
        extra += ("--outbound-allow", "127.0.0.1/32", "--webhook-plain-http", "1")
    return lambda: fresh_server(*server_args(START, *extra))


if __name__ == "__main__":
    sys.exit(asyncio.run(run_tests([(fn, server_for(fn)) for fn in TESTS], SCHEMAS, 180, log_tail=3000)))
