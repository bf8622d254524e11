#!/bin/sh
# One `spb loadgen` run (1,000 tables, 4,000 connections) against a fresh
# `spb serve` on a fresh SQLite database, and what each of the server's
# threads spent over 8 s of play (from 6 s in): its context switches and its
# CPU (user + system, /proc/PID/task/TID/stat) per acknowledged move, with the
# load generator's own CPU. The network threads and the store's writer show
# apart: which one a lever changed (docs/performance.md, "Method").
#
# usage: [SPB=path/to/spb] [LOADGEN=path/to/spb] [SERVE_FLAGS="--threads 2"] tests/bench/move_threads.sh paced|closed
#   LOADGEN: the binary whose `spb loadgen` runs (default: $SPB), to compare servers under one generator.
set -e
. "$(dirname "$0")/fresh_server.sh"
RATE="--rate 4000"; [ "$1" = closed ] && RATE=""
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "loadgen CPU: %U s user, %S s system" ${LOADGEN:-$SPB} loadgen --port $PORT --tables 1000 --seconds 15 $RATE \
  --server-pid $SERVER > $W/loadgen.log 2>&1 &
LOADGEN=$!
# Each thread: id, context switches, CPU ticks; then the moves accepted so far.
snapshot() {
  for t in /proc/$SERVER/task/*; do
    echo "$(basename $t) $(grep -E '^(voluntary|nonvoluntary)_ctxt' $t/status | awk '{s+=$2} END {printf "%d", s}') $(awk '{print $14+$15}' $t/stat)"
  done
  curl -s http://127.0.0.1:$PORT/metrics | awk '/^spb_actions_accepted_total/ {print "moves", $2, 0}'
}
sleep 6; snapshot | sort > $W/before; sleep 8; snapshot | sort > $W/after
wait $LOADGEN || true
grep -E "actions/s|latency|server CPU|loadgen CPU" $W/loadgen.log
TICK=$(getconf CLK_TCK)
join $W/before $W/after | awk -v tick=$TICK '$1=="moves" {m=$4-$2} $1!="moves" {d[$1]=$4-$2; c[$1]=$5-$3}
  END {for (k in d) if (d[k]>0) printf "thread %s: %.2f switches, %.1f us CPU a move\n", k, d[k]/m, c[k]*1e6/tick/m; print "moves in the window:", m}'
stop_server
