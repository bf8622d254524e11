// The messages a table pushes to its watchers besides table_update
// (table_update.hpp): one struct per message type of schema/protocol and one
// encoder, which writes the whole frame. The server builds none of these
// frames itself (tests/check_layering.sh holds this).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/standing_order.hpp"
#include "protocol/table_summary.hpp"

namespace sp::protocol {

// seat_control: a seat changed hands.
struct SeatControl {
  std::int64_t table = 0;
  int seat = 0;
  std::string controller;  // the seat controller's word
  int timeouts = 0;
  std::string reason;
};

// orders_changed: a seat's standing orders, to that seat's connections only.
struct OrdersChanged {
  std::int64_t table = 0;
  int seat = 0;
  std::vector<engine::StandingOrder> orders;
};

// table_changed: the table's status changed (an abort).
struct TableChanged {
  TableSummary table;
  std::string reason;
};

// chat_message: a line of the table's chat.
struct ChatMessage {
  std::int64_t table = 0;
  std::int64_t chat_id = 0;
  std::string from;
  std::string text;
  std::int64_t at = 0;
};

// What is open on a table (defs.json `undo_request`, `abort_proposal`) and
// who resigned: subscribe's `consent`, the replies to the consent requests and
// consent_changed.
struct OpenUndo {
  int seat = 0;
  std::int64_t move_number = 0;  // the action it would take back
  std::vector<int> accepted;
  std::vector<int> waiting;
};
struct OpenAbort {
  int seat = 0;
  std::int64_t expires_at = 0;
  std::vector<int> voted;
  std::vector<int> waiting;
};
// The open question about a seat whose time ran out: who voted what, who
// has still to vote, and when the time to vote runs out.
struct OpenLateVote {
  struct Vote {
    int seat = 0;
    std::string choice;  // wait, robot or end (LateChoice)
  };
  int seat = 0;
  std::optional<std::int64_t> expires_at;  // nothing while the late player's vacation stops the clock
  std::vector<Vote> votes;
  std::vector<int> waiting;
};
struct Consent {
  std::optional<OpenUndo> undo;
  std::optional<OpenAbort> abort;
  std::vector<int> resigned;
  std::optional<OpenLateVote> late;
  std::vector<int> ended;  // seats whose player's part the others ended
};

// consent_changed: what is open now, and what just happened (`outcome`) by
// `seat`; for an undo's outcome also whose request it was (`asker`), so that
// the asker learns of a refusal made by another seat.
struct ConsentChanged {
  std::int64_t table = 0;
  Consent consent;
  std::string outcome;
  int seat = 0;
  std::optional<int> asker;
};

nlohmann::json encode_consent(const Consent& consent);

std::string encode(const SeatControl& message);
std::string encode(const OrdersChanged& message);
std::string encode(const TableChanged& message);
std::string encode(const ChatMessage& message);
std::string encode(const ConsentChanged& message);

}  // namespace sp::protocol
