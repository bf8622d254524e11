"""Runs the commands of the operators' documents exactly as written
(ctest docs:commands, issue 34): docs/deploy.md, docs/operations.md,
docs/scaling.md and docker/README.md, in that order, against the real built
`spb` and a real PostgreSQL 15 (tests/integration/pg_cluster.py).

The convention the documents follow:

- A command an operator types is in a fenced block tagged `sh`. Each such
  block is run by bash as one script (`bash -e -o pipefail`: the first
  command that fails fails the block), in the order of the document, in one
  working folder for the whole run. A failure names the document, the line
  of the failing command and the block's output.
- A block that cannot run here says why in its tag:
  "```sh not-run: systemd on the production host". The reason may not be
  empty.
- Indented code blocks and fenced blocks without a tag are refused in these
  documents, so that no command escapes the test; output and settings are
  fenced blocks of another tag (`text`, `ini`, `nginx`, `sql`, ...), which
  are not run. A shell block tagged otherwise (`bash`, `console`) is refused.
- A block whose last command is `spb serve` runs until that server answers
  /healthz, then gets SIGTERM and must exit 0. Such a server listens where
  SPB_LISTEN says: a free port of its own.
- A block tagged "text output" shows what the `sh` block before it prints:
  its lines must be those the run printed, the test's folders and port
  written back as the documents name them, every number but a schema
  version standing for any number (counts, sizes and times differ from run
  to run; the wording, the lines and the schema version may not).
- Before running, these literal strings are replaced (SUBSTITUTIONS): the
  data folders under /var/lib/spb and /var/backups/spb by folders under a
  temporary folder, PostgreSQL's socket folder /var/run/postgresql by the
  test cluster's, and 127.0.0.1:8080 (spb's default address) by a free port.
- What a production host has is stood in for on the PATH: `spb` is the built
  binary; `sudo [-u USER] COMMAND` runs COMMAND as the test's user, with
  PGUSER=USER (on Debian, PostgreSQL's peer authentication makes the OS user
  the role: `sudo -u postgres createdb` acts as the role postgres);
  `systemctl stop|start|restart spb` stops and starts the test's `spb serve`
  with the settings of deploy.md's unit file (any other use of systemctl
  fails). PGHOST names the test cluster's socket folder, as the compiled-in
  default /var/run/postgresql names Debian's.

Between blocks the test prepares what the documents assume (a site with
games in /var/lib/spb/spb.sqlite, the service running before a backup) and
checks what the recipes promise: a migrated, restored or dumped-and-restored
database passes `spb admin verify` and holds as many tables as its source
(the restored SQLite file those of the backup, not the games played after
it; the database restored from pg_dump is owned by the role spb).

usage: test_doc_commands.py SPB_BINARY PROJECT_ROOT"""

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

SPB, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
import pg_cluster  # noqa: E402

DOCUMENTS = ["docs/deploy.md", "docs/operations.md", "docs/scaling.md", "docker/README.md"]
FENCE = re.compile(r"^(\s*)```(\S*)\s*(.*)$")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Block:
    def __init__(self, document, line, tag, note, lines):
        self.document, self.line, self.tag, self.note, self.lines = document, line, tag, note, lines

    def text(self):
        return "\n".join(self.lines) + "\n"

    def where(self):
        return f"{self.document}:{self.line}"


def blocks_of(document):
    """The fenced blocks of `document`, and the lines of any indented code
    block (refused)."""
    blocks, indented = [], []
    lines = open(os.path.join(ROOT, document)).read().split("\n")
    i = 0
    previous = ""  # the last non-blank line outside fences
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            indent, tag, note = len(m.group(1)), m.group(2), m.group(3)
            start = i + 1
            body = []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
                i += 1
            blocks.append(Block(document, start + 1, tag, note, body))
            i += 1
            previous = ""
            continue
        line = lines[i]
        if line.strip():
            # A line indented four more than the text it follows, after a
            # blank line, is an indented code block (a list item's text
            # starts after its bullet).
            base = 0
            if previous:
                bullet = re.match(r"^(\s*)([-*]|\d+\.)\s+", previous)
                base = len(bullet.group(0)) if bullet else len(previous) - len(previous.lstrip())
            if i > 0 and not lines[i - 1].strip() and len(line) - len(line.lstrip()) >= base + 4:
                indented.append(f"{document}:{i + 1}: {line.strip()}")
            else:
                previous = line
        i += 1
    return blocks, indented


