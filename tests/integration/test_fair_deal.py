"""Integration tests of the deal nobody controls alone (docs/fairness.md)
against the real `spb serve`: the commitment is public before anyone joins,
each seat's contribution is public once given, nothing sent before a game's end
holds its secret or its seed, and once the game is over the record proves the
deal: with `spb verify-deal`, and with this file's own derivation of the seed
(Python's hashlib, from the documentation alone). A record changed afterwards
(a secret, a contribution, the seat order) fails `spb verify-deal`.

The property test drives many random games through the real server and keeps
every frame every client received, as the client received it.

usage: test_fair_deal.py SPB_BINARY PROJECT_ROOT"""

import asyncio
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from harness import Client, Server, run_tests
from schema_check import SchemaCheck

SPB, ROOT = sys.argv[1], sys.argv[2]
SCHEMAS = SchemaCheck(ROOT)
TESTS = []
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def test(f):
    TESTS.append(f)
    return f


def fresh_server():
    folder = tempfile.mkdtemp(prefix="spb-fair-it-")
    return Server(SPB, os.path.join(folder, "spb.sqlite"), ("--rate", "5000")).start()


class RecordingClient(Client):
    """A client that keeps every frame it received, as text, in order."""

    def __init__(self, ws, schemas):
        super().__init__(ws, schemas)
        self.frames = []

    async def receive(self, timeout=10):
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.frames.append(text)
        message = json.loads(text)
        self.schemas.check_server_message(message)
        return message


async def register(server, name):
    client = await RecordingClient.connect(server, SCHEMAS)
    await client.ok("register", name=name, password="correct horse")
    return client


def contribution():
    return os.urandom(32).hex()


def derived_seed(secret_hex, contributions):
    """docs/fairness.md, to the byte: SHA-256("spb-deal-v1" || secret || per seat
    0x01 || contribution, or 0x00), the first 8 bytes little-endian."""
    h = hashlib.sha256(b"spb-deal-v1" + bytes.fromhex(secret_hex))
    for c in contributions:
        h.update(b"\x01" + bytes.fromhex(c) if c else b"\x00")
    return int.from_bytes(h.digest()[:8], "little")


def contributions_by_seat(deal, players):
    seats = [None] * players
    for entry in deal["contributions"]:
        seats[entry["seat"]] = entry["contribution"]
    return seats


async def play_to_the_end(table, clients_by_seat, rng):
    """Random legal moves for the seats people play; robots play their own."""
    anyone = next(iter(clients_by_seat.values()))
    while True:
        data = await anyone.ok("subscribe", table=table)
        view = data["view"]
        if view["phase"] == "finished":
            return view
        mine = [s for s in view["to_act"] if s in clients_by_seat]
        if not mine:
            try:
                await anyone.receive(timeout=5)
            except asyncio.TimeoutError:
                pass
            continue
        client = clients_by_seat[mine[0]]
        legal = (await client.ok("legal_actions", table=table))["actions"]
        if not legal:
            continue
        choice = dict(rng.choice(legal))
        choice.pop("price")
        await client.call("act", table=table, move_number=view["move_number"] + 1, action=choice)


def verify_deal(record_text):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(record_text)
    return subprocess.run([SPB, "verify-deal", f.name], capture_output=True, text=True)


