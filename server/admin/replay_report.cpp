#include "server/admin/replay_report.hpp"

#include <algorithm>

#include "engine/pricing.hpp"
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/move_prices.hpp"
#include "protocol/move_words.hpp"
#include "server/table/log_replay.hpp"

namespace sp::server {
namespace {

}  // namespace

ReplayOutcome write_replay_report(const TableRecord& table, const std::vector<MoveRecord>& moves,
                                  const ReplayRequest& request, std::ostream& out, std::string& error) {
  if (table.status == TableStatus::kOpen) {
    error = "table " + std::to_string(table.id) + " has not started: there is nothing to replay";
    return ReplayOutcome::kRefused;
  }
  const auto last = static_cast<std::int64_t>(moves.size());
  if (request.to && (*request.to < 0 || *request.to > last)) {
    error = "table " + std::to_string(table.id) + " has " + std::to_string(last) + " moves; move " +
            std::to_string(*request.to) + " is past the end";
    return ReplayOutcome::kRefused;
  }
  if (request.seat && (*request.seat < 0 || *request.seat >= table.player_count)) {
    error = "table " + std::to_string(table.id) + " has seats 0 to " + std::to_string(table.player_count - 1) +
            "; there is no seat " + std::to_string(*request.seat);
    return ReplayOutcome::kRefused;
  }
  std::vector<std::string> names(static_cast<std::size_t>(table.player_count));
  for (const SeatRecord& s : table.seats) {
    if (s.seat >= 0 && s.seat < table.player_count) names[static_cast<std::size_t>(s.seat)] = s.name;
  }
  const engine::Viewer viewer = request.seat ? engine::Viewer::of_seat(engine::Seat{static_cast<std::uint8_t>(*request.seat)})
                                             : engine::Viewer::administrator();

  LogReplay replay(table);
  out << "Table " << table.id << " \"" << table.name << "\" (" << to_string(table.status) << "), " << table.player_count
      << " players:";
  for (std::size_t seat = 0; seat < names.size(); ++seat) out << (seat ? ", " : " ") << names[seat] << " (seat " << seat << ")";
  out << "\nOptions " << nlohmann::json::parse(table.options_json, nullptr, false).dump() << ", seed " << table.seed
      << ", card set " << table.card_set_version << ", " << last << " moves stored\n";
  if (!replay.ok()) {
    out << "\nDIVERGES: " << replay.divergence()->describe() << "\n";
    return ReplayOutcome::kDiverged;
  }
  const protocol::Speaker speaker{names, replay.setup().options, viewer, request.language};
  const std::int64_t to = request.to.value_or(last);
  engine::Events events;
  for (std::int64_t i = 0; i < to; ++i) {
    const MoveRecord& move = moves[static_cast<std::size_t>(i)];
    const engine::GameState before = replay.state();
    const bool applied = replay.apply(move, request.verify, &events);
    out << "\nMove " << move.move_number << ", " << names.at(static_cast<std::size_t>(std::clamp(move.seat, 0, table.player_count - 1)))
        << " (seat " << move.seat << "): " << move.action_json << "\n";
    if (!applied) {
      out << "DIVERGES at " << replay.divergence()->describe() << "\n";
      return ReplayOutcome::kDiverged;
    }
    if (replay.last().kind != engine::LogKind::kAction) out << "  " << protocol::describe_entry(replay.last(), speaker) << "\n";
    for (const engine::Event& event : events) {
      out << "  " << protocol::describe_event(event, speaker) << "\n";
      if (const auto price = protocol::price_paid(event, before)) {
        out << "    price: " << protocol::describe_price(*price, request.language);
        if (price->price != protocol::price_charged(event)) out << " (but the engine charged " << protocol::price_charged(event) << ")";
        out << "\n";
      }
    }
    if (request.verify) out << "  state " << move.state_hash << " verified\n";
  }
  if (!request.to && request.verify && !replay.finish(table)) {
    out << "\nDIVERGES: " << replay.divergence()->describe() << "\n";
    return ReplayOutcome::kDiverged;
  }
  out << "\nState after move " << to << " ("
      << (request.seat ? "as seat " + std::to_string(*request.seat) + " sees it" : std::string("administrator view"))
      << (request.seat ? "" : ", state hash " + engine::state_hash_hex(replay.state())) << "):\n"
      << protocol::encode_view(view_after(replay.state(), viewer, replay.moves()), names).dump(2) << "\n";
  return ReplayOutcome::kReplayed;
}

}  // namespace sp::server
