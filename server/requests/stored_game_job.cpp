#include "server/requests/stored_game_job.hpp"

#include <boost/asio/post.hpp>

#include "protocol/engine_json.hpp"
#include "protocol/table_update.hpp"
#include "server/table/log_replay.hpp"

namespace sp::server {

using protocol::ErrorCode;

void with_stored_game(const Request& r, std::int64_t table,
                      std::function<Reply(const TableRecord&, const std::vector<MoveRecord>&)> work,
                      ReplyFn answer) {
  if (!answer) answer = replier(r);
  auto record = std::make_shared<std::optional<TableRecord>>();
  auto moves = std::make_shared<std::vector<MoveRecord>>();
  r.services.store.submit(
      [table, record, moves](Records& db) {
        *record = db.load_table(table);
        if (*record) *moves = db.load_moves(table);
      },
      [r, record, moves, work = std::move(work), answer = std::move(answer)](std::exception_ptr error) {
        if (error) return answer(Reply::error(ErrorCode::kInternalError, "The table could not be read."));
        if (!*record) return answer(Reply::error(ErrorCode::kNoSuchTable, "There is no such table."));
        boost::asio::post(r.services.slow_work, [record, moves, work, answer] {
          try {
            answer(work(**record, *moves));
          } catch (const std::exception&) {
            answer(Reply::error(ErrorCode::kInternalError, "Something went wrong on the server; nothing was changed."));
          }
        });
      });
}

Reply replay_reply(const TableRecord& table, const std::vector<MoveRecord>& moves, std::int64_t move_number,
                   engine::Viewer viewer) {
  using nlohmann::json;
  if (table.status == TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotPlaying, "That table has not started.");
  if (move_number > static_cast<std::int64_t>(moves.size())) {
    return Reply::error(ErrorCode::kNoSuchMove, "Table " + std::to_string(table.id) + " has " + std::to_string(moves.size()) +
                                            " moves; there is no move " + std::to_string(move_number) + ".");
  }
  LogReplay replay(table);
  engine::Events events;
  for (std::int64_t i = 0; i < move_number; ++i) {
    if (!replay.apply(moves[static_cast<std::size_t>(i)], true, &events)) break;
  }
  if (!replay.ok()) return Reply::error(ErrorCode::kTableFaulted, "The table does not replay: " + replay.divergence()->describe());
  json move = nullptr;
  if (move_number > 0) {
    move = protocol::encode_move_entry(protocol::MoveEntry{move_number, replay.last(), events, std::nullopt},
                                       replay.setup().options, viewer);
  }
  return Reply::result(json{{"table", table.id},
                            {"move_number", move_number},
                            {"view", protocol::encode_view(engine::view_for(replay.state(), viewer), seat_names_of(table))},
                            {"move", std::move(move)}});
}

std::vector<std::string> seat_names_of(const TableRecord& table) {
  std::vector<std::string> names(static_cast<std::size_t>(std::max(table.player_count, 0)));
  for (const SeatRecord& s : table.seats) {
    if (s.seat >= 0 && static_cast<std::size_t>(s.seat) < names.size()) names[static_cast<std::size_t>(s.seat)] = s.name;
  }
  return names;
}

}  // namespace sp::server