@test
async def a_table_commits_before_anyone_joins_and_its_record_proves_the_deal(server):
    ann, bob, cid = [await register(server, name) for name in ("ann", "bob", "cid")]
    table = (await ann.ok("create_table", players=3))["table"]
    deal = table["deal"]
    assert deal["scheme"] == "spb-deal-v1" and HEX64.match(deal["commitment"]) and "secret" not in deal, deal
    assert deal["contributions"] == [{"seat": 0, "contribution": None}], deal
    commitment = deal["commitment"]
    # The lobby shows the commitment before anyone joins.
    anyone = await RecordingClient.connect(server, SCHEMAS)
    listed = [t for t in (await anyone.ok("list_tables"))["tables"] if t["id"] == table["id"]][0]
    assert listed["deal"]["commitment"] == commitment, listed
    # A contribution that is not 32 bytes in hex is refused, naming the field.
    reply = await bob.call("join_table", check=False, table=table["id"], contribution="not hex at all")
    assert reply["type"] == "error" and reply["code"] == "bad_request" and "contribution" in reply["message"], reply
    bobs = contribution()
    joined = (await bob.ok("join_table", table=table["id"], contribution=bobs))["table"]
    assert {"seat": 1, "contribution": bobs} in joined["deal"]["contributions"], joined["deal"]
    # Cid's client sends none: the seat is recorded as contributing nothing.
    joined = (await cid.ok("join_table", table=table["id"]))["table"]
    assert {"seat": 2, "contribution": None} in joined["deal"]["contributions"], joined["deal"]
    anns = contribution()
    started = (await ann.ok("start_table", table=table["id"], contribution=anns))["table"]
    assert started["status"] == "playing" and started["deal"]["commitment"] == commitment, started
    assert "secret" not in started["deal"], started["deal"]
    assert contributions_by_seat(started["deal"], 3) == [anns, bobs, None], started["deal"]
    reply = await bob.call("table_record", table=table["id"])
    assert reply["type"] == "error" and reply["code"] == "table_not_finished", reply

    view = await play_to_the_end(table["id"], {0: ann, 1: bob, 2: cid}, random.Random(18))
    assert view["phase"] == "finished"
    anyone = await RecordingClient.connect(server, SCHEMAS)
    record = await anyone.ok("table_record", table=table["id"])
    header = record["header"]
    secret = header["deal"]["secret"]
    # This file's own check, from the documentation alone.
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == commitment
    assert int(header["seed"]) == derived_seed(secret, [anns, bobs, None]), header
    finished = [t for t in (await anyone.ok("list_tables", status="finished"))["tables"] if t["id"] == table["id"]][0]
    assert finished["deal"]["secret"] == secret, finished["deal"]

    proven = verify_deal(json.dumps(record))
    assert proven.returncode == 0 and "Verdict: the deal is proven" in proven.stdout, proven.stdout + proven.stderr
    assert proven.stdout.count("  ok  ") == 4, proven.stdout
    # spb admin export writes the same record as JSON lines; it proves the same.
    exported = subprocess.run([SPB, "admin", "export", "--db", server.db_path, "--table", str(table["id"])],
                              capture_output=True, text=True, check=True).stdout
    assert verify_deal(exported).returncode == 0

    def tampered(change):
        copy = json.loads(json.dumps(record))
        change(copy["header"]["deal"], copy["header"])
        return verify_deal(json.dumps(copy))

    def another_secret(deal, header):
        deal["secret"] = os.urandom(32).hex()

    def another_secret_and_commitment(deal, header):
        deal["secret"] = os.urandom(32).hex()
        deal["commitment"] = hashlib.sha256(bytes.fromhex(deal["secret"])).hexdigest()

    def another_contribution(deal, header):
        deal["contributions"][1]["contribution"] = contribution()

    def another_order(deal, header):
        deal["contributions"][0]["contribution"], deal["contributions"][1]["contribution"] = bobs, anns

    def seed_made_to_match(deal, header):
        another_order(deal, header)
        header["seed"] = str(derived_seed(deal["secret"], contributions_by_seat(deal, 3)))

    for change in (another_secret, another_secret_and_commitment, another_contribution, another_order,
                   seed_made_to_match):
        result = tampered(change)
        assert result.returncode == 1 and "NOT PROVEN" in result.stdout and "FAIL" in result.stdout, \
            (change.__name__, result.stdout)


def leaks(frames, secret, seed):
    """The frames that hold the secret or the seed, in any spelling a client could read."""
    seed_le = seed.to_bytes(8, "little").hex()
    seed_be = seed.to_bytes(8, "big").hex()
    needles = [secret, secret.upper(), str(seed), seed_le, seed_be, seed_le.upper(), seed_be.upper()]
    return [f for f in frames if any(n in f for n in needles)]


