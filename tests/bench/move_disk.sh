#!/bin/sh
# Bytes the server had written to the disk (/proc/PID/io write_bytes: the WAL,
# the checkpoints into the database file) per acknowledged move, and the moves
# a commit carried, over 8 s of an offered 4,000 moves a second (1,000 tables,
# 4,000 connections) on a fresh SQLite database (docs/performance.md,
# "Session 11").
#
# usage: [SPB=path/to/spb] [SERVE_FLAGS=...] tests/bench/move_disk.sh
set -e
SPB=${SPB:-./build/server/spb}
W=$(mktemp -d /tmp/spb-move-disk.XXXXXX)
$SPB serve --listen 127.0.0.1:0 --db $W/spb.sqlite --rate 100000 --max-connections-per-address 0 \
  --registrations-per-address-hour 0 $SERVE_FLAGS > $W/serve.log 2>&1 &
SERVER=$!
until grep -q "listening on" $W/serve.log 2>/dev/null; do sleep 0.05; done
PORT=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' $W/serve.log)
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
kill $SERVER; wait $SERVER 2>/dev/null || true
rm -rf $W
