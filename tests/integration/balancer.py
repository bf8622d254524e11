"""Debian's HAProxy running the shipped docker/haproxy-site.cfg in front of
real nodes on the loopback, for the tests of a site (test_site.py,
test_soak.py): the committed file with only the compose service names
replaced by the nodes' ports, the listening port by a free one, and a stats
socket added for the test to read each node's state."""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from harness import http_get

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HAProxy:
    """Debian's HAProxy running docker/haproxy-site.cfg in a folder of its own."""

    def __init__(self, root, node_ports):
        self.folder = tempfile.mkdtemp(prefix="spb-haproxy-")
        self.port = free_port()
        site = open(os.path.join(root, "docker", "haproxy-site.cfg")).read()
        for name, port in zip(("spb1", "spb2"), node_ports):
            site, count = re.subn(rf"\b{name}:8080\b", f"127.0.0.1:{port}", site)
            assert count == 1, f"docker/haproxy-site.cfg names {name}:8080 {count} times"
        site, count = re.subn(r"bind :8080\b", f"bind 127.0.0.1:{self.port}", site)
        assert count == 1, "docker/haproxy-site.cfg has no 'bind :8080'"
        self.socket = os.path.join(self.folder, "admin.sock")
        site, count = re.subn(r"^global\n", f"global\n    stats socket {self.socket} level admin\n", site,
                              flags=re.MULTILINE)
        assert count == 1, "docker/haproxy-site.cfg has no global section"
        self.config = os.path.join(self.folder, "haproxy.cfg")
        with open(self.config, "w") as f:
            f.write(site)
        self.log = os.path.join(self.folder, "haproxy.log")
        self.process = None

    def check(self):
        result = subprocess.run([HAPROXY, "-c", "-f", self.config], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout.strip()

    def start(self):
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", self.config], stdout=open(self.log, "w"),
                                        stderr=subprocess.STDOUT)
        deadline = time.time() + 10
        while time.time() < deadline:
            if os.path.exists(self.socket) and self.states():
                return self
            time.sleep(0.05)
        raise RuntimeError("haproxy did not start: " + open(self.log).read())

    def states(self):
        """Each node's state as HAProxy sees it: {"spb1": "UP", ...}."""
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.connect(self.socket)
                s.sendall(b"show stat\n")
                text = b""
                while chunk := s.recv(65536):
                    text += chunk
        except OSError:
            return {}
        lines = text.decode().splitlines()
        if not lines or not lines[0].startswith("# "):
            return {}
        header = lines[0][2:].split(",")
        out = {}
        for line in lines[1:]:
            row = dict(zip(header, line.split(",")))
            if row.get("pxname") == "spb" and row.get("svname") in ("spb1", "spb2"):
                out[row["svname"]] = row["status"].split()[0]
        return out

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def error_log(self):
        return open(self.log).read() if os.path.exists(self.log) else ""

    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path):
        return http_get(self.port, path)
