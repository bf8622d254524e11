#!/bin/sh
# Bytes the server had written to the disk (/proc/PID/io write_bytes: the WAL,
# the checkpoints into the database file) per acknowledged move, and the moves
# a commit carried, over 8 s of an offered 4,000 moves a second (1,000 tables,
# 4,000 connections) on a fresh SQLite database (docs/performance.md,
# "Method").
#
# usage: [SPB=path/to/spb] [SERVE_FLAGS=...] tests/bench/move_disk.sh
set -e
. "$(dirname "$0")/fresh_server.sh"
$SPB loadgen --port $PORT --tables 1000 --seconds 15 --rate 4000 --server-pid $SERVER > $W/loadgen.log 2>&1 &
LOADGEN=$!
# Moves accepted, transactions, bytes written to the disk.
snapshot() {
  curl -s http://127.0.0.1:$PORT/metrics |
    awk '/^spb_actions_accepted_total/ {a=$2} /^spb_db_commit_seconds_count/ {c=$2} END {printf "%s %s ", a, c}'
  awk '/^write_bytes/ {print $2}' /proc/$SERVER/io
}
sleep 6; BEFORE=$(snapshot); sleep 8; AFTER=$(snapshot)
wait $LOADGEN || true
echo "$BEFORE $AFTER" | awk '{m=$4-$1; c=$5-$2; w=$6-$3; printf "%.1f KB written to disk a move, %.2f moves a commit (%d moves)\n", w/m/1024, m/c, m}'
stop_server