class Site:
    """What the documents' commands act on: folders, a PostgreSQL cluster whose
    superuser is `postgres` (as Debian's), the shims, the stand-in service."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="spb-docs-")
        self.port = free_port()        # 127.0.0.1:8080 in the documents: the service's
        self.serve_port = free_port()  # SPB_LISTEN for a bare `spb serve` in a block
        self.pg = pg_cluster.PgCluster(superuser="postgres")
        for folder in ("var/lib/spb/backups", "var/backups/spb", "work"):
            os.makedirs(os.path.join(self.root, folder))
        self.work = os.path.join(self.root, "work")
        self.bin = os.path.join(self.root, "bin")
        os.makedirs(self.bin)
        os.symlink(SPB, os.path.join(self.bin, "spb"))
        self.write_shim("sudo", """#!/bin/sh
# sudo's stand-in (tests/docs/test_doc_commands.py): the caller runs the command;
# -u USER becomes PostgreSQL's role, as peer authentication makes it on Debian.
if [ "$1" = "-u" ]; then PGUSER="$2"; export PGUSER; shift 2; fi
exec "$@"
""")
        self.write_shim("systemctl", f"""#!/usr/bin/python3
# systemctl's stand-in (tests/docs/test_doc_commands.py): stop, start and
# restart of the unit spb, the test's `spb serve`; nothing else.
import sys
sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
import service
sys.exit(service.main({self.root!r}, sys.argv[1:]))
""")
        self.substitutions = [
            ("/var/lib/spb", os.path.join(self.root, "var/lib/spb")),
            ("/var/backups/spb", os.path.join(self.root, "var/backups/spb")),
            ("/var/run/postgresql", self.pg.folder),
            ("127.0.0.1:8080", f"127.0.0.1:{self.port}"),
        ]
        with open(os.path.join(self.root, "service.port"), "w") as f:
            f.write(str(self.port))
        with open(os.path.join(self.root, "service.spb"), "w") as f:
            f.write(SPB)
        self.env = dict(os.environ, PATH=self.bin + ":" + os.environ["PATH"], PGHOST=self.pg.folder,
                        SPB_LISTEN=f"127.0.0.1:{self.serve_port}", HOME=self.work)
        for name in ("PGUSER", "PGDATABASE", "PGPORT", "SPB_DB"):
            self.env.pop(name, None)

    def write_shim(self, name, text):
        path = os.path.join(self.bin, name)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, 0o755)

    def path(self, relative):
        return os.path.join(self.root, relative)

    def sqlite(self):
        return self.path("var/lib/spb/spb.sqlite")

    def pg_uri(self, database):
        return f"postgresql://spb@/{database}?host={self.pg.folder}"

    def systemctl(self, *args):
        run([os.path.join(self.bin, "systemctl"), *args], self.env)

    def stop(self):
        try:
            self.systemctl("stop", "spb")
        finally:
            self.pg.stop()
            shutil.rmtree(self.root, ignore_errors=True)


def run(argv, env, check=True, timeout=120):
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(argv)}: exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


def substituted(site, text):
    for literal, value in site.substitutions:
        text = text.replace(literal, value)
    return text


def shape(site, output):
    """`output` as a document shows it: the test's values named as the
    documents name them, any number but a schema version a wildcard."""
    for literal, value in site.substitutions:
        output = output.replace(value, literal)
    return [re.sub(r"(?<!schema version )\d+", "#", line) for line in output.strip().splitlines()]


SERVE_LAST = re.compile(r"(^|\s)spb serve(\s|$)")


def run_block(site, block):
    script = substituted(site, block.text())
    lines = [l for l in block.lines if l.strip() and not l.strip().startswith("#")]
    if lines and SERVE_LAST.search(lines[-1]) and "--help" not in lines[-1]:
        return run_serving_block(site, block, script)
    # The line of the failing command, from bash's LINENO in the ERR trap.
    traced = "trap 'echo \"@@failed at line $LINENO\" >&2' ERR\n" + script
    began = time.time()
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", traced], cwd=site.work, env=site.env,
                          capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    if done.returncode != 0:
        m = re.search(r"@@failed at line (\d+)", output)
        line = block.line + int(m.group(1)) - 2 if m else block.line
        raise AssertionError(f"{block.document}:{line}: the command failed (exit {done.returncode}):\n"
                             f"{block.lines[line - block.line] if 0 <= line - block.line < len(block.lines) else ''}\n"
                             f"--- output ---\n{output}")
    print(f"ran {block.where()} in {time.time() - began:.1f} s")
    print("".join("    " + line + "\n" for line in output.splitlines()[:40]), end="")
    return output


def run_serving_block(site, block, script):
    """A block ending with `spb serve`: the server runs until /healthz answers
    ok, then stops on SIGTERM."""
    log = open(os.path.join(site.root, f"serve-{block.line}.log"), "w+")
    process = subprocess.Popen(["bash", "-e", "-o", "pipefail", "-c", script], cwd=site.work, env=site.env,
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    healthy = False
    while time.time() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{site.serve_port}/healthz", timeout=2) as answer:
                healthy = answer.read().decode().strip() == "ok"
        except OSError:
            pass
        if healthy:
            break
        time.sleep(0.1)
    # SIGTERM to the server: bash's child, whose status bash then exits
    # with, or bash itself when it ran its last command in its own place.
    if process.poll() is None:
        with open(f"/proc/{process.pid}/task/{process.pid}/children") as f:
            children = [int(child) for child in f.read().split()]
        for pid in children or [process.pid]:
            os.kill(pid, signal.SIGTERM)
    try:
        status = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        status = process.wait()
    log.seek(0)
    output = log.read()
    if not healthy or status != 0:
        raise AssertionError(f"{block.where()}: `spb serve` did not answer /healthz and stop cleanly "
                             f"(exit {status}):\n--- output ---\n{output}")
    print(f"ran {block.where()} (a server, stopped once healthy)")
    return output


# What the documents assume and what their recipes promise -------------------


def tables_in(site, location):
    if pg_cluster.is_postgresql(location):
        return int(run(["psql", "-X", "-At", "-d", location, "-c", "SELECT count(*) FROM game_tables"], site.env).stdout)
    return pg_cluster.rows(location, "SELECT count(*) FROM game_tables")[0][0]


def verified(site, location):
    """`spb admin verify` passes on `location`; returns its table count."""
    run([SPB, "admin", "verify", "--db", location], site.env)
    return tables_in(site, location)


def play(site, seconds):
    """A few games through the running service, as its players would."""
    run([SPB, "loadgen", "--port", str(site.port), "--tables", "3", "--players", "2", "--seconds", str(seconds),
         "--rate", "60"], site.env, timeout=60)


def unit_settings(site):
    """deploy.md's unit file's Environment= lines, for the stand-in service,
    and an administrator token as its EnvironmentFile would give."""
    blocks, _ = blocks_of("docs/deploy.md")
    (unit,) = [b for b in blocks if b.tag == "ini" and "ExecStart=/usr/local/bin/spb serve" in b.text()]
    settings = [substituted(site, l.split("=", 1)[1]) for l in unit.lines if l.startswith("Environment=")]
    assert any(s.startswith("SPB_DB=") for s in settings), unit.text()
    with open(site.path("service.env"), "w") as f:
        f.write("\n".join(settings + ["SPB_ADMIN_TOKEN=" + "t" * 24]) + "\n")


class Checks:
    """Work done before or after the block of `document` that holds `text`;
    each must find its block."""

    def __init__(self):
        self.entries = []
        self.used = set()

    def add(self, document, text, when, fn):
        self.entries.append((document, text, when, fn))

    def run(self, site, block, when):
        for i, (document, text, at, fn) in enumerate(self.entries):
            if document == block.document and at == when and text in block.text():
                self.used.add(i)
                fn(site)

    def unused(self):
        return [f"{d}: no block holds {t!r} ({w})" for i, (d, t, w, _) in enumerate(self.entries) if i not in self.used]


def checks():
    c = Checks()
    state = {}

    def migrated(site):
        source = verified(site, site.sqlite())
        copy = verified(site, site.pg_uri("spb"))
        assert source == copy and copy > 0, (source, copy)
        state["site tables"] = copy

    def before_backup(site):
        # What `systemctl enable --now spb` (not run) does; a backup is
        # taken while the server runs.
        site.systemctl("start", "spb")

    def after_backup(site):
        (backup,) = [f for f in os.listdir(site.path("var/lib/spb/backups")) if f.startswith("spb-")]
        state["backup tables"] = verified(site, site.path("var/lib/spb/backups/" + backup))
        play(site, 2)  # the site goes on after the backup
        assert tables_in(site, site.sqlite()) > state["backup tables"]

    def restored(site):
        assert verified(site, site.sqlite()) == state["backup tables"]
        assert [f for f in os.listdir(site.path("var/lib/spb")) if f.startswith("spb.sqlite.before-restore-")]

    def dumped_and_restored(site):
        copy = site.pg_uri("spb_restored")
        assert verified(site, copy) == state["site tables"]
        owners = run(["psql", "-X", "-At", "-d", copy, "-c", "SELECT DISTINCT tableowner FROM pg_tables "
                      "WHERE schemaname = 'public'"], site.env).stdout.split()
        assert owners == ["spb"], owners

    c.add("docs/deploy.md", "spb admin migrate", "after", migrated)
    c.add("docs/deploy.md", "curl -fsS http://127.0.0.1:8080/healthz", "before", before_backup)
    c.add("docs/deploy.md", "spb admin backup --db", "before", before_backup)
    c.add("docs/deploy.md", "spb admin backup --db", "after", after_backup)
    c.add("docs/deploy.md", "spb admin restore", "after", restored)
    c.add("docs/operations.md", "pg_restore", "after", dumped_and_restored)
    return c


SHELL_TAGS = ("sh", "bash", "shell", "console")


def main():
    began = time.time()
    site = Site()
    problems = []
    ran = skipped = 0
    hooks = checks()
    try:
        unit_settings(site)
        site.systemctl("start", "spb")
        play(site, 3)
        for document in DOCUMENTS:
            blocks, indented = blocks_of(document)
            problems += [f"{where}: an indented code block; fence it with a tag (sh, text, ...)" for where in indented]
            last = None  # the last sh block and what it printed (None: not run)
            for block in blocks:
                if block.tag == "text" and block.note == "output":
                    if last is None or last[1] is None:
                        problems.append(f"{block.where()}: an output block after no block that ran")
                    elif shape(site, block.text()) != shape(site, last[1]):
                        problems.append(f"{block.where()}: the output shown is not what {last[0].where()} prints:\n"
                                        + last[1])
                    continue
                if not block.tag:
                    problems.append(f"{block.where()}: a fenced block without a tag (sh, text, ini, ...)")
                    continue
                if block.tag not in SHELL_TAGS:
                    continue
                if block.tag != "sh":
                    problems.append(f"{block.where()}: a shell block is tagged sh, not {block.tag}")
                    continue
                if block.note:
                    reason = block.note[len("not-run:"):].strip() if block.note.startswith("not-run:") else ""
                    if not reason:
                        problems.append(f"{block.where()}: `{block.note}`: write `not-run: REASON`")
                    else:
                        skipped += 1
                        print(f"not run {block.where()}: {reason}")
                    last = (block, None)
                    continue
                if problems:
                    break
                hooks.run(site, block, "before")
                last = (block, run_block(site, block))
                hooks.run(site, block, "after")
                ran += 1
        problems += hooks.unused()
    except AssertionError as e:
        problems.append(str(e))
        if os.path.exists(site.path("service.log")):
            print("--- the service's log ---\n" + open(site.path("service.log")).read()[-3000:])
    finally:
        site.stop()
    for p in problems:
        print("FAIL " + p)
    print(f"{ran} blocks run, {skipped} not run, {len(problems)} problems, {time.time() - began:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
