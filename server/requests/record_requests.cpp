// Public records: once a game is over nothing about it is hidden any more, so
// anyone may read its record (the seed included), replay it to any move, and
// chart its standings. Administrators may do so for any started table; for
// everyone else a game still running is refused with table_not_finished.
#include "engine/state_hash.hpp"
#include "engine/view.hpp"
#include "protocol/record_results.hpp"
#include "server/table/game_record.hpp"
#include "server/requests/request.hpp"
#include "server/requests/stored_game_job.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

// Whether the requester may read this table's record; replies why not.
std::optional<Reply> refusal_for(bool administrator, const TableRecord& table) {
  if (table.status == TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotPlaying, "That table has not started.");
  if (table.status != TableStatus::kFinished && !administrator) {
    return Reply::error(ErrorCode::kTableNotFinished, "A game's record is public once the game is over; this one is not.");
  }
  if (table.shared_deal && table.shared_deal->withheld && !administrator) {
    return Reply::error(ErrorCode::kRoundNotFinished,
                        "This game was dealt the same cards as the other tables of its duplicate round: its record "
                        "is public once the whole round has finished.");
  }
  return std::nullopt;
}

protocol::RoundStandings standings(const engine::GameState& state, int round) {
  protocol::RoundStandings shown{round, {}};
  for (int seat = 0; seat < state.player_count; ++seat) {
    shown.players.push_back({seat, state.players[seat].rubles, state.players[seat].points});
  }
  return shown;
}

void on_table_record(const Request& r, const client::TableRecord& asked) {
  with_stored_game(r, asked.table, [administrator = r.state().administrator](const TableRecord& t,
                                                                       const std::vector<MoveRecord>& moves) {
    if (auto refusal = refusal_for(administrator, t)) return *refusal;
    const auto record = record_of(t, moves);
    if (!record) return Reply::error(ErrorCode::kTableFaulted, "The table does not replay: " + record.error().describe());
    return Reply::result(protocol::encode_data(*record));
  });
}

void on_replay_view(const Request& r, const client::ReplayView& replay) {
  with_stored_game(r, replay.table, [administrator = r.state().administrator, move = replay.move_number](const TableRecord& t,
                                                                                      const std::vector<MoveRecord>& moves) {
    if (auto refusal = refusal_for(administrator, t)) return *refusal;
    return replay_reply(t, moves, move, engine::Viewer::administrator());
  });
}

// Standings at the deal (round 0) and after the move that ends each round;
// the last entry is the end of the game, before final scoring.
void on_table_history(const Request& r, const client::TableHistory& history) {
  with_stored_game(r, history.table, [administrator = r.state().administrator](const TableRecord& t,
                                                                        const std::vector<MoveRecord>& moves) {
    if (auto refusal = refusal_for(administrator, t)) return *refusal;
    LogReplay replay(t);
    if (!replay.ok()) return Reply::error(ErrorCode::kTableFaulted, "The table does not replay: " + replay.divergence()->describe());
    protocol::TableHistory shown{t.id, {standings(replay.state(), 0)}};
    engine::Events events;
    for (const MoveRecord& move : moves) {
      if (!replay.apply(move, true, &events)) {
        return Reply::error(ErrorCode::kTableFaulted, "The table does not replay: " + replay.divergence()->describe());
      }
      bool round_ended = false;
      for (const engine::Event& e : events) {
        if (const auto* ended = std::get_if<engine::RoundEnded>(&e)) {
          shown.rounds.push_back(standings(replay.state(), ended->round));
          round_ended = true;
        } else if (std::holds_alternative<engine::GameEnded>(e) && !round_ended) {
          shown.rounds.push_back(standings(replay.state(), replay.state().round));
        }
      }
    }
    return Reply::result(protocol::encode_data(shown));
  });
}

}  // namespace

void add_record_requests(Routes& routes) {
  routes.add<client::TableRecord, on_table_record>(Access::kAnyone);
  routes.add<client::ReplayView, on_replay_view>(Access::kAnyone);
  routes.add<client::TableHistory, on_table_history>(Access::kAnyone);
}

}  // namespace sp::server
