#!/bin/sh
# One `spb loadgen` run against N `spb serve` nodes sharing one local
# PostgreSQL 15 (initdb'ed here with its defaults: fsync and
# synchronous_commit on, reached over a Unix socket), for docs/performance.md
# ("Current figures"). 1,000 tables and 4,000 connections over 20 s, closed loop
# or offered 4,000/s; prints loadgen's figures and the CPU per acknowledged
# move of all the nodes together and of PostgreSQL. Run as root (PostgreSQL
# runs as the user postgres).
#
# usage: tests/bench/nodes_loadgen.sh NODES closed|paced [tables|players]
#   tables (the default): each table's players use one node, tables spread
#   over the nodes; players: each seat of a table uses another node.
set -e
SPB=${SPB:-./build/server/spb}
BIN=${SPB_PG_BIN:-/usr/lib/postgresql/15/bin}
W=/tmp/spb-nodes-bench
nodes=$1; mode=$2; spread=${3:-tables}
rm -rf $W; mkdir -p $W; chown postgres $W
cpu() { # utime+stime ticks of the given pids
  for p in "$@"; do awk '{print $14+$15}' /proc/$p/stat 2>/dev/null; done | awk '{s+=$1} END {print s+0}'
}
runuser -u postgres -- $BIN/initdb -D $W/data -U spb --auth=trust -E UTF8 --locale=C --no-instructions > /dev/null
runuser -u postgres -- $BIN/pg_ctl -D $W/data -l $W/pg.log -o "-k $W -p 5432 -c listen_addresses=''" -w -s start
runuser -u postgres -- $BIN/createdb -h $W -p 5432 -U spb spb
DB="host=$W port=5432 user=spb dbname=spb"
SERVERS=""; PORTS=""
for i in $(seq 1 $nodes); do
  $SPB serve --listen 127.0.0.1:0 --db "$DB" --node-name node$i --rate 100000 --max-connections-per-address 0 \
    --registrations-per-address-hour 0 > $W/serve$i.log 2>&1 &
  SERVERS="$SERVERS $!"
  until grep -q "listening on" $W/serve$i.log 2>/dev/null; do sleep 0.05; done
  PORTS="$PORTS${PORTS:+,}$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' $W/serve$i.log)"
done
pgpids() { for p in $(pgrep -u postgres); do
  case "$(readlink /proc/$p/cwd 2>/dev/null)" in $W/data) echo $p;; esac; done; }
if [ "$mode" = paced ]; then RATE="--rate 4000"; else RATE=""; fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
$SPB loadgen --port $PORTS --spread $spread --tables 1000 --seconds 20 $RATE > $W/loadgen.log 2>&1 &
LOADGEN=$!
until grep -q "opened" $W/loadgen.log 2>/dev/null; do sleep 0.05; done
S0=$(cpu $SERVERS); P0=$(cpu $(pgpids))
wait $LOADGEN || true
S1=$(cpu $SERVERS); P1=$(cpu $(pgpids))
grep -E "^(acknowledged|ack latency|error)" $W/loadgen.log | head -8
ACKED=$(sed -n 's/^acknowledged actions: \([0-9]*\).*/\1/p' $W/loadgen.log)
HZ=$(getconf CLK_TCK)
awk -v s=$((S1-S0)) -v p=$((P1-P0)) -v a=$ACKED -v hz=$HZ -v n=$nodes 'BEGIN {printf "cpu per acknowledged move: %d nodes %.0f us, postgres %.0f us, total %.0f us\n", n, s/hz/a*1e6, p/hz/a*1e6, (s+p)/hz/a*1e6}'
grep -c "lost the lease\|handed over\|took over" $W/serve*.log | tr '\n' ' '; echo "(lease events per node log)"
kill $SERVERS; wait 2>/dev/null || true
runuser -u postgres -- $BIN/pg_ctl -D $W/data -m fast -s stop
[ -n "$KEEP" ] || rm -rf $W
