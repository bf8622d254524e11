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
# The browser's record replay (web/verifier) is the engine and the protocol
# built to WebAssembly: never the server, Boost or anything but the standard
# library and nlohmann.
bad=$(grep -rnE '#include *[<"](boost/|spdlog/|sqlite3|sodium|server/)' "$root/web/verifier")
if [ -n "$bad" ]; then echo "web/verifier includes server code or a server library:"; echo "$bad"; status=1; fi
# The load generator is a client: it speaks the protocol, never the server's code.
bad=$(grep -rnE '#include *"server/' "$root/tests/load")
if [ -n "$bad" ]; then echo "the load generator (tests/load) includes server code:"; echo "$bad"; status=1; fi
# SQL is written only in server/store: no other part of the server reaches
# SQLite, libpq or the store's SQL layers (the records written once,
# sql_records.hpp and its .ipp bodies; the connections and their policies in
# store/sqlite and store/pg); they read and write through Records
# (server/store/records.hpp).
bad=$(grep -rnE '#include *[<"](sqlite3\.h|libpq-fe\.h|server/store/sql_(records|columns)\.hpp|server/store/[a-z_]+\.ipp|server/store/sqlite/(database|sqlite_records|one_node)\.hpp|server/store/pg/(pg_connection|pg_records|several_nodes)\.hpp)' "$root/server" --include='*.cpp' --include='*.hpp' | grep -v "^$root/server/store/")
if [ -n "$bad" ]; then echo "SQLite or SQL outside server/store:"; echo "$bad"; status=1; fi
# Every message the server sends is a struct of protocol/ with its one encoder
# (reply_frames, table_update, server_messages, table_results, notification):
# no frame is assembled under server/.
bad=$(grep -rnE '[{[] *"type" *[],]|"[{,]\\"type\\"' "$root/server" --include='*.cpp' --include='*.hpp')
if [ -n "$bad" ]; then echo "a message frame assembled in server/ (write it in protocol/):"; echo "$bad"; status=1; fi
# The table, the sessions and the requests' handlers hold typed values, not
# JSON documents: nlohmann stays out of server/session, server/table and
# server/requests (record files are read line by line into typed values by
# protocol/record_lines.hpp).
bad=$(grep -rnE 'nlohmann|\bjson *[{:(]' "$root/server/session" "$root/server/table" "$root/server/requests")
if [ -n "$bad" ]; then echo "JSON documents in server/session, server/table or server/requests (write them in protocol/):"; echo "$bad"; status=1; fi
# A result's data is a protocol struct's encoding (protocol/*_results.hpp):
# no handler or table answers with a document or text of its own.
bad=$(grep -rn 'Reply::result(' "$root/server" --include='*.cpp' --include='*.hpp' | grep -v 'Reply::result(protocol::')
if [ -n "$bad" ]; then echo "a result's data written in server/ (give it a struct and an encoder in protocol/):"; echo "$bad"; status=1; fi
# Ratings are arithmetic only (docs/ratings.md): the standard library, nothing else.
bad=$(grep -rnE '#include *[<"]' "$root/server/ratings" | grep -vE '#include *(<[a-z_]+>|"server/ratings/)')
if [ -n "$bad" ]; then echo "server/ratings includes something besides the standard library:"; echo "$bad"; status=1; fi
# The notifier wakes the channels' senders through NoticeSender
# (server/notices/notice_sender.hpp): the notifier and the notices it stores
# and fans out include no sender, and only notifier.cpp includes notifier.hpp.
bad=$(grep -nE '#include *"server/notices/[a-z_]+_sender\.hpp"' "$root"/server/notices/notifier.* "$root"/server/notices/notification_draft.* "$root"/server/notices/notice_channels.* "$root"/server/notices/stored_notice.* | grep -v 'notices/notice_sender\.hpp')
if [ -n "$bad" ]; then echo "the notifier reaches a sender other than through NoticeSender:"; echo "$bad"; status=1; fi
bad=$(grep -rnE '#include *"server/notices/notifier\.hpp"' "$root/server/notices" | grep -v "^$root/server/notices/notifier\.cpp:")
if [ -n "$bad" ]; then echo "server/notices includes notifier.hpp (its arrows run towards the notifier, not back):"; echo "$bad"; status=1; fi
# The server's folders, lowest first: each includes only those to its left
# (and itself); admin is tools only, never included by the live server.
# Correspondence is two folders with one arrow between them: notices (the
# notifier, its channels and their senders) may use time (the scheduler and
# what the clock drives), never the reverse. Robots (the threads where robots
# decide) stand on base alone: the table hands them jobs. The seats' clocks
# (clock) are pure arithmetic and include no other part. Tournaments stand on
# the tables they create and start, and leagues on tournaments (their tables
# and seeding); requests and net reach them.
allowed() {
  case "$1" in
    security) echo "security" ;;
    ratings) echo "ratings" ;;
    clock) echo "clock" ;;
    session) echo "session" ;;
    store) echo "store" ;;
    base) echo "base security" ;;
    robots) echo "robots base" ;;
    time) echo "time base store" ;;
    notices) echo "notices time base security session store" ;;
    table) echo "table notices time robots base security session store ratings clock" ;;
    tournament) echo "tournament table notices time robots base security session store ratings clock" ;;
    league) echo "league tournament table notices time robots base security session store ratings clock" ;;
    requests) echo "requests league tournament table notices time robots base security session store ratings clock" ;;
    net) echo "net requests league tournament table notices time robots base security session store ratings clock" ;;
    admin) echo "admin table notices time robots base security session store ratings clock" ;;
    cli) echo "cli admin net requests league tournament table notices time robots base security session store ratings clock" ;;
    *) echo "" ;;
  esac
}
for dir in "$root"/server/*/; do
  part=$(basename "$dir")
  may=$(allowed "$part")
  if [ -z "$may" ]; then echo "server/$part is not a known part of the server: add it to check_layering.sh"; status=1; continue; fi
  for used in $(grep -rhoE '#include *"server/[a-z_]+/' "$dir" | sed -E 's|.*"server/||; s|/||' | sort -u); do
    case " $may " in
      *" $used "*) ;;
      *) echo "server/$part includes server/$used:"; grep -rnE "#include *\"server/$used/" "$dir"; status=1 ;;
    esac
  done
done
[ $status -eq 0 ] && echo "layering ok"
exit $status
