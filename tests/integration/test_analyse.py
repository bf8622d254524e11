"""Integration test of `spb admin analyse` (docs/analysis.md) on a real
database: games stored by `spb admin calibrate-robots` are analysed as text
and as JSON of the documented shape, the same twice over, and a table that
is not finished, a seat that does not exist and a table that does not exist
are refused with a sentence.

usage: test_analyse.py SPB_BINARY"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile

SPB = sys.argv[1]
# Small, so the test takes seconds; the depth's defaults are measured in docs/analysis.md.
DEPTH = ["--deals", "2", "--candidates", "2"]


def spb(*args):
    return subprocess.run([SPB, *args], capture_output=True, text=True, timeout=300)


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def main():
    folder = tempfile.mkdtemp(prefix="spb-analyse-it-")
    db = os.path.join(folder, "spb.sqlite")
    made = spb("admin", "calibrate-robots", "--db", db, "--games", "1", "--players", "2", "--seed", "3")
    check(made.returncode == 0, f"calibrate-robots failed: {made.stderr}")

    analysed = spb("admin", "analyse", "--db", db, "--table", "1", "--json", *DEPTH)
    check(analysed.returncode == 0, f"analyse failed: {analysed.stderr}")
    document = json.loads(analysed.stdout)
    check(document["table"] == 1 and document["players"] == 2, document)
    check(document["depth"] == {"candidates": 2, "deals": 2}, document["depth"])
    check([seat["seat"] for seat in document["seats"]] == [0, 1], "both seats analysed")
    for seat in document["seats"]:
        summary = seat["summary"]
        check(summary["decisions"] == len(seat["decisions"]) > 20, "a robot's seat counts its robot's decisions")
        check(0 <= summary["accuracy"] <= 100, summary)
        check(set(summary["lost_by_phase"]) == {"worker", "building", "aristocrat", "trading"}, summary)
        check(set(summary["lost_by_kind"]) ==
              {"buying", "displacement", "taking_into_hand", "passing", "pub", "card_ability"}, summary)
        moves = [d["move"] for d in seat["decisions"]]
        check(moves == sorted(moves) and set(summary["costliest"]) <= set(moves), summary["costliest"])
        for d in seat["decisions"]:
            check(d["cost"] >= 0 and d["actor"] == "robot" and d["counted"], d)
            alternatives = d["alternatives"]
            check(len(alternatives) >= 2 and "type" in alternatives[d["chosen"]]["action"], d)
            check(alternatives[d["best"]]["result"] >= alternatives[d["chosen"]]["result"], d)
            check(all(0 <= a["win_chance"] <= 1 for a in alternatives), d)
    again = spb("admin", "analyse", "--db", db, "--table", "1", "--json", *DEPTH)
    check(again.stdout == analysed.stdout, "the same game gives the same analysis")

    text = spb("admin", "analyse", "--db", db, "--table", "1", "--seat", "1", *DEPTH)
    check(text.returncode == 0 and "Seat 1, " in text.stdout and "Seat 0, " not in text.stdout, text.stdout)
    check("points lost by phase: workers" in text.stdout and "every decision:" in text.stdout, text.stdout)

    no_seat = spb("admin", "analyse", "--db", db, "--table", "1", "--seat", "3", *DEPTH)
    check(no_seat.returncode == 2 and "table 1 has no seat 3" in no_seat.stderr, no_seat.stderr)
    no_table = spb("admin", "analyse", "--db", db, "--table", "99", *DEPTH)
    check(no_table.returncode == 2 and "there is no table 99" in no_table.stderr, no_table.stderr)
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE game_tables SET status = 'playing' WHERE id = 1")
    playing = spb("admin", "analyse", "--db", db, "--table", "1", *DEPTH)
    check(playing.returncode == 2 and "table 1 is playing: only a finished game is analysed" in playing.stderr,
          playing.stderr)
    print("ok: spb admin analyse")


if __name__ == "__main__":
    main()
