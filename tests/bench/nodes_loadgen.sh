#!/bin/sh
# One `spb loadgen` run against N `spb serve` nodes sharing one local
# PostgreSQL 15 (initdb'ed here with its defaults: fsync and
# synchronous_commit on, reached over a Unix socket), for docs/performance.md
# ("Current figures"). 1,000 tables and 4,000 connections over 20 s, closed loop
# or offered 4,000/s (OFFER=N: N/s); PEERS=1: the nodes carry requests to
# each other over peer connections (--peer-listen); prints loadgen's figures and the CPU per acknowledged
# move of all the nodes together and of PostgreSQL. Run as root (PostgreSQL
# runs as the user postgres).
#
# usage: tests/bench/nodes_loadgen.sh NODES closed|paced [tables|players|balancer|nginx]
#   tables (the default): each table's players use one node, tables spread
#   over the nodes; players: each seat of a table uses another node;
#   balancer: every player connects through Debian's HAProxy running the
#   shipped docker/haproxy-site.cfg (2 nodes), which spreads connections by
#   fewest open, so a table's players land on nodes at random; nginx: the
#   same through Debian's nginx running the shipped docker/nginx-site.conf
#   (least_conn, the passive alternative).
# At the end: requests carried to another node, handovers, and writes
# followed from news or by reading (docs/scaling.md, "Table news"), per
# acknowledged move, from the nodes' /metrics.
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
    --registrations-per-address-hour 0 ${PEERS:+--peer-listen 127.0.0.1:0} > $W/serve$i.log 2>&1 &
  SERVERS="$SERVERS $!"
  until grep -q "listening on" $W/serve$i.log 2>/dev/null; do sleep 0.05; done
  PORTS="$PORTS${PORTS:+,}$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' $W/serve$i.log)"
done
pgpids() { for p in $(pgrep -u postgres); do
  case "$(readlink /proc/$p/cwd 2>/dev/null)" in $W/data) echo $p;; esac; done; }
TARGET="--port $PORTS --spread $spread"
if [ "$spread" = balancer ]; then
  ulimit -n "$(ulimit -Hn)"  # HAProxy: two descriptors a WebSocket
  BPORT=18080
  sed -e "s/\bspb1:8080\b/127.0.0.1:$(echo $PORTS | cut -d, -f1)/" -e "s/\bspb2:8080\b/127.0.0.1:$(echo $PORTS | cut -d, -f2)/" \
      -e "s/bind :8080/bind 127.0.0.1:$BPORT/" -e "s/^    log stdout.*//" docker/haproxy-site.cfg > $W/haproxy.cfg
  haproxy -D -p $W/haproxy.pid -f $W/haproxy.cfg
  until curl -sf http://127.0.0.1:$BPORT/balancer-health > /dev/null; do sleep 0.2; done
  TARGET="--port $BPORT"
fi
if [ "$spread" = nginx ]; then
  ulimit -n "$(ulimit -Hn)"  # nginx: two descriptors a WebSocket
  BPORT=18081; mkdir -p $W/nginx/temp
  sed -e "s/\bspb1:8080\b/127.0.0.1:$(echo $PORTS | cut -d, -f1)/" -e "s/\bspb2:8080\b/127.0.0.1:$(echo $PORTS | cut -d, -f2)/" \
      -e "s/listen 80;/listen 127.0.0.1:$BPORT;/" docker/nginx-site.conf > $W/nginx/site.conf
  # The main context the nginx image's own nginx.conf gives the site.
  cat > $W/nginx/nginx.conf <<CONF
worker_processes 1;
pid $W/nginx/nginx.pid;
error_log $W/nginx/error.log;
events { worker_connections 10000; }
http {
    access_log off;
    client_body_temp_path $W/nginx/temp/body;
    proxy_temp_path $W/nginx/temp/proxy;
    fastcgi_temp_path $W/nginx/temp/fastcgi;
    uwsgi_temp_path $W/nginx/temp/uwsgi;
    scgi_temp_path $W/nginx/temp/scgi;
    include $W/nginx/site.conf;
}
CONF
  nginx -p $W/nginx -c $W/nginx/nginx.conf
  until curl -sf http://127.0.0.1:$BPORT/healthz > /dev/null; do sleep 0.2; done
  TARGET="--port $BPORT"
fi
if [ "$mode" = paced ]; then RATE="--rate ${OFFER:-4000}"; else RATE=""; fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
$SPB loadgen $TARGET --tables 1000 --seconds 20 $RATE > $W/loadgen.log 2>&1 &
LOADGEN=$!
until grep -q "opened" $W/loadgen.log 2>/dev/null; do sleep 0.05; done
S0=$(cpu $SERVERS); P0=$(cpu $(pgpids))
wait $LOADGEN || true
S1=$(cpu $SERVERS); P1=$(cpu $(pgpids))
grep -E "^(acknowledged|ack latency|error)" $W/loadgen.log | head -8
ACKED=$(sed -n 's/^acknowledged actions: \([0-9]*\).*/\1/p' $W/loadgen.log)
HZ=$(getconf CLK_TCK)
awk -v s=$((S1-S0)) -v p=$((P1-P0)) -v a=$ACKED -v hz=$HZ -v n=$nodes 'BEGIN {printf "cpu per acknowledged move: %d nodes %.0f us, postgres %.0f us, total %.0f us\n", n, s/hz/a*1e6, p/hz/a*1e6, (s+p)/hz/a*1e6}'
metric() { # the sum over the nodes of one metric
  for p in $(echo $PORTS | tr , ' '); do curl -s http://127.0.0.1:$p/metrics | sed -n "s/^$1 //p"; done | awk '{s+=$1} END {print s+0}'
}
awk -v c=$(metric spb_forwards_carried_total) -v h=$(metric spb_handovers_asked_total) -v u=$(metric spb_forwards_unanswered_total) -v a=$ACKED \
  'BEGIN {printf "per acknowledged move: %.3f carried to another node, %.4f handovers (%d unanswered)\n", c/a, h/a, u}'
awk -v n=$(metric spb_table_news_total) -v r=$(metric spb_follow_reads_total) -v a=$ACKED \
  'BEGIN {printf "per acknowledged move: %.3f followed from news, %.3f follower reads\n", n/a, r/a}'
[ -f $W/haproxy.pid ] && kill $(cat $W/haproxy.pid)
[ -f $W/nginx/nginx.pid ] && kill $(cat $W/nginx/nginx.pid)
kill $SERVERS; wait 2>/dev/null || true
runuser -u postgres -- $BIN/pg_ctl -D $W/data -m fast -s stop
[ -n "$KEEP" ] || rm -rf $W
