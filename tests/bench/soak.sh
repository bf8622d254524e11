#!/bin/sh
# The soak benchmark (docs/scaling.md, "Soak"): integration:soak run for
# SECONDS (600 by default) instead of a minute, with 120 tables: two real
# nodes behind the shipped HAProxy configuration on a real PostgreSQL, one
# node SIGKILLed, the other SIGSTOPped past its lease and PostgreSQL stopped
# during it. Prints the moves acknowledged, each event's recovery times and
# the errors the players saw by code, after checking that every acknowledged
# move is stored, `spb admin verify` is clean and the alert conditions hold.
#
# usage: [SPB=build/server/spb] [SECONDS=600] [TABLES=120] tests/bench/soak.sh
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SPB=${SPB:-$ROOT/build/server/spb}
SPB=$(cd "$(dirname "$SPB")" && pwd)/$(basename "$SPB")  # the run starts in tests/integration
cd "$ROOT/tests/integration"
SPB_SOAK_SECONDS=${SECONDS:-600} SPB_SOAK_TABLES=${TABLES:-120} /usr/bin/python3 test_soak.py "$SPB" "$ROOT"
