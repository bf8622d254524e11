#!/bin/sh
# The layers' dependencies point one way: server -> protocol -> engine. The
# engine includes only the standard library and reads no clock and no
# standard-library randomness (replays would diverge); protocol includes no
# server code and no Boost.
root="$1"
status=0
bad=$(grep -rnE '#include *[<"](boost/|nlohmann/|spdlog/|sqlite3|sodium|thread>|mutex>|random>|chrono>|protocol/|server/)' "$root/engine")
if [ -n "$bad" ]; then echo "engine includes something outside the standard library or a higher layer:"; echo "$bad"; status=1; fi
bad=$(grep -rnE 'std::chrono::|std::random_device|std::shuffle|uniform_int_distribution|[^_a-z]time\(' "$root/engine")
if [ -n "$bad" ]; then echo "engine reads a clock or uses std randomness:"; echo "$bad"; status=1; fi
bad=$(grep -rnE '#include *[<"](boost/|spdlog/|sqlite3|server/)' "$root/protocol")
if [ -n "$bad" ]; then echo "protocol includes server code, Boost, spdlog or SQLite:"; echo "$bad"; status=1; fi
[ $status -eq 0 ] && echo "layering ok"
exit $status
