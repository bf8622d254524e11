#!/usr/bin/env python3
"""Splits a `perf record --call-graph dwarf` profile of `spb serve` into the
parts of a move's cost (docs/performance.md, "Method").

    perf script -i perf.data --no-inline -F comm,tid,period,ip,sym,dso | python3 tests/bench/move_profile.py

Each sample's stack is read from its leaf towards its root; the first frame
that names a part decides the sample's part, so an allocation or a memcpy
counts towards whoever asked for it.
"""
import re
import sys
from collections import Counter

# (part, pattern on the frame's symbol), tried in this order on every frame.
RULES = [
    ("store", re.compile(r"sqlite3|fdatasync|fsync|Store::|SqliteRecords|SqlRecords|SqliteBackend|server::Database|"
                         r"Statement::|write_aftermath|ext4_|jbd2|blk_|nvme|virtio_blk")),
    ("sending", re.compile(r"sendmsg|sys_sendto|tcp_write_xmit|writev|WsSession::do_write|WsSession::on_write|"
                           r"write_some_op|websocket::detail::write|write_op<|ws_session.*queue|WsSession::queue")),
    ("reading and parsing", re.compile(r"recvmsg|sys_recvfrom|tcp_recv|readv|read_some_op|read_op<|WsSession::on_read|"
                                       r"handle_frame|decode_client_request|decode_action|detail::parser|lexer|"
                                       r"label_request|take_token|handle_next")),
    ("engine", re.compile(r"sp::engine::")),
    ("encoding", re.compile(r"sp::protocol::|ViewText|Table::broadcast|Table::legal_json|Table::prices_json|"
                            r"nlohmann.*(serializer|dump|basic_json)|Request::reply|encode_")),
    # The kernel's wake-ups and switches count where they were asked for: a
    # wake-up inside sendmsg is the delivery to the reader, one inside a
    # futex or an eventfd write is a hop.
    ("hops between threads", re.compile(r"scheduler::|strand|epoll|futex|condition_variable|pthread_cond|io_context|"
                                        r"executor_op|post<|dispatch<|eventfd")),
]


def part_of(frames):
    for sym in frames:
        for part, pattern in RULES:
            if pattern.search(sym):
                return part
    return "other"


def main():
    parts = Counter()
    others = Counter()
    threads = Counter()
    total = 0
    header = None
    frames = []

    def flush():
        nonlocal total
        if header is None:
            return
        comm, period = header
        part = part_of(frames)
        parts[part] += period
        threads[comm] += period
        total += period
        if part == "other" and frames:
            others[frames[0]] += period

    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line.strip():
            flush()
            header, frames = None, []
            continue
        if not line.startswith((" ", "\t")):
            flush()
            fields = line.split()
            # comm may hold spaces; tid then period are the last two fields.
            period = int(fields[-1]) if fields[-1].isdigit() else 1
            header = (" ".join(fields[:-2]), period)
            frames = []
            continue
        m = re.match(r"\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)$", line)
        frames.append(m.group(1) if m else line.strip())
    flush()

    print(f"samples' period total: {total}")
    print("| part | share |\n|---|---:|")
    for part, period in parts.most_common():
        print(f"| {part} | {100.0 * period / total:.1f}% |")
    print("\nby thread:")
    for comm, period in threads.most_common():
        print(f"  {comm}: {100.0 * period / total:.1f}%")
    print("\nlargest leaves counted as other:")
    for sym, period in others.most_common(15):
        print(f"  {100.0 * period / total:5.1f}%  {sym[:110]}")


if __name__ == "__main__":
    main()
