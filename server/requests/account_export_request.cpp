// export_account: the player's own data in one document
// (protocol/account_export.hpp, docs/records.md "Account export"). The rows
// are read in one store job; the finished games are replayed into records on
// the slow-work pool, never on the writer thread.
#include "server/requests/request.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "protocol/account_export.hpp"
#include "server/requests/account_data.hpp"
#include "server/table/game_record.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

constexpr int kChatPage = 500;
constexpr int kAllNotifications = 1'000'000;

struct FinishedGame {
  TableRecord table;
  std::vector<MoveRecord> moves;
};

// What the store job reads; the games become records afterwards.
struct Gathered {
  protocol::AccountExport document;
  std::vector<FinishedGame> games;
  bool found = false;
};

// A finished game's record holds its seed and every hand: it is the
// player's to take once anyone may read it (a duplicate round's table waits
// for its whole round, as table_record does).
bool record_is_public(const TableRecord& t) {
  return t.status == TableStatus::kFinished && !(t.shared_deal && t.shared_deal->withheld);
}

// The lines `name` wrote at the table, each with its id (the order they were said in).
using WrittenLine = std::pair<std::int64_t, protocol::ExportedChatLine>;
std::vector<WrittenLine> chat_written(Records& db, std::int64_t table_id, const std::string& name) {
  std::vector<WrittenLine> lines;
  std::optional<std::int64_t> before;
  for (;;) {
    const ChatPage page = db.chat_page(table_id, before, kChatPage);
    for (const ChatLine& line : page.lines) {
      if (line.from == name) lines.push_back({line.id, {table_id, line.at, line.text}});
    }
    if (!page.more || page.lines.empty()) break;
    before = std::min_element(page.lines.begin(), page.lines.end(),
                              [](const ChatLine& a, const ChatLine& b) { return a.id < b.id; })
                 ->id;
  }
  return lines;
}

void gather(Records& db, std::int64_t user_id, bool email_available, int max_off_hours, Gathered& out) {
  const auto user = db.find_user(user_id);
  if (!user) return;
  out.found = true;
  protocol::AccountExport& d = out.document;
  d.account = {user->id, user->name, user->bot};
  d.settings = notice_settings_shown(db, user_id, email_available, max_off_hours);
  d.profile = profile_of(db, *user);
  for (const NotificationRecord& n : db.notifications_of(user_id, 0, kAllNotifications)) {
    d.notifications.push_back(
        protocol::notification_from_stored(n.id, n.kind, n.table_id, n.body_json, n.created_at, n.read));
  }
  for (const VacationRecord& v : db.vacations_of(user_id, 0)) {
    d.vacations.push_back({v.starts_at, v.ends_at, v.ended_at, v.floating});
  }
  d.webhook_url = db.webhook_url_of(user_id);
  for (const PushSubscriptionRecord& p : db.push_subscriptions_of(user_id)) d.push_devices.push_back({p.endpoint, p.created_at});
  std::vector<WrittenLine> chat;
  for (TableRecord& table : db.seated_tables(user_id)) {
    const auto seat = std::find_if(table.seats.begin(), table.seats.end(),
                                   [user_id](const SeatRecord& s) { return s.user_id == user_id; });
    d.seats.push_back({table.id, table.name, std::string(to_string(table.status)), seat->seat, table.created_at,
                       seat->standing_orders});
    auto lines = chat_written(db, table.id, user->name);
    chat.insert(chat.end(), lines.begin(), lines.end());
    if (record_is_public(table)) {
      std::vector<MoveRecord> moves = db.load_moves(table.id);
      out.games.push_back({std::move(table), std::move(moves)});
    }
  }
  std::sort(chat.begin(), chat.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [id, line] : chat) d.chat.push_back(std::move(line));
}

// Replays the finished games one task at a time on the slow-work pool, whose
// one thread also checks passwords: a login waits for one game's replay at
// most, not for a whole history's. Then replies.
void replay_next(const Request& r, const std::shared_ptr<Gathered>& gathered, std::size_t next) {
  boost::asio::post(r.services.slow_work, [r, gathered, next] {
    if (next == gathered->games.size()) return r.reply(Reply::result(protocol::encode_data(gathered->document)));
    const FinishedGame& game = gathered->games[next];
    // A game whose log no longer replays is left out rather than exported
    // wrong; `spb admin verify` names it to the operator.
    if (auto record = record_of(game.table, game.moves)) gathered->document.games.push_back(std::move(*record));
    replay_next(r, gathered, next + 1);
  });
}

void on_export_account(const Request& r, const client::ExportAccount&) {
  const std::int64_t user_id = *r.state().user_id;
  int retry_after = 0;
  if (!r.services.guards.exports_by_account.take(std::to_string(user_id), ThrottleClock::now(), retry_after)) {
    return r.fail(ErrorCode::kRateLimited, "Your data was exported several times this hour already; try again in " +
                                               std::to_string(retry_after) + " s.");
  }
  auto gathered = std::make_shared<Gathered>();
  gathered->document.exported_at = r.services.correspondence.clock.now();
  gathered->document.server = kServerName;
  r.services.store.submit(
      [gathered, user_id, email = r.services.email != nullptr,
       max_off_hours = r.services.correspondence.max_off_hours_per_week](Records& db) {
        gather(db, user_id, email, max_off_hours, *gathered);
      },
      [r, gathered](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "Your data could not be read; nothing was changed."));
        if (!gathered->found) return r.fail(ErrorCode::kNoSuchUser, "Your account no longer exists.");
        replay_next(r, gathered, 0);
      });
}

}  // namespace

void add_account_export_requests(Routes& routes) {
  routes.add<client::ExportAccount, on_export_account>(Access::kUser);
}

}  // namespace sp::server
