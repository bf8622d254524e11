#!/bin/sh
# One `spb loadgen` run (1,000 tables, 4,000 connections) against a fresh
# `spb serve` on a fresh SQLite database, for the alternated pairs of
# docs/performance.md ("Method"): prints the load average, loadgen's
# summary and its line "server CPU: ... us per acknowledged action", then the
# server's count of accepted actions and of database transactions (their
# ratio is the moves a group commit carried, setup's own jobs included).
#
# usage: [SPB=path/to/spb] [SERVE_FLAGS="--threads 1"] tests/bench/move_cpu.sh paced|closed [loadgen flags...]
#   paced: offered 4,000 actions/s; closed: every table moves as soon as it can.
set -e
mode=$1; shift
. "$(dirname "$0")/fresh_server.sh"
if [ "$mode" = paced ]; then RATE="--rate 4000"; else RATE=""; fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
$SPB loadgen --port $PORT --tables 1000 --seconds 15 $RATE --server-pid $SERVER "$@" > $W/loadgen.log 2>&1 || true
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
tail -6 $W/loadgen.log
curl -s http://127.0.0.1:$PORT/metrics | grep -E '^spb_actions_accepted_total|^spb_db_commit_seconds_count' || true
stop_server
