"""Integration tests of leagues (issue 36, docs/leagues.md) against the real
`spb serve`: creating one, joining and leaving, a season started by the server
at its date with its divisions, its tables started in waves and played to
their end by robots standing in after timeouts, the moves at the season's end,
and the next season placed from them. Time is the server's test clock
(--test-clock), moved by debug_advance_clock. SPB_TEST_DB=postgresql runs them
on PostgreSQL.

usage: test_leagues.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import sys
import tempfile

from harness import Client, Server, run_tests
from pg_cluster import database_location
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
ADMIN = "league-admin-token"
START = 1_800_000_000  # the test clock's start, unix seconds
HOUR = 3600
DAY = 24 * HOUR
# Each table's pace: an hour a move, and the robot takes a seat at its first timeout.
TABLES = {"players": 3, "move_deadline_hours": 1, "timeout_policy": {"takeover_after": 1, "takeover_by": "robot"}}


def test(fn):
    TESTS.append(fn)
    return fn


def fresh_server(*extra):
    folder = tempfile.mkdtemp(prefix="spb-league-")
    # Robots standing in move at once, so a table ends within a few hours of the test clock.
    args = ("--rate", "2000", "--admin-token", ADMIN, "--test-clock", str(START), "--stand-in-wait", "0")
    return Server(SPB, database_location(folder), args + tuple(extra)).start()


async def register(server, name):
    client = await Client.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


async def advance(client, seconds):
    return (await client.ok("debug_advance_clock", seconds=seconds, admin_token=ADMIN))["now"]


async def create(client, **fields):
    request = {"name": "Winter league", "table": TABLES, "division_size": 4, "promoted": 1, "tables_at_once": 1,
               "season_days": 2, "starts_at": START + HOUR}
    request.update(fields)
    return (await client.ok("create_league", **request))["league"]


async def view(client, league, **fields):
    return await client.ok("league", league=league, **fields)


async def play_until(client, league, until):
    """Moves the clock an hour at a time: each waiting seat times out, the robot
    takes it and plays on, and the next tables start, until `until(view)` holds."""
    for _ in range(150):
        shown = await view(client, league)
        if until(shown):
            return shown
        await advance(client, HOUR)
        await asyncio.sleep(0.2)
    raise AssertionError("the league did not get there: " + str(await view(client, league)))


def names_in(division):
    return {row["name"] for row in division["standings"]}


@test
async def joining_and_leaving_before_the_first_season_and_refusals(server):
    ann = await register(server, "ann_join")
    boris = await register(server, "boris_join")
    league = await create(ann)
    assert league["stage"] == "waiting" and league["season"] == 0 and league["players"] == 0, league
    assert league["next_season_at"] == START + HOUR and league["you_joined"] is False, league
    joined = (await ann.ok("join_league", league=league["id"]))["league"]
    assert joined["players"] == 1 and joined["you_joined"] is True, joined
    again = await ann.call("join_league", league=league["id"])
    assert again["type"] == "error" and again["code"] == "already_in_league", again
    not_in = await boris.call("leave_league", league=league["id"])
    assert not_in["type"] == "error" and not_in["code"] == "not_in_league", not_in
    await boris.ok("join_league", league=league["id"])
    left = (await boris.ok("leave_league", league=league["id"]))["league"]
    assert left["players"] == 1 and left["you_joined"] is False, left
    shown = await view(boris, league["id"])
    assert shown["joining"] == ["ann_join"] and "season" not in shown, shown
    listed = (await boris.ok("list_leagues"))["leagues"]
    assert [x["id"] for x in listed] == [league["id"]], listed
    missing = await ann.call("league", league=league["id"] + 100)
    assert missing["type"] == "error" and missing["code"] == "no_such_league", missing
    past = await ann.call("create_league", name="Late", table=TABLES, starts_at=START - 1)
    assert past["type"] == "error" and past["code"] == "bad_request" and "starts_at" in past["message"], past
    # Five players need The New Society, and a smaller bottom division plays at tables of three and four.
    undealt = await ann.call("create_league", name="Five", table=dict(TABLES, players=5), division_size=5,
                             starts_at=START + HOUR)
    assert undealt["type"] == "error" and undealt["code"] == "bad_request" and "table" in undealt["message"], undealt
    small = await ann.call("create_league", check=False, name="Small", table=TABLES, division_size=2,
                           starts_at=START + HOUR)
    assert small["type"] == "error" and small["code"] == "bad_request", small


@test
async def a_season_is_played_in_waves_its_moves_made_and_the_next_season_placed_from_them(server):
    names = [f"p{i}_season" for i in range(7)]
    clients = [await register(server, name) for name in names]
    organiser = clients[0]
    league = await create(organiser)
    for client in clients:
        await client.ok("join_league", league=league["id"])
    await advance(organiser, HOUR)

    # Seven players, divisions of four: 4 on top and 3 below, placed by rating
    # (all new: by account, the first to register on top).
    first = await play_until(organiser, league["id"], lambda v: "season" in v)
    assert first["league"]["stage"] == "playing" and first["league"]["season"] == 1, first["league"]
    divisions = first["season"]["divisions"]
    assert [d["division"] for d in divisions] == [1, 2], divisions
    assert names_in(divisions[0]) == set(names[:4]) and names_in(divisions[1]) == set(names[4:]), divisions
    # One table at once: in the top division one table of three plays and its fourth player waits.
    top_tables = divisions[0]["tables"]
    assert sum(t["status"] == "playing" for t in top_tables) == 1, top_tables
    assert any(t["status"] == "waiting" for t in top_tables), top_tables
    playing = next(t for t in top_tables if t["status"] == "playing")
    seated = clients[names.index(playing["seats"][0])]
    mine = (await seated.ok("my_tables"))["tables"]
    marked = [t for t in mine if t.get("league")]
    assert marked and marked[0]["league"] == {"id": league["id"], "season": 1, "division": 1}, mine
    notes = (await seated.ok("notifications"))["notifications"]
    kinds = {n["kind"] for n in notes}
    assert {"league_season", "league_table"} <= kinds, notes

    # A player who leaves during a season plays it out, and may think again before it ends.
    await clients[1].ok("leave_league", league=league["id"])
    newcomer = await register(server, "newcomer_season")
    await newcomer.ok("join_league", league=league["id"])
    during = await view(organiser, league["id"])
    assert during["leaving"] == [names[1]] and during["joining"] == ["newcomer_season"], during
    assert during["league"]["you_joined"] is True, during["league"]
    back = (await clients[1].ok("join_league", league=league["id"]))["league"]
    assert back["you_joined"] is True and back["you_leaving"] is False, back

    ended = await play_until(organiser, league["id"], lambda v: v["season"]["status"] == "finished")
    assert ended["league"]["stage"] == "between", ended["league"]
    assert ended["league"]["next_season_at"] == START + HOUR + 2 * DAY, ended["league"]
    top, bottom = ended["season"]["divisions"]
    assert all(t["status"] in ("finished", "aborted") for t in top["tables"] + bottom["tables"]), ended
    assert [row["moved"] for row in top["standings"]] == ["stay", "stay", "stay", "down"], top
    assert [row["moved"] for row in bottom["standings"]] == ["up", "stay", "stay"], bottom
    went_up = bottom["standings"][0]["name"]
    went_down = top["standings"][-1]["name"]
    notes = (await clients[names.index(went_up)].ok("notifications"))["notifications"]
    finished = [n for n in notes if n["kind"] == "league_season_finished"]
    assert finished and finished[0]["details"]["moved"] == "up", finished
    # Between two seasons a player who stayed in the bottom division leaves.
    leaver = bottom["standings"][1]["name"]
    await clients[names.index(leaver)].ok("leave_league", league=league["id"])

    # The next season starts at the first one's finish date, with the moves made.
    now = await advance(organiser, 1)
    if now < START + HOUR + 2 * DAY:
        await advance(organiser, START + HOUR + 2 * DAY - now)
    second = await play_until(organiser, league["id"], lambda v: v["league"]["season"] == 2)
    top2, bottom2 = second["season"]["divisions"]
    assert went_up in names_in(top2) and went_down in names_in(bottom2), second["season"]
    assert leaver not in names_in(top2) | names_in(bottom2), second["season"]
    assert "newcomer_season" in names_in(bottom2), second["season"]
    # The first season can still be read.
    again = await view(organiser, league["id"], season=1)
    assert again["season"]["season"] == 1 and again["season"]["status"] == "finished", again["season"]
    later = await organiser.call("league", league=league["id"], season=3)
    assert later["type"] == "error" and later["code"] == "bad_request", later


if __name__ == "__main__":
    sys.exit(asyncio.run(run_tests([(fn, fresh_server) for fn in TESTS], SCHEMAS, 300, log_tail=3000)))