FINISHED = re.compile(r'"phase"\s*:\s*"finished"')


def frames_before_the_end(frames):
    """Each frame a client of one table received before the first one showing
    the game over (a table_update or a subscribe reply with the final view)."""
    before = []
    for text in frames:
        if FINISHED.search(text):
            break
        before.append(text)
    return before


# The property test keeps every frame but validates none: thousands of frames
# through jsonschema would starve the clients' event loop (the other tests
# validate theirs).
UNCHECKED = SchemaCheck(os.path.join(ROOT, "no-schemas-here"))


async def drain(client):
    """Reads a client's pushes while it makes no request (a spectator)."""
    while True:
        try:
            await client.receive(timeout=1)
        except asyncio.TimeoutError:
            pass


@test
async def no_frame_before_a_games_end_holds_its_secret_or_its_seed(server):
    """Property: over many random tables (people with and without contributions,
    robots, spectators, the lobby), no frame any client received before the
    game's end holds the secret or the seed; the server's log never does."""
    rng = random.Random(2026)
    watcher = await RecordingClient.connect(server, UNCHECKED)
    await watcher.ok("register", name="watcher", password="correct horse")
    # The tables of a batch run at once but share the watcher's one connection,
    # which only one of them may be reading at a time.
    watcher_turn = asyncio.Lock()
    games = []

    async def one_table(index):
        players = rng.choice([2, 3])
        robots = rng.randrange(0, players)
        people = []
        for i in range(players - robots):
            person = await RecordingClient.connect(server, UNCHECKED)
            await person.ok("register", name=f"t{index}p{i}", password="correct horse")
            people.append(person)
        options = {"expansions": rng.choice([[], ["banquet"], ["new_society"], ["banquet", "new_society"]]),
                   "public_money": rng.random() < 0.5, "public_hands": rng.random() < 0.5}
        table = (await people[0].ok("create_table", players=players, robots=robots, options=options))["table"]
        for person in people[1:]:
            if rng.random() < 0.8:
                await person.ok("join_table", table=table["id"], contribution=contribution())
            else:
                await person.ok("join_table", table=table["id"])
        await people[0].ok("start_table", table=table["id"], contribution=contribution())
        spectator = await RecordingClient.connect(server, UNCHECKED)
        await spectator.ok("subscribe", table=table["id"])
        reading = asyncio.create_task(drain(spectator))
        seats = {}
        for person in people:
            seats[(await person.ok("subscribe", table=table["id"]))["seat"]] = person
        async with watcher_turn:
            await watcher.ok("list_tables", status="playing")
            await watcher.ok("my_tables")
        await people[0].ok("my_tables")
        await play_to_the_end(table["id"], seats, random.Random(index))
        await asyncio.sleep(0.5)
        reading.cancel()
        reader = await RecordingClient.connect(server, UNCHECKED)
        record = await reader.ok("table_record", table=table["id"])
        for client in people + [spectator, reader]:
            await client.close()
        games.append((table["id"], people + [spectator], record))

    for batch in range(4):
        await asyncio.gather(*(one_table(batch * 3 + i) for i in range(3)))
    log = server.log_text()
    checked = 0
    for table, clients, record in games:
        secret, seed = record["header"]["deal"]["secret"], int(record["header"]["seed"])
        for client in clients:
            before = frames_before_the_end(client.frames)
            assert not leaks(before, secret, seed), (table, leaks(before, secret, seed)[:1])
            checked += len(before)
        assert not leaks([log], secret, seed), f"the server's log holds table {table}'s secret or seed"
        assert verify_deal(json.dumps(record)).returncode == 0
        # The lobby watcher only ever saw tables being played.
        assert not leaks(watcher.frames, secret, seed)
    assert checked > 1000, checked
    print(f"{len(games)} tables, {checked} frames before their ends, none holding a secret or a seed")


sys.exit(asyncio.run(run_tests([(fn, fresh_server) for fn in TESTS], SCHEMAS, 600)))
