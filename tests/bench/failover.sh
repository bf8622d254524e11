#!/bin/sh
# Failover after SIGKILL, measured (docs/performance.md, "Current figures"):
# three real `spb serve` nodes on a real PostgreSQL (started by the test,
# 3-second leases), two-player games played continuously through whichever
# node is up, and the node playing the most tables SIGKILLed KILLS times
# (20 by default), restarted after each. Prints, for each kill, the seconds
# until every table the dead node played had a new move acknowledged
# elsewhere, then the median and the maximum; and checks, as
# integration:nodes does, that every acknowledged move is stored.
#
# usage: [SPB=build/server/spb] [KILLS=20] [LEASE=3] tests/bench/failover.sh
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SPB=${SPB:-$ROOT/build/server/spb}
cd "$ROOT/tests/integration"
SPB_TEST_ONLY=sigkilled SPB_FAILOVER_KILLS=${KILLS:-20} SPB_LEASE_SECONDS=${LEASE:-3} /usr/bin/python3 test_nodes.py "$SPB" "$ROOT"
