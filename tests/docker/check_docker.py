"""docker:check - what can be checked of docker/ without a Docker engine.

- The runtime stage's apt packages provide every shared library `ldd` lists
  for the built spb (besides the base image's libc6, libstdc++6, libgcc-s1),
  and it installs nothing that provides none of them, but the data spb reads
  at run time (RUNTIME_DATA: time zones for players' digests, the CA
  certificates that check the SMTP relay's TLS).
- The build stage installs the Makefile's PACKAGES (but the test-only ones).
- The runtime stage runs as a non-root user, keeps the database on the /data
  volume and has a HEALTHCHECK.
- docker/compose.yaml parses and has the service, its named volume, the env
  file (with SPB_ADMIN_TOKEN in its example) and the same health check.
- The health-check command gets 200 from a running spb serve, and fails once
  the server is gone.
- docker/compose.site.yaml (PostgreSQL, two nodes, HAProxy) parses: both nodes
  are built from docker/Dockerfile with distinct SPB_NODE_NAMEs, the same health
  check and postgres.env's SPB_DB naming PostgreSQL; the balancer mounts
  docker/haproxy-site.cfg, whose servers (and docker/nginx-site.conf's
  upstream) name exactly the node services, and its fixed address is the
  nodes' SPB_TRUSTED_PROXIES. (integration:site runs both files for real in
  front of two real nodes.)

usage: check_docker.py SPB_BINARY PROJECT_ROOT"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

import yaml

SPB, ROOT = sys.argv[1], sys.argv[2]
# Present in debian:bookworm-slim: essential packages and their dependencies.
BASE_IMAGE = {"libc6", "libstdc++6", "libgcc-s1"}
# Packages of data, not libraries, that spb reads at run time (issue 17): time
# zones, and the certificate authorities outbound HTTPS (webhooks, Web Push) verifies against.
RUNTIME_DATA = {"tzdata", "ca-certificates"}
# Makefile packages that only the tests use (clang: the fuzz build).
TEST_ONLY = re.compile(r"^(python3-.*|chromium.*|nodejs|npm|clang|libclang-rt-.*|postgresql-15|nginx|haproxy|prometheus)$")

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def dockerfile_stages():
    """{stage name: [instruction lines]}, continuation lines joined."""
    text = re.sub(r"\\\n", " ", read("docker/Dockerfile"))
    stages, current = {}, None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"FROM\s+(\S+)(?:\s+AS\s+(\S+))?", line, re.IGNORECASE)
        if m:
            current = m.group(2) or m.group(1)
            stages[current] = [line]
        elif current:
            stages[current].append(line)
    return stages


def apt_packages(instructions):
    packages = set()
    for line in instructions:
        if not line.startswith("RUN "):
            continue
        for command in re.split(r"&&|;", line[len("RUN "):]):
            words = shlex.split(command)
            if "apt-get" in words and "install" in words:
                after = words[words.index("install") + 1:]
                packages.update(w for w in after if not w.startswith("-"))
    return packages


def makefile_packages():
    text = re.sub(r"\\\n", " ", read("Makefile"))
    m = re.search(r"^PACKAGES\s*:?=\s*(.*)$", text, re.MULTILINE)
    return set(m.group(1).split())


def package_of(library):
    """The Debian package that ships `library` (usrmerge: try /usr too)."""
    real = os.path.realpath(library)
    candidates = [library, real]
    for path in (library, real):
        if path.startswith("/lib"):
            candidates.append("/usr" + path)
    for path in candidates:
        result = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":")[0].strip()
    return None


def linked_libraries():
    out = subprocess.run(["ldd", SPB], capture_output=True, text=True, check=True).stdout
    return [m.group(1) for m in re.finditer(r"=>\s+(/\S+)", out)]


def check_runtime_libraries(stages):
    runtime = apt_packages(stages["runtime"])
    needed = {}
    for library in linked_libraries():
        package = package_of(library)
        if package is None:
            fail(f"no Debian package ships {library}")
        else:
            needed.setdefault(package, []).append(os.path.basename(library))
    for package, libraries in sorted(needed.items()):
        if package not in runtime and package not in BASE_IMAGE:
            fail(f"the runtime stage lacks {package} (for {', '.join(libraries)})")
    for package in sorted(runtime - set(needed) - RUNTIME_DATA):
        fail(f"the runtime stage installs {package}, which provides none of spb's shared libraries")
    print("runtime libraries:", ", ".join(f"{p} ({', '.join(l)})" for p, l in sorted(needed.items())))


def check_build_packages(stages):
    build = apt_packages(stages["build"])
    wanted = {p for p in makefile_packages() if not TEST_ONLY.match(p)}
    for package in sorted(wanted - build):
        fail(f"the build stage does not install {package} (in the Makefile's PACKAGES); "
             "add it to docker/Dockerfile, or to TEST_ONLY here if only tests use it")
    print("build packages:", " ".join(sorted(build)))


def dockerfile_healthcheck(stages):
    for line in stages["runtime"]:
        m = re.match(r"HEALTHCHECK\s+.*?CMD\s+(\[.*\])\s*$", line)
        if m:
            return json.loads(m.group(1))
    return None


def check_runtime_stage(stages):
    for name, instructions in stages.items():
        if "bookworm" not in instructions[0]:
            fail(f"stage {name} is not on Debian bookworm: {instructions[0]}")
    runtime = stages["runtime"]
    users = [line.split()[1] for line in runtime if line.startswith("USER ")]
    if not users or users[-1] in ("root", "0"):
        fail("the runtime stage does not switch to a non-root USER")
    if not any(re.match(r"VOLUME\s+\[?\"?/data", line) for line in runtime):
        fail("the runtime stage has no VOLUME /data")
    if not any("SPB_DB=/data/" in line for line in runtime):
        fail("SPB_DB does not point into /data")
    if dockerfile_healthcheck(stages) is None:
        fail("the runtime stage has no HEALTHCHECK CMD [...]")


def check_compose(stages):
    compose = yaml.safe_load(read("docker/compose.yaml"))
    service = compose.get("services", {}).get("spb")
    if not service:
        return fail("compose.yaml has no service spb")
    if service.get("build", {}).get("dockerfile") != "docker/Dockerfile":
        fail("the spb service is not built from docker/Dockerfile")
    env_files = service.get("env_file")
    env_files = [env_files] if isinstance(env_files, str) else env_files or []
    if "spb.env" not in env_files:
        fail("the spb service does not read env_file spb.env")
    if not re.search(r"^SPB_ADMIN_TOKEN=", read("docker/spb.env.example"), re.MULTILINE):
        fail("docker/spb.env.example does not set SPB_ADMIN_TOKEN")
    volumes = service.get("volumes", [])
    named = [v.split(":")[0] for v in volumes if isinstance(v, str) and v.endswith(":/data")]
    if not named or named[0] not in (compose.get("volumes") or {}):
        fail("the spb service does not keep /data on a named volume declared under volumes:")
    test = service.get("healthcheck", {}).get("test")
    if not test:
        return fail("the spb service has no healthcheck")
    # Compose reads $$ as a literal $.
    if test[0] != "CMD" or [w.replace("$$", "$") for w in test[1:]] != dockerfile_healthcheck(stages):
        fail("compose's healthcheck differs from the Dockerfile's HEALTHCHECK")


def check_site_compose(stages):
    compose = yaml.safe_load(read("docker/compose.site.yaml"))
    services = compose.get("services", {})
    nodes = {name: s for name, s in services.items() if s.get("build", {}).get("dockerfile") == "docker/Dockerfile"}
    if len(nodes) < 2:
        return fail("compose.site.yaml does not build two or more spb nodes from docker/Dockerfile")
    if "postgres" not in services or "balancer" not in services:
        return fail("compose.site.yaml lacks the postgres or the balancer service")
    example = read("docker/postgres.env.example")
    if not re.search(r"^SPB_DB=postgresql://", example, re.MULTILINE):
        fail("docker/postgres.env.example does not set SPB_DB to a postgresql:// URI")
    if re.search(r"^SPB_DB=postgres(ql)?://[^@/]*:[^@/]*@", example, re.MULTILINE):
        fail("docker/postgres.env.example puts a password in SPB_DB's URI (deploy.md: keep it in PGPASSWORD)")
    balancer_address = services["balancer"].get("networks", {}).get("default", {}).get("ipv4_address")
    names = set()
    for name, node in nodes.items():
        env_files = node.get("env_file")
        env_files = [env_files] if isinstance(env_files, str) else env_files or []
        if "postgres.env" not in env_files or "spb.env" not in env_files:
            fail(f"node {name} does not read spb.env and postgres.env")
        environment = node.get("environment", {})
        names.add(environment.get("SPB_NODE_NAME"))
        if environment.get("SPB_TRUSTED_PROXIES") != balancer_address:
            fail(f"node {name}'s SPB_TRUSTED_PROXIES is not the balancer's fixed address {balancer_address}")
        test = node.get("healthcheck", {}).get("test")
        if not test or [w.replace("$$", "$") for w in test[1:]] != dockerfile_healthcheck(stages):
            fail(f"node {name}'s healthcheck differs from the Dockerfile's HEALTHCHECK")
    if None in names or len(names) != len(nodes):
        fail("the nodes' SPB_NODE_NAMEs are not set and distinct")
    if not any(v.startswith("./haproxy-site.cfg:") for v in services["balancer"].get("volumes", [])):
        fail("the balancer service does not mount docker/haproxy-site.cfg")
    # The balancer's servers, and the passive alternative's upstream, are the nodes.
    for file, pattern in (("docker/haproxy-site.cfg", r"^\s*server\s+[\w-]+\s+([\w-]+):8080\b"),
                          ("docker/nginx-site.conf", r"^\s*server\s+([\w-]+):8080\b")):
        upstream = set(re.findall(pattern, read(file), re.MULTILINE))
        if upstream != set(nodes):
            fail(f"{file}'s servers {sorted(upstream)} are not the node services {sorted(nodes)}")


def check_healthcheck_runs(stages):
    command = dockerfile_healthcheck(stages)
    folder = tempfile.mkdtemp(prefix="spb-docker-check-")
    log_path = os.path.join(folder, "serve.log")
    with open(log_path, "w") as log:
        server = subprocess.Popen([SPB, "serve", "--listen", "127.0.0.1:0", "--db", os.path.join(folder, "spb.sqlite")],
                                  stdout=log, stderr=subprocess.STDOUT)
    try:
        port = None
        deadline = time.time() + 15
        while port is None and time.time() < deadline and server.poll() is None:
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", open(log_path).read())
            port = m and m.group(1)
            time.sleep(0.05)
        if port is None:
            return fail("spb serve did not start: " + open(log_path).read())
        env = dict(os.environ, SPB_LISTEN=f"0.0.0.0:{port}")
        if subprocess.run(command, env=env, timeout=10).returncode != 0:
            fail("the health check fails against a running server")
    finally:
        server.terminate()
        server.wait(timeout=15)
    if subprocess.run(command, env=env, timeout=10, stderr=subprocess.DEVNULL).returncode == 0:
        fail("the health check passes with no server listening")


def main():
    stages = dockerfile_stages()
    if set(stages) != {"build", "runtime"}:
        fail(f"expected the stages build and runtime, found {sorted(stages)}")
        return 1
    check_runtime_libraries(stages)
    check_build_packages(stages)
    check_runtime_stage(stages)
    check_compose(stages)
    check_site_compose(stages)
    check_healthcheck_runs(stages)
    print("docker:check:", "ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
