"""The stand-in for `systemctl stop|start|restart spb` on the PATH of
tests/docs/test_doc_commands.py: the unit's `spb serve`, run with the
Environment= settings of deploy.md's unit file (written by the test to
ROOT/service.env), its pid in ROOT/service.pid and its log in
ROOT/service.log. Any other use of systemctl fails: those commands are
marked not-run in the documents."""

import os
import signal
import subprocess
import sys
import time


def alive(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in f)
    except OSError:
        return False


def running(root):
    try:
        with open(os.path.join(root, "service.pid")) as f:
            pid = int(f.read())
    except OSError:
        return None
    return pid if alive(pid) else None


def stop(root):
    pid = running(root)
    if pid:
        os.kill(pid, signal.SIGTERM)
        deadline = time.time() + 20
        while alive(pid) and time.time() < deadline:
            time.sleep(0.05)
        if alive(pid):
            print(f"spb.service: process {pid} did not stop", file=sys.stderr)
            return 1
    if os.path.exists(os.path.join(root, "service.pid")):
        os.remove(os.path.join(root, "service.pid"))
    return 0


def start(root):
    if running(root):
        return 0
    env = dict(os.environ)
    with open(os.path.join(root, "service.env")) as f:
        for line in f.read().splitlines():
            if line:
                key, value = line.split("=", 1)
                env[key] = value
    spb = open(os.path.join(root, "service.spb")).read().strip()
    log_path = os.path.join(root, "service.log")
    log = open(log_path, "a")
    offset = log.tell()
    process = subprocess.Popen([spb, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    with open(os.path.join(root, "service.pid"), "w") as f:
        f.write(str(process.pid))
    deadline = time.time() + 30
    while time.time() < deadline:
        with open(log_path) as f:
            f.seek(offset)
            if "listening on" in f.read():
                return 0
        if process.poll() is not None:
            break
        time.sleep(0.05)
    with open(log_path) as f:
        f.seek(offset)
        print("spb.service did not start:\n" + f.read(), file=sys.stderr)
    return 1


def main(root, args):
    if len(args) == 2 and args[1] in ("spb", "spb.service"):
        if args[0] == "stop":
            return stop(root)
        if args[0] == "start":
            return start(root)
        if args[0] == "restart":
            return stop(root) or start(root)
    print("systemctl (the test's stand-in): only stop, start and restart of spb", file=sys.stderr)
    return 1
