# Sourced by the move benchmarks: a fresh `spb serve` ($SPB, with
# $SERVE_FLAGS) on a fresh SQLite database in its own folder, with the limits
# a load generator would hit lifted. Sets W (the folder), SERVER (its pid)
# and PORT; stop_server ends it and removes the folder.
SPB=${SPB:-./build/server/spb}
# Whatever a build or a copied binary left unwritten is flushed now, not by
# the kernel during the run, where it would queue ahead of the WAL's flushes.
sync
W=$(mktemp -d /tmp/spb-bench.XXXXXX)
$SPB serve --listen 127.0.0.1:0 --db $W/spb.sqlite --rate 100000 --max-connections-per-address 0 \
  --registrations-per-address-hour 0 $SERVE_FLAGS > $W/serve.log 2>&1 &
SERVER=$!
until grep -q "listening on" $W/serve.log 2>/dev/null; do sleep 0.05; done
PORT=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' $W/serve.log)

stop_server() {
  kill $SERVER
  wait $SERVER 2>/dev/null || true
  rm -rf $W
}
