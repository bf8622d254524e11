#!/bin/sh
# One `spb loadgen` run (1,000 tables, 4,000 connections, 20 s; closed loop or
# offered 4,000/s) against a fresh `spb serve` on a fresh database, SQLite or
# a local PostgreSQL 15 (initdb'ed here, fsync and synchronous_commit on, on a
# Unix socket), printing loadgen's figures and the CPU per acknowledged move
# of spb and of PostgreSQL's processes (docs/performance.md, "Current
# figures"). Run as root, PostgreSQL runs as the user postgres.
#
# usage: tests/bench/storage_loadgen.sh sqlite|postgresql closed|paced
set -e
SPB=${SPB:-./build/server/spb}
BIN=${SPB_PG_BIN:-/usr/lib/postgresql/15/bin}
W=/tmp/spb-storage-bench
backend=$1; mode=$2
rm -rf $W; mkdir -p $W
cpu() { # utime+stime ticks of the given pids
  for p in "$@"; do awk '{print $14+$15}' /proc/$p/stat 2>/dev/null; done | awk '{s+=$1} END {print s+0}'
}
if [ "$backend" = postgresql ]; then
  chown postgres $W
  runuser -u postgres -- $BIN/initdb -D $W/data -U spb --auth=trust -E UTF8 --locale=C --no-instructions > /dev/null
  # fsync and synchronous_commit on: PostgreSQL's defaults, untouched.
  runuser -u postgres -- $BIN/pg_ctl -D $W/data -l $W/pg.log -o "-k $W -p 5432 -c listen_addresses='' $PG_EXTRA" -w -s start
  runuser -u postgres -- $BIN/createdb -h $W -p 5432 -U spb spb
  DB="host=$W port=5432 user=spb dbname=spb"
else
  DB=$W/spb.sqlite
fi
$SPB serve --listen 127.0.0.1:0 --db "$DB" --rate 100000 --max-connections-per-address 0 \
  --registrations-per-address-hour 0 > $W/serve.log 2>&1 &
SERVER=$!
sleep 3
PORT=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' $W/serve.log)
[ -n "$PORT" ] || { cat $W/serve.log; exit 1; }
pgpids() { if [ "$backend" = postgresql ]; then for p in $(pgrep -u postgres); do
  case "$(readlink /proc/$p/cwd 2>/dev/null)" in $W/data) echo $p;; esac; done; fi; }
if [ "$mode" = paced ]; then RATE="--rate 4000"; else RATE=""; fi
# CPU is sampled from when play begins (loadgen prints "opened ... in" once
# every connection is subscribed) to its end, and divided by the moves
# acknowledged in that window.
$SPB loadgen --port $PORT --tables ${TABLES:-1000} --seconds ${SECONDS_RUN:-20} $RATE --server-pid $SERVER > $W/loadgen.log 2>&1 &
LOADGEN=$!
until grep -q "opened" $W/loadgen.log 2>/dev/null; do sleep 0.05; done
S0=$(cpu $SERVER); P0=$(cpu $(pgpids))
wait $LOADGEN || true
S1=$(cpu $SERVER); P1=$(cpu $(pgpids))
tail -5 $W/loadgen.log
ACKED=$(sed -n 's/^acknowledged actions: \([0-9]*\).*/\1/p' $W/loadgen.log)
HZ=$(getconf CLK_TCK)
echo "cpu: spb $(( (S1-S0) ))/${HZ} s, postgres $(( (P1-P0) ))/${HZ} s, acked $ACKED"
awk -v s=$((S1-S0)) -v p=$((P1-P0)) -v a=$ACKED -v hz=$HZ 'BEGIN {printf "cpu per acknowledged move: spb %.0f us, postgres %.0f us, total %.0f us\n", s/hz/a*1e6, p/hz/a*1e6, (s+p)/hz/a*1e6}'
kill $SERVER; wait $SERVER 2>/dev/null || true
if [ "$backend" = postgresql ]; then runuser -u postgres -- $BIN/pg_ctl -D $W/data -m fast -s stop; fi
[ -n "$KEEP" ] || rm -rf $W
