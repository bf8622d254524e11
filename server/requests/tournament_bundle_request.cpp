// tournament_bundle: a finished tournament's results bundle
// (server/tournament/tournament_bundle.hpp, docs/tournaments.md "Checking the
// results"), for anyone. Before the tournament finished its games' records
// hold seeds and secrets still hidden from their players: refused
// tournament_not_finished, administrators included (they read a running
// game's record with table_record). The rows are read on the store's thread;
// the games are replayed on the slow-work pool.
#include <boost/asio/post.hpp>

#include "protocol/tournament_bundle.hpp"
#include "server/requests/request.hpp"
#include "server/tournament/tournament_bundle.hpp"

namespace sp::server {

using protocol::ErrorCode;

void on_tournament_bundle(const Request& r, const protocol::client::GetTournamentBundle& asked) {
  struct Read {
    std::optional<Reply> refusal;
    TournamentRows rows;
  };
  auto read = std::make_shared<Read>();
  const ReplyFn answer = replier(r);
  r.services.store.submit(
      [read, id = asked.tournament](Records& db) {
        const auto t = db.load_tournament(id);
        if (!t) {
          read->refusal = Reply::error(ErrorCode::kNoSuchTournament, "There is no tournament " + std::to_string(id) + ".");
        } else if (t->status != TournamentStatus::kFinished) {
          read->refusal = Reply::error(ErrorCode::kTournamentNotFinished,
                                       "A tournament's results bundle is public once it has finished; " + t->name +
                                           " is " + std::string(to_string(t->status)) + ".");
        } else {
          read->rows = read_tournament_rows(db, *t);
        }
      },
      [r, read, answer](std::exception_ptr error) {
        if (error) return answer(store_failure(error, "The tournament could not be read."));
        if (read->refusal) return answer(*read->refusal);
        boost::asio::post(r.services.slow_work, [read, answer] {
          try {
            const auto bundle = bundle_of(read->rows);
            if (!bundle) return answer(Reply::error(ErrorCode::kTableFaulted, "The bundle cannot be made: " + bundle.error()));
            answer(Reply::result(protocol::encode_data(protocol::BundleData{protocol::bundle_text(*bundle)})));
          } catch (const std::exception&) {
            answer(Reply::error(ErrorCode::kInternalError, "Something went wrong on the server; nothing was changed."));
          }
        });
      });
}

}  // namespace sp::server
