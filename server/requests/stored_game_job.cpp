#include "server/requests/stored_game_job.hpp"

#include <boost/asio/post.hpp>

#include "protocol/move_prices.hpp"
#include "protocol/move_words.hpp"
#include "protocol/record_results.hpp"
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
        if (error) return answer(store_failure(error, "The table could not be read."));
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
                   engine::Viewer viewer, std::optional<protocol::Language> words) {
  if (table.status == TableStatus::kOpen) return Reply::error(ErrorCode::kTableNotPlaying, "That table has not started.");
  if (move_number > static_cast<std::int64_t>(moves.size())) {
    return Reply::error(ErrorCode::kNoSuchMove, "Table " + std::to_string(table.id) + " has " + std::to_string(moves.size()) +
                                            " moves; there is no move " + std::to_string(move_number) + ".");
  }
  LogReplay replay(table);
  engine::Events events;
  std::optional<engine::GameState> before;
  for (std::int64_t i = 0; i < move_number; ++i) {
    if (words && i + 1 == move_number) before = replay.state();
    if (!replay.apply(moves[static_cast<std::size_t>(i)], true, &events)) break;
  }
  if (!replay.ok()) return Reply::error(ErrorCode::kTableFaulted, "The table does not replay: " + replay.divergence()->describe());
  protocol::ReplayView shown{table.id,
                             move_number,
                             view_after(replay.state(), viewer, replay.moves()),
                             seat_names_of(table),
                             std::nullopt,
                             replay.setup().options,
                             viewer,
                             std::nullopt};
  if (move_number > 0) shown.move = protocol::ReplayedMove{move_number, replay.last(), events};
  if (words) {
    const protocol::Speaker speaker{shown.names, replay.setup().options, viewer, *words};
    protocol::MoveExplained explained{{}, {}, *words};
    if (move_number > 0 && replay.last().kind != engine::LogKind::kAction) {
      explained.words.push_back(protocol::describe_entry(replay.last(), speaker));
    }
    for (const engine::Event& event : move_number > 0 ? events : engine::Events{}) {
      explained.words.push_back(protocol::describe_event(event, speaker));
      const auto price = before ? protocol::price_paid(event, *before) : std::nullopt;
      if (!price) continue;
      const engine::CardId card = std::holds_alternative<engine::CardBought>(event) ? std::get<engine::CardBought>(event).card
                                                                                    : std::get<engine::CardPlayed>(event).card;
      explained.prices.push_back(protocol::PaidPrice{card, *price, protocol::price_charged(event)});
    }
    shown.explained = std::move(explained);
  }
  return Reply::result(protocol::encode_data(shown));
}

std::vector<std::string> seat_names_of(const TableRecord& table) {
  std::vector<std::string> names(static_cast<std::size_t>(std::max(table.player_count, 0)));
  for (const SeatRecord& s : table.seats) {
    if (s.seat >= 0 && static_cast<std::size_t>(s.seat) < names.size()) names[static_cast<std::size_t>(s.seat)] = s.name;
  }
  return names;
}

}  // namespace sp::server
