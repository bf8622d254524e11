"""Online backup and checked restore, on real SQLite files with the real
server: `spb admin backup` runs while `spb serve` is under load from
`spb loadgen`; `spb admin restore` replays every table of the backup before it
replaces anything, and refuses damaged backups and a database in use.

usage: test_backup.py SPB_BINARY PROJECT_ROOT"""

import hashlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from harness import Server

SPB, ROOT = sys.argv[1], sys.argv[2]
TESTS = []
WORK = tempfile.mkdtemp(prefix="spb-backup-it-")


def test(fn):
    TESTS.append(fn)
    return fn


def spb(*args, timeout=300):
    return subprocess.run([SPB, *args], capture_output=True, text=True, timeout=timeout)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def files_beside(path):
    folder = os.path.dirname(path)
    return sorted(os.listdir(folder))


def page_size_of(path):
    with open(path, "rb") as f:
        header = f.read(100)
    size = int.from_bytes(header[16:18], "big")
    return 65536 if size == 1 else size


def table_counts(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    counts = dict(db.execute("SELECT status, count(*) FROM game_tables GROUP BY status").fetchall())
    moves = db.execute("SELECT count(*) FROM moves").fetchone()[0]
    db.close()
    return counts, moves


class Loaded:
    """One server under load, with backups taken while the load runs."""

    def __init__(self):
        self.db = os.path.join(WORK, "live", "spb.sqlite")
        os.makedirs(os.path.dirname(self.db))
        self.server = Server(SPB, self.db, ["--rate", "100000"]).start()
        load = subprocess.Popen([SPB, "loadgen", "--port", str(self.server.port), "--tables", "12", "--players", "3",
                                 "--seconds", "12", "--rate", "300"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.backups = []
        self.backup_outputs = []
        # The first backup must catch games in play: wait for moves, not for a fixed time
        # (under the sanitizers the load takes seconds to seat its tables).
        deadline = time.time() + 30
        while self.moves_so_far() < 50:
            assert time.time() < deadline and load.poll() is None, "the load wrote no moves"
            time.sleep(0.1)
        for i in range(3):
            path = os.path.join(WORK, f"backup-{i}.sqlite")
            moves_before = self.moves_so_far()
            result = spb("admin", "backup", "--db", self.db, "--to", path)
            assert result.returncode == 0, result.stderr
            self.backup_outputs.append(result.stdout)
            self.backups.append((path, moves_before))
            time.sleep(1)
        self.load_output = load.communicate(timeout=60)[0]
        assert load.returncode == 0, self.load_output
        self.server.stop()

    def moves_so_far(self):
        db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            return db.execute("SELECT count(*) FROM moves").fetchone()[0]
        finally:
            db.close()


LOADED = None


def fresh_target(name):
    folder = os.path.join(WORK, name)
    os.makedirs(folder)
    return os.path.join(folder, "spb.sqlite")


@test
def backups_taken_under_load_are_consistent_snapshots():
    for (path, moves_before), output in zip(LOADED.backups, LOADED.backup_outputs):
        assert "integrity_check ok" in output, output
        counts, moves = table_counts(path)
        # The load was running: the snapshot holds what was committed before it began.
        assert moves >= moves_before > 0, (moves, moves_before)
        # A single file: no -wal to carry along.
        assert not os.path.exists(path + "-wal")
        check = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
        assert check == "delete", check
    first_counts, first_moves = table_counts(LOADED.backups[0][0])
    assert first_counts.get("playing", 0) > 0, f"the first backup should catch games in play: {first_counts}"
    _, last_moves = table_counts(LOADED.backups[-1][0])
    assert last_moves > first_moves, "the load should have gone on between the backups"


@test
def a_backup_taken_under_load_restores_and_every_table_replays():
    backup = LOADED.backups[1][0]
    target = fresh_target("restored")
    result = spb("admin", "restore", "--from", backup, "--db", target)
    assert result.returncode == 0, result.stdout + result.stderr
    counts, moves = table_counts(backup)
    started = counts.get("playing", 0) + counts.get("finished", 0)
    verdicts = re.findall(r"^table \d+ \((playing|finished), \d+ moves\): (\w+)", result.stdout, re.MULTILINE)
    assert len(verdicts) == started > 0, result.stdout
    assert all(outcome == "replays" for _, outcome in verdicts), result.stdout
    assert f"{started} started tables, 0 diverge, 0 recorded under another" in result.stdout, result.stdout
    assert table_counts(target) == (counts, moves)
    assert digest_of_rows(target) == digest_of_rows(backup)


def digest_of_rows(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    h = hashlib.sha256()
    for table in ("users", "game_tables", "seats", "moves"):
        for row in db.execute(f"SELECT * FROM {table} ORDER BY 1, 2"):
            h.update(repr(row).encode())
    db.close()
    return h.hexdigest()


@test
def the_server_starts_on_the_restored_database_and_resumes_its_games():
    backup = LOADED.backups[0][0]
    target = fresh_target("served")
    result = spb("admin", "restore", "--from", backup, "--db", target)
    assert result.returncode == 0, result.stdout + result.stderr
    playing = table_counts(backup)[0].get("playing", 0)
    server = Server(SPB, target).start()
    try:
        assert f"tables resumed {playing}" in server.log_text(), server.log_text()
        assert "is not served" not in server.log_text(), server.log_text()
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz", timeout=5) as r:
            assert r.status == 200
    finally:
        server.stop()


@test
def a_restore_is_refused_while_a_server_has_the_target_open():
    target = fresh_target("in-use")
    assert spb("admin", "restore", "--from", LOADED.backups[0][0], "--db", target).returncode == 0
    server = Server(SPB, target).start()
    try:
        before = files_beside(target), digest(target)
        result = spb("admin", "restore", "--from", LOADED.backups[1][0], "--db", target)
        assert result.returncode == 1, result.stdout + result.stderr
        assert "is in use by process" in result.stderr, result.stderr
        assert (files_beside(target), digest(target)) == before
    finally:
        server.stop()


@test
def a_truncated_backup_is_refused_and_the_target_is_unchanged():
    target = fresh_target("truncated")
    assert spb("admin", "restore", "--from", LOADED.backups[0][0], "--db", target).returncode == 0
    cut = os.path.join(WORK, "cut.sqlite")
    shutil.copyfile(LOADED.backups[1][0], cut)
    os.truncate(cut, os.path.getsize(cut) // 2)
    before = files_beside(target), digest(target)
    result = spb("admin", "restore", "--from", cut, "--db", target)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "is truncated" in result.stderr, result.stderr
    assert (files_beside(target), digest(target)) == before


@test
def a_backup_cut_at_a_page_boundary_is_refused():
    # Whole pages missing at the end: the header's page count gives it away.
    cut = os.path.join(WORK, "cut-pages.sqlite")
    shutil.copyfile(LOADED.backups[1][0], cut)
    os.truncate(cut, os.path.getsize(cut) - 4 * page_size_of(cut))
    result = spb("admin", "restore", "--from", cut)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "is truncated" in result.stderr, result.stderr


@test
def a_damaged_page_is_refused_by_the_integrity_check():
    damaged = os.path.join(WORK, "damaged.sqlite")
    shutil.copyfile(LOADED.backups[1][0], damaged)
    size = os.path.getsize(damaged)
    page_size = page_size_of(damaged)
    with open(damaged, "r+b") as f:
        for page in range(1, size // page_size):
            f.seek(page * page_size + 8)
            f.write(b"\xff" * 64)
    target = fresh_target("damaged")
    result = spb("admin", "restore", "--from", damaged, "--db", target)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "is damaged" in result.stderr, result.stderr
    assert files_beside(target) == []


@test
def a_table_whose_log_does_not_replay_stops_the_restore():
    forged = os.path.join(WORK, "forged.sqlite")
    shutil.copyfile(LOADED.backups[1][0], forged)
    db = sqlite3.connect(forged)
    # A move in the middle of the log: the replay must notice it there.
    table, move = db.execute("SELECT table_id, 5 FROM moves GROUP BY table_id HAVING count(*) > 10 LIMIT 1").fetchone()
    db.execute("UPDATE moves SET state_hash = 'forged' WHERE table_id = ? AND move_number = ?", (table, move))
    db.commit()
    db.close()
    target = fresh_target("forged")
    result = spb("admin", "restore", "--from", forged, "--db", target)
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(rf"^table {table} .*DIVERGES: table {table}, move {move}:", result.stdout, re.MULTILINE), result.stdout
    assert "nothing was changed" in result.stderr, result.stderr
    assert files_beside(target) == []


@test
def a_table_of_another_card_set_is_reported_restored_and_not_served():
    other = os.path.join(WORK, "other-cards.sqlite")
    shutil.copyfile(LOADED.backups[0][0], other)
    db = sqlite3.connect(other)
    table = db.execute("SELECT min(id) FROM game_tables WHERE status = 'playing'").fetchone()[0]
    db.execute("UPDATE game_tables SET card_set_version = 'cards-v0-000000000000' WHERE id = ?", (table,))
    db.commit()
    db.close()
    target = fresh_target("other-cards")
    result = spb("admin", "restore", "--from", other, "--db", target)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(rf"^table {table} .*: not replayed: table {table} was recorded under card set cards-v0-000000000000",
                     result.stdout, re.MULTILINE), result.stdout
    assert "0 diverge, 1 recorded under another card set or rules version" in result.stdout, result.stdout
    # The server does not replay it under this binary's cards either.
    server = Server(SPB, target).start()
    try:
        assert re.search(rf"error table {table} is not served: table {table} was recorded under card set "
                         r"cards-v0-000000000000 and rules version 1; this spb has card set cards-v\d+-\w+",
                         server.log_text()), server.log_text()
    finally:
        server.stop()


@test
def restoring_over_a_database_moves_the_old_one_aside():
    target = fresh_target("aside")
    assert spb("admin", "restore", "--from", LOADED.backups[0][0], "--db", target).returncode == 0
    old = digest_of_rows(target)
    result = spb("admin", "restore", "--from", LOADED.backups[2][0], "--db", target)
    assert result.returncode == 0, result.stdout + result.stderr
    aside = re.search(r"the previous database is now (\S+)", result.stdout).group(1)
    assert aside.startswith(target + ".before-restore-"), aside
    assert digest_of_rows(aside) == old
    assert digest_of_rows(target) == digest_of_rows(LOADED.backups[2][0])
    assert not [f for f in files_beside(target) if ".restoring-" in f]


@test
def a_backup_into_a_folder_gets_a_time_stamped_name():
    folder = os.path.join(WORK, "folder")
    os.makedirs(folder)
    result = spb("admin", "backup", "--db", LOADED.db, "--to", folder)
    assert result.returncode == 0, result.stderr
    names = os.listdir(folder)
    assert len(names) == 1 and re.fullmatch(r"spb-\d{8}T\d{6}Z\.sqlite", names[0]), names


@test
def a_backup_of_a_missing_database_is_refused():
    result = spb("admin", "backup", "--db", os.path.join(WORK, "nothing.sqlite"), "--to", os.path.join(WORK, "x.sqlite"))
    assert result.returncode == 1 and "there is no database at" in result.stderr, result.stderr
    assert not os.path.exists(os.path.join(WORK, "nothing.sqlite"))
    assert not os.path.exists(os.path.join(WORK, "x.sqlite"))


def main():
    global LOADED
    LOADED = Loaded()
    print(LOADED.load_output.strip().splitlines()[-3:])
    for path, _ in LOADED.backups:
        counts, moves = table_counts(path)
        print(f"{os.path.basename(path)}: {counts} {moves} moves")
    passed = failed = 0
    for fn in TESTS:
        try:
            fn()
            print(f"PASS {fn.__name__}")
            passed += 1
        except Exception:
            print(f"FAIL {fn.__name__}")
            traceback.print_exc()
            failed += 1
    print(f"{passed} passed, {failed} failed")
    if not failed:
        shutil.rmtree(WORK, ignore_errors=True)
    return 1 if failed else 0


sys.exit(main())
